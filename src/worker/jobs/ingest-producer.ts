import type { IngestMessage } from "./ingest-message";

/** Queues allow at most 100 messages per sendBatch. */
const QUEUE_BATCH_LIMIT = 100;

export type EnqueueIngest = (messages: Omit<IngestMessage, "requestId">[]) => Promise<void>;

/** Puts one processing job per article on INGEST_QUEUE, each with its own request id (see ingest-message). */
export function createIngestProducer(queue: Queue): EnqueueIngest {
  return async (messages) => {
    for (let i = 0; i < messages.length; i += QUEUE_BATCH_LIMIT) {
      const slice = messages.slice(i, i + QUEUE_BATCH_LIMIT);
      await queue.sendBatch(slice.map((message) => ({ body: { ...message, requestId: crypto.randomUUID() } })));
    }
  };
}
