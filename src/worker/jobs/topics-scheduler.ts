import { debouncedTopicsInstanceId } from "../workflows/topics-params";

function isDuplicateInstance(error: unknown): boolean {
  return error instanceof Error && /already exists|duplicate/i.test(error.message);
}

/**
 * Asks for the user's topics to be recomputed `debounceSeconds` (TOPICS_DEBOUNCE_SECONDS, 45) from now. Every
 * request in the same minute maps to the same Workflow instance id, so a bulk save of 200 articles
 * re-clusters a handful of times, not 200.
 */
export async function requestTopicsRefresh(
  workflow: Workflow,
  userId: number,
  debounceSeconds: number,
  now = Date.now(),
): Promise<void> {
  try {
    await workflow.create({ id: debouncedTopicsInstanceId(userId, now), params: { userId, debounceSeconds } });
  } catch (error) {
    if (!isDuplicateInstance(error)) throw error;
  }
}

/** The daily cron: every user with processed articles, without debounce, one instance per user and day. */
export async function refreshAllTopics(env: Env, userIds: number[], now = Date.now()): Promise<void> {
  const day = new Date(now).toISOString().slice(0, 10);
  for (const userId of userIds) {
    try {
      await env.TOPICS_WORKFLOW.create({ id: `topics-${userId}-daily-${day}`, params: { userId, debounceSeconds: 0 } });
    } catch (error) {
      if (!isDuplicateInstance(error)) console.error("Could not start daily topics run", userId, error);
    }
  }
}
