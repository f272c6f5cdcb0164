import { readCsv } from "./csv-rows";
import { cleanTitle, createCollector, type ParsedImport, splitTags } from "./import-item";

/**
 * Readwise Reader's library export CSV: `Title,URL,ID,Document tags,Saved date,Reading progress,Location,Seen`.
 * `Saved date` is "2024-01-02 03:04:05+00:00" or without the zone; `Location` archive means read, as does a
 * reading progress of 100 (a percentage: "5" is 5%, not read). `Document tags` is a Python list
 * (`['a', 'b, c', "it's"]`) or a comma-separated list. Location `feed` is what Reader's feeds delivered, never
 * saved by the user: skipped, as Karakeep does, and listed with its reason.
 */
export function parseReadwiseCsv(text: string): ParsedImport {
  const collector = createCollector();
  for (const record of readCsv(text, ["url"])) {
    const location = (record.get("location") ?? "").trim().toLowerCase();
    if (location === "feed") {
      collector.invalid(record.row, "skipped: a feed item, delivered by a feed and never saved by you");
      continue;
    }
    const progress = Number.parseFloat((record.get("reading progress") ?? "").replace("%", ""));
    collector.add(record.row, record.get("url"), {
      title: cleanTitle(record.get("title")),
      savedAt: collector.date(record.row, record.get("saved date"), "Saved date"),
      read: location === "archive" || progress >= 100,
      readAt: null,
      rating: null,
      tags: readwiseTags(record.get("document tags")),
    });
  }
  return collector.parsed;
}

const ESCAPES: Record<string, string> = { n: "\n", t: "\t", r: "\r", "\\": "\\", "'": "'", '"': '"' };

/** A Python list of strings as Python prints it (`repr`), or a plain comma-separated list. */
export function readwiseTags(value: string | undefined): string[] {
  const text = value?.trim() ?? "";
  if (!text.startsWith("[")) return splitTags(text, ",");
  const tags: string[] = [];
  let at = 1;
  while (at < text.length) {
    const quote = text[at];
    if (quote !== "'" && quote !== '"') {
      at += 1; // spaces, commas, the closing bracket
      continue;
    }
    let tag = "";
    at += 1;
    while (at < text.length && text[at] !== quote) {
      if (text[at] === "\\" && at + 1 < text.length) {
        const next = text[at + 1] as string;
        const hex = next === "x" ? 2 : next === "u" ? 4 : next === "U" ? 8 : 0;
        if (hex > 0 && /^[0-9a-f]+$/i.test(text.slice(at + 2, at + 2 + hex))) {
          tag += String.fromCodePoint(Number.parseInt(text.slice(at + 2, at + 2 + hex), 16));
          at += 2 + hex;
          continue;
        }
        tag += ESCAPES[next] ?? `\\${next}`;
        at += 2;
        continue;
      }
      tag += text[at];
      at += 1;
    }
    at += 1; // the closing quote
    if (tag.trim()) tags.push(tag.trim());
  }
  return tags;
}
