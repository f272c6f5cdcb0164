import { and, asc, eq, gt, isNotNull, or, sql } from "drizzle-orm";
import { indexedBodyText } from "../../domain/search/indexed-text";
import { annotationText } from "../annotation-text";
import type { Database } from "../client";
import { articles } from "../schema";
import type { ArticleBodiesRepository } from "./article-bodies-repository";

/**
 * Writes each article's entry in the full-text index `articles_fts` (migration 0028). The index is contentless:
 * it keeps the words and their places but not the text, which is in R2, so no trigger can write an entry (it would
 * need the body's text) and this module does, with all its columns, whenever one of them changes. A trigger
 * still removes the entry with the row. The body's text is indexed with fewer of its repeats (indexedBodyText):
 * every word still finds the article, in about 15% fewer bytes.
 */
/**
 * What an article's full-text entry is written from: its row's columns, the reader's note and highlights
 * (db/annotation-text.ts), and where its body's text is.
 */
const INDEXED_COLUMNS = {
  title: articles.title,
  summary: articles.summary,
  searchText: articles.searchText,
  domain: articles.domain,
  author: articles.author,
  annotationText,
  bodyKey: articles.bodyKey,
};

/** The body's text as its entry holds it (null: no text). */
const entryText = (text: string | null) => (text === null ? null : indexedBodyText(text));

export function createSearchIndex(db: Database, bodies: ArticleBodiesRepository) {
  return {
    /**
     * Rewrites the article's entry from its row and its body's text: `searchText` when the caller has it in hand
     * (processing just extracted it; null: no text), else the row's own (not moved to R2 yet) or the body's in R2.
     */
    async reindex(userId: number, articleId: number, searchText?: string | null): Promise<void> {
      const row = await db
        .select(INDEXED_COLUMNS)
        .from(articles)
        .where(and(eq(articles.userId, userId), eq(articles.id, articleId)))
        .get();
      if (!row) return;
      let text = searchText !== undefined ? searchText : row.searchText;
      if (searchText === undefined && text === null && row.bodyKey) {
        const body = await bodies.readBody(userId, row.bodyKey);
        // Gone: a new body replaced it after the row was read, and its writer re-indexes after pointing the row at
        // it, reading the row then (this call's changes included). Writing now would index no text at all.
        if (!body) return;
        text = body.searchText;
      }
      // REPLACE: a contentless-delete index replaces an entry by rowid, the old words need not be given back.
      await db.run(sql`
        INSERT OR REPLACE INTO articles_fts(rowid, title, summary, search_text, domain, author, annotation_text, user_id)
        VALUES (${articleId}, ${row.title}, ${row.summary}, ${entryText(text)}, ${row.domain}, ${row.author}, ${row.annotationText}, ${userId})`);
    },

    /**
     * Rewrites the entries of the user's articles that the insert trigger could not index whole, `limit` (at most 90)
     * after `afterId` by id, in one D1 batch: the library mover, whose copied rows the new shard's trigger indexed
     * from their own columns only, without the body's text in R2 or the note and highlights (the highlights are
     * copied after the articles). Answers the last id read (null: none left).
     */
    async reindexMovedAfter(userId: number, afterId: number, limit: number): Promise<number | null> {
      const rows = await db
        .select({ id: articles.id, ...INDEXED_COLUMNS })
        .from(articles)
        .where(
          and(
            eq(articles.userId, userId),
            gt(articles.id, afterId),
            or(isNotNull(articles.bodyKey), isNotNull(articles.note), eq(articles.hasHighlights, true)),
          ),
        )
        .orderBy(asc(articles.id))
        .limit(Math.min(limit, 90));
      if (rows.length === 0) return null;
      const texts = await Promise.all(
        rows.map(
          async (row) =>
            row.searchText ?? (row.bodyKey ? (await bodies.readBody(userId, row.bodyKey))?.searchText : null) ?? null,
        ),
      );
      const d1 = db.$client;
      await d1.batch(
        rows.map((row, i) =>
          d1
            .prepare(
              `INSERT OR REPLACE INTO articles_fts(rowid, title, summary, search_text, domain, author, annotation_text, user_id)
               VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
            )
            .bind(
              row.id,
              row.title,
              row.summary,
              entryText(texts[i] ?? null),
              row.domain,
              row.author,
              row.annotationText,
              userId,
            ),
        ),
      );
      return rows.at(-1)?.id ?? null;
    },
  };
}
export type SearchIndex = ReturnType<typeof createSearchIndex>;
