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
 * An article takes seconds to minutes, so a status check every few seconds loses little; every 500 ms it
 * was 20 status calls a second per full batch, times up to max_concurrency consumers, for nothing.
 */
export const WORKFLOW_POLL_MS = 3_000;
const FINISHED = new Set(["complete", "errored", "terminated"]);

/**
 * Starts one ArticleProcessingWorkflow per message. A message that does not parse is forwarded to the
 * dead-letter queue at once (retrying cannot fix it) and acknowledged, so it never crashes the batch.
 * Messages are acknowledged as soon as their Workflow exists; then the batch waits for those Workflows.
 */
export async function handleIngestBatch(
  batch: Pick<MessageBatch<unknown>, "messages">,
  env: Env,
  options: { maxWaitMs?: number } = {},
): Promise<void> {
  const started: WorkflowInstance[] = [];
  for (const message of batch.messages) {
    const parsed = ingestMessageSchema.safeParse(message.body);
    if (!parsed.success) {
      await env.INGEST_DLQ.send({ body: message.body, error: parsed.error.issues[0]?.message ?? "invalid message" });
      message.ack();
      continue;
    }
    const { userId, articleId, reason } = parsed.data;
    try {
      started.push(
        await env.ARTICLE_WORKFLOW.create({
          id: workflowInstanceId(parsed.data),
          params: { userId, articleId, reason },
        }),
      );
      message.ack();
    } catch (error) {
      if (isDuplicateInstance(error)) {
        message.ack();
      } else {
        console.error("Could not start article workflow", articleId, error);
        message.retry({ delaySeconds: 5 });
      }
    }
  }
  await waitUntilFinished(started, options.maxWaitMs ?? MAX_WAIT_FOR_WORKFLOWS_MS);
}

async function waitUntilFinished(instances: WorkflowInstance[], maxWaitMs: number): Promise<void> {
  const deadline = Date.now() + maxWaitMs;
  let open = instances;
  while (open.length > 0 && Date.now() < deadline) {
    const statuses = await Promise.all(open.map((instance) => instance.status().catch(() => ({ status: "errored" }))));
    open = open.filter((_, i) => !FINISHED.has(statuses[i]?.status ?? "errored"));
    if (open.length > 0) await new Promise((resolve) => setTimeout(resolve, WORKFLOW_POLL_MS));
  }
}
