import { WorkflowEntrypoint, type WorkflowEvent, type WorkflowStep } from "cloudflare:workers";
import { NonRetryableError } from "cloudflare:workflows";
import { createServices } from "../context";
import { jsonStep } from "./json-step";
import { type TopicsParams, topicsParamsSchema } from "./topics-params";

/** Re-clusters one user's library into topics, after a short debounce. */
export class TopicsWorkflow extends WorkflowEntrypoint<Env, TopicsParams> {
  override async run(event: WorkflowEvent<TopicsParams>, step: WorkflowStep) {
    const { userId, debounceSeconds } = await jsonStep(
      step,
      "validate parameters",
      { retries: { limit: 0, delay: 0 } },
      async () => {
        const parsed = topicsParamsSchema.safeParse(event.payload);
        if (!parsed.success) throw new NonRetryableError(`Invalid workflow parameters: ${parsed.error.message}`);
        return parsed.data;
      },
    );
    if (debounceSeconds > 0) await step.sleep("debounce", `${debounceSeconds} seconds`);
    return jsonStep(
      step,
      "recluster topics",
      { retries: { limit: 2, delay: "10 seconds", backoff: "exponential" }, timeout: "5 minutes" },
      () => createServices(this.env).topics.recompute(userId),
    );
  }
}
