import type { ArticleBodiesRepository } from "../db/repositories/article-bodies-repository";
import type { ArticleSourcesRepository } from "../db/repositories/article-sources-repository";
import type { ArticlesRepository } from "../db/repositories/articles-repository";
import { DocumentError, documentErrors } from "../domain/documents/document-error";
import { DOCUMENT_MEDIA_TYPES, type DocumentKind, sniffDocumentKind } from "../domain/documents/document-kind";
import { MAX_DOCUMENT_BYTES } from "../domain/documents/document-limits";
import { readDocument } from "../domain/documents/read-document";
import { NotFound } from "../domain/errors";
import type { createArticleService } from "./article-service";
import type { ImageProxyService } from "./image-proxy-service";
import { encodeReadDocument } from "./processing/document-payload";

/**
 * An uploaded document's address: its content's SHA-256, so the same file uploaded twice is one article (a
 * duplicate, as a link saved twice is). Not a web address: nothing fetches it, and the viewer offers the stored
 * original instead (GET /api/documents/{id}/original).
 */
export const DOCUMENT_URL_PREFIX = "document:sha256:";

const FILE_EXTENSIONS: Record<DocumentKind, string> = {
  pdf: "pdf",
  epub: "epub",
  html: "html",
  markdown: "md",
  text: "txt",
};

async function sha256OfBytes(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new Uint8Array(bytes));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export interface UploadedFile {
  bytes: Uint8Array;
  /** As the device named it. */
  name: string | null;
  /** As the device declared it (only a hint: the content decides). */
  type: string | null;
}

interface DocumentsServiceDeps {
  articles: Pick<ReturnType<typeof createArticleService>, "createDocument">;
  rows: Pick<ArticlesRepository, "findManyByIds">;
  sources: Pick<ArticleSourcesRepository, "store">;
  originals: Pick<ArticleBodiesRepository, "writeOriginal" | "readOriginal">;
  /** Where a document's own pictures are kept for the viewer (the image proxy's cache). */
  images: Pick<ImageProxyService, "keep">;
}

/**
 * Documents in (issue 54): an upload is checked (size, kind by its content), read at once, so a file that cannot be
 * read is refused with its reason and nothing stored, then saved as an article whose processing (language, summary,
 * topics, embedding) runs as a saved link's does, from the read text kept as the article's source.
 */
export function createDocumentsService({ articles, rows, sources, originals, images }: DocumentsServiceDeps) {
  return {
    async upload(userId: number, file: UploadedFile) {
      if (file.bytes.byteLength > MAX_DOCUMENT_BYTES) throw documentErrors.tooLarge();
      if (file.bytes.byteLength === 0) throw new DocumentError("corrupt", "The file is empty.");
      const kind = sniffDocumentKind(file.bytes, file.name ?? undefined, file.type ?? undefined);
      const url = `${DOCUMENT_URL_PREFIX}${await sha256OfBytes(file.bytes)}`;
      const read = await readDocument(kind, file.bytes, {
        baseUrl: "https://document.invalid/",
        fileName: file.name ?? undefined,
      });
      const source = await encodeReadDocument(read);
      return articles.createDocument(
        userId,
        {
          url,
          normalizedUrl: url,
          domain: null,
          title: read.title ?? file.name,
          documentType: kind,
          documentName: file.name ?? "",
          documentPages: read.pages,
        },
        async (articleId) => {
          await originals.writeOriginal(userId, articleId, file.bytes, {
            contentType: DOCUMENT_MEDIA_TYPES[kind],
            fileName: file.name,
          });
          await sources.store(userId, articleId, source);
          // A picture the cache does not keep (over its entry size) is a broken picture, not a failed upload.
          for (const image of read.images ?? []) await images.keep(image.src, image);
        },
      );
    },

    /** The stored original of one of the user's document articles, with what to serve it as. */
    async original(userId: number, articleId: number) {
      const [row] = await rows.findManyByIds(userId, [articleId]);
      if (!row?.documentType) throw new NotFound("This article has no original document");
      const object = await originals.readOriginal(userId, articleId);
      if (!object) throw new NotFound("The original document is no longer stored");
      return {
        body: object.body,
        size: object.size,
        contentType: object.httpMetadata?.contentType ?? DOCUMENT_MEDIA_TYPES[row.documentType],
        // A saved link's PDF has no file name of its own.
        fileName: row.documentName || `document.${FILE_EXTENSIONS[row.documentType]}`,
      };
    },
  };
}
export type DocumentsService = ReturnType<typeof createDocumentsService>;
