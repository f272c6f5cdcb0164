import { and, asc, desc, eq, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import type { Database } from "../client";
import { feedItemStates, feedItems, feedSubscriptions, feeds } from "../schema";

// A reader's subscriptions and what they see of their feeds' items. Every query here is scoped to the user: an item
// is reached only through a subscription of theirs, so another reader's subscription, state or saved article is
// never visible.

export interface SubscriptionRecord {
  id: number;
  feedId: number;
  title: string | null;
  folder: string | null;
  mutedAt: number | null;
  createdAt: number;
  kind: "web" | "newsletter";
  sender: string | null;
  unsubscribeUrl: string | null;
  unsubscribeMailto: string | null;
  feedTitle: string | null;
  url: string;
  siteUrl: string | null;
  iconUrl: string | null;
  status: "active" | "gone";
  lastPolledAt: number | null;
  lastChangedAt: number | null;
  errorSince: number | null;
  lastError: string | null;
  omittedItems: number;
  itemCount: number;
  unseenCount: number;
}

export interface ItemFilter {
  subscriptionId?: number;
  folder?: string;
  /** "unseen" (no seen date), "seen", or both. */
  state: "unseen" | "seen" | "all";
  /** Only items first seen at or after this, or saved by the reader: their expiry period (epoch ms). */
  keptSince?: number;
}

/** Where a page of items starts: after this (sort date, id), newest first. */
export interface ItemCursor {
  sortAt: number;
  id: number;
}

export interface FeedItemRecord {
  id: number;
  subscriptionId: number;
  source: string;
  url: string | null;
  title: string;
  author: string | null;
  summary: string;
  hasContent: boolean;
  publishedAt: number | null;
  firstSeenAt: number;
  sortAt: number;
  seenAt: number | null;
  articleId: number | null;
}

const subscriptionColumns = {
  id: feedSubscriptions.id,
  feedId: feedSubscriptions.feedId,
  title: feedSubscriptions.title,
  folder: feedSubscriptions.folder,
  mutedAt: feedSubscriptions.mutedAt,
  createdAt: feedSubscriptions.createdAt,
  kind: feeds.kind,
  sender: feeds.sender,
  unsubscribeUrl: feeds.unsubscribeUrl,
  unsubscribeMailto: feeds.unsubscribeMailto,
  feedTitle: feeds.title,
  url: feeds.url,
  siteUrl: feeds.siteUrl,
  iconUrl: feeds.iconUrl,
  status: feeds.status,
  lastPolledAt: feeds.lastPolledAt,
  lastChangedAt: feeds.lastChangedAt,
  errorSince: feeds.errorSince,
  lastError: feeds.lastError,
  omittedItems: feeds.omittedItems,
};

export function createFeedSubscriptionsRepository(db: Database) {
  const itemCount = sql<number>`(SELECT count(*) FROM ${feedItems} WHERE ${feedItems.feedId} = ${feeds.id})`;
  // Unseen and still within the reader's period (an unseen item is never a saved one: saving marks it seen).
  const unseenCount = (userId: number, keptSince: number) => sql<number>`(
    SELECT count(*) FROM ${feedItems} i LEFT JOIN ${feedItemStates} st ON st.item_id = i.id AND st.user_id = ${userId}
    WHERE i.feed_id = ${feeds.id} AND st.seen_at IS NULL AND i.first_seen_at >= ${keptSince})`;

  const itemColumns = {
    id: feedItems.id,
    subscriptionId: feedSubscriptions.id,
    source: sql<string>`coalesce(${feedSubscriptions.title}, ${feeds.title}, ${feeds.url})`,
    url: feedItems.url,
    title: feedItems.title,
    author: feedItems.author,
    summary: feedItems.summary,
    hasContent: sql<boolean>`${feedItems.contentHtml} IS NOT NULL`.mapWith(Boolean),
    publishedAt: feedItems.publishedAt,
    firstSeenAt: feedItems.firstSeenAt,
    sortAt: feedItems.sortAt,
    seenAt: feedItemStates.seenAt,
    articleId: feedItemStates.articleId,
  };

  // An item is the user's only through their subscription to its feed; its state row is theirs alone.
  const subscribed = (userId: number) =>
    and(eq(feedSubscriptions.feedId, feedItems.feedId), eq(feedSubscriptions.userId, userId));
  const ownState = (userId: number) => and(eq(feedItemStates.itemId, feedItems.id), eq(feedItemStates.userId, userId));

  function filterConditions(filter: ItemFilter): SQL[] {
    const conditions: SQL[] = [];
    if (filter.subscriptionId !== undefined) conditions.push(eq(feedSubscriptions.id, filter.subscriptionId));
    if (filter.folder !== undefined) conditions.push(eq(feedSubscriptions.folder, filter.folder));
    if (filter.state === "unseen") conditions.push(isNull(feedItemStates.seenAt));
    if (filter.state === "seen") conditions.push(isNotNull(feedItemStates.seenAt));
    if (filter.keptSince !== undefined) {
      conditions.push(
        sql`(${feedItems.firstSeenAt} >= ${filter.keptSince} OR ${feedItemStates.articleId} IS NOT NULL)`,
      );
    }
    return conditions;
  }

  return {
    async list(userId: number, keptSince: number): Promise<SubscriptionRecord[]> {
      return db
        .select({ ...subscriptionColumns, itemCount, unseenCount: unseenCount(userId, keptSince) })
        .from(feedSubscriptions)
        .innerJoin(feeds, eq(feeds.id, feedSubscriptions.feedId))
        .where(eq(feedSubscriptions.userId, userId))
        .orderBy(asc(sql`lower(coalesce(${feedSubscriptions.title}, ${feeds.title}, ${feeds.url}))`));
    },

    async find(userId: number, id: number, keptSince = 0): Promise<SubscriptionRecord | undefined> {
      return db
        .select({ ...subscriptionColumns, itemCount, unseenCount: unseenCount(userId, keptSince) })
        .from(feedSubscriptions)
        .innerJoin(feeds, eq(feeds.id, feedSubscriptions.feedId))
        .where(and(eq(feedSubscriptions.userId, userId), eq(feedSubscriptions.id, id)))
        .get();
    },

    async findByFeed(userId: number, feedId: number): Promise<{ id: number } | undefined> {
      return db
        .select({ id: feedSubscriptions.id })
        .from(feedSubscriptions)
        .where(and(eq(feedSubscriptions.userId, userId), eq(feedSubscriptions.feedId, feedId)))
        .get();
    },

    /** Subscribes; answers the new subscription's id, or null when the user already follows the feed. */
    async insert(
      userId: number,
      feedId: number,
      values: { title: string | null; folder: string | null },
      now: number,
    ): Promise<number | null> {
      const row = await db
        .insert(feedSubscriptions)
        .values({ userId, feedId, title: values.title, folder: values.folder, createdAt: now })
        .onConflictDoNothing({ target: [feedSubscriptions.userId, feedSubscriptions.feedId] })
        .returning({ id: feedSubscriptions.id })
        .get();
      return row?.id ?? null;
    },

    async update(
      userId: number,
      id: number,
      values: { title?: string | null; folder?: string | null },
    ): Promise<boolean> {
      const row = await db
        .update(feedSubscriptions)
        .set(values)
        .where(and(eq(feedSubscriptions.userId, userId), eq(feedSubscriptions.id, id)))
        .returning({ id: feedSubscriptions.id })
        .get();
      return row !== undefined;
    },

    /** Unsubscribes; the user's seen/saved states of the feed's items go too (their saved articles stay). */
    async delete(userId: number, id: number): Promise<boolean> {
      const row = await db
        .delete(feedSubscriptions)
        .where(and(eq(feedSubscriptions.userId, userId), eq(feedSubscriptions.id, id)))
        .returning({ feedId: feedSubscriptions.feedId })
        .get();
      if (!row) return false;
      await db.run(sql`DELETE FROM ${feedItemStates} WHERE user_id = ${userId}
        AND item_id IN (SELECT id FROM ${feedItems} WHERE feed_id = ${row.feedId})`);
      return true;
    },

    async listItems(userId: number, filter: ItemFilter, cursor: ItemCursor | null, limit: number) {
      const conditions = filterConditions(filter);
      if (cursor) {
        conditions.push(
          sql`(${feedItems.sortAt} < ${cursor.sortAt} OR (${feedItems.sortAt} = ${cursor.sortAt} AND ${feedItems.id} < ${cursor.id}))`,
        );
      }
      return db
        .select(itemColumns)
        .from(feedItems)
        .innerJoin(feedSubscriptions, subscribed(userId))
        .innerJoin(feeds, eq(feeds.id, feedItems.feedId))
        .leftJoin(feedItemStates, ownState(userId))
        .where(and(...conditions))
        .orderBy(desc(feedItems.sortAt), desc(feedItems.id))
        .limit(limit);
    },

    async findItem(
      userId: number,
      itemId: number,
    ): Promise<
      (FeedItemRecord & { contentHtml: string | null; itemKey: string; sourceKind: "web" | "newsletter" }) | undefined
    > {
      return db
        .select({
          ...itemColumns,
          contentHtml: feedItems.contentHtml,
          itemKey: feedItems.itemKey,
          sourceKind: feeds.kind,
        })
        .from(feedItems)
        .innerJoin(feedSubscriptions, subscribed(userId))
        .innerJoin(feeds, eq(feeds.id, feedItems.feedId))
        .leftJoin(feedItemStates, ownState(userId))
        .where(eq(feedItems.id, itemId))
        .get();
    },

    /** Marks one item (which the caller has found among the user's) seen at `seenAt`, or unseen with null. */
    async setSeen(userId: number, itemId: number, seenAt: number | null): Promise<void> {
      await db
        .insert(feedItemStates)
        .values({ userId, itemId, seenAt })
        .onConflictDoUpdate({ target: [feedItemStates.userId, feedItemStates.itemId], set: { seenAt } });
    },

    async setArticle(userId: number, itemId: number, articleId: number, now: number): Promise<void> {
      await db
        .insert(feedItemStates)
        .values({ userId, itemId, seenAt: now, articleId })
        .onConflictDoUpdate({
          target: [feedItemStates.userId, feedItemStates.itemId],
          set: { articleId, seenAt: sql`coalesce(${feedItemStates.seenAt}, ${now})` },
        });
    },

    /**
     * Marks seen every unseen item of the filter from the top of the Feed (newest first) down to `upTo`, that one
     * included: "mark all as seen up to here" after reading down the list. One INSERT ... SELECT.
     */
    async markSeenUpTo(userId: number, filter: ItemFilter, upTo: ItemCursor, now: number): Promise<number> {
      const conditions = [
        ...filterConditions({ ...filter, state: "unseen" }),
        sql`(${feedItems.sortAt} > ${upTo.sortAt} OR (${feedItems.sortAt} = ${upTo.sortAt} AND ${feedItems.id} >= ${upTo.id}))`,
      ];
      const ids = db
        .select({ itemId: sql<number>`${feedItems.id}`.as("item_id") })
        .from(feedItems)
        .innerJoin(feedSubscriptions, subscribed(userId))
        .leftJoin(feedItemStates, ownState(userId))
        .where(and(...conditions));
      // "WHERE true": SQLite needs it to read ON CONFLICT after INSERT ... SELECT as the upsert clause.
      const result = await db.run(sql`INSERT INTO ${feedItemStates} (user_id, item_id, seen_at)
        SELECT ${userId}, q.item_id, ${now} FROM (${ids}) q WHERE true
        ON CONFLICT (user_id, item_id) DO UPDATE SET seen_at = excluded.seen_at WHERE seen_at IS NULL`);
      return result.meta.changes ?? 0;
    },
  };
}
export type FeedSubscriptionsRepository = ReturnType<typeof createFeedSubscriptionsRepository>;
