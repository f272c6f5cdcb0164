import { readCsv } from "./csv-rows";
import { readTagCell } from "./generic-csv";
import { cleanTitle, createCollector, type ParsedImport } from "./import-item";

/** Instapaper folders that are places, not topics: they become no tag. */
const BUILT_IN_FOLDERS = new Set(["unread", "archive", "starred"]);

/**
 * Instapaper's export CSV: `URL,Title,Selection,Folder,Timestamp,Tags` (unix seconds; `Tags` a JSON list such as
 * `["a","b"]`, missing from older exports). Folder `Archive` means read, `Starred` a favourite (rated good); any
 * other folder becomes a tag (nested folders are written `A/B`), beside the row's own tags.
 */
export function parseInstapaperCsv(text: string): ParsedImport {
  const collector = createCollector();
  for (const record of readCsv(text, ["url"])) {
    const folder = (record.get("folder") ?? "").trim();
    const key = folder.toLowerCase();
    collector.add(record.row, record.get("url"), {
      title: cleanTitle(record.get("title")),
      savedAt: collector.date(record.row, record.get("timestamp"), "Timestamp"),
      read: key === "archive",
      readAt: null,
      rating: key === "starred" ? 1 : null,
      tags: [...(folder && !BUILT_IN_FOLDERS.has(key) ? [folder] : []), ...readTagCell(record.get("tags"))],
    });
  }
  return collector.parsed;
}
