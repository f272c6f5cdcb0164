import { and, asc, count, isNotNull, isNull } from "drizzle-orm";
import { ANNOTATION_TEXT_SQL } from "../annotation-text";
import type { Database } from "../client";
import { articles } from "../schema";

/** A row whose body is still in D1, as the mover reads it. */
export interface UnmovedBody {
  id: number;
  userId: number;
  content: string;
  searchText: string | null;
}

/**
 * The rows whose body has not moved to R2 yet (saved before bodies lived there), for jobs/body-mover.ts. The one
 * read across users, as the recovery sweep's: it walks articles_unmoved_body_idx, which holds only these rows, and
 * every write names the row's owner.
 */
export function createBodyMovesRepository(db: Database) {
  const unmoved = and(isNull(articles.bodyKey), isNotNull(articles.content));
  return {
    async next(limit: number): Promise<UnmovedBody[]> {
      const rows = await db
        .select({
          id: articles.id,
          userId: articles.userId,
          content: articles.content,
          searchText: articles.searchText,
        })
        .from(articles)
        .where(unmoved)
        .orderBy(asc(articles.id))
        .limit(limit)
        .all();
      return rows.map((row) => ({ ...row, content: row.content ?? "" }));
    },

    async remaining(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(articles).where(unmoved);
      return row?.n ?? 0;
    },

    /**
     * Points each row at its body in R2 and empties its text columns, in one batch; only rows still unmoved are
     * changed (a new body written meanwhile set its own key). A row that moved has its full-text entry written
     * again from `indexedText` (the body's text as the index is given it, search-index.ts), in the same batch and
     * only if the row now names this body: the entry migration 0028 wrote held every repeat. Answers the ids
     * that moved.
     */
    async markMoved(
      moves: { id: number; userId: number; bodyKey: string; indexedText: string | null }[],
    ): Promise<Set<number>> {
      // Raw statements: one D1 batch (a transaction, in order) of each row's update and its entry's rewrite.
      const d1 = db.$client;
      const statements = moves.flatMap((move) => {
        const update = d1
          .prepare(
            `UPDATE articles SET body_key = ?, content = NULL, search_text = NULL
             WHERE user_id = ? AND id = ? AND body_key IS NULL AND content IS NOT NULL RETURNING id`,
          )
          .bind(move.bodyKey, move.userId, move.id);
        if (move.indexedText === null) return [update];
        const reindex = d1
          .prepare(
            `INSERT OR REPLACE INTO articles_fts(rowid, title, summary, search_text, domain, author, annotation_text, user_id)
             SELECT id, title, summary, ?, domain, author, ${ANNOTATION_TEXT_SQL}, user_id FROM articles
             WHERE id = ? AND user_id = ? AND body_key = ?`,
          )
          .bind(move.indexedText, move.id, move.userId, move.bodyKey);
        return [update, reindex];
      });
      if (statements.length === 0) return new Set();
      const results = await d1.batch<{ id: number }>(statements);
      return new Set(results.flatMap((result) => result.results.map((row) => row.id)));
    },
  };
}
export type BodyMovesRepository = ReturnType<typeof createBodyMovesRepository>;
