import { useState } from "react";
import { downloadEbook, type EbookSelection } from "../api/ebooks";
import { useToast } from "./use-toast";

/**
 * Downloads an e-book with the app's feedback: which download is being prepared (a book of many articles with their
 * pictures takes a few seconds), then a toast with the file's name or the server's reason.
 */
export function useEbookDownload() {
  const toast = useToast();
  const [busy, setBusy] = useState<string | null>(null);

  async function download(key: string, selection: EbookSelection) {
    setBusy(key);
    try {
      toast.success(`Downloaded ${await downloadEbook(selection)}`);
    } catch (failure) {
      toast.error(failure instanceof Error ? failure.message : "Failed to make the e-book");
    } finally {
      setBusy(null);
    }
  }

  return { busy, download };
}
