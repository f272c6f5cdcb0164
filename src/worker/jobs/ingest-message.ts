import { z } from "zod";
import { processingReasonSchema } from "../workflows/article-processing-params";

/**
 * The message put on INGEST_QUEUE for every article that needs (re)processing. `requestId` is fixed when the
 * message is sent, so a re-delivered message maps to the same Workflow instance and is not processed twice.
 */
export const ingestMessageSchema = z.object({
  requestId: z.string().uuid(),
  userId: z.number().int().positive(),
  articleId: z.number().int().positive(),
  reason: processingReasonSchema,
});
export type IngestMessage = z.infer<typeof ingestMessageSchema>;

export function workflowInstanceId(message: IngestMessage): string {
  return `article-${message.articleId}-${message.requestId}`;
}
