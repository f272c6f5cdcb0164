import { readCsv } from "./csv-rows";
import { cleanTitle, createCollector, type ParsedImport } from "./import-item";
import { parseDate } from "./parse-date";

/**
 * Readwise Reader's library export CSV: `Title,URL,ID,Document tags,Saved date,Reading progress,Location,Seen`.
 * `Saved date` is "2024-01-02 03:04:05+00:00" or without the zone; `Location` archive means read, as does a
 * reading progress of 100%. `Document tags` is a Python-style list (`['a', 'b']`) or a comma-separated list.
 */
export function parseReadwiseCsv(text: string): ParsedImport {
  const collector = createCollector();
  for (const record of readCsv(text, ["url"])) {
    const location = (record.get("location") ?? "").trim().toLowerCase();
    const progress = Number.parseFloat(record.get("reading progress") ?? "");
    collector.add(record.row, record.get("url"), {
      title: cleanTitle(record.get("title")),
      savedAt: parseDate(record.get("saved date")),
      read: location === "archive" || progress >= 1 || progress >= 100,
      readAt: null,
      rating: null,
      tags: readwiseTags(record.get("document tags")),
    });
  }
  return collector.parsed;
}

function readwiseTags(value: string | undefined): string[] {
  if (!value) return [];
  const inner = value.trim().replace(/^\[|\]$/g, "");
  return inner
    .split(",")
    .map((tag) =>
      tag
        .trim()
        .replace(/^['"]|['"]$/g, "")
        .trim(),
    )
    .filter(Boolean);
}
