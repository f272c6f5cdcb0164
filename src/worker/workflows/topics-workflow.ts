import { WorkflowEntrypoint, type WorkflowEvent, type WorkflowStep } from "cloudflare:workers";
import { NonRetryableError } from "cloudflare:workflows";
import { servicesForUser } from "../context";
import { jsonStep } from "./json-step";
import { type TopicsParams, topicsParamsSchema } from "./topics-params";
import { runTopics } from "./topics-run";

/**
 * Re-clusters one user's library into topics, after a short debounce (runTopics: the sample in one step, the
 * rest of the library joined in batches), then names each topic with the language model, one step per topic: a timeout or retry repeats one label, not the clustering and every
 * other label. Until its step succeeds a topic carries its key-phrase label (or, continuing an earlier topic,
 * that one's name), and keeps it if the model fails.
 */
export class TopicsWorkflow extends WorkflowEntrypoint<Env, TopicsParams> {
  override async run(event: WorkflowEvent<TopicsParams>, step: WorkflowStep) {
    const { userId, debounceSeconds, sampleSize, joinBatch } = await jsonStep(
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
        async () => (await servicesForUser(this.env, userId)).topics.isBehind(userId),
      );
      if (!behind)
        return {
          topics: 0,
          articles: 0,
          unclustered: 0,
          toJoin: 0,
          joined: 0,
          joinSteps: 0,
          labelled: 0,
          skipped: true,
        };
    }
    return runTopics(step, async () => (await servicesForUser(this.env, userId)).topics, userId, {
      ...(sampleSize === undefined ? {} : { sampleSize }),
      ...(joinBatch === undefined ? {} : { joinBatch }),
    });
  }
}
