/**
 * The import's encoding preview (issue 50): a text file whose encoding is a guess (no byte-order mark, no declared
 * charset, not UTF-8) is shown, before anything is stored, as its first rows in the guessed encoding with a choice
 * of others. The decoding rules are the server's own (src/worker/domain/imports/decode-text.ts), loaded with the
 * preview, so what the reader sees is what the import stores.
 */

/** The start of the file the preview reads: enough for its first rows and for the detector's guess. */
export const PREVIEW_BYTES = 64 * 1024;
/** The rows shown: the header and the first few below it. */
export const PREVIEW_ROWS = 6;
const MAX_ROW_CHARS = 200;

/** What a WHATWG encoding name means to a reader; other names are shown as they are. */
const ENCODING_LABELS: Record<string, string> = {
  "utf-8": "UTF-8",
  "windows-1252": "Western European (Windows-1252, Latin-1)",
  "iso-8859-15": "Western European (ISO-8859-15)",
  "windows-1250": "Central European (Windows-1250)",
  "iso-8859-2": "Central European (ISO-8859-2)",
  "windows-1251": "Cyrillic (Windows-1251)",
  "koi8-r": "Cyrillic (KOI8-R)",
  "iso-8859-5": "Cyrillic (ISO-8859-5)",
  "windows-1253": "Greek (Windows-1253)",
  "iso-8859-7": "Greek (ISO-8859-7)",
  "windows-1254": "Turkish (Windows-1254)",
  "iso-8859-9": "Turkish (ISO-8859-9)",
  "windows-1257": "Baltic (Windows-1257)",
  "windows-1258": "Vietnamese (Windows-1258)",
  "windows-1255": "Hebrew (Windows-1255)",
  "iso-8859-8": "Hebrew (ISO-8859-8)",
  "windows-1256": "Arabic (Windows-1256)",
  "iso-8859-6": "Arabic (ISO-8859-6)",
  macintosh: "Mac OS Roman",
  shift_jis: "Japanese (Shift_JIS)",
  "euc-jp": "Japanese (EUC-JP)",
  "iso-2022-jp": "Japanese (ISO-2022-JP)",
  "euc-kr": "Korean (EUC-KR)",
  gbk: "Chinese, simplified (GBK)",
  gb18030: "Chinese, simplified (GB18030)",
  big5: "Chinese, traditional (Big5)",
};

export function encodingLabel(encoding: string): string {
  return ENCODING_LABELS[encoding] ?? encoding;
}

/** A zip (Pocket's or Omnivore's download) is not text: its files are read as they declare. */
export function isZipFile(head: Uint8Array): boolean {
  return head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;
}

/**
 * The preview's sample: the file's start cut after its last whole line, so a character split at the cut does not
 * make the text look like another encoding (the server's format detection cuts the same way).
 */
export function previewSample(head: Uint8Array, wholeFile: boolean): Uint8Array {
  if (wholeFile) return head;
  const lastBreak = head.lastIndexOf(0x0a);
  return lastBreak > 0 ? head.subarray(0, lastBreak) : head;
}

/** The first non-blank lines of the decoded text, each cut to a readable length. */
export function previewRows(text: string, count = PREVIEW_ROWS): string[] {
  const rows: string[] = [];
  for (const line of text.replace(/^\uFEFF/, "").split(/\r\n|\n|\r/)) {
    if (!line.trim()) continue;
    rows.push(line.length > MAX_ROW_CHARS ? `${line.slice(0, MAX_ROW_CHARS - 1)}…` : line);
    if (rows.length === count) break;
  }
  return rows;
}

/** The choices offered: the guess first, then the detector's other candidates, then the common ones; each once. */
export function encodingChoices(guess: string, candidates: readonly string[], common: readonly string[]): string[] {
  return [...new Set([guess, ...candidates, ...common])];
}
