import { z } from "zod";

/**
 * The message put on FEED_QUEUE for one poll of one feed. Only the id: the consumer reads the feed's address and
 * validators from D1 when it runs, so a message queued before a redirect or a merge still polls the right thing
 * (or nothing, when the feed is gone).
 */
export const feedPollMessageSchema = z.object({
  feedId: z.number().int().positive(),
  /** The shard whose feed it is (each shard has its own feeds); none: `DB`, as in messages from before sharding. */
  shard: z.string().default("DB"),
});
export type FeedPollMessage = z.input<typeof feedPollMessageSchema>;
