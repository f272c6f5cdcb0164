import { z } from "zod";

/**
 * The message put on FEED_QUEUE for one poll of one feed. Only the id: the consumer reads the feed's address and
 * validators from D1 when it runs, so a message queued before a redirect or a merge still polls the right thing
 * (or nothing, when the feed is gone).
 */
export const feedPollMessageSchema = z.object({ feedId: z.number().int().positive() });
export type FeedPollMessage = z.infer<typeof feedPollMessageSchema>;
