import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { normalizeTags } from "../../domain/tags/normalize-tags";
import type { Database } from "../client";
import { articleTags } from "../schema";

/** D1 binds at most 100 parameters per statement; article ids go in slices below that. */
const IDS_PER_QUERY = 90;

/** Inserts sent in one D1 batch by addToMany. */
const STATEMENTS_PER_BATCH = 100;

/** Tags of a user's articles (issue 23). Every query is scoped to the user. */
export function createArticleTagsRepository(db: Database) {
  /**
   * Adds each article's tags to those it has (normalised; an import of a file that tags new or already saved
   * links), their inserts in D1 batches of at most
   * STATEMENTS_PER_BATCH: an import's chunk of 100 tagged rows is one round trip, not 100.
   */
  async function addToMany(
    userId: number,
    entries: readonly { articleId: number; tags: Iterable<string> }[],
  ): Promise<void> {
    const inserts = entries.flatMap(({ articleId, tags }) =>
      normalizeTags(tags).map(({ tag, key }) =>
        db.insert(articleTags).values({ articleId, userId, tag, tagKey: key }).onConflictDoNothing(),
      ),
    );
    for (let i = 0; i < inserts.length; i += STATEMENTS_PER_BATCH) {
      const [first, ...rest] = inserts.slice(i, i + STATEMENTS_PER_BATCH);
      if (first) await db.batch([first, ...rest]);
    }
  }

  return {
    /** Replaces the article's tags with `tags` (normalised); an empty list removes them all. */
    async replace(userId: number, articleId: number, tags: Iterable<string>): Promise<void> {
      const rows = normalizeTags(tags).map(({ tag, key }) => ({ articleId, userId, tag, tagKey: key }));
      const clear = db
        .delete(articleTags)
        .where(and(eq(articleTags.userId, userId), eq(articleTags.articleId, articleId)));
      const inserts = rows.map((row) => db.insert(articleTags).values(row).onConflictDoNothing());
      await db.batch([clear, ...inserts]);
    },

    addToMany,

    /** Tags of the given articles, in alphabetical order, by article id (articles without tags are absent). */
    async ofArticles(userId: number, articleIds: readonly number[]): Promise<Map<number, string[]>> {
      const byArticle = new Map<number, string[]>();
      for (let i = 0; i < articleIds.length; i += IDS_PER_QUERY) {
        const slice = articleIds.slice(i, i + IDS_PER_QUERY);
        const rows = await db
          .select({ articleId: articleTags.articleId, tag: articleTags.tag })
          .from(articleTags)
          // The unary + keeps SQLite on the articles' own tags (the primary key's index), not every tag of the
          // user's library (article_tags_user_tag_idx), which it would otherwise choose.
          .where(and(sql`+${articleTags.userId} = ${userId}`, inArray(articleTags.articleId, slice)))
          .orderBy(asc(articleTags.tagKey));
        for (const row of rows) {
          const list = byArticle.get(row.articleId) ?? [];
          list.push(row.tag);
          byArticle.set(row.articleId, list);
        }
      }
      return byArticle;
    },

    /** Every tag of the user's library with how many articles carry it, most used first. */
    async listWithCounts(userId: number): Promise<Array<{ tag: string; count: number }>> {
      const rows = await db
        .select({ key: articleTags.tagKey, tag: articleTags.tag, count: count() })
        .from(articleTags)
        .where(eq(articleTags.userId, userId))
        .groupBy(articleTags.tagKey);
      return rows
        .map((row) => ({ tag: row.tag, count: row.count }))
        .sort((a, b) => b.count - a.count || a.tag.localeCompare(b.tag));
    },
  };
}
export type ArticleTagsRepository = ReturnType<typeof createArticleTagsRepository>;
