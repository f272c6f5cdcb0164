import { getConfig } from "../config";
import { createDatabase } from "../db/client";
import { createSessionsRepository } from "../db/repositories/sessions-repository";
import { createTopicsRepository } from "../db/repositories/topics-repository";
import { refreshDueTopics } from "./topics-scheduler";

/**
 * A library clustered less than this long ago is left alone by the cron unless it has new articles. Below a
 * day, so a library clustered by yesterday's cron (at the same hour) is always due again.
 */
const TOPICS_FRESH_FOR_MS = 20 * 3_600_000;

/**
 * The daily cron: forget revoked tokens that have expired anyway and login failures outside the window,
 * and re-cluster the libraries that are due: new articles, or last clustered before TOPICS_FRESH_FOR_MS
 * (topics age: recency and read state change even without new articles).
 */
export async function runDailyHousekeeping(env: Env, now = Date.now()): Promise<void> {
  const config = getConfig(env);
  const db = createDatabase(env.DB);
  await createSessionsRepository(db).pruneExpired(now, now - config.loginThrottle.windowMinutes * 60_000);
  await refreshDueTopics(env, await createTopicsRepository(db).usersNeedingTopics(now - TOPICS_FRESH_FOR_MS), now);
}
