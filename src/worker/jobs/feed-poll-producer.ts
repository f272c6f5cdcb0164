import type { FeedPollMessage } from "./feed-poll-message";

/** Queues allow at most 100 messages per sendBatch. */
const QUEUE_BATCH_LIMIT = 100;

/**
 * Sends one poll message per feed, each delayed by a share of `spreadSeconds`, so a thousand due feeds arrive at
 * their sites over minutes rather than in one burst (and the consumer's concurrency is not all spent at once). `shard`:
 * the shard the feeds are on (each shard has its own).
 */
export function createFeedPollProducer(queue: Queue<FeedPollMessage>, shard: string) {
  return async (feedIds: number[], spreadSeconds = 0): Promise<void> => {
    for (let start = 0; start < feedIds.length; start += QUEUE_BATCH_LIMIT) {
      const chunk = feedIds.slice(start, start + QUEUE_BATCH_LIMIT);
      await queue.sendBatch(
        chunk.map((feedId, i) => ({
          body: { feedId, shard },
          delaySeconds: feedIds.length > 1 ? Math.floor((spreadSeconds * (start + i)) / feedIds.length) : 0,
        })),
      );
    }
  };
}
export type FeedPollProducer = ReturnType<typeof createFeedPollProducer>;
