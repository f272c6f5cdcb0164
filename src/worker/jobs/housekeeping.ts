import { getConfig } from "../config";
import { createDatabase } from "../db/client";
import { createSessionsRepository } from "../db/repositories/sessions-repository";

/** The daily cron: forget revoked tokens that have expired anyway and login failures outside the window. */
export async function runDailyHousekeeping(env: Env, now = Date.now()): Promise<void> {
  const config = getConfig(env);
  const sessions = createSessionsRepository(createDatabase(env.DB));
  await sessions.pruneExpired(now, now - config.loginThrottle.windowMinutes * 60_000);
}
