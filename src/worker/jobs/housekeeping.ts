import { getConfig } from "../config";
import { createDatabase } from "../db/client";
import { createSessionsRepository } from "../db/repositories/sessions-repository";
import { createTopicsRepository } from "../db/repositories/topics-repository";
import { refreshAllTopics } from "./topics-scheduler";

/**
 * The daily cron: forget revoked tokens that have expired anyway and login failures outside the window,
 * and re-cluster every library (topics age: recency and read state change even without new articles).
 */
export async function runDailyHousekeeping(env: Env, now = Date.now()): Promise<void> {
  const config = getConfig(env);
  const db = createDatabase(env.DB);
  await createSessionsRepository(db).pruneExpired(now, now - config.loginThrottle.windowMinutes * 60_000);
  await refreshAllTopics(env, await createTopicsRepository(db).usersWithCompletedArticles(), now);
}
