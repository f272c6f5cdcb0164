import type { BacklogEntry, IngestBacklogRepository } from "../db/repositories/ingest-backlog-repository";
import type { IngestLane } from "../db/schema";
import type { IngestMessage } from "./ingest-message";

/** Queues allow at most 100 messages per sendBatch. */
const QUEUE_BATCH_LIMIT = 100;

/** An article to process: whose, which, and why. */
export type ArticleToProcess = Omit<BacklogEntry, "requestId">;

/**
 * Queues articles for processing. `single` (the default) is a save of one article or a re-fetch: it is
 * processed before any waiting bulk article. `bulk` is one of several saved at once: users' bulk articles take
 * turns, one article each, behind every single save. `newRun`: the article must get a Workflow of its own even if
 * it is still in the backlog under a request id an earlier turn may have used (a re-fetch, a recovery).
 */
export type EnqueueIngest = (
  articles: ArticleToProcess[],
  options?: { lane?: IngestLane; newRun?: boolean },
) => Promise<void>;

/**
 * Adds the articles to the backlog, then sends one message per article to INGEST_QUEUE (each is a turn at
 * processing: see ingest-message). If the queue refuses, the articles leave the backlog again and the error
 * goes to the caller, which marks them failed; no article waits for a turn that was never sent.
 */
export function createIngestProducer(
  queue: Queue,
  backlog: IngestBacklogRepository,
  now: () => number = Date.now,
): EnqueueIngest {
  return async (articles, { lane = "single", newRun = false } = {}) => {
    const entries = articles.map((article) => ({ ...article, requestId: crypto.randomUUID() }));
    await backlog.add(entries, lane, now(), { newRun });
    try {
      for (let i = 0; i < entries.length; i += QUEUE_BATCH_LIMIT) {
        const slice = entries.slice(i, i + QUEUE_BATCH_LIMIT);
        await queue.sendBatch(slice.map((entry): { body: IngestMessage } => ({ body: { ...entry, lane } })));
      }
    } catch (error) {
      for (const userId of new Set(entries.map((entry) => entry.userId))) {
        const ids = entries.filter((entry) => entry.userId === userId).map((entry) => entry.articleId);
        await backlog.remove(userId, ids).catch((removeError) => console.error("Could not unqueue", removeError));
      }
      throw error;
    }
  };
}
