import { createDatabase } from "../db/client";
import { createIngestBacklogRepository } from "../db/repositories/ingest-backlog-repository";
import { shardOfUser } from "../db/shards";
import type { ArticleProcessingParams } from "../workflows/article-processing-params";
import { isDuplicateInstance } from "../workflows/instance-errors";
import { ingestMessageSchema, workflowInstanceId } from "./ingest-message";

/**
 * How long a consumer invocation waits for the Workflows it started. Waiting is the backpressure: the
 * queue hands out one batch per consumer invocation, so at most batch size × consumer concurrency
 * articles are processed at once, instead of every saved article in parallel (500 pages parsed at once
 * exhaust an isolate's memory). Past this the consumer moves on and the Workflows finish on their own.
 */
export const MAX_WAIT_FOR_WORKFLOWS_MS = 5 * 60_000;
/**
 * When to look at the Workflows' status again, in milliseconds after the last look: soon at first, then every
 * 3 s. Waiting for the slowest of a batch at a fixed 3 s added up to 3 s to every batch: a 10-article batch of
 * a 10,000-link import whose articles take a second each spent most of its time waiting for the next look
 * (about 120 articles a minute on this machine's local Worker). Every 500 ms throughout was 20 status calls a
 * second per full batch, times the consumers, for nothing: an article takes seconds to minutes.
 */
export const WORKFLOW_POLL_SCHEDULE_MS = [500, 1_000, 1_500, 3_000];
const FINISHED = new Set(["complete", "errored", "terminated"]);

/**
 * Starts one ArticleProcessingWorkflow per message: for a message with a lane, the next article of the backlog in
 * fair order (ingest-message), for one without, its own article. A message that does not parse is forwarded to
 * the dead-letter queue at once (retrying cannot fix it) and acknowledged, so it never crashes the batch. A
 * message that finds the backlog empty (its article was taken by an earlier turn) is acknowledged. Messages are
 * acknowledged as soon as their Workflow exists; then the batch waits for those Workflows.
 */
export async function handleIngestBatch(
  batch: Pick<MessageBatch<unknown>, "messages">,
  env: Env,
  options: { maxWaitMs?: number } = {},
): Promise<void> {
  // The backlog is per shard: a turn is taken on the shard of the user whose article sent it (one turn is sent per
  // article added to a shard's backlog, so every shard gets as many turns as it has articles waiting).
  const backlogOf = async (userId: number) =>
    createIngestBacklogRepository(createDatabase((await shardOfUser(env, userId)).d1));
  const started: WorkflowInstance[] = [];
  for (const message of batch.messages) {
    const parsed = ingestMessageSchema.safeParse(message.body);
    if (!parsed.success) {
      await env.INGEST_DLQ.send({ body: message.body, error: parsed.error.issues[0]?.message ?? "invalid message" });
      message.ack();
      continue;
    }
    const turn = parsed.data;
    let backlog: Awaited<ReturnType<typeof backlogOf>> | undefined;
    try {
      backlog = await backlogOf(turn.userId);
      const article = turn.lane === undefined ? turn : await backlog.claimNext(turn.requestId, Date.now());
      if (!article) {
        message.ack();
        continue;
      }
      const { userId, articleId, reason } = article;
      const instance = await startArticleWorkflow(env, workflowInstanceId(article), { userId, articleId, reason });
      // Delivered again before this, the message finds its claim and the Workflow (same id) already there.
      if (turn.lane !== undefined) await backlog.finish(articleId, turn.requestId);
      if (instance) started.push(instance);
      message.ack();
    } catch (error) {
      console.error("Could not start article workflow", turn.articleId, error);
      if (turn.lane !== undefined && backlog) {
        await backlog.unclaim(turn.requestId).catch((unclaimError) => console.error("Could not unclaim", unclaimError));
      }
      message.retry({ delaySeconds: 5 });
    }
  }
  await waitUntilFinished(started, options.maxWaitMs ?? MAX_WAIT_FOR_WORKFLOWS_MS);
}

/** Starts an article's processing Workflow; null when an instance of that id exists already (a re-delivery). */
export async function startArticleWorkflow(
  env: Env,
  id: string,
  params: ArticleProcessingParams,
): Promise<WorkflowInstance | null> {
  try {
    return await env.ARTICLE_WORKFLOW.create({ id, params });
  } catch (error) {
    if (isDuplicateInstance(error)) return null;
    throw error;
  }
}

/** Resolves once every instance has finished (complete, errored, terminated) or `maxWaitMs` has passed. */
async function waitUntilFinished(instances: WorkflowInstance[], maxWaitMs: number): Promise<void> {
  const deadline = Date.now() + maxWaitMs;
  let open = instances;
  for (let look = 0; open.length > 0 && Date.now() < deadline; look += 1) {
    const pause = WORKFLOW_POLL_SCHEDULE_MS[Math.min(look, WORKFLOW_POLL_SCHEDULE_MS.length - 1)] ?? 3_000;
    await new Promise((resolve) => setTimeout(resolve, Math.min(pause, deadline - Date.now())));
    if (Date.now() >= deadline) break;
    const statuses = await Promise.all(open.map((instance) => instance.status().catch(() => ({ status: "errored" }))));
    open = open.filter((_, i) => !FINISHED.has(statuses[i]?.status ?? "errored"));
  }
}
