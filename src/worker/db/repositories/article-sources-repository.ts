import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../client";
import { articleSources } from "../schema";
import type { ArticleBodiesRepository } from "./article-bodies-repository";

/**
 * The HTML a user sent with a save (gzip + base64), kept until processing has extracted it: in R2 beside the
 * article's body. Pages saved before sources moved to R2 are still in D1's `article_sources` (in chunks: D1 caps a
 * row at 2 MB) until their processing ends and deletes them, so reads fall back to it and deletes clear both.
 */
export function createArticleSourcesRepository(db: Database, bodies: ArticleBodiesRepository) {
  const owned = (userId: number, articleId: number) =>
    and(eq(articleSources.userId, userId), eq(articleSources.articleId, articleId));

  return {
    async store(userId: number, articleId: number, encoded: string): Promise<void> {
      await bodies.writeSource(userId, articleId, encoded);
    },

    /** The stored text, or null when there is none (a normal save, or already extracted). */
    async read(userId: number, articleId: number): Promise<string | null> {
      const stored = await bodies.readSource(userId, articleId);
      if (stored !== null) return stored;
      const rows = await db
        .select({ chunk: articleSources.chunk })
        .from(articleSources)
        .where(owned(userId, articleId))
        .orderBy(asc(articleSources.seq));
      return rows.length === 0 ? null : rows.map((row) => row.chunk).join("");
    },

    async delete(userId: number, articleId: number): Promise<void> {
      await bodies.deleteSource(userId, articleId);
      await db.delete(articleSources).where(owned(userId, articleId));
    },
  };
}
export type ArticleSourcesRepository = ReturnType<typeof createArticleSourcesRepository>;
