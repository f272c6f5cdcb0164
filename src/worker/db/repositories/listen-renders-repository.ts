import { and, asc, eq, gt, lt, sql } from "drizzle-orm";
import type { Database } from "../client";
import { listenRenders } from "../schema";

/** Listen (issue 36): the cloud voice's renders per user, behind the daily character limit. */
export function createListenRendersRepository(db: Database) {
  return {
    /**
     * Records a render of `characters` for the user only if the user's renders since `since` plus these stay within
     * `limit`, in one statement (two concurrent requests cannot both pass on the same total). Returns the row's id,
     * or null when the limit would be passed.
     */
    async reserve(userId: number, characters: number, now: number, since: number, limit: number) {
      const rows = await db.all<{ id: number }>(sql`
        INSERT INTO listen_renders (user_id, characters, created_at)
        SELECT ${userId}, ${characters}, ${now}
        WHERE (SELECT COALESCE(SUM(characters), 0) FROM listen_renders WHERE user_id = ${userId} AND created_at > ${since})
          + ${characters} <= ${limit}
        RETURNING id`);
      return rows[0]?.id ?? null;
    },

    /** A render the model did not make (it failed): it does not count. */
    async release(userId: number, id: number): Promise<void> {
      await db.delete(listenRenders).where(and(eq(listenRenders.id, id), eq(listenRenders.userId, userId)));
    },

    /** The user's renders since `since`, oldest first. */
    async since(userId: number, since: number) {
      return db
        .select({ characters: listenRenders.characters, createdAt: listenRenders.createdAt })
        .from(listenRenders)
        .where(and(eq(listenRenders.userId, userId), gt(listenRenders.createdAt, since)))
        .orderBy(asc(listenRenders.createdAt));
    },

    /** Daily housekeeping: renders older than the window count no more. */
    async pruneBefore(before: number): Promise<void> {
      await db.delete(listenRenders).where(lt(listenRenders.createdAt, before));
    },
  };
}
export type ListenRendersRepository = ReturnType<typeof createListenRendersRepository>;
