import { documentErrors } from "./document-error";

/** The documents VibeRead reads (issue 54). */
export const DOCUMENT_KINDS = ["pdf", "epub", "html", "markdown", "text"] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** The media type each kind is stored and served as (the original, "Open original"). */
export const DOCUMENT_MEDIA_TYPES: Record<DocumentKind, string> = {
  pdf: "application/pdf",
  epub: "application/epub+zip",
  html: "text/html; charset=utf-8",
  markdown: "text/markdown; charset=utf-8",
  text: "text/plain; charset=utf-8",
};

const NAMED: Record<string, DocumentKind> = {
  pdf: "pdf",
  epub: "epub",
  html: "html",
  htm: "html",
  xhtml: "html",
  md: "markdown",
  markdown: "markdown",
  txt: "text",
  text: "text",
};

const DESCRIBED: Record<DocumentKind, string> = {
  pdf: "a PDF",
  epub: "an EPUB book",
  html: "an HTML file",
  markdown: "a Markdown file",
  text: "a text file",
};

const startsWith = (bytes: Uint8Array, ...signature: number[]) => signature.every((byte, i) => bytes[i] === byte);

/** What binary content we do not read looks like, for the sentence that says so. */
function binaryKind(bytes: Uint8Array): string {
  if (startsWith(bytes, 0x89, 0x50, 0x4e, 0x47)) return "a PNG image";
  if (startsWith(bytes, 0xff, 0xd8, 0xff)) return "a JPEG image";
  if (startsWith(bytes, 0x47, 0x49, 0x46, 0x38)) return "a GIF image";
  if (startsWith(bytes, 0x50, 0x4b, 0x03, 0x04)) return "a ZIP archive (a Word, Excel or other Office file is one)";
  if (startsWith(bytes, 0xd0, 0xcf, 0x11, 0xe0)) return "an old Office document";
  return "binary data";
}

/** `%PDF-` in the first kilobyte (PDF readers accept junk before it, and so do we). */
export function looksLikePdf(bytes: Uint8Array): boolean {
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 1024));
  return head.includes("%PDF-");
}

/** A zip whose first entry is `mimetype` holding application/epub+zip, as the EPUB standard has it. */
function looksLikeEpub(bytes: Uint8Array): boolean {
  if (!startsWith(bytes, 0x50, 0x4b, 0x03, 0x04)) return false;
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 200));
  return head.includes("mimetype") && head.includes("application/epub+zip");
}

/** Text has no NUL bytes (UTF-16 files aside, which begin with a byte-order mark). */
function looksLikeText(bytes: Uint8Array): boolean {
  if (startsWith(bytes, 0xff, 0xfe) || startsWith(bytes, 0xfe, 0xff)) return true;
  return !bytes.subarray(0, 8192).includes(0);
}

export function looksLikeHtml(text: string): boolean {
  return /^\s*(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*<(?:!doctype\s+html|html|head|body)\b/i.test(
    text.slice(0, 2048),
  );
}

function extensionOf(name: string | undefined): string {
  return /\.([a-z0-9]{1,10})$/i.exec(name?.trim() ?? "")?.[1]?.toLowerCase() ?? "";
}

/**
 * What a file is, by its content (a name or a declared type can be wrong): a PDF by its `%PDF-` header, an EPUB by
 * its zip and `mimetype` entry, else text: HTML when it starts like an HTML document, Markdown or plain text by its
 * name. A file named as one kind whose content is another is refused with both named, rather than read as what it
 * is not; a file that is none of them is refused.
 */
export function sniffDocumentKind(bytes: Uint8Array, name?: string, declaredType?: string): DocumentKind {
  const extension = extensionOf(name);
  const named = NAMED[extension];
  let found: DocumentKind | null = null;
  if (looksLikePdf(bytes)) found = "pdf";
  else if (looksLikeEpub(bytes)) found = "epub";
  else if (looksLikeText(bytes)) {
    const head = new TextDecoder().decode(bytes.subarray(0, 4096));
    if (looksLikeHtml(head)) found = "html";
    else if (named === "markdown" || /markdown/i.test(declaredType ?? "")) found = "markdown";
    else if (named === "html") found = "html";
    else found = "text";
  }
  if (found === null) {
    if (named) throw documentErrors.mismatched(DESCRIBED[named], binaryKind(bytes));
    throw documentErrors.unsupported();
  }
  // Text read as text whatever its name said (a .md that is plain text is fine); binary kinds must match.
  const binaryNamed = named === "pdf" || named === "epub";
  if (named && binaryNamed && named !== found) throw documentErrors.mismatched(DESCRIBED[named], DESCRIBED[found]);
  if (named && !binaryNamed && (found === "pdf" || found === "epub")) {
    throw documentErrors.mismatched(DESCRIBED[named], DESCRIBED[found]);
  }
  if (!named && extension && found !== "pdf" && found !== "epub" && found !== "html") {
    // A .docx, .png or .zip that happens to hold text-like bytes is still not a document we read.
    throw documentErrors.unsupported();
  }
  return found;
}
