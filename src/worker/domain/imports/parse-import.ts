import Papa from "papaparse";
import { type DecodedText, decodeText } from "./decode-text";
import { parseGenericCsv, URL_COLUMNS } from "./generic-csv";
import { IMPORT_FORMATS, type ImportFormat, MalformedImport, type ParsedImport } from "./import-item";
import { parseInstapaperCsv } from "./instapaper-csv";
import { parseKarakeepJson } from "./karakeep-json";
import { refuseKnownApp } from "./known-apps";
import { parseNetscapeHtml } from "./netscape-html";
import { parseOmnivoreZip } from "./omnivore-zip";
import { ONETAB_LINE, parseOneTab } from "./onetab";
import { parsePocketCsv } from "./pocket-csv";
import { parsePocketHtml } from "./pocket-html";
import { parseRaindropCsv } from "./raindrop-csv";
import { parseReadwiseCsv } from "./readwise-csv";
import { parseReadwiseHighlightsCsv } from "./readwise-highlights-csv";
import { parseUrlList } from "./url-list";
import { parseVibereadJson } from "./viberead-json";
import { isZip, parsePocketZip, zipKind } from "./zip-export";

export function isImportFormat(value: unknown): value is ImportFormat {
  return typeof value === "string" && (IMPORT_FORMATS as readonly string[]).includes(value);
}

const HEAD_BYTES = 64 * 1024;

/** The header row's column names, lower-cased (the delimiter found from the line: `,` `;` or tab). */
function headerColumns(head: string): Set<string> {
  const line = head.split(/\r?\n/, 1)[0] ?? "";
  const cells = Papa.parse<string[]>(line).data[0] ?? [];
  return new Set(cells.map((name) => name.trim().toLowerCase()));
}

/**
 * Tells the format from the content (never from the file name, which users rename): a zip by the files in it
 * (Pocket's parts or Omnivore's metadata), JSON by its keys (refusing known apps we do not read, by name), HTML
 * by Pocket's headings or the Netscape markers, CSV by its header row (any other CSV with a URL column by its
 * header), OneTab's `url | title` lines, else one link a line. Throws MalformedImport when it is none of them.
 */
export function detectFormat(bytes: Uint8Array, encoding?: string): ImportFormat {
  if (isZip(bytes)) {
    const kind = zipKind(bytes);
    if (kind === "pocket") return "pocket-csv";
    if (kind === "omnivore") return "omnivore-zip";
    throw new MalformedImport(
      "The zip holds neither Pocket's part_*.csv files nor Omnivore's metadata_*.json files: upload the export as the app wrote it",
    );
  }
  // Cut at the last line break, so a character split at the cut does not make UTF-8 look like another encoding.
  const sample = bytes.subarray(0, HEAD_BYTES);
  const lastBreak = bytes.length > HEAD_BYTES ? sample.lastIndexOf(0x0a) : -1;
  const head = decodeText(lastBreak > 0 ? sample.subarray(0, lastBreak) : sample, encoding).text.trimStart();
  if (head.startsWith("{") || head.startsWith("[")) {
    if (/"format"\s*:\s*"viberead"/.test(head)) return "viberead-json";
    refuseKnownApp(head);
    if (/"bookmarks"\s*:/.test(head)) return "karakeep-json";
    throw new MalformedImport("The JSON file is neither a VibeRead nor a Karakeep export");
  }
  if (/^<!doctype netscape-bookmark-file|<dt>\s*<a\s/i.test(head)) return "netscape-html";
  if (/^<(!doctype html|html)/i.test(head) || /<a\s[^>]*href=/i.test(head)) {
    return /<h1>\s*(unread|read archive)\s*<\/h1>|\btime_added=/i.test(head) ? "pocket-html" : "netscape-html";
  }
  const columns = headerColumns(head);
  if (columns.has("highlight") && (columns.has("book title") || columns.has("title"))) return "readwise-highlights-csv";
  if (columns.has("url")) {
    if (columns.has("time_added")) {
      return columns.has("rating") && columns.has("read_at") ? "viberead-csv" : "pocket-csv";
    }
    if (columns.has("selection") || (columns.has("folder") && columns.has("timestamp"))) return "instapaper-csv";
    if (columns.has("document tags") || columns.has("saved date")) return "readwise-csv";
    if (columns.has("excerpt") || columns.has("cover") || columns.has("highlights")) return "raindrop-csv";
  }
  if (columns.size > 1 && URL_COLUMNS.some((name) => columns.has(name))) return "csv";
  const lines = head.split(/\r?\n/).filter((line) => line.trim());
  if (lines.some((line) => ONETAB_LINE.test(line.trim()) && /^https?:\/\//i.test(line.trim()))) return "onetab";
  if (/^\s*https?:\/\//im.test(head)) return "url-list";
  if (columns.size > 1) {
    throw new MalformedImport(
      `The CSV has no URL column (its header is "${[...columns].join(", ").slice(0, 120)}"): name the column of links "url"`,
    );
  }
  throw new MalformedImport(
    "Could not tell what kind of file this is; choose its format (Pocket, Instapaper, Omnivore, Karakeep, Readwise, Raindrop, bookmarks HTML, OneTab, a CSV with a url column or a list of links)",
  );
}

/**
 * Parses an import file in the given (or detected) format into rows, invalid rows, warnings and in-file
 * duplicates, with how its text was decoded (null for a zip of JSON). `encoding`, when given, is the one the
 * reader chose in the import's preview (a text file's; a zip's files are read as they declare). Pure: no I/O.
 */
export function parseImport(
  bytes: Uint8Array,
  format: ImportFormat = detectFormat(bytes),
  encoding?: string,
): ParsedImport & { format: ImportFormat; decoded: DecodedText | null } {
  if (isZip(bytes)) {
    const kind = zipKind(bytes);
    if (kind === "pocket" && (format === "pocket-csv" || format === "omnivore-zip")) {
      return { format: "pocket-csv", ...parsePocketZip(bytes) };
    }
    if (kind === "omnivore" && format === "omnivore-zip") return { format, decoded: null, ...parseOmnivoreZip(bytes) };
    throw new MalformedImport(
      kind
        ? `The zip is ${kind === "pocket" ? "Pocket's" : "Omnivore's"} export, not ${format}`
        : "The zip holds no export this app reads",
    );
  }
  if (format === "omnivore-zip") throw new MalformedImport("An Omnivore export is a zip file; this file is not one");
  const decoded = decodeText(bytes, encoding);
  const parsers: Record<Exclude<ImportFormat, "omnivore-zip">, (text: string) => ParsedImport> = {
    "pocket-csv": parsePocketCsv,
    "pocket-html": parsePocketHtml,
    "instapaper-csv": parseInstapaperCsv,
    "karakeep-json": parseKarakeepJson,
    "readwise-csv": parseReadwiseCsv,
    "raindrop-csv": parseRaindropCsv,
    "netscape-html": parseNetscapeHtml,
    "url-list": parseUrlList,
    onetab: parseOneTab,
    csv: parseGenericCsv,
    "viberead-json": parseVibereadJson,
    "viberead-csv": parsePocketCsv,
    "readwise-highlights-csv": parseReadwiseHighlightsCsv,
  };
  return { format, decoded, ...parsers[format](decoded.text) };
}
