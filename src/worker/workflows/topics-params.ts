import { z } from "zod";

/** Parameters of one TopicsWorkflow instance (re-clustering of one user's library). */
export const topicsParamsSchema = z.object({
  userId: z.number().int().positive(),
  /** Seconds to wait first, so a burst of finished articles leads to one re-clustering. */
  debounceSeconds: z.number().int().min(0).max(600),
  /** Articles clustered before the rest join (CLUSTER_SAMPLE unless given: tests lower it). */
  sampleSize: z.number().int().min(4).max(5000).optional(),
  /** Articles joined per step (JOIN_BATCH unless given: tests lower it). */
  joinBatch: z.number().int().min(1).max(2000).optional(),
});
export type TopicsParams = z.infer<typeof topicsParamsSchema>;

/** The window of one debounced re-clustering after a save: at most one per user per minute. */
export const SAVE_TOPICS_WINDOW_MS = 60_000;
/**
 * The window after an imported article. A topics run over the newest 1,000 articles takes 11 to 15 s of CPU; a
 * 10,000-link import processes for most of an hour, and one run a minute spent a quarter of that CPU (and, in one
 * local isolate, stalled every request for those seconds) on groupings that were stale a minute later. Once in
 * five minutes keeps the topics growing with the import at a fifth of the cost; the last window's run takes the
 * last articles in.
 */
export const IMPORT_TOPICS_WINDOW_MS = 5 * 60_000;

/**
 * At most one debounced re-clustering per user per window: later requests in the window are the same instance.
 * The window's length is in the id, so the import's and the saves' windows never share an id.
 */
export function debouncedTopicsInstanceId(userId: number, now: number, windowMs = SAVE_TOPICS_WINDOW_MS): string {
  const window = Math.floor(now / windowMs);
  return windowMs === SAVE_TOPICS_WINDOW_MS ? `topics-${userId}-${window}` : `topics-${userId}-w${windowMs}-${window}`;
}

/** One cron run per user per cron event: `scheduledTime` is the event's, the same when the event is retried. */
export function cronTopicsInstanceId(userId: number, scheduledTime: number): string {
  return `topics-${userId}-cron-${scheduledTime}`;
}

/**
 * How long the instance for `now`'s window (a minute unless said) waits: the configured debounce, but never less
 * than until one second after that window ends. Requests later in the same window join this instance (same id),
 * so it must not read the library before the last of them could have been made, or their articles would wait
 * for the next run.
 */
export function debounceUntilWindowEnds(
  configuredSeconds: number,
  now: number,
  windowMs = SAVE_TOPICS_WINDOW_MS,
): number {
  const secondsLeftInWindow = Math.ceil((windowMs - (now % windowMs)) / 1000);
  return Math.min(600, Math.max(configuredSeconds, secondsLeftInWindow + 1));
}
