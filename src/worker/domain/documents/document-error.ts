import { formatByteLimit } from "../byte-size";
import { AppError } from "../errors";
import { MAX_DOCUMENT_BYTES, MAX_PDF_PAGES } from "./document-limits";

/**
 * Why a document could not be read, each with the sentence the reader sees (in the add box, or as the article's
 * processing error when a saved link answered a PDF) and the HTTP status the upload answers with: 413 for a file
 * over the size limit, 415 for a type we do not read or a file that is not what its name says, 422 for a file of
 * a type we read that cannot be read (encrypted, without text, damaged, too many pages).
 */
export type DocumentErrorCode =
  | "too-large"
  | "unsupported-type"
  | "mismatched-type"
  | "encrypted"
  | "no-text"
  | "corrupt"
  | "too-many-pages"
  | "too-long";

const STATUS: Record<DocumentErrorCode, 413 | 415 | 422> = {
  "too-large": 413,
  "unsupported-type": 415,
  "mismatched-type": 415,
  encrypted: 422,
  "no-text": 422,
  corrupt: 422,
  "too-many-pages": 422,
  "too-long": 422,
};

export class DocumentError extends AppError {
  constructor(
    readonly code: DocumentErrorCode,
    message: string,
  ) {
    super(STATUS[code], message, { code });
  }
}

/** The sentences, in one place so the API, the pipeline and the docs say the same. */
export const documentErrors = {
  tooLarge: () =>
    new DocumentError(
      "too-large",
      `The file is larger than ${formatByteLimit(MAX_DOCUMENT_BYTES)}, the most VibeRead reads.`,
    ),
  unsupported: () =>
    new DocumentError(
      "unsupported-type",
      "VibeRead reads PDF, EPUB, HTML, Markdown and plain text files; this file is none of them.",
    ),
  mismatched: (named: string, found: string) =>
    new DocumentError(
      "mismatched-type",
      `The file is named as ${named} but its content is ${found}: rename it, or upload the file you meant.`,
    ),
  encrypted: () =>
    new DocumentError(
      "encrypted",
      "The PDF is protected by a password, so its text cannot be read. Save an unprotected copy and upload that.",
    ),
  noText: () =>
    new DocumentError(
      "no-text",
      "The PDF has no text to read: it looks like a scan (pictures of pages). Run it through text recognition (OCR) first.",
    ),
  corrupt: (kind = "file") =>
    new DocumentError("corrupt", `The ${kind} is damaged or incomplete and could not be read.`),
  tooManyPages: (pages: number) =>
    new DocumentError(
      "too-many-pages",
      `The PDF has ${pages.toLocaleString("en-US")} pages; VibeRead reads documents of up to ${MAX_PDF_PAGES} pages.`,
    ),
  tooLong: () => new DocumentError("too-long", "The document's text is too long to keep as one article."),
};
