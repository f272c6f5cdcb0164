import { readCsv } from "./csv-rows";
import { cleanTitle, createCollector, type ParsedImport, splitTags } from "./import-item";

const RATINGS: Record<string, -1 | 0 | 1> = { good: 1, alright: 0, poor: -1 };

type Collector = ReturnType<typeof createCollector>;

/**
 * Adds the rows of one Pocket CSV to `collector`, numbered after `firstRow - 1`; answers how many data rows the
 * file had. Columns: `title,url,time_added,cursor,tags,status` (the 2025 export drops `cursor`); `time_added`
 * in unix seconds, `tags` separated by `|`, `status` `unread` or `archive` (read). Pocket wrote the URL as the
 * title when it had none. Our own CSV export starts with the same columns and adds `rating` and `read_at`,
 * read here too so that it comes back as it left.
 */
export function addPocketCsv(text: string, collector: Collector, firstRow = 1): number {
  const records = readCsv(text, ["url"]);
  for (const record of records) {
    const row = firstRow + record.row - 1;
    const read = record.get("status")?.trim().toLowerCase() === "archive";
    const readAt = read ? collector.date(row, record.get("read_at"), "read_at") : null;
    collector.add(row, record.get("url"), {
      title: cleanTitle(record.get("title")),
      savedAt: collector.date(row, record.get("time_added"), "time_added"),
      read,
      readAt,
      rating: RATINGS[record.get("rating")?.trim().toLowerCase() ?? ""] ?? null,
      tags: splitTags(record.get("tags"), "|"),
    });
  }
  return records.length;
}

export function parsePocketCsv(text: string): ParsedImport {
  const collector = createCollector();
  addPocketCsv(text, collector);
  return collector.parsed;
}
