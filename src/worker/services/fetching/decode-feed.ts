// Turns a feed's bytes into text. XML says its own encoding (RFC 7303 puts the HTTP charset first, but feed
// servers often send a blanket "charset=utf-8" for files written in ISO-8859-1), so the order is: byte order mark,
// the XML declaration, the Content-Type charset, UTF-8; and bytes that are not valid UTF-8 where UTF-8 was
// assumed are read as Windows-1252, as browsers would, rather than turned into U+FFFD.

import { charsetFromContentType } from "./decode-html";

const WINDOWS_1252_ALIASES = new Set(["iso-8859-1", "iso8859-1", "iso_8859-1", "latin1", "l1", "us-ascii", "ascii"]);

function bomEncoding(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return "utf-8";
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return "utf-16be";
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return "utf-16le";
  return null;
}

/** encoding="..." of an XML declaration at the very start, read as latin1 so any ASCII-compatible bytes work. */
export function charsetFromXmlDeclaration(bytes: Uint8Array): string | null {
  const head = String.fromCharCode(...bytes.subarray(0, 200));
  return /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([-\w.:]+)["']/i.exec(head)?.[1] ?? null;
}

function decoder(label: string, fatal: boolean): TextDecoder | null {
  let name = label.trim().toLowerCase();
  if (WINDOWS_1252_ALIASES.has(name)) name = "windows-1252";
  try {
    return new TextDecoder(name, { fatal, ignoreBOM: false });
  } catch {
    return null;
  }
}

export function decodeFeed(bytes: Uint8Array, contentType?: string | null): string {
  const label =
    bomEncoding(bytes) ?? charsetFromXmlDeclaration(bytes) ?? charsetFromContentType(contentType) ?? "utf-8";
  const chosen = decoder(label, true) ?? decoder("utf-8", true);
  try {
    return (chosen as TextDecoder).decode(bytes);
  } catch {
    // Declared (or assumed) UTF-8 but not: the usual mistake is Windows-1252 text, which decodes every byte.
    if ((chosen as TextDecoder).encoding === "utf-8") return new TextDecoder("windows-1252").decode(bytes);
    return new TextDecoder(chosen?.encoding ?? "utf-8").decode(bytes);
  }
}
