// Turns the bytes of an HTML page into text with the right character set, following the order the HTML
// standard uses: byte order mark, then the Content-Type header, then a <meta> in the first bytes, then UTF-8.

/** The HTML standard's pre-scan looks at the first 1024 bytes; a little more tolerates long <head>s. */
const META_SCAN_BYTES = 4096;

/** charset=... from a Content-Type header value, or null. */
export function charsetFromContentType(contentType: string | null | undefined): string | null {
  const match = /;\s*charset\s*=\s*(?:"([^"]*)"|'([^']*)'|([^;\s]+))/i.exec(contentType ?? "");
  const value = match?.[1] ?? match?.[2] ?? match?.[3];
  return value?.trim() || null;
}

/**
 * The charset declared by <meta charset="x"> or <meta http-equiv="Content-Type" content="text/html; charset=x">
 * in the first bytes. Read as latin1, which maps every byte to one character, so ASCII markup is found
 * whatever the real encoding is.
 */
export function charsetFromMeta(bytes: Uint8Array): string | null {
  const head = String.fromCharCode(...bytes.subarray(0, META_SCAN_BYTES)).replace(/<!--[\s\S]*?-->/g, "");
  for (const [tag] of head.matchAll(/<meta\b[^>]*>/gi)) {
    const direct = /\bcharset\s*=\s*["']?\s*([-\w.:]+)/i.exec(tag);
    if (direct?.[1]) return direct[1];
  }
  return null;
}

function bomEncoding(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return "utf-8";
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return "utf-16be";
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return "utf-16le";
  return null;
}

/** Labels TextDecoder would read as strict ISO-8859-1 or ASCII: browsers treat them all as windows-1252. */
const WINDOWS_1252_ALIASES = new Set([
  "iso-8859-1",
  "iso8859-1",
  "iso_8859-1",
  "latin1",
  "l1",
  "us-ascii",
  "ascii",
  "cp819",
  "ibm819",
]);

function decoderFor(label: string, fromMeta: boolean): TextDecoder | null {
  let name = label.trim().toLowerCase();
  if (WINDOWS_1252_ALIASES.has(name)) name = "windows-1252";
  // A <meta> can only be read if the bytes are ASCII-compatible, so a meta claiming UTF-16 is wrong (HTML standard).
  if (fromMeta && name.startsWith("utf-16")) name = "utf-8";
  if (name === "x-user-defined") name = "windows-1252";
  try {
    return new TextDecoder(name);
  } catch {
    return null; // an unknown or unsupported label: try the next source
  }
}

/** The charset label that will be used for these bytes (for logs and tests). */
export function detectCharset(bytes: Uint8Array, contentType?: string | null): string {
  const candidates: [string | null, boolean][] = [
    [bomEncoding(bytes), false],
    [charsetFromContentType(contentType), false],
    [charsetFromMeta(bytes), true],
  ];
  for (const [label, fromMeta] of candidates) {
    const decoder = label ? decoderFor(label, fromMeta) : null;
    if (decoder) return decoder.encoding;
  }
  return "utf-8";
}

export function decodeHtml(bytes: Uint8Array, contentType?: string | null): string {
  const encoding = detectCharset(bytes, contentType);
  // Not fatal: a page with a few bad bytes is still worth reading, with U+FFFD where they were.
  return (decoderFor(encoding, false) ?? new TextDecoder("utf-8")).decode(bytes);
}
