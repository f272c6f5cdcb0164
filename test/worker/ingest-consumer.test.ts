import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../src/worker/index";
import { handleIngestBatch } from "../../src/worker/jobs/ingest-consumer";
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

  it("checks the status of the Workflows it waits for soon, then every few seconds, not several times a second", async () => {
    let statusCalls = 0;
    // The real Workflow binding, observed; its instance reports "running" so the consumer keeps waiting.
    const observedEnv = {
      ...env,
      ARTICLE_WORKFLOW: {
        create: async (options: Parameters<typeof env.ARTICLE_WORKFLOW.create>[0]) => {
          const instance = await env.ARTICLE_WORKFLOW.create(options);
          return {
            id: instance.id,
            status: async () => {
              statusCalls++;
              return { status: "running" };
            },
          };
        },
      },
    } as unknown as Env;
    const message = { requestId: crypto.randomUUID(), userId: 1, articleId: 8, reason: "created" };
    const batch = createMessageBatch("viberead-ingest-dev", [
      { id: "m0", timestamp: new Date(), attempts: 1, body: message },
    ]);
    const started = Date.now();
    await handleIngestBatch(batch, observedEnv, { maxWaitMs: 4_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(4_000);
    // Every 500 ms this was 8 or 9 calls in 4 s; now 3 (at 0.5, 1.5 and 3 s), then one every 3 s.
    expect(statusCalls).toBeGreaterThanOrEqual(2);
    expect(statusCalls).toBeLessThanOrEqual(3);
  });
});
