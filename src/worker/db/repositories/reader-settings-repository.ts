import { eq, sql } from "drizzle-orm";
import type { Database } from "../client";
import { readerSettings } from "../schema";

export interface StoredReaderSettings {
  /** The JSON document as stored; domain/reader-settings reads it back. */
  settings: string;
  updatedAt: number;
}

export function createReaderSettingsRepository(db: Database) {
  return {
    async find(userId: number): Promise<StoredReaderSettings | undefined> {
      return db
        .select({ settings: readerSettings.settings, updatedAt: readerSettings.updatedAt })
        .from(readerSettings)
        .where(eq(readerSettings.userId, userId))
        .get();
    },

    /**
     * Stores the settings unless the stored ones were made later (a device sending a change it made offline, after
     * another device's newer one): one statement, so two devices writing at once cannot both win.
     */
    async saveIfNewer(userId: number, settings: string, updatedAt: number): Promise<void> {
      await db
        .insert(readerSettings)
        .values({ userId, settings, updatedAt })
        .onConflictDoUpdate({
          target: readerSettings.userId,
          set: { settings, updatedAt },
          setWhere: sql`excluded.updated_at >= ${readerSettings.updatedAt}`,
        });
    },
  };
}
export type ReaderSettingsRepository = ReturnType<typeof createReaderSettingsRepository>;
