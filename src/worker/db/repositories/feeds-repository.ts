import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { FeedItem } from "../../domain/feeds/feed-item";
import { DAY_MS } from "../../domain/feeds/item-expiry";
import type { PollPlan } from "../../domain/feeds/polling-policy";
import type { Database } from "../client";
import { batchRows } from "../raw-batch";
import { feedItemStates, feedItems, feedSettings, feedSubscriptions, feeds } from "../schema";

// The feeds themselves and their items: shared by every reader of a feed, so nothing here is a user's data. What a
// user may see of them is decided by their subscriptions (feed-subscriptions-repository.ts).

export type FeedRecord = typeof feeds.$inferSelect;

/** Rows per insert: D1 binds at most 100 parameters per statement and an item row takes 10. */
const ITEMS_PER_INSERT = 9;

export interface FeedMetadata {
  title: string;
  siteUrl: string | null;
  iconUrl: string | null;
  format: string;
  omittedItems: number;
}

export function createFeedsRepository(db: Database) {
  return {
    async findById(id: number): Promise<FeedRecord | undefined> {
      return db.select().from(feeds).where(eq(feeds.id, id)).get();
    },

    async findByUrl(url: string): Promise<FeedRecord | undefined> {
      return db.select().from(feeds).where(eq(feeds.url, url)).get();
    },

    /** The feed at `url`, created (due now) if no reader follows it yet. */
    async findOrCreate(url: string, title: string | null, siteUrl: string | null, now: number): Promise<FeedRecord> {
      await db
        .insert(feeds)
        .values({ url, title, siteUrl, createdAt: now, nextPollAt: now })
        .onConflictDoNothing({ target: feeds.url });
      const row = await this.findByUrl(url);
      if (!row) throw new Error(`feed ${url} vanished after insert`);
      return row;
    },

    /**
     * Stores the items not stored before (by feed and item key) and answers how many were new. One batch per call:
     * a poll's items arrive together or not at all.
     */
    async storeItems(feedId: number, items: FeedItem[], now: number): Promise<number> {
      const rows = items.map((item, index) => ({
        feedId,
        itemKey: item.key,
        url: item.url,
        title: item.title,
        author: item.author,
        summary: item.summary,
        contentHtml: item.contentHtml,
        publishedAt: item.publishedAt,
        firstSeenAt: now,
        // Undated items keep the feed's order among themselves: the first listed sorts newest.
        sortAt: item.publishedAt ?? now - index,
      }));
      const statements = [];
      for (let i = 0; i < rows.length; i += ITEMS_PER_INSERT) {
        statements.push(
          db
            .insert(feedItems)
            .values(rows.slice(i, i + ITEMS_PER_INSERT))
            .onConflictDoNothing({ target: [feedItems.feedId, feedItems.itemKey] })
            .returning({ id: feedItems.id }),
        );
      }
      const [first, ...rest] = statements;
      if (!first) return 0;
      const results = await db.batch([first, ...rest]);
      return results.reduce((sum, inserted) => sum + inserted.length, 0);
    },

    /** The outcome of a fetch: the plan, and what the feed said about itself and its validators when it answered. */
    async recordPoll(
      id: number,
      plan: PollPlan,
      extra: Partial<FeedMetadata> & { etag?: string | null; lastModified?: string | null },
    ): Promise<void> {
      await db
        .update(feeds)
        .set({
          url: plan.url,
          status: plan.status,
          intervalMinutes: plan.intervalMinutes,
          statedIntervalMinutes: plan.statedIntervalMinutes,
          nextPollAt: plan.nextPollAt,
          queuedUntil: null,
          lastPolledAt: plan.lastPolledAt,
          lastChangedAt: plan.lastChangedAt,
          consecutiveErrors: plan.consecutiveErrors,
          errorSince: plan.errorSince,
          lastError: plan.lastError,
          ...extra,
        })
        .where(eq(feeds.id, id));
    },

    /**
     * A permanent redirect to an address another feed row already has: that row's readers and this one's become
     * one, and this row goes (its items with it; the other feed has its own copies).
     */
    async mergeInto(fromId: number, intoId: number): Promise<void> {
      await batchRows(db, [
        sql`UPDATE OR IGNORE ${feedSubscriptions} SET feed_id = ${intoId} WHERE ${feedSubscriptions.feedId} = ${fromId}`,
        sql`DELETE FROM ${feeds} WHERE ${feeds.id} = ${fromId}`,
      ]);
    },

    /**
     * Claims up to `limit` feeds that are due and followed by someone, oldest due first, and marks them queued until
     * `leaseUntil` (one statement, so two schedulers never claim the same feed). A claim whose message is lost is
     * claimable again once the lease ends.
     */
    async claimDue(now: number, limit: number, leaseUntil: number): Promise<number[]> {
      const due = db
        .select({ id: feeds.id })
        .from(feeds)
        .where(
          and(
            eq(feeds.status, "active"),
            isNotNull(feeds.nextPollAt),
            lte(feeds.nextPollAt, now),
            or(isNull(feeds.queuedUntil), lte(feeds.queuedUntil, now)),
            sql`EXISTS (SELECT 1 FROM ${feedSubscriptions} WHERE ${feedSubscriptions.feedId} = ${feeds.id})`,
          ),
        )
        .orderBy(asc(feeds.nextPollAt))
        .limit(limit);
      const claimed = await db
        .update(feeds)
        .set({ queuedUntil: leaseUntil })
        .where(inArray(feeds.id, due))
        .returning({ id: feeds.id });
      return claimed.map((row) => row.id);
    },

    /**
     * Items past the period of every reader of their feed (each reader's own, `defaultDays` for those who set none) that
     * no reader saved to the Library: removed, with readers' seen states. A saved one stays, so the Feed still shows
     * where a Library article came from. Items younger than the shortest possible period are not looked at.
     */
    async deleteExpiredItems(now: number, defaultDays: number, minDays: number): Promise<number> {
      const deleted = await db
        .delete(feedItems)
        .where(
          and(
            lt(feedItems.firstSeenAt, now - minDays * DAY_MS),
            sql`${feedItems.firstSeenAt} < ${now} - ${DAY_MS} * coalesce((
              SELECT max(coalesce(${feedSettings.unsavedItemDays}, ${defaultDays}))
              FROM ${feedSubscriptions} LEFT JOIN ${feedSettings} ON ${feedSettings.userId} = ${feedSubscriptions.userId}
              WHERE ${feedSubscriptions.feedId} = ${feedItems.feedId}), ${defaultDays})`,
            sql`NOT EXISTS (SELECT 1 FROM ${feedItemStates} WHERE ${feedItemStates.itemId} = ${feedItems.id} AND ${feedItemStates.articleId} IS NOT NULL)`,
          ),
        )
        .returning({ id: feedItems.id });
      return deleted.length;
    },

    /** Feeds nobody follows any more: removed with their items (a later subscriber fetches them afresh). */
    async deleteUnfollowed(): Promise<number> {
      const deleted = await db
        .delete(feeds)
        .where(sql`NOT EXISTS (SELECT 1 FROM ${feedSubscriptions} WHERE ${feedSubscriptions.feedId} = ${feeds.id})`)
        .returning({ id: feeds.id });
      return deleted.length;
    },
  };
}
export type FeedsRepository = ReturnType<typeof createFeedsRepository>;
