import { sanitizeHtml } from "../extraction/sanitize-html";
import { DocumentError, type DocumentErrorCode } from "./document-error";
import { type EpubErrorCode, EpubReadError, readEpub as parseEpub } from "./epub";
import type { ReadDocument, ReadOptions } from "./read-document";

/** The EPUB parser's refusals as document errors (its sentence kept): the add box and the API treat all alike. */
const CODES: Record<EpubErrorCode, DocumentErrorCode> = {
  "not-an-epub": "mismatched-type",
  corrupt: "corrupt",
  "encrypted-drm": "encrypted",
  "too-large": "too-large",
  "zip-bomb": "too-large",
  "no-chapters": "no-text",
};

/**
 * An EPUB book as one article (issue 54): its chapters in reading order (the parser in ./epub, with its zip-bomb,
 * size and DRM guards), each through the article sanitiser. Pictures are left out for now: the parser gives them
 * as bytes, and storing them for the viewer (an address the viewer may load) is still to be built; their alt text
 * is lost with them. Links within the book become plain text (the viewer keeps only web links).
 */
export async function readEpub(bytes: Uint8Array, options: ReadOptions): Promise<ReadDocument> {
  let book: ReturnType<typeof parseEpub>;
  try {
    book = parseEpub(bytes);
  } catch (error) {
    if (error instanceof EpubReadError) throw new DocumentError(CODES[error.code], error.message);
    throw new DocumentError("corrupt", "The book is damaged or incomplete and could not be read.");
  }
  const content = book.chapters
    .map((chapter) => sanitizeHtml(chapter.html, options.baseUrl))
    .filter((html) => html.trim())
    .join("\n<hr>\n");
  return {
    kind: "epub",
    title: book.title || options.fileName?.replace(/\.epub$/i, "") || null,
    author: book.authors.length > 0 ? book.authors.join(", ") : null,
    publishedTime: book.published ?? null,
    language: book.language?.split(/[-_]/)[0]?.toLowerCase() ?? null,
    content,
    pages: null,
  };
}
