import { eq } from "drizzle-orm";
import type { Database } from "../client";
import { feedSettings } from "../schema";

/** A reader's Feed settings; every query is theirs. */
export function createFeedSettingsRepository(db: Database) {
  return {
    async get(userId: number): Promise<{ unsavedItemDays: number; updatedAt: number } | undefined> {
      return db
        .select({ unsavedItemDays: feedSettings.unsavedItemDays, updatedAt: feedSettings.updatedAt })
        .from(feedSettings)
        .where(eq(feedSettings.userId, userId))
        .get();
    },

    async put(userId: number, unsavedItemDays: number, now: number): Promise<void> {
      await db
        .insert(feedSettings)
        .values({ userId, unsavedItemDays, updatedAt: now })
        .onConflictDoUpdate({ target: feedSettings.userId, set: { unsavedItemDays, updatedAt: now } });
    },
  };
}
export type FeedSettingsRepository = ReturnType<typeof createFeedSettingsRepository>;
