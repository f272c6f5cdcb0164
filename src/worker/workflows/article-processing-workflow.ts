import { WorkflowEntrypoint, type WorkflowEvent, type WorkflowStep, type WorkflowStepConfig } from "cloudflare:workers";
import { NonRetryableError } from "cloudflare:workflows";
import { type ArticleProcessingParams, articleProcessingParamsSchema } from "./article-processing-params";
import { interactiveSteps } from "./interactive-steps";
import { jsonStep } from "./json-step";
import { processArticle } from "./process-article";

const NO_RETRIES: WorkflowStepConfig = { retries: { limit: 0, delay: 0 } };

/**
 * One instance per processing request of a saved (or re-fetched) article: processArticle, each stage a durable
 * step, so a retried or replayed instance repeats only the step that failed. A reader waits for it: an import
 * processed in the same isolate yields to its steps while they run (interactive-steps.ts).
 */
export class ArticleProcessingWorkflow extends WorkflowEntrypoint<Env, ArticleProcessingParams> {
  override async run(event: WorkflowEvent<ArticleProcessingParams>, step: WorkflowStep) {
    const params = await jsonStep(step, "validate parameters", NO_RETRIES, async () => {
      const parsed = articleProcessingParamsSchema.safeParse(event.payload);
      if (!parsed.success) throw new NonRetryableError(`Invalid workflow parameters: ${parsed.error.message}`);
      return parsed.data;
    });
    return processArticle(this.env, params, interactiveSteps(step), event.instanceId);
  }
}
