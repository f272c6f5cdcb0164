import { readCsv } from "./csv-rows";
import { cleanTitle, createCollector, type ParsedImport, splitTags } from "./import-item";

/**
 * Raindrop.io's CSV export: `id,title,note,excerpt,url,folder,tags,created,cover,highlights,favorite`. `created`
 * is ISO 8601, `tags` comma-separated (inside one quoted field), `favorite` `true`/`false`; the folder becomes a
 * tag (its path `Parent/Child` as one), except Raindrop's own "Unsorted".
 */
export function parseRaindropCsv(text: string): ParsedImport {
  const collector = createCollector();
  for (const record of readCsv(text, ["url"])) {
    const folder = (record.get("folder") ?? "").trim();
    const tags = splitTags(record.get("tags"), ",");
    if (folder && folder.toLowerCase() !== "unsorted") tags.push(folder);
    collector.add(record.row, record.get("url"), {
      title: cleanTitle(record.get("title")),
      savedAt: collector.date(record.row, record.get("created"), "created"),
      read: false,
      readAt: null,
      rating: record.get("favorite")?.trim().toLowerCase() === "true" ? 1 : null,
      tags,
    });
  }
  return collector.parsed;
}
