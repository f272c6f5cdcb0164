import { cleanTitle, createCollector, MalformedImport, type ParsedImport } from "./import-item";
import { keptNote, noKept } from "./kept";
import { isRecord, readJson, stringList } from "./read-json";

/**
 * Karakeep's (formerly Hoarder's) JSON export: `{ bookmarks: [{ createdAt (unix seconds), title, tags: [name],
 * content: { type: "link", url } | { type: "text", text } | null, note, archived, favourited }] }`. Older
 * exports put the title inside `content`. Text notes and assets have no link: reported as invalid rows.
 * Karakeep's export has no highlights (its `zExportBookmarkSchema` carries none); the bookmark's `note` becomes
 * the article note, dated by the bookmark, so a note written later in VibeRead is kept (newest write wins).
 */
export function parseKarakeepJson(text: string): ParsedImport {
  const data = readJson(text);
  if (!isRecord(data) || !Array.isArray(data.bookmarks)) {
    throw new MalformedImport('The file is not a Karakeep export: it has no "bookmarks" list');
  }
  const collector = createCollector();
  for (const [index, bookmark] of (data.bookmarks as unknown[]).entries()) {
    const row = index + 1;
    if (!isRecord(bookmark)) {
      collector.invalid(row, "the entry is not an object");
      continue;
    }
    const content = isRecord(bookmark.content) ? bookmark.content : null;
    if (content && content.type !== "link") {
      collector.invalid(row, `the entry is a ${String(content.type)}, not a link`);
      continue;
    }
    const savedAt = collector.date(row, bookmark.createdAt, "createdAt");
    const note = keptNote(bookmark.note);
    collector.add(row, content?.url, {
      title: cleanTitle(bookmark.title) ?? cleanTitle(content?.title),
      savedAt,
      read: bookmark.archived === true,
      readAt: null,
      rating: bookmark.favourited === true ? 1 : null,
      tags: stringList(bookmark.tags),
      ...(note ? { kept: { ...noKept(), note, noteWrittenAt: savedAt } } : {}),
    });
  }
  return collector.parsed;
}
