import { readCsv } from "./csv-rows";
import { cleanTitle, createCollector, type ParsedImport, splitTags } from "./import-item";
import { parseDate } from "./parse-date";

/**
 * Pocket's export CSV (2023 to its closing in 2025): `title,url,time_added,cursor,tags,status`; `time_added` in
 * unix seconds, `tags` separated by `|`, `status` `unread` or `archive` (read). Pocket wrote the URL as the
 * title when it had none.
 */
export function parsePocketCsv(text: string): ParsedImport {
  const collector = createCollector();
  for (const record of readCsv(text, ["url"])) {
    const url = record.get("url");
    const title = cleanTitle(record.get("title"));
    const read = record.get("status")?.trim().toLowerCase() === "archive";
    collector.add(record.row, url, {
      title: title === url?.trim() ? null : title,
      savedAt: parseDate(record.get("time_added")),
      read,
      readAt: null,
      rating: null,
      tags: splitTags(record.get("tags"), "|"),
    });
  }
  return collector.parsed;
}
