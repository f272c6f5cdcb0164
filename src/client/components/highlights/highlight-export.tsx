import { useState } from "react";
import { useToast } from "../../hooks/use-toast";
import { downloadBlob } from "../../lib/download-file";
import {
  HIGHLIGHT_EXPORT_FORMATS,
  type HighlightExportFormat,
  type HighlightFilters,
  highlightsFile,
} from "../../lib/highlight-export";
import type { ArticleGroup } from "../../lib/highlight-list";

const LABELS: Record<HighlightExportFormat, string> = { markdown: "Markdown", json: "JSON", csv: "CSV" };

/**
 * Exports what the highlights page shows, with its filters (issue 50): every page of it is loaded first, so the
 * file holds all the highlights and notes the filters match, not only those scrolled to.
 */
export function HighlightExport({
  filters,
  loadAll,
}: {
  filters: HighlightFilters;
  loadAll: () => Promise<ArticleGroup[]>;
}) {
  const toast = useToast();
  const [busy, setBusy] = useState<HighlightExportFormat | null>(null);

  async function run(format: HighlightExportFormat) {
    setBusy(format);
    try {
      const groups = await loadAll();
      const file = await highlightsFile(format, groups, filters);
      downloadBlob(new Blob([file.text], { type: file.type }), file.name);
      toast.success(`Exported ${file.name}`);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : "Could not export the highlights");
    } finally {
      setBusy(null);
    }
  }

  return (
    <fieldset className="highlight-export">
      <legend className="highlight-export-label">Export what is shown</legend>
      {HIGHLIGHT_EXPORT_FORMATS.map((format) => (
        <button
          key={format}
          type="button"
          className="button button-secondary button-small"
          disabled={busy !== null}
          aria-label={`Export as ${LABELS[format]}`}
          onClick={() => void run(format)}
        >
          {busy === format ? "Exporting..." : LABELS[format]}
        </button>
      ))}
    </fieldset>
  );
}
