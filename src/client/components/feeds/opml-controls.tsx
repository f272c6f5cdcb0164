import { useRef, useState } from "react";
import { feedsApi } from "../../api/feeds";
import { useToast } from "../../hooks/use-toast";
import { downloadBlob } from "../../lib/download-file";
import { useImportOpml } from "../../queries/feeds";

/** OPML in (from another feed reader, folders kept) and out (every subscription). */
export function OpmlControls() {
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const importOpml = useImportOpml();
  const [exporting, setExporting] = useState(false);

  async function onFile(file: File | undefined) {
    if (!file) return;
    const text = await file.text();
    importOpml.mutate(text, {
      onSuccess: (result) =>
        toast.success(
          `${result.subscribed} feeds imported${result.already_subscribed ? `, ${result.already_subscribed} already followed` : ""}. New feeds are read in the next minute.`,
        ),
      onError: (error) => toast.error(error.message),
      onSettled: () => {
        if (input.current) input.current.value = "";
      },
    });
  }

  async function exportFile() {
    setExporting(true);
    try {
      const text = await feedsApi.exportOpml();
      downloadBlob(new Blob([text], { type: "text/x-opml" }), "viberead-subscriptions.opml");
    } catch (error) {
      toast.error((error as Error).message);
    } finally {
      setExporting(false);
    }
  }

  return (
    <div className="opml-controls">
      <label className="button button-secondary">
        {importOpml.isPending ? "Importing..." : "Import OPML"}
        <input
          ref={input}
          type="file"
          accept=".opml,.xml,text/x-opml,text/xml,application/xml"
          className="visually-hidden"
          disabled={importOpml.isPending}
          onChange={(event) => void onFile(event.target.files?.[0])}
        />
      </label>
      <button type="button" className="button button-secondary" onClick={() => void exportFile()} disabled={exporting}>
        {exporting ? "Exporting..." : "Export OPML"}
      </button>
    </div>
  );
}
