import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../client";
import { articles, articleTags, publishedFeeds } from "../schema";

// A reader's published feeds and the articles each shows. Every query of the reader's data is scoped to them: the
// public read finds a feed by its secret's hash only, and then reads only that feed's owner's articles.

export type PublishedFeedRecord = typeof publishedFeeds.$inferSelect;

export interface PublishedArticle {
  id: number;
  url: string;
  title: string | null;
  author: string | null;
  summary: string | null;
  content: string | null;
  createdAt: number;
  updatedAt: number;
}

export function createPublishedFeedsRepository(db: Database) {
  return {
    async list(userId: number): Promise<PublishedFeedRecord[]> {
      return db
        .select()
        .from(publishedFeeds)
        .where(eq(publishedFeeds.userId, userId))
        .orderBy(desc(publishedFeeds.createdAt), desc(publishedFeeds.id));
    },

    async count(userId: number): Promise<number> {
      const row = await db
        .select({ n: sql<number>`count(*)` })
        .from(publishedFeeds)
        .where(eq(publishedFeeds.userId, userId))
        .get();
      return Number(row?.n ?? 0);
    },

    async insert(
      userId: number,
      values: Pick<PublishedFeedRecord, "tag" | "tagKey" | "kind" | "tokenHash">,
      now: number,
    ): Promise<PublishedFeedRecord> {
      return db
        .insert(publishedFeeds)
        .values({ userId, ...values, createdAt: now })
        .returning()
        .get();
    },

    /** Revokes; false when the reader has no such feed. */
    async delete(userId: number, id: number): Promise<boolean> {
      const row = await db
        .delete(publishedFeeds)
        .where(and(eq(publishedFeeds.userId, userId), eq(publishedFeeds.id, id)))
        .returning({ id: publishedFeeds.id })
        .get();
      return row !== undefined;
    },

    /** How the reader spells a tag (its first article's spelling), or undefined when no article carries it. */
    async tagSpelling(userId: number, tagKey: string): Promise<string | undefined> {
      const row = await db
        .select({ tag: articleTags.tag })
        .from(articleTags)
        .where(and(eq(articleTags.userId, userId), eq(articleTags.tagKey, tagKey)))
        .limit(1)
        .get();
      return row?.tag;
    },

    async findByTokenHash(tokenHash: string): Promise<PublishedFeedRecord | undefined> {
      return db.select().from(publishedFeeds).where(eq(publishedFeeds.tokenHash, tokenHash)).get();
    },

    async touch(userId: number, id: number, now: number): Promise<void> {
      await db
        .update(publishedFeeds)
        .set({ lastReadAt: now })
        .where(and(eq(publishedFeeds.userId, userId), eq(publishedFeeds.id, id)));
    },

    /**
     * The reader's newest saved articles, of one tag (by its key) or all, newest first; content only up to
     * `contentChars` characters (a page may be 2 MB: 50 of them would be a read no feed reader waits for).
     */
    async articles(
      userId: number,
      tagKey: string | null,
      limit: number,
      contentChars: number,
    ): Promise<PublishedArticle[]> {
      const columns = {
        id: articles.id,
        url: articles.url,
        title: articles.title,
        author: articles.author,
        summary: articles.summary,
        content: sql<string | null>`substr(${articles.content}, 1, ${contentChars})`,
        createdAt: articles.createdAt,
        updatedAt: articles.updatedAt,
      };
      if (tagKey === null) {
        return db
          .select(columns)
          .from(articles)
          .where(eq(articles.userId, userId))
          .orderBy(desc(articles.createdAt), desc(articles.id))
          .limit(limit);
      }
      return db
        .select(columns)
        .from(articles)
        .innerJoin(
          articleTags,
          and(eq(articleTags.articleId, articles.id), eq(articleTags.userId, userId), eq(articleTags.tagKey, tagKey)),
        )
        .where(eq(articles.userId, userId))
        .orderBy(desc(articles.createdAt), desc(articles.id))
        .limit(limit);
    },
  };
}
export type PublishedFeedsRepository = ReturnType<typeof createPublishedFeedsRepository>;
