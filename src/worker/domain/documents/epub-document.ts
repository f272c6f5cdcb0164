import { sanitizeHtml } from "../extraction/sanitize-html";
import { DocumentError, type DocumentErrorCode } from "./document-error";
import { type EpubErrorCode, EpubReadError, readEpub as parseEpub, replaceEpubImages } from "./epub";
import type { DocumentImage, ReadDocument, ReadOptions } from "./read-document";

/**
 * Where a book's pictures are addressed: a host that never resolves, under each picture's SHA-256. The image proxy
 * serves the address from its cache, where the upload put the picture (documents-service); the address names the
 * bytes, so it cannot be guessed and one picture in two books is one entry.
 */
export const EPUB_IMAGE_ORIGIN = "https://epub-images.viberead.invalid/";

async function imageAddress(bytes: Uint8Array, type: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new Uint8Array(bytes));
  const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${EPUB_IMAGE_ORIGIN}${hex}.${type.split("/")[1] ?? "img"}`;
}

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
 * size and DRM guards), each through the article sanitiser, with its pictures at addresses the caller keeps them
 * under (`images`). Links within the book become plain text (the viewer keeps only web links).
 */
export async function readEpub(bytes: Uint8Array, options: ReadOptions): Promise<ReadDocument> {
  let book: ReturnType<typeof parseEpub>;
  try {
    book = parseEpub(bytes);
  } catch (error) {
    if (error instanceof EpubReadError) throw new DocumentError(CODES[error.code], error.message);
    throw new DocumentError("corrupt", "The book is damaged or incomplete and could not be read.");
  }
  const addresses = new Map<string, DocumentImage>();
  for (const [path, image] of book.images) {
    addresses.set(path, {
      src: await imageAddress(image.bytes, image.type),
      contentType: image.type,
      bytes: image.bytes,
    });
  }
  const shown = new Map<string, DocumentImage>();
  const content = book.chapters
    .map((chapter) => {
      const html = replaceEpubImages(chapter.html, (path) => {
        const image = addresses.get(path);
        if (image) shown.set(image.src, image);
        return image?.src ?? null;
      });
      return sanitizeHtml(html, options.baseUrl);
    })
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
    images: [...shown.values()],
  };
}
