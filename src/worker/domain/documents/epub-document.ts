import { DocumentError } from "./document-error";
import type { ReadDocument, ReadOptions } from "./read-document";

/**
 * The seam for EPUB (issue 54): the EPUB parser (domain/documents/epub/, its own branch) plugs in here, turning a
 * book's chapters in spine order into one article's HTML and its pictures into stored images. Until it does, an
 * EPUB upload is refused with a sentence rather than stored unread.
 */
export async function readEpub(_bytes: Uint8Array, _options: ReadOptions): Promise<ReadDocument> {
  throw new DocumentError(
    "unsupported-type",
    "EPUB books cannot be read yet: upload a PDF, HTML, Markdown or text file.",
  );
}
