import { getConfig } from "../config";
import { createDatabase } from "../db/client";
import { createFeedsRepository } from "../db/repositories/feeds-repository";
import { createListenRendersRepository } from "../db/repositories/listen-renders-repository";
import { createSessionsRepository } from "../db/repositories/sessions-repository";
import { createTopicsRepository } from "../db/repositories/topics-repository";
import { allShards, centralD1 } from "../db/shards";
import { DEFAULT_UNSAVED_ITEM_DAYS, MIN_UNSAVED_ITEM_DAYS } from "../domain/feeds/item-expiry";
import { LISTEN_WINDOW_MS } from "../domain/listening/render-allowance";
import { refreshDueTopics } from "./topics-scheduler";

/**
 * A library clustered less than this long ago is left alone by the cron unless it has new articles. Below a
 * day, so a library clustered by yesterday's cron (at the same hour) is always due again.
 */
const TOPICS_FRESH_FOR_MS = 20 * 3_600_000;

/**
 * The daily cron: forget revoked tokens that have expired anyway, login failures outside the window, Listen's
 * renders older than 24 hours, feed items past every reader's period (30 days unless set) that nobody saved and
 * feeds nobody follows, and re-cluster the libraries that are due: new articles, or last clustered before
 * TOPICS_FRESH_FOR_MS (topics age: recency and read state change even without new articles).
 */
export async function runDailyHousekeeping(env: Env, now = Date.now()): Promise<void> {
  const config = getConfig(env);
  const central = createDatabase(centralD1(env));
  await createSessionsRepository(central).pruneExpired(now, now - config.loginThrottle.windowMinutes * 60_000);
  // The rest is the libraries' (and each shard's own feeds): shard after shard, one failing not stopping the others.
  for (const shard of allShards(env)) {
    try {
      const db = createDatabase(shard.d1);
      await createListenRendersRepository(db).pruneBefore(now - LISTEN_WINDOW_MS);
      const feeds = createFeedsRepository(db);
      await feeds.deleteExpiredItems(now, DEFAULT_UNSAVED_ITEM_DAYS, MIN_UNSAVED_ITEM_DAYS);
      await feeds.deleteUnfollowed();
      const due = await createTopicsRepository(db).usersNeedingTopics(now - TOPICS_FRESH_FOR_MS);
      await refreshDueTopics(env, due, now);
    } catch (error) {
      console.error("Housekeeping failed", shard.name, error);
    }
  }
}
