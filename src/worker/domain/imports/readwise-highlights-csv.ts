import { readCsv } from "./csv-rows";
import { cleanTitle, createCollector, type ImportItem, type ParsedImport, type TitledRow } from "./import-item";
import { keptHighlight, noKept } from "./kept";
import { readwiseTags } from "./readwise-csv";

/**
 * Readwise's highlights export (readwise.io/export, "Export to CSV"): one row per highlight, columns `Highlight,
 * Book Title, Book Author, Amazon Book ID, Note, Color, Tags, Location Type, Location, Highlighted at, Document
 * tags`. It has no URL column: a row's article is the one of that title in the user's library (the service finds
 * it; `titled`). A file with a URL column (Readwise's import template: Highlight, Title, Author, URL, Note...)
 * attaches by URL instead, creating the article when it is not in the library. The highlights of one article
 * become one row of the import; an empty highlight is an invalid row.
 */
export function parseReadwiseHighlightsCsv(text: string): ParsedImport {
  const collector = createCollector();
  const byUrl = new Map<string, { row: number; item: Omit<ImportItem, "url"> }>();
  const byTitle = new Map<string, TitledRow>();
  for (const record of readCsv(text, ["highlight"])) {
    const title = cleanTitle(record.get("book title") ?? record.get("title"));
    const url = (record.get("url") ?? "").trim();
    if (!url && !title) {
      collector.invalid(record.row, "the row names no article: it has neither a URL nor a title");
      continue;
    }
    const highlight = keptHighlight({
      quote: (record.get("highlight") ?? "").trim(),
      note: record.get("note"),
      color: record.get("color"),
      createdAt: collector.date(record.row, record.get("highlighted at"), "Highlighted at"),
    });
    if (typeof highlight === "string") {
      collector.invalid(record.row, highlight);
      continue;
    }
    const key = url || (title as string).toLowerCase();
    const group = url ? byUrl.get(key) : byTitle.get(key);
    if (group) {
      group.item.kept?.highlights.push(highlight);
      continue;
    }
    const item: Omit<ImportItem, "url"> = {
      title,
      savedAt: null,
      read: false,
      readAt: null,
      rating: null,
      tags: readwiseTags(record.get("document tags")),
      kept: { ...noKept(), highlights: [highlight] },
    };
    if (url) byUrl.set(key, { row: record.row, item });
    else byTitle.set(key, { row: record.row, title: title as string, item });
  }
  for (const [url, { row, item }] of byUrl) collector.add(row, url, item);
  return { ...collector.parsed, titled: [...byTitle.values()] };
}
