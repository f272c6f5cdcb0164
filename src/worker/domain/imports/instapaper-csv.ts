import { readCsv } from "./csv-rows";
import { cleanTitle, createCollector, type ParsedImport } from "./import-item";
import { parseDate } from "./parse-date";

/** Instapaper folders that are places, not topics: they become no tag. */
const BUILT_IN_FOLDERS = new Set(["unread", "archive", "starred"]);

/**
 * Instapaper's export CSV: `URL,Title,Selection,Folder,Timestamp` (unix seconds). Folder `Archive` means read,
 * `Starred` a favourite (rated good); any other folder becomes a tag (nested folders are written `A/B`).
 */
export function parseInstapaperCsv(text: string): ParsedImport {
  const collector = createCollector();
  for (const record of readCsv(text, ["url"])) {
    const folder = (record.get("folder") ?? "").trim();
    const key = folder.toLowerCase();
    collector.add(record.row, record.get("url"), {
      title: cleanTitle(record.get("title")),
      savedAt: parseDate(record.get("timestamp")),
      read: key === "archive",
      readAt: null,
      rating: key === "starred" ? 1 : null,
      tags: folder && !BUILT_IN_FOLDERS.has(key) ? [folder] : [],
    });
  }
  return collector.parsed;
}
