import { checkArticleUrl } from "../article-url";

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
  "viberead-json",
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
  "viberead-json": "VibeRead",
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
}

/** A file that cannot be read at all (not the format, broken quoting or JSON): the API answers 422 with this. */
export class MalformedImport extends Error {}

/** Collects rows and invalid rows, checking each URL with the same rules as a single save. */
export function createCollector() {
  const parsed: ParsedImport = { rows: [], invalid: [] };
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
      parsed.rows.push({ row, item: { ...item, url: check.url } });
    },
    invalid(row: number, reason: string) {
      parsed.invalid.push({ row, reason });
    },
  };
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
