import { and, desc, eq } from "drizzle-orm";
import type { Database } from "../client";
import { ownedArticles } from "../owned-articles";
import { articles, articleTags } from "../schema";

/**
 * Which of a reader's articles go into an e-book (docs/ebooks.md): chosen ones, a tag's, the unread queue or the
 * newest, newest first. Only what the book's pages show, without the content, which the export repository reads a
 * few articles at a time. Every query is scoped to the reader.
 */
export type EbookSelection =
  | { kind: "ids"; ids: readonly number[] }
  | { kind: "tag"; tagKey: string }
  | { kind: "unread" }
  | { kind: "newest" };

const columns = {
  id: articles.id,
  url: articles.url,
  title: articles.title,
  author: articles.author,
  summary: articles.summary,
  siteName: articles.siteName,
  domain: articles.domain,
  publishDate: articles.publishDate,
  language: articles.language,
  note: articles.note,
  createdAt: articles.createdAt,
  updatedAt: articles.updatedAt,
};

export type EbookArticleRecord = { [K in keyof typeof columns]: (typeof articles.$inferSelect)[K] };

/** D1 binds at most 100 parameters a query; chosen ids are read in pieces under it. */
const IN_CHUNK = 90;

export function createEbooksRepository(db: Database) {
  const newestFirst = [desc(articles.createdAt), desc(articles.id)] as const;
  return {
    /** The article when it is the reader's and unread (what an e-reader catalog may hand out), else undefined. */
    async unread(userId: number, id: number): Promise<EbookArticleRecord | undefined> {
      return db
        .select(columns)
        .from(articles)
        .where(and(eq(articles.userId, userId), eq(articles.id, id), eq(articles.isRead, false)))
        .get();
    },

    /** Up to `limit` articles of the selection, newest first (chosen ids: in the order given). */
    async select(userId: number, selection: EbookSelection, limit: number): Promise<EbookArticleRecord[]> {
      const mine = eq(articles.userId, userId);
      switch (selection.kind) {
        case "ids": {
          const ids = selection.ids.slice(0, limit);
          const rows: EbookArticleRecord[] = [];
          for (let i = 0; i < ids.length; i += IN_CHUNK) {
            rows.push(
              ...(await db
                .select(columns)
                .from(articles)
                .where(ownedArticles(userId, ids.slice(i, i + IN_CHUNK)))),
            );
          }
          const byId = new Map(rows.map((row) => [row.id, row]));
          return ids.flatMap((id) => byId.get(id) ?? []);
        }
        case "tag":
          return db
            .select(columns)
            .from(articles)
            .innerJoin(
              articleTags,
              and(
                eq(articleTags.articleId, articles.id),
                eq(articleTags.userId, userId),
                eq(articleTags.tagKey, selection.tagKey),
              ),
            )
            .where(mine)
            .orderBy(...newestFirst)
            .limit(limit);
        case "unread":
          return db
            .select(columns)
            .from(articles)
            .where(and(mine, eq(articles.isRead, false)))
            .orderBy(...newestFirst)
            .limit(limit);
        case "newest":
          return db
            .select(columns)
            .from(articles)
            .where(mine)
            .orderBy(...newestFirst)
            .limit(limit);
      }
    },
  };
}
export type EbooksRepository = ReturnType<typeof createEbooksRepository>;
