import { z } from "zod";

/** Parameters of one ArticleProcessingWorkflow instance; validated again on receipt. */
export const articleProcessingParamsSchema = z.object({
  userId: z.number().int().positive(),
  articleId: z.number().int().positive(),
  reason: z.enum(["created", "refetch"]),
});
export type ArticleProcessingParams = z.infer<typeof articleProcessingParamsSchema>;
