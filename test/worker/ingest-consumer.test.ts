import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../src/worker/index";
import { workflowInstanceId } from "../../src/worker/jobs/ingest-message";

function deliver(bodies: unknown[], targetEnv: Env = env) {
  const batch = createMessageBatch(
    "viberead-ingest-dev",
    bodies.map((body, i) => ({ id: `m${i}`, timestamp: new Date(), attempts: 1, body })),
  );
  const ctx = createExecutionContext();
  return worker.queue(batch, targetEnv).then(() => getQueueResult(batch, ctx));
}

describe("ingest queue consumer", () => {
  it("starts one workflow per valid message, and a re-delivery starts no second one", async () => {
    const message = { requestId: crypto.randomUUID(), userId: 1, articleId: 7, reason: "created" };
    const first = await deliver([message]);
    expect(first.explicitAcks).toEqual(["m0"]);
    const instance = await env.ARTICLE_WORKFLOW.get(workflowInstanceId(message as never));
    expect(instance.id).toBe(workflowInstanceId(message as never));

    const again = await deliver([message]);
    expect(again.explicitAcks).toEqual(["m0"]);
    expect(again.retryMessages).toEqual([]);
  });

  it("forwards unparseable messages to the dead-letter queue and acknowledges them", async () => {
    const forwarded: unknown[] = [];
    // The real DLQ producer, observed: workerd has no API to read a queue back from a producer binding.
    const observedEnv = {
      ...env,
      INGEST_DLQ: {
        send: async (body: unknown) => {
          forwarded.push(body);
          await env.INGEST_DLQ.send(body);
        },
      },
    } as unknown as Env;
    const result = await deliver(["not json at all", { articleId: "seven" }, null], observedEnv);
    expect(result.explicitAcks.sort()).toEqual(["m0", "m1", "m2"]);
    expect(result.retryMessages).toEqual([]);
    expect(forwarded).toHaveLength(3);
    expect(forwarded[0]).toMatchObject({ body: "not json at all" });
  });
});
