import type { ArticleRecord, ArticleSummaryRecord, FeedbackRecord } from "../db/repositories/articles-repository";
import type { ProcessingStatus } from "../db/schema";
import { isRightToLeft } from "../domain/language/text-direction";

export const WORDS_PER_MINUTE = 200;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The viewer's coarse status: still working (pending, processing, retrying), failed, or completed. */
export function displayStatus(status: ProcessingStatus): "processing" | "failed" | "completed" {
  if (status === "failed") return "failed";
  return status === "completed" ? "completed" : "processing";
}

/**
 * The Article entity of spec §3. List rows have no `content` and so carry none. `tags` (issue 23) are read
 * separately (article_tags); callers that did not read them pass none.
 */
export function toArticleJson(
  row: ArticleRecord | ArticleSummaryRecord,
  tags: readonly string[] = [],
  /** Issue 32: given where it was counted (list items, GET /api/articles/{id}); left out elsewhere, never guessed. */
  highlightCount?: number,
) {
  return {
    id: row.id,
    url: row.url,
    title: row.title,
    summary: row.summary,
    ...("content" in row ? { content: row.content } : {}),
    author: row.author,
    domain: row.domain,
    language: row.language,
    /** The viewer lays the summary and content out right to left for ar, he, fa, ur, yi, ji, iw, ku, ps. */
    text_direction: row.language && isRightToLeft(row.language) ? "rtl" : "ltr",
    publish_date: row.publishDate,
    site_name: row.siteName,
    image_url: row.imageUrl,
    word_count: row.wordCount,
    reading_time_minutes: row.wordCount ? Math.max(1, Math.ceil(row.wordCount / WORDS_PER_MINUTE)) : null,
    is_read: row.isRead,
    read_at: iso(row.readAt),
    /** False when the page's text is mostly its interface (a sign-in form's messages): no summary, the original offered. */
    reads_as_article: row.readsAsArticle,
    processing_status: row.processingStatus,
    processing_error: row.processingError,
    processing_attempts: row.processingAttempts,
    processed_at: iso(row.processedAt),
    status: displayStatus(row.processingStatus),
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
    tags: [...tags],
    /** Issue 32: the reader's note on the article, where they are (a text offset) and how far (0-1). */
    note: row.note,
    reading_position: row.readingPosition,
    reading_progress: row.readingProgress,
    ...(highlightCount === undefined ? {} : { highlight_count: highlightCount }),
    /** Issue 54: what the article was read from when it is a document, and where its original file is. */
    document: row.documentType
      ? {
          type: row.documentType,
          name: row.documentName,
          pages: row.documentPages,
          original_url: `/api/documents/${row.id}/original`,
        }
      : null,
  };
}
export type ArticleJson = ReturnType<typeof toArticleJson>;

export function toFeedbackJson(row: FeedbackRecord) {
  return {
    id: row.id,
    user_id: row.userId,
    article_id: row.articleId,
    feedback_value: row.feedbackValue,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

/** An article with no rating yet: the feedback shape with every field of the rating null. */
export function noFeedbackJson(userId: number, articleId: number) {
  return { id: null, user_id: userId, article_id: articleId, feedback_value: null, created_at: null, updated_at: null };
}
