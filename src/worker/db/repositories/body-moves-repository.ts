import { and, asc, count, eq, isNotNull, isNull } from "drizzle-orm";
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
     * changed (a new body written meanwhile set its own key). Answers the ids that moved.
     */
    async markMoved(moves: { id: number; userId: number; bodyKey: string }[]): Promise<Set<number>> {
      const [first, ...rest] = moves.map((move) =>
        db
          .update(articles)
          .set({ bodyKey: move.bodyKey, content: null, searchText: null })
          .where(and(eq(articles.userId, move.userId), eq(articles.id, move.id), unmoved))
          .returning({ id: articles.id }),
      );
      if (!first) return new Set();
      const results = await db.batch([first, ...rest]);
      return new Set(results.flat().map((row) => row.id));
    },
  };
}
export type BodyMovesRepository = ReturnType<typeof createBodyMovesRepository>;
