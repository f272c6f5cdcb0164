import { documentErrors } from "./document-error";
import type { DocumentKind } from "./document-kind";
import { readEpub } from "./epub-document";
import { readPdf } from "./pdf/read-pdf";
import { readHtmlFile, readMarkdownFile, readTextFile } from "./text-documents";

/** A document read into an article: what processing stores as the article's content and details. */
export interface ReadDocument {
  kind: DocumentKind;
  title: string | null;
  author: string | null;
  /** ISO 8601. */
  publishedTime: string | null;
  /** Primary language subtag the document declares ("en"), or null; processing detects it either way. */
  language: string | null;
  /** Article HTML as the viewer shows it (the sanitiser's allowlist); blocks carry `data-page` where there are pages. */
  content: string;
  /** How many pages the document has (PDF), or null where it has none. */
  pages: number | null;
  /**
   * Pictures the content shows that the document itself holds (an EPUB's), each under the address its `<img>`
   * has: the caller keeps them where the image proxy serves that address from. Never sent between steps.
   */
  images?: DocumentImage[];
}

export interface DocumentImage {
  src: string;
  contentType: string;
  bytes: Uint8Array;
}

export interface ReadOptions {
  /** The file's name, for a title when the document names none. */
  fileName?: string;
  /** What relative links in an HTML file resolve against (nothing is fetched from it). */
  baseUrl: string;
}

/**
 * The one door from a document's bytes to an article: one reader per kind. Each throws a DocumentError with the
 * sentence the reader sees when the file cannot be read. EPUB plugs in at `readEpub` (epub-document.ts).
 */
export async function readDocument(kind: DocumentKind, bytes: Uint8Array, options: ReadOptions): Promise<ReadDocument> {
  const read = await readByKind(kind, bytes, options);
  if (!read.content.replace(/<[^>]*>/g, "").trim()) {
    throw kind === "pdf" ? documentErrors.noText() : documentErrors.corrupt(kind === "epub" ? "book" : "file");
  }
  return read;
}

function readByKind(kind: DocumentKind, bytes: Uint8Array, options: ReadOptions): Promise<ReadDocument> {
  switch (kind) {
    case "pdf":
      return readPdf(bytes, options.fileName);
    case "epub":
      return readEpub(bytes, options);
    case "html":
      return Promise.resolve(readHtmlFile(bytes, options));
    case "markdown":
      return Promise.resolve(readMarkdownFile(bytes, options));
    case "text":
      return Promise.resolve(readTextFile(bytes, options));
  }
}
