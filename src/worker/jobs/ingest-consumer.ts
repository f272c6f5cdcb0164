import { ingestMessageSchema, workflowInstanceId } from "./ingest-message";

/** Anything Workflows answers when an instance id is taken: the message was already handled. */
function isDuplicateInstance(error: unknown): boolean {
  return error instanceof Error && /already exists|duplicate/i.test(error.message);
}

/**
 * Starts one ArticleProcessingWorkflow per message. A message that does not parse is forwarded to the
 * dead-letter queue at once (retrying cannot fix it) and acknowledged, so it never crashes the batch.
 */
export async function handleIngestBatch(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  for (const message of batch.messages) {
    const parsed = ingestMessageSchema.safeParse(message.body);
    if (!parsed.success) {
      await env.INGEST_DLQ.send({ body: message.body, error: parsed.error.issues[0]?.message ?? "invalid message" });
      message.ack();
      continue;
    }
    const { userId, articleId, reason } = parsed.data;
    try {
      await env.ARTICLE_WORKFLOW.create({ id: workflowInstanceId(parsed.data), params: { userId, articleId, reason } });
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
}
