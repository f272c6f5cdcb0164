import { analyse } from "chardet";

/** How an import file's bytes were turned into text, and whether that was a guess. */
export interface DecodedText {
  text: string;
  /** The WHATWG label used ("utf-8", "windows-1252", ...). */
  encoding: string;
  /** How it was told: a byte-order mark, the file's own declaration, valid UTF-8, or the detector's guess. */
  source: "bom" | "declared" | "utf-8" | "detected";
  /** False when the detector was not sure: the import's result says so. */
  confident: boolean;
}

/** Below this chardet confidence (0-100) a guessed encoding is reported as a guess. */
const CONFIDENT = 50;
const SAMPLE_BYTES = 64 * 1024;

const BOMS: [number[], string][] = [
  [[0xef, 0xbb, 0xbf], "utf-8"],
  [[0xff, 0xfe], "utf-16le"],
  [[0xfe, 0xff], "utf-16be"],
];

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
 * Windows-1252, an old Latin-1 bookmarks file). Never throws; the result says when the encoding was a guess.
 */
export function decodeText(bytes: Uint8Array): DecodedText {
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
  for (const match of analyse(bytes.subarray(0, SAMPLE_BYTES))) {
    if (match.name === "UTF-8" || match.name === "ASCII") continue; // the bytes are not valid UTF-8
    const decoder = decoderFor(match.name);
    if (!decoder) continue;
    return {
      text: decoder.decode(bytes),
      encoding: decoder.encoding,
      source: "detected",
      confident: match.confidence >= CONFIDENT,
    };
  }
  return {
    text: new TextDecoder("windows-1252").decode(bytes),
    encoding: "windows-1252",
    source: "detected",
    confident: false,
  };
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
  if (decoded.source !== "detected") return null;
  return decoded.confident
    ? `The file is not UTF-8; it was read as ${decoded.encoding}.`
    : `The file is not UTF-8 and its encoding is unsure; it was read as ${decoded.encoding}: check accented letters in the titles and tags.`;
}
