import { downloadAttachment } from "./export";

/** What goes into an e-book: exactly one of these (the server refuses more than 200 articles a book). */
export type EbookSelection = { ids: number[] } | { tag: string } | { state: "unread" } | { newest: number };

function queryOf(selection: EbookSelection): string {
  if ("ids" in selection) return `ids=${selection.ids.join(",")}`;
  if ("tag" in selection) return `tag=${encodeURIComponent(selection.tag)}`;
  if ("state" in selection) return `state=${selection.state}`;
  return `newest=${selection.newest}`;
}

/** Downloads the selection as an EPUB; answers the file's name. */
export function downloadEbook(selection: EbookSelection): Promise<string> {
  return downloadAttachment(
    `/api/ebooks/export.epub?${queryOf(selection)}`,
    "viberead.epub",
    "Failed to make the e-book",
  );
}
