import { isDuplicateInstance } from "../workflows/instance-errors";
import {
  cronTopicsInstanceId,
  debouncedTopicsInstanceId,
  debounceUntilWindowEnds,
  IMPORT_TOPICS_WINDOW_MS,
  SAVE_TOPICS_WINDOW_MS,
} from "../workflows/topics-params";

/**
 * Asks for the user's topics to be recomputed `debounceSeconds` (TOPICS_DEBOUNCE_SECONDS, 45) from now, and
 * not before the current minute is over (five minutes for an imported article). Every request in the same
 * window maps to the same Workflow instance id, so a bulk save of 200 articles re-clusters a handful of times,
 * not 200, and every article is in one.
 */
export async function requestTopicsRefresh(
  workflow: Workflow,
  userId: number,
  debounceSeconds: number,
  now = Date.now(),
  { imported = false }: { imported?: boolean } = {},
): Promise<void> {
  const windowMs = imported ? IMPORT_TOPICS_WINDOW_MS : SAVE_TOPICS_WINDOW_MS;
  try {
    await workflow.create({
      id: debouncedTopicsInstanceId(userId, now, windowMs),
      params: { userId, debounceSeconds: debounceUntilWindowEnds(debounceSeconds, now, windowMs) },
    });
  } catch (error) {
    if (!isDuplicateInstance(error)) throw error;
  }
}

/** Instances the daily cron starts at once: many users' runs start quickly without a burst of thousands. */
const DAILY_STARTS_AT_ONCE = 10;

/**
 * The daily cron: every user whose topics are due (see usersNeedingTopics), without debounce. The instance id
 * names the cron event (its scheduled time), so a retried event starts nothing twice, while a later event
 * starts a fresh run even when an earlier one was lost.
 */
export async function refreshDueTopics(env: Env, userIds: number[], scheduledTime: number): Promise<void> {
  const start = async (userId: number) => {
    try {
      await env.TOPICS_WORKFLOW.create({
        id: cronTopicsInstanceId(userId, scheduledTime),
        params: { userId, debounceSeconds: 0 },
      });
    } catch (error) {
      if (!isDuplicateInstance(error)) console.error("Could not start daily topics run", userId, error);
    }
  };
  for (let i = 0; i < userIds.length; i += DAILY_STARTS_AT_ONCE) {
    await Promise.all(userIds.slice(i, i + DAILY_STARTS_AT_ONCE).map(start));
  }
}
