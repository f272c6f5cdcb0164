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
