import { z } from "zod";

/**
 * Why an article is processed: saved, fetched again, or brought by an import file. An imported article's topics
 * are refreshed less often (see topics-params), so a 10,000-link import does not re-cluster every minute.
 */
export const processingReasonSchema = z.enum(["created", "refetch", "imported"]);
export type ProcessingReason = z.infer<typeof processingReasonSchema>;

/** Parameters of one ArticleProcessingWorkflow instance; validated again on receipt. */
export const articleProcessingParamsSchema = z.object({
  userId: z.number().int().positive(),
  articleId: z.number().int().positive(),
  reason: processingReasonSchema,
});
export type ArticleProcessingParams = z.infer<typeof articleProcessingParamsSchema>;
