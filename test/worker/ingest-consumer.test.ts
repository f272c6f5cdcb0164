import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import { createDatabase } from "../../src/worker/db/client";
import { createIngestBacklogRepository } from "../../src/worker/db/repositories/ingest-backlog-repository";
import worker from "../../src/worker/index";
import { handleIngestBatch } from "../../src/worker/jobs/ingest-consumer";
import { workflowInstanceId } from "../../src/worker/jobs/ingest-message";
import { api, registerUser, seedArticle } from "./helpers";
import { OUTCOME_WAIT_MS, SLOW_TEST_MS } from "./waits";

const origin = () => inject("fixtureOrigin");
const FINISHED = new Set(["completed", "failed"]);

/** How many of the user's articles have finished processing (completed or failed), through the API. */
async function finishedCount(token: string, ids: number[]): Promise<number> {
  const { body } = await api("POST", "/api/articles/batch/status", { token, body: { article_ids: ids } });
  return body.statuses.filter((s: { status: string }) => FINISHED.has(s.status)).length;
}

const pages = (label: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${origin()}/article?title=${encodeURIComponent(`${label} ${i}`)}`);

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

  it("gives each message's turn to the next article in fair order, whichever article it was sent for", async () => {
    const first = await registerUser();
    const second = await registerUser();
    const pending = (userId: number, title: string) =>
      seedArticle(userId, { url: pages(title, 1)[0], processingStatus: "pending", title: null });
    const bulkA = await pending(first.user.id, "Bulk A");
    const bulkB = await pending(first.user.id, "Bulk B");
    const bulkIds = [bulkA, bulkB];
    const singleId = await pending(second.user.id, "Single");
    // As the saves left them: the first user's bulk waiting first, then the second user's single save.
    const backlog = createIngestBacklogRepository(createDatabase(env.DB));
    const entry = (userId: number, articleId: number) =>
      ({ userId, articleId, requestId: crypto.randomUUID(), reason: "created" }) as const;
    await backlog.add(
      bulkIds.map((id) => entry(first.user.id, id)),
      "bulk",
      Date.now(),
    );
    await backlog.add([entry(second.user.id, singleId)], "single", Date.now());
    const turn = () => ({
      requestId: crypto.randomUUID(),
      userId: first.user.id,
      articleId: bulkA,
      reason: "created",
      lane: "bulk",
    });
    const status = async (token: string, id: number) =>
      (await api("GET", `/api/articles/${id}`, { token })).body.processing_status;

    // Sent for the bulk's first article, the turn processes the single save (the batch waits for its Workflow).
    expect((await deliver([turn()])).explicitAcks).toEqual(["m0"]);
    expect(await status(second.token, singleId)).toBe("completed");
    expect(await status(first.token, bulkA)).toBe("pending");

    // Three more turns: the bulk's two articles, and one that finds nothing waiting and is acknowledged.
    const rest = await deliver([turn(), turn(), turn()]);
    expect(rest.explicitAcks.sort()).toEqual(["m0", "m1", "m2"]);
    expect(rest.retryMessages).toEqual([]);
    expect([await status(first.token, bulkA), await status(first.token, bulkB)]).toEqual(["completed", "completed"]);
  });

  it(
    "is fair: another user's single save and small bulk finish before a large bulk queued first",
    async () => {
      const first = await registerUser();
      const large = await api("POST", "/api/articles/bulk", { token: first.token, body: { urls: pages("Large", 30) } });
      expect(large.body.successful).toBe(30);
      const second = await registerUser();
      const single = await api("POST", "/api/articles/", { token: second.token, body: { url: pages("Single", 1)[0] } });
      expect(single.status).toBe(201);
      const small = await api("POST", "/api/articles/bulk", { token: second.token, body: { urls: pages("Small", 3) } });
      expect(small.body.successful).toBe(3);
      const largeIds: number[] = large.body.results.map((r: { article: { id: number } }) => r.article.id);
      const secondIds: number[] = [
        single.body.id,
        ...small.body.results.map((r: { article: { id: number } }) => r.article.id),
      ];

      let largeFinishedMeanwhile = 0;
      await expect
        .poll(
          async () => {
            // The second user's first, then the large bulk's: if that is still unfinished, so it was before.
            const secondDone = await finishedCount(second.token, secondIds);
            largeFinishedMeanwhile = await finishedCount(first.token, largeIds);
            return secondDone;
          },
          { timeout: OUTCOME_WAIT_MS, interval: 100 },
        )
        .toBe(4);
      // First come, first served, the second user's four articles waited for all 30 of the large bulk.
      expect(largeFinishedMeanwhile).toBeLessThan(30);
      const { body } = await api("POST", "/api/articles/batch/status", {
        token: second.token,
        body: { article_ids: secondIds },
      });
      expect(body.statuses.map((s: { status: string }) => s.status)).toEqual([
        "completed",
        "completed",
        "completed",
        "completed",
      ]);
    },
    SLOW_TEST_MS,
  );
});
