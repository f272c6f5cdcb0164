import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../client";
import { feedSubscriptions, feeds } from "../schema";

// A reader's newsletter sources: feed rows of kind "newsletter" that belong to that reader alone (`user_id`), one per
// sender, with the reader's subscription to it. Every query is scoped to the reader.

export interface NewsletterSource {
  feedId: number;
  subscriptionId: number;
  mutedAt: number | null;
}

/** The internal key of a reader's source for a sender; unique like a web feed's address, never fetched. */
export const newsletterKey = (userId: number, sender: string) => `newsletter:${userId}:${sender}`;

export function createNewslettersRepository(db: Database) {
  return {
    /** The reader's source for this sender, when they have one (a removed source is none). */
    async find(userId: number, sender: string): Promise<NewsletterSource | undefined> {
      return db
        .select({ feedId: feeds.id, subscriptionId: feedSubscriptions.id, mutedAt: feedSubscriptions.mutedAt })
        .from(feeds)
        .innerJoin(feedSubscriptions, and(eq(feedSubscriptions.feedId, feeds.id), eq(feedSubscriptions.userId, userId)))
        .where(and(eq(feeds.userId, userId), eq(feeds.kind, "newsletter"), eq(feeds.sender, sender)))
        .get();
    },

    /**
     * The reader's source for this sender, made on its first mail (and made again after the reader removed it), with
     * the sender's name and unsubscribe targets of its latest mail. Never due for a poll: `next_poll_at` stays null.
     */
    async upsert(
      userId: number,
      sender: string,
      values: { title: string; unsubscribeUrl: string | null; unsubscribeMailto: string | null },
      now: number,
    ): Promise<NewsletterSource> {
      const feed = await db
        .insert(feeds)
        .values({
          url: newsletterKey(userId, sender),
          kind: "newsletter",
          userId,
          sender,
          format: "email",
          nextPollAt: null,
          createdAt: now,
          ...values,
        })
        .onConflictDoUpdate({ target: feeds.url, set: values })
        .returning({ id: feeds.id })
        .get();
      await db
        .insert(feedSubscriptions)
        .values({ userId, feedId: feed.id, title: null, folder: null, createdAt: now })
        .onConflictDoNothing({ target: [feedSubscriptions.userId, feedSubscriptions.feedId] });
      const source = await this.find(userId, sender);
      if (!source) throw new Error("newsletter source vanished after insert");
      return source;
    },

    /** A mail arrived: the source's health reads "updated ... ago" from here, as a polled feed's does. */
    async recordIssue(userId: number, feedId: number, now: number, stored: boolean): Promise<void> {
      await db
        .update(feeds)
        .set({ lastPolledAt: now, ...(stored ? { lastChangedAt: now } : {}) })
        .where(and(eq(feeds.id, feedId), eq(feeds.userId, userId), eq(feeds.kind, "newsletter")));
    },

    /** Mutes (a time) or unmutes (null) one of the reader's newsletter sources; false when it is not one. */
    async setMuted(userId: number, subscriptionId: number, mutedAt: number | null): Promise<boolean> {
      const row = await db
        .update(feedSubscriptions)
        .set({ mutedAt })
        .where(
          and(
            eq(feedSubscriptions.id, subscriptionId),
            eq(feedSubscriptions.userId, userId),
            sql`${feedSubscriptions.feedId} IN (SELECT ${feeds.id} FROM ${feeds} WHERE ${feeds.userId} = ${userId} AND ${feeds.kind} = 'newsletter')`,
          ),
        )
        .returning({ id: feedSubscriptions.id })
        .get();
      return row !== undefined;
    },
  };
}
export type NewslettersRepository = ReturnType<typeof createNewslettersRepository>;
