import { WorkflowEntrypoint, type WorkflowEvent, type WorkflowStep } from "cloudflare:workers";
import { NonRetryableError } from "cloudflare:workflows";
import { type ArticleProcessingParams, articleProcessingParamsSchema } from "./article-processing-params";

/**
 * One instance per saved article. The foundation only validates its parameters; the processing pipeline
 * adds the named steps (fetch, extract, detect language, summarise, embed and index), each with explicit
 * retries, since the local retry defaults differ from production.
 */
export class ArticleProcessingWorkflow extends WorkflowEntrypoint<Env, ArticleProcessingParams> {
  override async run(event: WorkflowEvent<ArticleProcessingParams>, step: WorkflowStep) {
    const params = await step.do("validate parameters", { retries: { limit: 0, delay: 0 } }, async () => {
      const parsed = articleProcessingParamsSchema.safeParse(event.payload);
      if (!parsed.success) throw new NonRetryableError(`Invalid workflow parameters: ${parsed.error.message}`);
      return parsed.data;
    });
    return { articleId: params.articleId };
  }
}
