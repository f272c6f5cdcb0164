import { eq } from "drizzle-orm";
import type { Database } from "../client";
import { feedItemExtracts } from "../schema";

export type FeedItemExtractRecord = typeof feedItemExtracts.$inferSelect;

// The article extracted for a feed item, shared by the feed's readers like the item itself. Callers reach an item only
// through a subscription of the reader's (feed-subscriptions-repository.ts findItem) before reading or writing here.
export function createFeedItemExtractsRepository(db: Database) {
  return {
    async find(itemId: number): Promise<FeedItemExtractRecord | undefined> {
      return db.select().from(feedItemExtracts).where(eq(feedItemExtracts.itemId, itemId)).get();
    },

    /** Keeps the first extract when two readers opened the item at once: both had the same page. */
    async put(row: FeedItemExtractRecord): Promise<void> {
      await db.insert(feedItemExtracts).values(row).onConflictDoNothing();
    },
  };
}
export type FeedItemExtractsRepository = ReturnType<typeof createFeedItemExtractsRepository>;
