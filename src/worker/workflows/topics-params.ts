import { z } from "zod";

/** Parameters of one TopicsWorkflow instance (re-clustering of one user's library). */
export const topicsParamsSchema = z.object({
  userId: z.number().int().positive(),
  /** Seconds to wait first, so a burst of finished articles leads to one re-clustering. */
  debounceSeconds: z.number().int().min(0).max(600),
});
export type TopicsParams = z.infer<typeof topicsParamsSchema>;

/** At most one debounced re-clustering per user per minute: later requests in the minute are the same instance. */
export function debouncedTopicsInstanceId(userId: number, now: number): string {
  return `topics-${userId}-${Math.floor(now / 60_000)}`;
}

/** One cron run per user per cron event: `scheduledTime` is the event's, the same when the event is retried. */
export function cronTopicsInstanceId(userId: number, scheduledTime: number): string {
  return `topics-${userId}-cron-${scheduledTime}`;
}

/**
 * How long the instance for `now`'s minute waits: the configured debounce, but never less than until one second
 * after that minute ends. Requests later in the same minute join this instance (same id), so it must not read
 * the library before the last of them could have been made, or their articles would wait for the next run.
 */
export function debounceUntilMinuteEnds(configuredSeconds: number, now: number): number {
  const secondsLeftInMinute = Math.ceil((60_000 - (now % 60_000)) / 1000);
  return Math.min(600, Math.max(configuredSeconds, secondsLeftInMinute + 1));
}
