import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../client";
import { articleSources } from "../schema";

/** Well under D1's 2 MB row cap. */
export const SOURCE_CHUNK_CHARS = 500_000;

/** The HTML a user sent with a save, kept (compressed, in chunks) until processing has extracted it. */
export function createArticleSourcesRepository(db: Database) {
  const owned = (userId: number, articleId: number) =>
    and(eq(articleSources.userId, userId), eq(articleSources.articleId, articleId));

  return {
    async store(userId: number, articleId: number, encoded: string): Promise<void> {
      const chunks: string[] = [];
      for (let i = 0; i < encoded.length; i += SOURCE_CHUNK_CHARS)
        chunks.push(encoded.slice(i, i + SOURCE_CHUNK_CHARS));
      const [first, ...rest] = chunks.map((chunk, seq) =>
        db.insert(articleSources).values({ articleId, userId, seq, chunk }),
      );
      if (first) await db.batch([first, ...rest]);
    },

    /** The stored text joined again, or null when there is none (a normal save, or already extracted). */
    async read(userId: number, articleId: number): Promise<string | null> {
      const rows = await db
        .select({ chunk: articleSources.chunk })
        .from(articleSources)
        .where(owned(userId, articleId))
        .orderBy(asc(articleSources.seq));
      return rows.length === 0 ? null : rows.map((row) => row.chunk).join("");
    },

    async delete(userId: number, articleId: number): Promise<void> {
      await db.delete(articleSources).where(owned(userId, articleId));
    },
  };
}
export type ArticleSourcesRepository = ReturnType<typeof createArticleSourcesRepository>;
