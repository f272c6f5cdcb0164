import type { ArticleTagsRepository } from "../db/repositories/article-tags-repository";
import type { ExportMetaRecord, ExportRepository } from "../db/repositories/export-repository";
import { type ExportArticle, type ExportFormat, ratingName } from "../domain/export/export-article";
import { createExportWriter } from "../domain/export/export-writers";
import { toHighlightJson } from "./highlights-service";

/** Article fields read per D1 query (small: no content). */
export const EXPORT_PAGE_SIZE = 100;
/** Articles whose content is read and written per pull: content can reach 1.8 MB each, so a few at a time. */
export const EXPORT_CONTENT_BATCH = 10;

interface ExportServiceDeps {
  exports: ExportRepository;
  tags: ArticleTagsRepository;
  now?: () => number;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * The whole library as a download (issue 23): a ReadableStream that reads the next few articles from D1 only
 * when the client has taken what came before, so memory stays bounded whatever the library's size.
 */
export function createExportService({ exports, tags, now = Date.now }: ExportServiceDeps) {
  return {
    export(userId: number, format: ExportFormat) {
      const writer = createExportWriter(format);
      // The highlights-only export needs neither the articles without highlights or a note, nor any content.
      const keptOnly = format === "highlights";
      const exportedAt = new Date(now());
      let page: ExportMetaRecord[] = [];
      let lastId = 0;
      let exhausted = false;

      const stream = new ReadableStream<Uint8Array>(
        {
          start(controller) {
            writer.begin((chunk) => controller.enqueue(chunk), exportedAt.toISOString());
          },
          async pull(controller) {
            const emit = (chunk: Uint8Array) => controller.enqueue(chunk);
            if (page.length === 0 && !exhausted) {
              page = await (keptOnly ? exports.keptPageAfter : exports.pageAfter)(userId, lastId, EXPORT_PAGE_SIZE);
              if (page.length < EXPORT_PAGE_SIZE) exhausted = true;
              lastId = page.at(-1)?.id ?? lastId;
            }
            if (page.length === 0) {
              writer.end(emit);
              controller.close();
              return;
            }
            const batch = page.splice(0, EXPORT_CONTENT_BATCH);
            const ids = batch.map((row) => row.id);
            const [details, tagsOf] = await Promise.all([
              exports.details(userId, ids, !keptOnly),
              tags.ofArticles(userId, ids),
            ]);
            for (const row of batch) {
              const article: ExportArticle = {
                id: row.id,
                url: row.url,
                title: row.title,
                summary: row.summary,
                content: details.contents.get(row.id) ?? null,
                language: row.language,
                domain: row.domain,
                author: row.author,
                site_name: row.siteName,
                publish_date: row.publishDate,
                image_url: row.imageUrl,
                word_count: row.wordCount,
                created_at: new Date(row.createdAt).toISOString(),
                updated_at: new Date(row.updatedAt).toISOString(),
                read_at: iso(row.readAt),
                is_read: row.isRead,
                rating: ratingName(details.ratings.get(row.id)),
                tags: tagsOf.get(row.id) ?? [],
                topics: details.topicNames.get(row.id) ?? [],
                processing_status: row.processingStatus,
                processing_error: row.processingError,
                processed_at: iso(row.processedAt),
                note: row.note,
                note_updated_at: iso(row.noteUpdatedAt),
                reading_position: row.readingPosition,
                reading_progress: row.readingProgress,
                position_updated_at: iso(row.positionUpdatedAt),
                highlights: (details.highlightsOf.get(row.id) ?? []).map((h) => {
                  const { article_id: _articleId, client_id: _clientId, page, ...json } = toHighlightJson(h);
                  // A document's page (issue 54) where there is one; a web article's highlights are as they were.
                  return page === null ? json : { ...json, page };
                }),
              };
              writer.article(article, emit);
            }
          },
        },
        // Pull only when the reader has taken everything enqueued: one batch in memory at a time.
        { highWaterMark: 0 },
      );
      const date = exportedAt.toISOString().slice(0, 10);
      return {
        stream,
        contentType: writer.contentType,
        filename:
          format === "highlights"
            ? `viberead-highlights-${date}.md.zip`
            : `viberead-export-${date}.${format === "markdown" ? "md.zip" : writer.extension}`,
      };
    },
  };
}
export type ExportService = ReturnType<typeof createExportService>;
