import { type Services, servicesForUser } from "../context";
import type { ProcessingPlan } from "../services/import-service";
import { inlineSteps } from "../workflows/inline-steps";
import { processArticle } from "../workflows/process-article";
import { type ImportProcessMessage, importMessageSchema } from "./import-message";
import { handleIngestBatch } from "./ingest-consumer";
import { yieldToInteractive } from "./interactive-work";

/** Deliveries of a rows message before its rows are given up and counted as failed (wrangler max_retries + 1). */
const MAX_ROWS_ATTEMPTS = 3;
/**
 * Imported articles processed at once by a batch, shared among the imports in it. With the queue's single
 * consumer (wrangler.toml) this bounds imports as a whole, and interactive saves keep INGEST_QUEUE to themselves.
 */
export const MAX_IMPORTED_AT_ONCE = 10;

/**
 * How long one delivery of an import's message goes on processing its articles, round after round: at most
 * this many rounds (of up to MAX_IMPORTED_AT_ONCE articles) and this long.
 */
export const ROUNDS_PER_DELIVERY = 5;
export const PROCESSING_SLICE_MS = 20_000;

/**
 * IMPORT_QUEUE's consumer. Rows messages are stored (a chunk of a file becomes pending articles); then each
 * import's `process-import` message processes its next few articles (the same stages as a save's Workflow, run
 * in place: inline-steps), and sends its successor to the back of the queue.
 */
export async function handleImportBatch(
  batch: MessageBatch<unknown>,
  env: Env,
  options: { maxWaitMs?: number } = {},
): Promise<void> {
  const processing: { message: Message<unknown>; body: ImportProcessMessage }[] = [];
  const singleArticles: Message<unknown>[] = [];
  let storedRows = false;
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
    storedRows = true;
    let services: Services | undefined;
    try {
      services = await servicesForUser(env, rows.userId);
      // A chunk of rows is a run of writes to the library's database: a reader's request or save goes first.
      await yieldToInteractive();
      await services.imports.storeRows(rows, { pace: () => yieldToInteractive() });
      message.ack();
    } catch (error) {
      console.error("Could not store import rows", rows.importId, error);
      if (message.attempts >= MAX_ROWS_ATTEMPTS && services) {
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
  if (processing.length > 0) {
    // A batch that stored rows does one round, so the rest of a file's rows are not kept waiting by a slice.
    await processImports(processing, env, {
      rounds: storedRows ? 1 : ROUNDS_PER_DELIVERY,
      sliceMs: PROCESSING_SLICE_MS,
    });
  }
  if (singleArticles.length > 0) await handleIngestBatch({ messages: singleArticles }, env, options);
}

/**
 * The next articles of each import in the batch, MAX_IMPORTED_AT_ONCE shared among them, processed together,
 * round after round (up to `rounds`, for up to `sliceMs`); then each import's next message goes to the back of
 * the queue, so imports take turns. Rounds within one delivery spare the queue's batch wait (max_batch_timeout)
 * of each round; a file uploaded meanwhile waits at most one delivery's rounds.
 */
async function processImports(
  processing: { message: Message<unknown>; body: ImportProcessMessage }[],
  env: Env,
  { rounds, sliceMs }: { rounds: number; sliceMs: number },
): Promise<void> {
  // Each import's library, on its user's shard: one Services per user (a Services serves one library).
  const byUser = new Map<number, Promise<Services>>();
  const servicesOf = (userId: number) => {
    const services = byUser.get(userId) ?? servicesForUser(env, userId);
    byUser.set(userId, services);
    return services;
  };
  const share = Math.max(1, Math.floor(MAX_IMPORTED_AT_ONCE / processing.length));
  const sliceEnds = Date.now() + sliceMs;
  const imports = processing.map(({ message, body }) => ({
    message,
    body,
    plan: null as ProcessingPlan | null,
    failed: false,
  }));
  const running = () => imports.filter((item) => !item.failed && (!item.plan || item.plan.kind === "process"));
  for (let round = 1; ; round += 1) {
    const articles: Promise<unknown>[] = [];
    for (const item of running()) {
      try {
        const plan = await (await servicesOf(item.body.userId)).imports.nextProcessing(item.body, share);
        if (plan.kind === "process") {
          const { userId } = item.body;
          for (const articleId of plan.articleIds) {
            articles.push(
              // Between its steps an imported article waits for a reader's request or save (interactive-work).
              processArticle(
                env,
                { userId, articleId, reason: "imported" },
                inlineSteps({ beforeEach: () => yieldToInteractive() }),
              ).catch((error) => console.error("Imported article processing failed", articleId, error)),
            );
          }
        }
        item.plan = plan;
      } catch (error) {
        console.error("Could not process import articles", item.body.importId, error);
        item.failed = true;
      }
    }
    await Promise.all(articles);
    for (const item of imports) {
      if (!item.failed && item.plan?.kind === "process") {
        item.body = { ...item.body, afterArticleId: item.plan.lastArticleId };
      }
    }
    if (round >= rounds || Date.now() >= sliceEnds || running().length === 0) break;
  }

  for (const { message, body, plan, failed } of imports) {
    try {
      const services = await servicesOf(body.userId);
      // The articles done so far are behind `body.afterArticleId`: a failed import goes on from there later.
      if (failed) await services.imports.continueProcessing(body, { kind: "wait" });
      else if (plan) await services.imports.continueProcessing(body, plan);
      message.ack();
    } catch (error) {
      // Delivered again, the message finds its articles started or done (same instance ids) and moves on.
      console.error("Could not queue the next import articles", body.importId, error);
      message.retry({ delaySeconds: 5 });
    }
  }
}
