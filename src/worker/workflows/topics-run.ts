import type { WorkflowStepConfig } from "cloudflare:workers";
import { JOIN_BATCH } from "../domain/clustering/join-topics";
import type { TopicsService } from "../services/topics-service";
import { jsonStep } from "./json-step";
import type { ProcessingSteps } from "./process-article";

/** One language model call: retried with backoff (429s and capacity errors pass), each under its own timeout. */
const LABEL_STEP: WorkflowStepConfig = {
  retries: { limit: 2, delay: "10 seconds", backoff: "exponential" },
  timeout: "1 minute",
};
const CLUSTER_STEP: WorkflowStepConfig = {
  retries: { limit: 2, delay: "10 seconds", backoff: "exponential" },
  timeout: "5 minutes",
};
const JOIN_STEP: WorkflowStepConfig = {
  retries: { limit: 3, delay: "5 seconds", backoff: "exponential" },
  timeout: "2 minutes",
};

/**
 * One topics run, step by step: cluster the sample (one step), join the rest of the library to its nearest
 * topics, JOIN_BATCH articles a step (each step one invocation: its CPU time, memory and reads stay bounded),
 * then name each topic with the language model, one step per topic. The TopicsWorkflow runs it with durable
 * steps, `npm run bench:topics` with inline ones; `service` makes the topics service for each step.
 */
export async function runTopics(
  step: ProcessingSteps,
  service: () => TopicsService | Promise<TopicsService>,
  userId: number,
  { sampleSize, joinBatch = JOIN_BATCH }: { sampleSize?: number; joinBatch?: number } = {},
) {
  const { labels, ...outcome } = await jsonStep(step, "recluster topics", CLUSTER_STEP, async () =>
    (await service()).recompute(userId, sampleSize === undefined ? {} : { sampleSize }),
  );
  let afterId = 0;
  let joined = 0;
  let joinSteps = 0;
  // Every completed article in no topic is placed once: a batch is the articles after the last batch's highest
  // id. Not only the articles outside the sample: an article that completed while the clustering step ran joined
  // one of the topics that step then replaced (and lost it with them), or completed after the step read the
  // library. Those are placed here too, so no article waits for a later run (a library clustered whole asks for
  // none unless it grew by a tenth).
  for (let batch = 1; ; batch++) {
    const from = afterId;
    const result = await jsonStep(step, `join articles, batch ${batch}`, JOIN_STEP, async () =>
      (await service()).joinBatch(userId, from, joinBatch),
    );
    joinSteps++;
    joined += result.joined + result.leftover;
    afterId = result.lastId;
    if (result.done) break;
  }
  let labelled = 0;
  for (const [index, request] of labels.entries()) {
    try {
      await step.do(`label topic ${index + 1} of ${labels.length}`, LABEL_STEP, async () =>
        (await service()).labelTopic(userId, request),
      );
      labelled++;
    } catch (error) {
      console.error("Topic label failed; keeping the label it has", userId, request.topicId, error);
    }
  }
  return { ...outcome, joined, joinSteps, labelled, skipped: false };
}
