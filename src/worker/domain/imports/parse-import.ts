import { IMPORT_FORMATS, type ImportFormat, MalformedImport, type ParsedImport } from "./import-item";
import { parseInstapaperCsv } from "./instapaper-csv";
import { parseKarakeepJson } from "./karakeep-json";
import { parseNetscapeHtml } from "./netscape-html";
import { parseOmnivoreZip } from "./omnivore-zip";
import { parsePocketCsv } from "./pocket-csv";
import { parsePocketHtml } from "./pocket-html";
import { parseRaindropCsv } from "./raindrop-csv";
import { parseReadwiseCsv } from "./readwise-csv";
import { parseUrlList } from "./url-list";
import { parseVibereadJson } from "./viberead-json";

export function isImportFormat(value: unknown): value is ImportFormat {
  return typeof value === "string" && (IMPORT_FORMATS as readonly string[]).includes(value);
}

const isZip = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/**
 * Tells the format from the content (never from the file name, which users rename): a zip is Omnivore's, JSON by
 * its keys, HTML by Pocket's headings or the Netscape markers, CSV by its header row, else one link a line.
 * Throws MalformedImport when it is none of them.
 */
export function detectFormat(bytes: Uint8Array): ImportFormat {
  if (isZip(bytes)) return "omnivore-zip";
  const head = decode(bytes.subarray(0, 64 * 1024))
    .replace(/^\uFEFF/, "")
    .trimStart();
  if (head.startsWith("{") || head.startsWith("[")) {
    if (/"format"\s*:\s*"viberead"/.test(head)) return "viberead-json";
    if (/"bookmarks"\s*:/.test(head)) return "karakeep-json";
    throw new MalformedImport("The JSON file is neither a VibeRead nor a Karakeep export");
  }
  if (/^<!doctype netscape-bookmark-file|<dt>\s*<a\s/i.test(head)) return "netscape-html";
  if (/^<(!doctype html|html)/i.test(head) || /<a\s[^>]*href=/i.test(head)) {
    return /<h1>\s*(unread|read archive)\s*<\/h1>|\btime_added=/i.test(head) ? "pocket-html" : "netscape-html";
  }
  const header = (head.split(/\r?\n/, 1)[0] ?? "").toLowerCase();
  const columns = new Set(header.split(",").map((name) => name.trim().replace(/^"|"$/g, "")));
  if (columns.has("url")) {
    if (columns.has("time_added")) return "pocket-csv";
    if (columns.has("selection") || (columns.has("folder") && columns.has("timestamp"))) return "instapaper-csv";
    if (columns.has("document tags") || columns.has("saved date")) return "readwise-csv";
    if (columns.has("excerpt") || columns.has("cover") || columns.has("highlights")) return "raindrop-csv";
  }
  if (/^\s*https?:\/\//im.test(head)) return "url-list";
  throw new MalformedImport(
    "Could not tell what kind of file this is; choose its format (Pocket, Instapaper, Omnivore, Karakeep, Readwise, Raindrop, bookmarks HTML or a list of links)",
  );
}

/** Parses an import file in the given (or detected) format into rows and invalid rows. Pure: no I/O. */
export function parseImport(
  bytes: Uint8Array,
  format: ImportFormat = detectFormat(bytes),
): ParsedImport & {
  format: ImportFormat;
} {
  if (format === "omnivore-zip") {
    if (!isZip(bytes)) throw new MalformedImport("An Omnivore export is a zip file; this file is not one");
    return { format, ...parseOmnivoreZip(bytes) };
  }
  const text = decode(bytes);
  const parsers: Record<Exclude<ImportFormat, "omnivore-zip">, (text: string) => ParsedImport> = {
    "pocket-csv": parsePocketCsv,
    "pocket-html": parsePocketHtml,
    "instapaper-csv": parseInstapaperCsv,
    "karakeep-json": parseKarakeepJson,
    "readwise-csv": parseReadwiseCsv,
    "raindrop-csv": parseRaindropCsv,
    "netscape-html": parseNetscapeHtml,
    "url-list": parseUrlList,
    "viberead-json": parseVibereadJson,
  };
  return { format, ...parsers[format](text) };
}

function decode(bytes: Uint8Array): string {
  return new TextDecoder("utf-8").decode(bytes);
}
