import { env, introspectWorkflow } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import { createDatabase } from "../../src/worker/db/client";
import { createTopicsRepository } from "../../src/worker/db/repositories/topics-repository";
import { ALGORITHM } from "../../src/worker/domain/clustering/cluster-library";
import { refreshDueTopics, requestTopicsRefresh } from "../../src/worker/jobs/topics-scheduler";
import { debounceUntilWindowEnds, IMPORT_TOPICS_WINDOW_MS } from "../../src/worker/workflows/topics-params";
import { api, registerUser, seedArticle, seedProcessedArticle } from "./helpers";
import { library, recluster, SUBJECTS } from "./topics-helpers";
import { OUTCOME_WAIT_MS } from "./waits";

describe("topics", () => {
  it("clusters a library into its subjects with every Topic field", async () => {
    const { token, user } = await registerUser();
    const ids = await library(user.id);
    await recluster(user.id);

    const response = await api("GET", "/api/topics/", { token });
    expect(response.status).toBe(200);
    expect(response.body.topics).toHaveLength(3);
    for (const topic of response.body.topics) {
      expect(topic).toMatchObject({
        algorithm: ALGORITHM,
        cluster_size: 6,
        article_count: 6,
        unread_count: 6,
        avg_feedback_score: null,
      });
      expect(topic.final_score).toBeGreaterThan(0);
      expect(topic.final_score).toBeLessThanOrEqual(1);
      expect(topic.avg_recency_days).toBeGreaterThanOrEqual(0);
      expect(topic.topic_metadata.silhouette_score).toBeGreaterThan(0);
      expect(topic.topic_metadata.article_count).toBe(6);
      expect(topic.topic_metadata.generated_from).toBe("18 articles · local-glove-hashing-v3 embeddings");
      expect(topic.label).toMatch(/\S/);
      expect(topic.topic_metadata.topic_silhouette_score).toBeGreaterThan(0);
      expect(topic.topic_metadata.topic_silhouette_score).toBeLessThanOrEqual(1);
    }
    // Each topic's own silhouette is the mean over its articles, so with three topics of 6 and nothing left
    // out, their mean is the whole clustering's silhouette.
    const own = response.body.topics.map(
      (t: { topic_metadata: { topic_silhouette_score: number } }) => t.topic_metadata.topic_silhouette_score,
    );
    const mean = own.reduce((sum: number, x: number) => sum + x, 0) / own.length;
    expect(mean).toBeCloseTo(response.body.topics[0].topic_metadata.silhouette_score, 3);
    const detail = await api("GET", `/api/topics/${response.body.topics[0].id}`, { token });
    const memberIds = detail.body.articles.map((a: { id: number }) => a.id);
    const subject = Object.values(ids).find((group) => group.includes(memberIds[0]));
    expect(new Set(memberIds)).toEqual(new Set(subject));
    const similarities = detail.body.articles.map((a: { similarity: number }) => a.similarity);
    expect([...similarities].sort((a, b) => b - a)).toEqual(similarities);
    expect(detail.body.pagination).toMatchObject({ total: 6, limit: 20, offset: 0, page: 1, pages: 1 });
  });

  it("counts unread live, filters with unread_only, pages the detail, and deletes", async () => {
    const { token, user } = await registerUser();
    const ids = await library(user.id);
    await recluster(user.id);
    for (const id of ids.bees ?? []) await api("POST", `/api/articles/${id}/mark-read`, { token });

    const unreadOnly = await api("GET", "/api/topics/?limit=50", { token });
    expect(unreadOnly.body.topics).toHaveLength(2);
    const all = await api("GET", "/api/topics/?unread_only=false", { token });
    const bees = all.body.topics.find((t: { unread_count: number }) => t.unread_count === 0);
    expect(bees.article_count).toBe(6);

    const paged = await api("GET", `/api/topics/${bees.id}?limit=4&offset=4`, { token });
    expect(paged.body.articles).toHaveLength(2);
    expect(paged.body.pagination).toMatchObject({ total: 6, page: 2, pages: 2 });
    expect((await api("GET", `/api/topics/${bees.id}?unread_only=true`, { token })).body.articles).toEqual([]);

    expect((await api("DELETE", `/api/topics/${bees.id}`, { token })).status).toBe(204);
    expect((await api("GET", `/api/topics/${bees.id}`, { token })).status).toBe(404);
    expect((await api("GET", "/api/topics/?unread_only=false", { token })).body.topics).toHaveLength(2);
  });

  it("shows a rating in its topic's average feedback at once, without waiting for the next run", async () => {
    const { token, user } = await registerUser();
    const ids = await library(user.id);
    await recluster(user.id);
    const [liked, disliked, unsure] = ids.ice as number[];
    const iceTopic = async () => {
      const { topics } = (await api("GET", "/api/topics/?unread_only=false", { token })).body;
      for (const topic of topics) {
        const detail = await api("GET", `/api/topics/${topic.id}`, { token });
        if (detail.body.articles.some((a: { id: number }) => a.id === liked)) return { topic, detail: detail.body };
      }
      throw new Error("no topic holds the ice articles");
    };
    expect((await iceTopic()).topic.avg_feedback_score).toBeNull();

    for (const [id, feedback] of [
      [liked, 1],
      [disliked, -1],
      [unsure, 1],
    ] as const) {
      expect((await api("POST", `/api/articles/${id}/feedback`, { token, body: { feedback } })).status).toBe(200);
    }
    const { topic, detail } = await iceTopic();
    expect(topic.avg_feedback_score).toBe(0.3333);
    expect(detail.avg_feedback_score).toBe(0.3333);
    // The other topics have no ratings.
    const { topics } = (await api("GET", "/api/topics/?unread_only=false", { token })).body;
    for (const other of topics.filter((t: { id: number }) => t.id !== topic.id)) {
      expect(other.avg_feedback_score).toBeNull();
    }
  });

  it("keeps each topic's id and creation date when re-clustering finds the same subjects", async () => {
    const { token, user } = await registerUser();
    const ids = await library(user.id);
    await recluster(user.id);
    const before = (await api("GET", "/api/topics/?unread_only=false", { token })).body.topics;

    // One more bee article arrives; the next clustering still finds the same three subjects.
    const words = SUBJECTS.bees ?? [];
    const newcomer = await seedProcessedArticle(user.id, { title: "waggle hive", text: words.join(" ") });
    await recluster(user.id);
    const after = (await api("GET", "/api/topics/?unread_only=false", { token })).body.topics;

    const identity = (t: { id: number; created_at: string }) => `${t.id} ${t.created_at}`;
    expect(new Set(after.map(identity))).toEqual(new Set(before.map(identity)));
    const withNewcomer = after.find((t: { article_count: number }) => t.article_count === 7);
    const detail = await api("GET", `/api/topics/${withNewcomer.id}`, { token });
    const memberIds = detail.body.articles.map((a: { id: number }) => a.id);
    expect(new Set(memberIds)).toEqual(new Set([...(ids.bees ?? []), newcomer]));
  });

  it("a topic that keeps 60% of its articles keeps its id and name when the library more than doubles", async () => {
    const { token, user } = await registerUser();
    const first = await library(user.id, 6, 11);
    await recluster(user.id);
    const before = (await api("GET", "/api/topics/?unread_only=false", { token })).body.topics;
    // Names as a reader might have seen them from the model: each topic named after the subject it holds.
    const names: Record<string, string> = { bees: "Apiary", ice: "Glaciology", code: "Compilers" };
    const repository = createTopicsRepository(createDatabase(env.DB));
    const subjectOf = async (topicId: number) => {
      const detail = await api("GET", `/api/topics/${topicId}?limit=100`, { token });
      const members = new Set(detail.body.articles.map((a: { id: number }) => a.id));
      return Object.keys(first).find((subject) => first[subject]?.every((id) => members.has(id)));
    };
    const named = new Map<number, string>();
    for (const topic of before) {
      const subject = await subjectOf(topic.id);
      if (subject) {
        await repository.setLabel(user.id, topic.id, names[subject] as string);
        named.set(topic.id, names[subject] as string);
      }
    }
    expect(named.size).toBe(3);

    // Seven more articles of each subject: each topic's six stay together, a third of what it holds now (a
    // Jaccard overlap of 6/13, under the half that continued a topic before).
    const more = await library(user.id, 7, 12);
    await recluster(user.id);
    const after = (await api("GET", "/api/topics/?unread_only=false", { token })).body.topics;
    for (const [id, label] of named) {
      const topic = after.find((t: { id: number }) => t.id === id);
      expect(topic?.label).toBe(label);
      const detail = await api("GET", `/api/topics/${id}?limit=100`, { token });
      const subject = Object.keys(names).find((key) => names[key] === label) as string;
      expect(new Set(detail.body.articles.map((a: { id: number }) => a.id))).toEqual(
        new Set([...(first[subject] ?? []), ...(more[subject] ?? [])]),
      );
    }
  });

  it("keeps users apart: another user's topic is 404 and their articles never appear", async () => {
    const alice = await registerUser();
    const bob = await registerUser();
    await library(alice.user.id);
    const bobsIds = await library(bob.user.id, 3);
    await recluster(alice.user.id);
    const topics = (await api("GET", "/api/topics/", { token: alice.token })).body.topics;
    for (const topic of topics) {
      expect((await api("GET", `/api/topics/${topic.id}`, { token: bob.token })).status).toBe(404);
      expect((await api("DELETE", `/api/topics/${topic.id}`, { token: bob.token })).status).toBe(404);
      const members = (await api("GET", `/api/topics/${topic.id}`, { token: alice.token })).body.articles;
      for (const member of members) expect(Object.values(bobsIds).flat()).not.toContain(member.id);
    }
    expect((await api("GET", "/api/topics/", { token: bob.token })).body.topics).toEqual([]);
  });

  it.each([
    ["/api/topics/?limit=0", "limit: limit must be at least 1"],
    ["/api/topics/?limit=51", "limit: limit must be at most 50"],
    ["/api/topics/?unread_only=maybe", "unread_only: unread_only must be true or false"],
    ["/api/topics/abc", "id: must be a positive whole number"],
    ["/api/topics/1?offset=-1", "offset: offset must be at least 0"],
  ])("answers %s with 422", async (path, detail) => {
    const { token } = await registerUser();
    const response = await api("GET", path, { token });
    expect(response.status).toBe(422);
    expect(response.body.detail).toBe(detail);
  });

  it("debounces: refresh requests in the same minute start one run", async () => {
    await using workflows = await introspectWorkflow(env.TOPICS_WORKFLOW);
    await workflows.modifyAll(async (m) => m.disableSleeps());
    const { user } = await registerUser();
    const now = Date.UTC(2026, 10, 21, 12, 0, 10);
    await requestTopicsRefresh(env.TOPICS_WORKFLOW, user.id, 45, now);
    await requestTopicsRefresh(env.TOPICS_WORKFLOW, user.id, 45, now + 30_000);
    expect(await workflows.get()).toHaveLength(1);
    await requestTopicsRefresh(env.TOPICS_WORKFLOW, user.id, 45, now + 61_000);
    expect(await workflows.get()).toHaveLength(2);
  });

  it("re-clusters an import's articles once in five minutes, apart from the saves' minute runs", async () => {
    await using workflows = await introspectWorkflow(env.TOPICS_WORKFLOW);
    await workflows.modifyAll(async (m) => m.disableSleeps());
    const { user } = await registerUser();
    const start = Date.UTC(2026, 10, 21, 12, 0, 10);
    for (const offset of [0, 61_000, 125_000, 240_000]) {
      await requestTopicsRefresh(env.TOPICS_WORKFLOW, user.id, 45, start + offset, { imported: true });
    }
    expect(await workflows.get()).toHaveLength(1);
    await requestTopicsRefresh(env.TOPICS_WORKFLOW, user.id, 45, start + 30_000);
    expect(await workflows.get()).toHaveLength(2);
    await requestTopicsRefresh(env.TOPICS_WORKFLOW, user.id, 45, start + 300_000, { imported: true });
    expect(await workflows.get()).toHaveLength(3);
  });

  it("waits until the five-minute window of an imported article is over", () => {
    const window = Date.UTC(2026, 10, 21, 12, 0, 0);
    expect(debounceUntilWindowEnds(45, window + 10_000, IMPORT_TOPICS_WINDOW_MS)).toBe(291);
    expect(debounceUntilWindowEnds(45, window + 290_000, IMPORT_TOPICS_WINDOW_MS)).toBe(45);
  });

  it("waits until the minute of the request is over, so later requests joining its run are not missed", () => {
    const minute = Date.UTC(2026, 10, 21, 12, 0, 0);
    expect(debounceUntilWindowEnds(45, minute + 5_000)).toBe(56);
    expect(debounceUntilWindowEnds(45, minute + 30_000)).toBe(45);
    expect(debounceUntilWindowEnds(1, minute + 59_500)).toBe(2);
    expect(debounceUntilWindowEnds(600, minute)).toBe(600);
  });

  it("is refreshed after an article finishes processing", async () => {
    await using topicRuns = await introspectWorkflow(env.TOPICS_WORKFLOW);
    await topicRuns.modifyAll(async (m) => m.disableSleeps());
    const { token } = await registerUser();
    const saved = await api("POST", "/api/articles/", {
      token,
      body: { url: `${inject("fixtureOrigin")}/article?title=Topics` },
    });
    expect(saved.status).toBe(201);
    await expect.poll(async () => (await topicRuns.get()).length, { timeout: OUTCOME_WAIT_MS }).toBe(1);
    const [run] = await topicRuns.get();
    await run?.waitForStatus("complete");
  });

  it("the cron re-clusters only due libraries: new articles, never clustered, or clustered too long ago", async () => {
    const repository = createTopicsRepository(createDatabase(env.DB));
    const { user: current } = await registerUser();
    const { user: neverClustered } = await registerUser();
    const { user: nothingCompleted } = await registerUser();
    await library(current.id, 2);
    await seedProcessedArticle(neverClustered.id, { title: "Bees", text: "honeybees hive pollen" });
    await seedArticle(nothingCompleted.id, { processingStatus: "pending" });
    const before = Date.now();
    await recluster(current.id);
    const due = async (staleBefore: number) =>
      (await repository.usersNeedingTopics(staleBefore)).filter((id) =>
        [current.id, neverClustered.id, nothingCompleted.id].includes(id),
      );

    expect(await due(before - 3_600_000)).toEqual([neverClustered.id]);
    // Clustered before `staleBefore`: due again, newest account first.
    expect(await due(Date.now() + 60_000)).toEqual([neverClustered.id, current.id].sort((a, b) => b - a));
    // An article completed after the run began reading the library: due.
    const late = await seedProcessedArticle(current.id, { title: "Late", text: "glacier melting icecap" });
    await env.DB.prepare("UPDATE articles SET processed_at = ? WHERE id = ?")
      .bind(Date.now() + 1_000, late)
      .run();
    expect(await due(before - 3_600_000)).toEqual([neverClustered.id, current.id].sort((a, b) => b - a));
  });

  it("a debounced run does nothing when a later run has clustered every completed article, and runs when one is missing", async () => {
    const { user } = await registerUser();
    await library(user.id, 2);
    await recluster(user.id);
    const computedAt = async () =>
      (
        await env.DB.prepare("SELECT topics_computed_at AS at FROM users WHERE id = ?")
          .bind(user.id)
          .first<{ at: number }>()
      )?.at;
    const clusteredAt = await computedAt();
    expect(clusteredAt).toBeGreaterThan(0);

    await using workflows = await introspectWorkflow(env.TOPICS_WORKFLOW);
    await workflows.modifyAll(async (m) => m.disableSleeps());
    const minute = Date.UTC(2026, 10, 21, 12, 0, 10);
    await requestTopicsRefresh(env.TOPICS_WORKFLOW, user.id, 45, minute);
    const [skipped] = await workflows.get();
    await skipped?.waitForStatus("complete");
    expect(await computedAt()).toBe(clusteredAt);

    const late = await seedProcessedArticle(user.id, { title: "Late", text: "glacier melting icecap" });
    await env.DB.prepare("UPDATE articles SET processed_at = ? WHERE id = ?")
      .bind(Date.now() + 1_000, late)
      .run();
    await requestTopicsRefresh(env.TOPICS_WORKFLOW, user.id, 45, minute + 61_000);
    const runs = await workflows.get();
    expect(runs).toHaveLength(2);
    for (const run of runs) await run.waitForStatus("complete");
    expect(await computedAt()).toBeGreaterThan(clusteredAt as number);
  });

  it("the cron starts one run per user and cron event, and a later event starts a fresh one", async () => {
    await using workflows = await introspectWorkflow(env.TOPICS_WORKFLOW);
    await workflows.modifyAll(async (m) => m.disableSleeps());
    const { user } = await registerUser();
    const event = Date.UTC(2026, 10, 21, 3, 0, 0);
    await refreshDueTopics(env, [user.id], event);
    await refreshDueTopics(env, [user.id], event);
    expect(await workflows.get()).toHaveLength(1);
    await refreshDueTopics(env, [user.id], event + 86_400_000);
    expect(await workflows.get()).toHaveLength(2);
  });

  it("looking at the topics asks for a run when a completed article is missing from them, and not after", async () => {
    await using workflows = await introspectWorkflow(env.TOPICS_WORKFLOW);
    await workflows.modifyAll(async (m) => m.disableSleeps());
    const { token, user } = await registerUser();
    await library(user.id, 2);
    expect((await api("GET", "/api/topics/", { token })).status).toBe(200);
    await expect.poll(async () => (await workflows.get()).length, { timeout: OUTCOME_WAIT_MS }).toBe(1);
    const [run] = await workflows.get();
    await run?.waitForStatus("complete");
    const repository = createTopicsRepository(createDatabase(env.DB));
    expect(await repository.isBehind(user.id)).toBe(false);

    expect((await api("GET", "/api/topics/", { token })).body.topics).toHaveLength(3);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await workflows.get()).toHaveLength(1);
  });
});
