import { readCsvTable } from "./csv-rows";
import { cleanTitle, createCollector, MalformedImport, type ParsedImport, splitTags } from "./import-item";

/** Column names, lower-case, each role's names in order of preference. */
export const URL_COLUMNS = ["url", "link", "href", "uri", "address", "web address", "page url", "bookmark url"];
const TITLE_COLUMNS = ["title", "name", "page title", "bookmark title"];
const TAG_COLUMNS = ["tags", "tag", "labels", "label", "keywords", "document tags"];
const FOLDER_COLUMNS = ["folder", "collection", "category", "list", "group", "folder path"];
const DATE_COLUMNS = [
  "created",
  "created_at",
  "created at",
  "createdat",
  "creation date",
  "date",
  "date added",
  "date_added",
  "added",
  "added_at",
  "added at",
  "time_added",
  "saved",
  "saved at",
  "saved date",
  "saved_at",
  "timestamp",
  "bookmarked",
];
const READ_COLUMNS = ["read", "is_read", "is read", "archived", "is_archived", "status"];
const FAVOURITE_COLUMNS = ["favorite", "favourite", "starred", "is_starred", "favorited", "favourited"];
/** Folder names that are places in the app, not topics: no tag. */
const PLACE_FOLDERS = new Set(["unread", "unsorted", "inbox", "archive", "read later", "starred", "favorites"]);
const YES = /^(true|yes|y|1|read|archive|archived)$/i;

const first = (names: string[], candidates: string[]) => candidates.find((name) => names.includes(name));

/** Tags as files write them: a JSON list, or separated by commas, semicolons or `|`. */
export function readTagCell(value: string | undefined): string[] {
  const text = value?.trim() ?? "";
  if (text.startsWith("[")) {
    try {
      const list: unknown = JSON.parse(text);
      if (Array.isArray(list)) return list.map((tag) => String(tag).trim()).filter(Boolean);
    } catch {
      // not JSON: split it
    }
  }
  return splitTags(text.replace(/^\[|\]$/g, ""), /[,;|]/);
}

/**
 * Any CSV with a URL column, read by its header: a title, tags (or labels), folder, date, read and favourite
 * column are each recognised by their usual names; the rest is ignored. Files of apps with their own parser
 * never come here.
 */
export function parseGenericCsv(text: string): ParsedImport {
  const { names, records } = readCsvTable(text, []);
  const url = first(names, URL_COLUMNS);
  if (!url) {
    throw new MalformedImport(
      `The CSV has no URL column: name the column of links "url" (its first row is the header)`,
    );
  }
  const title = first(names, TITLE_COLUMNS);
  const tags = first(names, TAG_COLUMNS);
  const folder = first(names, FOLDER_COLUMNS);
  const date = first(names, DATE_COLUMNS);
  const read = first(names, READ_COLUMNS);
  const favourite = first(names, FAVOURITE_COLUMNS);
  const collector = createCollector();
  for (const record of records) {
    const place = folder ? (record.get(folder) ?? "").trim() : "";
    const rowTags = tags ? readTagCell(record.get(tags)) : [];
    if (place && !PLACE_FOLDERS.has(place.toLowerCase())) rowTags.push(place);
    const isRead = (read && YES.test((record.get(read) ?? "").trim())) || place.toLowerCase() === "archive";
    collector.add(record.row, record.get(url), {
      title: title ? cleanTitle(record.get(title)) : null,
      savedAt: date ? collector.date(record.row, record.get(date), date) : null,
      read: Boolean(isRead),
      readAt: null,
      rating: favourite && YES.test((record.get(favourite) ?? "").trim()) ? 1 : null,
      tags: rowTags,
    });
  }
  return collector.parsed;
}
