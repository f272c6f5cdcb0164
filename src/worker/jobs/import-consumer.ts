import { createServices } from "../context";
import { importMessageSchema } from "./import-message";
import { handleIngestBatch } from "./ingest-consumer";

/** Deliveries of a rows message before its rows are given up and counted as failed (wrangler max_retries + 1). */
const MAX_ROWS_ATTEMPTS = 3;

/**
 * IMPORT_QUEUE's consumer. Rows messages are stored (a chunk of a file becomes pending articles); process
 * messages start the same processing Workflow as a save, and the batch waits for those Workflows. The queue's
 * small batch and a single consumer (wrangler.toml) bound how many imported articles are processed at once, so
 * interactive saves on INGEST_QUEUE never wait behind a 10,000-link import.
 */
export async function handleImportBatch(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const services = createServices(env);
  const toProcess: Message<unknown>[] = [];
  for (const message of batch.messages) {
    const parsed = importMessageSchema.safeParse(message.body);
    if (!parsed.success) {
      await env.INGEST_DLQ.send({ body: message.body, error: parsed.error.issues[0]?.message ?? "invalid message" });
      message.ack();
      continue;
    }
    if (parsed.data.kind === "process") {
      toProcess.push(message);
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
  if (toProcess.length > 0) await handleIngestBatch({ messages: toProcess }, env);
}
