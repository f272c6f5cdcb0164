import { analyse } from "chardet";

/** How an import file's bytes were turned into text, and whether that was a guess. */
export interface DecodedText {
  text: string;
  /** The WHATWG label used ("utf-8", "windows-1252", ...). */
  encoding: string;
  /**
   * How it was told: a byte-order mark, the file's own declaration, valid UTF-8, the detector's guess, or the
   * encoding the reader chose in the import's preview.
   */
  source: "bom" | "declared" | "utf-8" | "detected" | "chosen";
  /** False when the detector was not sure: the import's result says so. */
  confident: boolean;
}

/** Below this chardet confidence (0-100) a guessed encoding is reported as a guess. */
const CONFIDENT = 50;
const SAMPLE_BYTES = 64 * 1024;

/**
 * What an unsure guess between single-byte encodings becomes: the web's default for most locales (the WHATWG
 * Encoding standard's "windows-1252", which also answers to "latin1" and "iso-8859-1"). On a short file chardet
 * cannot tell Western European text from Central European: "Café déjà vu" saved by Excel scores ISO-8859-2 47,
 * ISO-8859-1 34, and ISO-8859-2 reads it as "déjŕ".
 */
export const UNSURE_SINGLE_BYTE = "windows-1252";

/** chardet's multi-byte answers: an unsure one of these is not replaced by the single-byte default. */
const MULTI_BYTE = /^(utf-|shift_jis|euc-|iso-2022|big5|gb)/i;

/**
 * The encodings the import's preview offers besides the detector's candidates: those of the spreadsheets and
 * bookmark files people export (Western, Central and Eastern European, Greek, Turkish, Baltic, Cyrillic, CJK).
 */
export const COMMON_ENCODINGS = [
  "utf-8",
  "windows-1252",
  "iso-8859-15",
  "windows-1250",
  "iso-8859-2",
  "windows-1251",
  "koi8-r",
  "windows-1253",
  "windows-1254",
  "windows-1257",
  "macintosh",
  "shift_jis",
  "euc-kr",
  "gbk",
  "big5",
] as const;

const BOMS: [number[], string][] = [
  [[0xef, 0xbb, 0xbf], "utf-8"],
  [[0xff, 0xfe], "utf-16le"],
  [[0xfe, 0xff], "utf-16be"],
];

/** The WHATWG name of an encoding label ("latin1" is "windows-1252"), or null when no decoder knows it. */
export function encodingName(label: string): string | null {
  return decoderFor(label)?.encoding ?? null;
}

function decoderFor(label: string): TextDecoder | null {
  try {
    return new TextDecoder(label.trim().toLowerCase());
  } catch {
    return null;
  }
}

/** `<meta charset=x>`, `<meta http-equiv content="text/html; charset=x">` or `<?xml encoding="x"?>` near the top. */
function declaredCharset(bytes: Uint8Array): string | null {
  const head = new TextDecoder("windows-1252").decode(bytes.subarray(0, 4096));
  const match =
    /<meta[^>]+charset\s*=\s*["']?\s*([\w:.-]+)/i.exec(head) ?? /^<\?xml[^>]+encoding\s*=\s*["']([\w:.-]+)/i.exec(head);
  return match?.[1] ?? null;
}

/**
 * Decodes an import file whatever its encoding: a byte-order mark first, then the charset the file declares, then
 * UTF-8 if the bytes are valid UTF-8, else the encoding chardet finds most likely (a CSV saved from Excel in
 * Windows-1252, an old Latin-1 bookmarks file); an unsure guess of a single-byte encoding is windows-1252. An
 * encoding the reader `chosen` (a label a TextDecoder knows) overrides the byte-order mark and everything after it.
 * Never throws; the result says when the encoding was a guess.
 */
export function decodeText(bytes: Uint8Array, chosen?: string): DecodedText {
  const chosenDecoder = chosen ? decoderFor(chosen) : null;
  if (chosenDecoder) {
    // A byte-order mark of the chosen encoding is dropped by the decoder itself.
    return { text: chosenDecoder.decode(bytes), encoding: chosenDecoder.encoding, source: "chosen", confident: true };
  }
  for (const [mark, encoding] of BOMS) {
    if (mark.every((byte, i) => bytes[i] === byte)) {
      const text = new TextDecoder(encoding).decode(bytes.subarray(mark.length));
      return { text, encoding, source: "bom", confident: true };
    }
  }
  const declared = declaredCharset(bytes);
  const declaredDecoder = declared ? decoderFor(declared) : null;
  if (declaredDecoder) {
    // A file that says UTF-8 but is not (hand-edited, re-saved) falls through to detection.
    if (declaredDecoder.encoding !== "utf-8" || isUtf8(bytes)) {
      return {
        text: declaredDecoder.decode(bytes),
        encoding: declaredDecoder.encoding,
        source: "declared",
        confident: true,
      };
    }
  }
  if (isUtf8(bytes))
    return { text: new TextDecoder("utf-8").decode(bytes), encoding: "utf-8", source: "utf-8", confident: true };
  const [best] = detectedEncodings(bytes);
  const sure = best && best.confidence >= CONFIDENT;
  // Unsure between single-byte encodings (every short European file): the web's default, not the top score.
  const encoding = best && (sure || MULTI_BYTE.test(best.encoding)) ? best.encoding : UNSURE_SINGLE_BYTE;
  return {
    text: new TextDecoder(encoding).decode(bytes),
    encoding,
    source: "detected",
    confident: Boolean(sure),
  };
}

/**
 * chardet's candidates for bytes that are not UTF-8, best first, as WHATWG names with their confidence (0-100),
 * each name once; encodings no TextDecoder knows are left out.
 */
export function detectedEncodings(bytes: Uint8Array): { encoding: string; confidence: number }[] {
  const seen = new Set<string>();
  const found: { encoding: string; confidence: number }[] = [];
  for (const match of analyse(bytes.subarray(0, SAMPLE_BYTES))) {
    if (match.name === "UTF-8" || match.name === "ASCII") continue; // the bytes are not valid UTF-8
    const encoding = encodingName(match.name);
    if (!encoding || seen.has(encoding)) continue;
    seen.add(encoding);
    found.push({ encoding, confidence: match.confidence });
  }
  return found;
}

function isUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** What the import's result says about a file that was not UTF-8 (null when there is nothing to say). */
export function encodingNote(decoded: DecodedText): string | null {
  if (decoded.source === "chosen") return `The file was read as ${decoded.encoding}, the encoding chosen for it.`;
  if (decoded.source !== "detected") return null;
  return decoded.confident
    ? `The file is not UTF-8; it was read as ${decoded.encoding}.`
    : `The file is not UTF-8 and its encoding is unsure; it was read as ${decoded.encoding}: check accented letters in the titles and tags.`;
}
