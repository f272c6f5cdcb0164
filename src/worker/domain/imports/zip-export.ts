import { unzipSync } from "fflate";
import { type DecodedText, decodeText } from "./decode-text";
import { createCollector, MalformedImport, type ParsedImport } from "./import-item";
import { addPocketCsv } from "./pocket-csv";

/** Pocket's export download (2025): `part_000000.csv`, `part_000001.csv`... at the top or in a folder. */
export const POCKET_PART = /(^|\/)part_(\d+)\.csv$/i;
export const OMNIVORE_METADATA = /(^|\/)metadata_(\d+)_to_\d+\.json$/;
/** Omnivore's highlights of one article, by its slug (second group). */
export const OMNIVORE_HIGHLIGHTS = /(^|\/)highlights\/([^/]+)\.md$/;

export const isZip = (bytes: Uint8Array) =>
  bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/** The names of the files in a zip, without unzipping any; MalformedImport when it is not a readable zip. */
export function zipEntryNames(bytes: Uint8Array): string[] {
  const names: string[] = [];
  try {
    unzipSync(bytes, {
      filter: (file) => {
        names.push(file.name);
        return false;
      },
    });
  } catch {
    throw new MalformedImport("The file is not a readable zip archive");
  }
  return names;
}

/**
 * The files of a zip whose names match `part` (its second group a number), unzipped in the order of that number;
 * only they are unzipped. MalformedImport with `missing` when there is none, or when the zip is unreadable.
 */
export function unzipNumberedParts(bytes: Uint8Array, part: RegExp, missing: string): [string, Uint8Array][] {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, { filter: (file) => part.test(file.name) });
  } catch {
    throw new MalformedImport("The file is not a readable zip archive");
  }
  const numberOf = (name: string) => Number(part.exec(name)?.[2] ?? 0);
  const parts = Object.entries(files).sort(([a], [b]) => numberOf(a) - numberOf(b));
  if (parts.length === 0) throw new MalformedImport(missing);
  return parts;
}

/** The files of a zip whose names match `pattern` (only they are unzipped); none is an empty record. */
export function unzipMatching(bytes: Uint8Array, pattern: RegExp): Record<string, Uint8Array> {
  try {
    return unzipSync(bytes, { filter: (file) => pattern.test(file.name) });
  } catch {
    throw new MalformedImport("The file is not a readable zip archive");
  }
}

/** What kind of export a zip is, from the names of its files. */
export function zipKind(bytes: Uint8Array): "pocket" | "omnivore" | null {
  const names = zipEntryNames(bytes);
  if (names.some((name) => POCKET_PART.test(name))) return "pocket";
  if (names.some((name) => OMNIVORE_METADATA.test(name))) return "omnivore";
  return null;
}

/**
 * Pocket's zip: every `part_*.csv` in order of its number, each a Pocket CSV, its rows numbered across the parts.
 * Only the parts are unzipped. Each part's encoding is told on its own; the first guess is kept for the result.
 */
export function parsePocketZip(bytes: Uint8Array): ParsedImport & { decoded: DecodedText | null } {
  const parts = unzipNumberedParts(bytes, POCKET_PART, "The zip has no Pocket part_*.csv file");
  const collector = createCollector();
  let nextRow = 1;
  let guessed: DecodedText | null = null;
  for (const [name, file] of parts) {
    const decoded = decodeText(file);
    if (decoded.source === "detected" && !guessed) guessed = decoded;
    try {
      nextRow += addPocketCsv(decoded.text, collector, nextRow);
    } catch (error) {
      if (error instanceof MalformedImport) throw new MalformedImport(`${name.split("/").pop()}: ${error.message}`);
      throw error;
    }
  }
  return { ...collector.parsed, decoded: guessed };
}
