import { WorkflowEntrypoint, type WorkflowEvent, type WorkflowStep, type WorkflowStepConfig } from "cloudflare:workers";
import { NonRetryableError } from "cloudflare:workflows";
import { createServices } from "../context";
import { jsonStep } from "./json-step";
import { type TopicsParams, topicsParamsSchema } from "./topics-params";

/** One language model call: retried with backoff (429s and capacity errors pass), each under its own timeout. */
const LABEL_STEP: WorkflowStepConfig = {
  retries: { limit: 2, delay: "10 seconds", backoff: "exponential" },
  timeout: "1 minute",
};

/**
 * Re-clusters one user's library into topics, after a short debounce, then names each topic with the
 * language model, one step per topic: a timeout or retry repeats one label, not the clustering and every
 * other label. Until its step succeeds a topic carries its key-phrase label (or, continuing an earlier topic,
 * that one's name), and keeps it if the model fails.
 */
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
    if (debounceSeconds > 0) {
      await step.sleep("debounce", `${debounceSeconds} seconds`);
      // A debounced run is asked for because a completed article was missing from the topics. If a run that
      // began after it (a later window's, or the cron's) has clustered it meanwhile, the topics are current:
      // clustering again would only cost CPU and redo every label step.
      const behind = await jsonStep(
        step,
        "check for unclustered articles",
        { retries: { limit: 2, delay: "5 seconds" } },
        () => createServices(this.env).topics.isBehind(userId),
      );
      if (!behind) return { topics: 0, articles: 0, unclustered: 0, labelled: 0, skipped: true };
    }
    const { labels, ...outcome } = await jsonStep(
      step,
      "recluster topics",
      { retries: { limit: 2, delay: "10 seconds", backoff: "exponential" }, timeout: "5 minutes" },
      () => createServices(this.env).topics.recompute(userId),
    );
    let labelled = 0;
    for (const [index, request] of labels.entries()) {
      try {
        await step.do(`label topic ${index + 1} of ${labels.length}`, LABEL_STEP, () =>
          createServices(this.env).topics.labelTopic(userId, request),
        );
        labelled++;
      } catch (error) {
        console.error("Topic label failed; keeping the label it has", userId, request.topicId, error);
      }
    }
    return { ...outcome, labelled, skipped: false };
  }
}
