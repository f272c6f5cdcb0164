import { checkArticleUrl } from "../article-url";
import { type KeptByReader, mergeKept } from "./kept";
import { parseDate } from "./parse-date";

/** The formats the importer reads; `detectFormat` picks one from the file when the user does not. */
export const IMPORT_FORMATS = [
  "pocket-csv",
  "pocket-html",
  "instapaper-csv",
  "omnivore-zip",
  "karakeep-json",
  "readwise-csv",
  "raindrop-csv",
  "netscape-html",
  "url-list",
  "onetab",
  "csv",
  "viberead-json",
  "viberead-csv",
  "readwise-highlights-csv",
] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** Names the settings screen and the dashboard banner show ("Importing 3,412 of 10,000 from Pocket"). */
export const IMPORT_FORMAT_NAMES: Record<ImportFormat, string> = {
  "pocket-csv": "Pocket",
  "pocket-html": "Pocket",
  "instapaper-csv": "Instapaper",
  "omnivore-zip": "Omnivore",
  "karakeep-json": "Karakeep",
  "readwise-csv": "Readwise Reader",
  "raindrop-csv": "Raindrop.io",
  "netscape-html": "browser bookmarks",
  "url-list": "a list of links",
  onetab: "OneTab",
  csv: "a CSV file",
  "viberead-json": "VibeRead",
  "viberead-csv": "VibeRead",
  "readwise-highlights-csv": "Readwise highlights",
};

/** One link of an import file, as every format maps to it. Dates are epoch milliseconds. */
export interface ImportItem {
  url: string;
  title: string | null;
  savedAt: number | null;
  read: boolean;
  readAt: number | null;
  /** -1 poor, 0 alright, 1 good (a favourite is good); null: not rated. */
  rating: -1 | 0 | 1 | null;
  tags: string[];
  /** Only our own export carries these: kept so that export -> import loses nothing. */
  summary?: string | null;
  content?: string | null;
  language?: string | null;
  /** Highlights, the article note and the reading position, from the exports that carry them (issue 32). */
  kept?: KeptByReader;
}

/** A link a file gives with nothing but (maybe) its title: unread, unrated, untagged, no date. */
export function bareLink(title: string | null = null): Omit<ImportItem, "url"> {
  return { title, savedAt: null, read: false, readAt: null, rating: null, tags: [] };
}

/** A row of the file (1-based, in the file's own unit: data row of a CSV, link of an HTML file, entry of a list). */
export interface ImportRow {
  row: number;
  item: ImportItem;
}

export interface InvalidRow {
  row: number;
  reason: string;
}

export interface ParsedImport {
  rows: ImportRow[];
  invalid: InvalidRow[];
  /** Rows imported all the same with something to say (an unreadable date); and file-wide notes as row 0. */
  warnings: InvalidRow[];
  /** Rows whose URL came earlier in the file: merged into that row (tags, read state), counted as duplicates. */
  duplicates: number;
  /**
   * Rows that name their article by title only (Readwise's highlights CSV has no URL column): the import finds
   * the article of that title in the user's library, or lists the row as invalid.
   */
  titled?: TitledRow[];
}

export interface TitledRow {
  row: number;
  title: string;
  item: Omit<ImportItem, "url">;
}

/** A file that cannot be read at all (not the format, broken quoting or JSON): the API answers 422 with this. */
export class MalformedImport extends Error {}

const hasValue = (value: unknown) => value !== undefined && value !== null && String(value).trim() !== "";

/**
 * Two copies of a link in one file become one, the same whichever comes first: tags joined, read if either is,
 * the earlier save and read dates, the first title and rating found.
 */
function mergeInto(kept: ImportItem, copy: ImportItem) {
  const tags = new Map(kept.tags.map((tag) => [tag.toLowerCase(), tag]));
  for (const tag of copy.tags) if (!tags.has(tag.toLowerCase())) tags.set(tag.toLowerCase(), tag);
  kept.tags = [...tags.values()];
  kept.read = kept.read || copy.read;
  const earlier = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));
  kept.savedAt = earlier(kept.savedAt, copy.savedAt);
  kept.readAt = kept.read ? earlier(kept.readAt, copy.readAt) : null;
  kept.title ??= copy.title;
  kept.rating ??= copy.rating;
  if (copy.kept) kept.kept = mergeKept(kept.kept, copy.kept);
}

/**
 * Collects rows and invalid rows, checking each URL with the same rules as a single save. A title that is only
 * the URL is no title (processing then takes the page's). A URL met again is merged into its first row.
 */
export function createCollector() {
  const parsed: ParsedImport = { rows: [], invalid: [], warnings: [], duplicates: 0 };
  const seen = new Map<string, ImportItem>();
  return {
    parsed,
    add(row: number, rawUrl: unknown, item: Omit<ImportItem, "url">) {
      if (rawUrl === undefined || rawUrl === null || (typeof rawUrl === "string" && rawUrl.trim() === "")) {
        parsed.invalid.push({ row, reason: "the row has no URL" });
        return;
      }
      const check = checkArticleUrl(rawUrl);
      if (!check.ok) {
        parsed.invalid.push({ row, reason: check.error });
        return;
      }
      const title = item.title !== null && isUrlTitle(item.title, check.url) ? null : item.title;
      const full: ImportItem = { ...item, title, url: check.url, tags: [...item.tags] };
      const kept = seen.get(check.normalizedUrl);
      if (kept) {
        mergeInto(kept, full);
        parsed.duplicates += 1;
        return;
      }
      seen.set(check.normalizedUrl, full);
      parsed.rows.push({ row, item: full });
    },
    invalid(row: number, reason: string) {
      parsed.invalid.push({ row, reason });
    },
    warn(row: number, reason: string) {
      parsed.warnings.push({ row, reason });
    },
    /** A row's date, or null with a warning on the row when the file has one that cannot be read. */
    date(row: number, value: unknown, column: string): number | null {
      const ms = parseDate(value);
      if (ms === null && hasValue(value)) {
        parsed.warnings.push({
          row,
          reason: `${column} "${String(value).trim().slice(0, 40)}" is not a date we can read; the import's date is used`,
        });
      }
      return ms;
    },
  };
}

/** Whether a title is only the link itself (Pocket and bookmark files write the URL when there is no title). */
export function isUrlTitle(title: string, url: string): boolean {
  const strip = (value: string) =>
    value
      .trim()
      .toLowerCase()
      .replace(/^https?:\/\//, "")
      .replace(/^www\./, "")
      .replace(/\/+$/, "");
  return strip(title) === strip(url);
}

export function cleanTitle(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const title = value.replace(/\s+/g, " ").trim();
  return title ? title.slice(0, 1000) : null;
}

/** Splits a tag list on `separator`, trimming each (normalizeTags cleans the rest when they are stored). */
export function splitTags(value: unknown, separator: RegExp | string): string[] {
  if (typeof value !== "string") return [];
  return value
    .split(separator)
    .map((tag) => tag.trim())
    .filter(Boolean);
}
