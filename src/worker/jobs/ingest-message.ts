import { z } from "zod";
import { INGEST_LANES } from "../db/schema";
import { processingReasonSchema } from "../workflows/article-processing-params";

/**
 * The message put on INGEST_QUEUE for every article that needs (re)processing. `requestId` is fixed when the
 * message is sent, so a re-delivered message maps to the same Workflow instance and is not processed twice.
 *
 * With a `lane` (issue 31), the message is a turn at processing rather than that article's ticket: its consumer
 * processes the next article of the backlog in fair order (ingest-backlog-repository), which may be another
 * user's, and `requestId` marks that claim. One message is sent per article added to the backlog, so there are
 * always at least as many turns on their way as articles waiting. Without a lane it names its article, as every
 * message did before; such messages, queued before a deploy, are still processed that way.
 */
export const ingestMessageSchema = z.object({
  requestId: z.string().uuid(),
  userId: z.number().int().positive(),
  articleId: z.number().int().positive(),
  reason: processingReasonSchema,
  lane: z.enum(INGEST_LANES).optional(),
});
export type IngestMessage = z.infer<typeof ingestMessageSchema>;

/** The Workflow instance of one processing request of an article. */
export function workflowInstanceId({ articleId, requestId }: { articleId: number; requestId: string }): string {
  return `article-${articleId}-${requestId}`;
}
