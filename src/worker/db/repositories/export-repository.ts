import { and, asc, eq, getTableColumns, gt, inArray, isNotNull, or, sql } from "drizzle-orm";
import type { Database } from "../client";
import { ownedArticles } from "../owned-articles";
import { articleFeedback, articles, highlights, topicArticles, topics } from "../schema";
import type { ArticleBodiesRepository } from "./article-bodies-repository";
import type { HighlightRecord } from "./highlights-repository";

/** Reading order inside an article, as highlights-repository gives it: title, summary, content, by position. */
const TARGET_ORDER = sql`CASE ${highlights.target} WHEN 'title' THEN 0 WHEN 'summary' THEN 1 ELSE 2 END`;

const {
  searchText: _searchText,
  content: _content,
  bodyKey: _bodyKey,
  normalizedUrl: _normalizedUrl,
  ...metaColumns
} = getTableColumns(articles);

export type ExportMetaRecord = { [K in keyof typeof metaColumns]: (typeof articles.$inferSelect)[K] };

/**
 * Reads a user's library for export (issue 23) in bounded pieces: article fields by id order a page at a time,
 * and the (large) content of a few articles at a time, so the Worker never holds the whole library.
 */
export function createExportRepository(db: Database, bodies: ArticleBodiesRepository) {
  return {
    /** Up to `limit` of the user's articles with an id above `afterId`, by id, without their content. */
    async pageAfter(userId: number, afterId: number, limit: number): Promise<ExportMetaRecord[]> {
      return db
        .select(metaColumns)
        .from(articles)
        .where(and(eq(articles.userId, userId), gt(articles.id, afterId)))
        .orderBy(asc(articles.id))
        .limit(limit)
        .all();
    },

    /**
     * Like pageAfter, but only articles with a highlight or a note (the highlights-only export): the Worker pages
     * through what the reader kept, not the whole library.
     */
    async keptPageAfter(userId: number, afterId: number, limit: number): Promise<ExportMetaRecord[]> {
      const hasHighlight = sql`EXISTS (SELECT 1 FROM ${highlights} WHERE ${highlights.userId} = ${userId} AND ${highlights.articleId} = ${articles.id})`;
      return db
        .select(metaColumns)
        .from(articles)
        .where(and(eq(articles.userId, userId), gt(articles.id, afterId), or(isNotNull(articles.note), hasHighlight)))
        .orderBy(asc(articles.id))
        .limit(limit)
        .all();
    },

    /**
     * The content (unless `withContent` is false), rating, topic names and highlights of a few of the user's
     * articles (ids: at most 90).
     */
    async details(userId: number, ids: number[], withContent = true) {
      if (ids.length === 0) {
        return {
          contents: new Map<number, string | null>(),
          ratings: new Map<number, number>(),
          topicNames: new Map<number, string[]>(),
          highlightsOf: new Map<number, HighlightRecord[]>(),
        };
      }
      const [contentRows, ratingRows, topicRows, highlightRows] = await db.batch([
        db
          .select({
            id: articles.id,
            content: withContent ? articles.content : sql<string | null>`NULL`,
            bodyKey: withContent ? articles.bodyKey : sql<string | null>`NULL`,
          })
          .from(articles)
          .where(ownedArticles(userId, ids)),
        db
          .select({ id: articleFeedback.articleId, value: articleFeedback.feedbackValue })
          .from(articleFeedback)
          .where(and(eq(articleFeedback.userId, userId), inArray(articleFeedback.articleId, ids))),
        db
          .select({ id: topicArticles.articleId, label: topics.label })
          .from(topicArticles)
          .innerJoin(topics, eq(topics.id, topicArticles.topicId))
          .where(and(eq(topics.userId, userId), inArray(topicArticles.articleId, ids)))
          .orderBy(asc(topics.label)),
        db
          .select()
          .from(highlights)
          .where(and(eq(highlights.userId, userId), inArray(highlights.articleId, ids)))
          .orderBy(highlights.articleId, TARGET_ORDER, highlights.positionStart, highlights.id),
      ]);
      const highlightsOf = new Map<number, HighlightRecord[]>();
      for (const row of highlightRows)
        highlightsOf.set(row.articleId, [...(highlightsOf.get(row.articleId) ?? []), row]);
      const topicNames = new Map<number, string[]>();
      for (const row of topicRows) topicNames.set(row.id, [...(topicNames.get(row.id) ?? []), row.label]);
      return {
        // A body in R2 is read there (a few at a time: `ids` is a few articles); one not moved yet is in the row.
        contents: new Map<number, string | null>(
          await Promise.all(
            contentRows.map(
              async (r) =>
                [r.id, r.bodyKey ? ((await bodies.readBody(userId, r.bodyKey))?.content ?? null) : r.content] as const,
            ),
          ),
        ),
        ratings: new Map<number, number>(ratingRows.map((r) => [r.id, r.value])),
        topicNames,
        highlightsOf,
      };
    },
  };
}
export type ExportRepository = ReturnType<typeof createExportRepository>;
