import { createServices } from "../context";
import type { ProcessingPlan } from "../services/import-service";
import { type ImportProcessMessage, importMessageSchema } from "./import-message";
import {
  handleIngestBatch,
  MAX_WAIT_FOR_WORKFLOWS_MS,
  startArticleWorkflow,
  waitUntilFinished,
} from "./ingest-consumer";

/** Deliveries of a rows message before its rows are given up and counted as failed (wrangler max_retries + 1). */
const MAX_ROWS_ATTEMPTS = 3;
/**
 * Imported articles processed at once by a batch, shared among the imports in it. With the queue's single
 * consumer (wrangler.toml) this bounds imports as a whole, and interactive saves keep INGEST_QUEUE to themselves.
 */
export const MAX_IMPORTED_AT_ONCE = 10;

/**
 * IMPORT_QUEUE's consumer. Rows messages are stored (a chunk of a file becomes pending articles); then each
 * import's `process-import` message starts the same processing Workflow as a save for its next few articles,
 * the batch waits for those Workflows, and the message sends its successor to the back of the queue.
 */
export async function handleImportBatch(
  batch: MessageBatch<unknown>,
  env: Env,
  options: { maxWaitMs?: number } = {},
): Promise<void> {
  const services = createServices(env);
  const processing: { message: Message<unknown>; body: ImportProcessMessage }[] = [];
  const singleArticles: Message<unknown>[] = [];
  for (const message of batch.messages) {
    const parsed = importMessageSchema.safeParse(message.body);
    if (!parsed.success) {
      await env.INGEST_DLQ.send({ body: message.body, error: parsed.error.issues[0]?.message ?? "invalid message" });
      message.ack();
      continue;
    }
    if (parsed.data.kind === "process-import") {
      processing.push({ message, body: parsed.data });
      continue;
    }
    if (parsed.data.kind === "process") {
      singleArticles.push(message);
      continue;
    }
    const rows = parsed.data;
    try {
      await services.imports.storeRows(rows);
      message.ack();
    } catch (error) {
      console.error("Could not store import rows", rows.importId, error);
      if (message.attempts >= MAX_ROWS_ATTEMPTS) {
        // Nothing is dropped silently: the rows show up in the import's failed count.
        await services.importsRepository
          .addCounts(rows.userId, rows.importId, { imported: 0, duplicates: 0, failed: rows.rows.length }, Date.now())
          .catch((countError) => console.error("Could not count failed import rows", countError));
        message.ack();
      } else {
        message.retry({ delaySeconds: 5 });
      }
    }
  }
  if (processing.length > 0) await processImports(processing, env, options.maxWaitMs ?? MAX_WAIT_FOR_WORKFLOWS_MS);
  if (singleArticles.length > 0) await handleIngestBatch({ messages: singleArticles }, env, options);
}

/**
 * The next articles of each import in the batch, MAX_IMPORTED_AT_ONCE shared among them, processed together;
 * then each import's next message goes to the back of the queue, so imports take turns.
 */
async function processImports(
  processing: { message: Message<unknown>; body: ImportProcessMessage }[],
  env: Env,
  maxWaitMs: number,
): Promise<void> {
  const services = createServices(env);
  const share = Math.max(1, Math.floor(MAX_IMPORTED_AT_ONCE / processing.length));
  const plans: { message: Message<unknown>; body: ImportProcessMessage; plan: ProcessingPlan }[] = [];
  const started: WorkflowInstance[] = [];
  for (const { message, body } of processing) {
    try {
      const plan = await services.imports.nextProcessing(body, share);
      if (plan.kind === "process") {
        for (const articleId of plan.articleIds) {
          // One instance per imported article and import: a re-delivered message starts nothing twice.
          const instance = await startArticleWorkflow(env, `article-${articleId}-import-${body.importId}`, {
            userId: body.userId,
            articleId,
            reason: "imported",
          });
          if (instance) started.push(instance);
        }
      }
      plans.push({ message, body, plan });
    } catch (error) {
      console.error("Could not process import articles", body.importId, error);
      message.retry({ delaySeconds: 5 });
    }
  }
  await waitUntilFinished(started, maxWaitMs);
  for (const { message, body, plan } of plans) {
    try {
      await services.imports.continueProcessing(body, plan);
      message.ack();
    } catch (error) {
      // Delivered again, the message finds its articles started (same instance ids) and moves on.
      console.error("Could not queue the next import articles", body.importId, error);
      message.retry({ delaySeconds: 5 });
    }
  }
}
