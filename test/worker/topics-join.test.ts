import { env, introspectWorkflow } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import { createD1VectorIndex } from "../../src/worker/adapters/local/d1-vector-index";
import { createExtractiveLanguageModel } from "../../src/worker/adapters/local/extractive-language-model";
import { createLocalEmbedder } from "../../src/worker/adapters/local/local-embedder";
import { servicesForUser } from "../../src/worker/context";
import { createDatabase } from "../../src/worker/db/client";
import { createTopicsRepository } from "../../src/worker/db/repositories/topics-repository";
import { LEFTOVER_LABEL } from "../../src/worker/domain/clustering/topic-names";
import { createTopicsService } from "../../src/worker/services/topics-service";
import { inlineSteps } from "../../src/worker/workflows/inline-steps";
import { runTopics } from "../../src/worker/workflows/topics-run";
import { api, registerUser, seedProcessedArticle } from "./helpers";
import { library, recluster } from "./topics-helpers";

/** Each of the user's articles in a topic, with its topic's label (an article is in one topic at most). */
async function placements(userId: number) {
  const { results } = await env.DB.prepare(
    `SELECT ta.article_id AS articleId, t.id AS topicId, t.label AS label FROM topic_articles ta
     JOIN topics t ON t.id = ta.topic_id WHERE t.user_id = ?`,
  )
    .bind(userId)
    .all<{ articleId: number; topicId: number; label: string }>();
  return results;
}

/** Runs the topics Workflow with a lowered sample and join batch, and returns its output. */
async function runWith(userId: number, sampleSize: number, joinBatch: number) {
  await using workflows = await introspectWorkflow(env.TOPICS_WORKFLOW);
  await env.TOPICS_WORKFLOW.create({
    id: `join-${userId}-${crypto.randomUUID()}`,
    params: { userId, debounceSeconds: 0, sampleSize, joinBatch },
  });
  const [instance] = await workflows.get();
  await instance?.waitForStatus("complete");
  return (await instance?.getOutput()) as { articles: number; toJoin: number; joined: number; joinSteps: number };
}

describe("topics over the whole library (sample, then join)", () => {
  it("covers every article above the sample size: the sample is clustered, the rest join in batches", async () => {
    const { token, user } = await registerUser();
    const ids = await library(user.id, 8); // 24 articles, 3 subjects
    const output = await runWith(user.id, 12, 5);
    expect(output).toMatchObject({ articles: 12, toJoin: 12, joined: 12, joinSteps: 3 });

    const placed = await placements(user.id);
    const all = Object.values(ids).flat();
    // Every article is in exactly one topic (a topic or the leftover group).
    expect(placed.map((p) => p.articleId).sort((a, b) => a - b)).toEqual([...all].sort((a, b) => a - b));
    // Joined by subject: in each named topic, most articles are of one subject.
    const subjectOf = new Map(Object.entries(ids).flatMap(([subject, members]) => members.map((id) => [id, subject])));
    const byTopic = new Map<number, string[]>();
    for (const p of placed) {
      if (p.label === LEFTOVER_LABEL) continue;
      byTopic.set(p.topicId, [...(byTopic.get(p.topicId) ?? []), subjectOf.get(p.articleId) as string]);
    }
    expect(byTopic.size).toBeGreaterThanOrEqual(2);
    for (const subjects of byTopic.values()) {
      const counts = [...new Set(subjects)].map((s) => subjects.filter((x) => x === s).length);
      expect(Math.max(...counts) / subjects.length).toBeGreaterThanOrEqual(0.75);
    }
    // The API counts the joined articles with the sampled ones.
    const listed = await api("GET", "/api/topics/?unread_only=false&limit=50", { token });
    const total = listed.body.topics.reduce((sum: number, t: { article_count: number }) => sum + t.article_count, 0);
    expect(total).toBe(24);
    expect(listed.body.topics[0].topic_metadata.generated_from).toMatch(/^12 of 24 articles, the rest joined/);
  });

  it("a newly processed article joins its nearest topic, without a re-clustering", async () => {
    const { token, user } = await registerUser();
    await library(user.id, 6);
    await recluster(user.id);
    const before = await placements(user.id);
    const computedAt = async () =>
      (
        await env.DB.prepare("SELECT topics_computed_at AS at FROM users WHERE id = ?")
          .bind(user.id)
          .first<{ at: number }>()
      )?.at;
    const clusteredAt = await computedAt();

    await using topicRuns = await introspectWorkflow(env.TOPICS_WORKFLOW);
    await using processing = await introspectWorkflow(env.ARTICLE_WORKFLOW);
    const text = "honeybees hive pollen waggle dance queen beekeeping honey colony swarm nectar drones hive pollen";
    const saved = await api("POST", "/api/articles/", {
      token,
      body: {
        url: `${inject("fixtureOrigin")}/article?title=${encodeURIComponent("Honeybees in the hive")}&body=${encodeURIComponent(text)}&repeat=6`,
      },
    });
    expect(saved.status).toBe(201);
    await expect.poll(async () => (await processing.get()).length, { timeout: 20_000 }).toBe(1);
    const [run] = await processing.get();
    await run?.waitForStatus("complete");

    const after = await placements(user.id);
    expect(after).toHaveLength(before.length + 1);
    const joined = after.find((p) => p.articleId === saved.body.id);
    expect(joined).toBeDefined();
    expect(await computedAt()).toBe(clusteredAt);
    expect(await topicRuns.get()).toHaveLength(0);
  });

  it("an article that completes while a run clusters the library is in a topic when the run ends", async () => {
    const { user } = await registerUser();
    await library(user.id, 6);
    await recluster(user.id);
    const honeybees = "honeybees hive pollen waggle dance queen beekeeping honey colony swarm nectar drones";
    const late = await seedProcessedArticle(user.id, {
      title: "Honeybees",
      text: honeybees,
      processingStatus: "processing",
    });
    const db = createDatabase(env.DB);
    const embedder = createLocalEmbedder(1024);
    const repository = createTopicsRepository(db);
    const service = (topics = repository) =>
      createTopicsService({
        topics,
        vectorIndex: createD1VectorIndex(db, embedder.name),
        embedder,
        languageModel: createExtractiveLanguageModel(),
      });
    // The run has read the library; before it stores its topics the article completes and, as processing does,
    // joins its nearest topic: one of those the run is about to replace.
    const completesMeanwhile = {
      ...repository,
      async replaceAll(...args: Parameters<typeof repository.replaceAll>) {
        await env.DB.prepare("UPDATE articles SET processing_status = 'completed', processed_at = ? WHERE id = ?")
          .bind(Date.now() + 1_000, late)
          .run();
        expect(await service().joinArticle(user.id, late)).toBe(true);
        expect((await placements(user.id)).some((p) => p.articleId === late)).toBe(true);
        return repository.replaceAll(...args);
      },
    };
    await runTopics(inlineSteps(), () => service(completesMeanwhile), user.id);

    const placed = (await placements(user.id)).filter((p) => p.articleId === late);
    expect(placed).toHaveLength(1);
    expect(placed[0]?.label).not.toBe(LEFTOVER_LABEL);
  });

  it("an article placed twice at once (its own join and a run's join batch) stays in one topic", async () => {
    const { user } = await registerUser();
    await library(user.id, 6);
    await recluster(user.id);
    const [first, second] = await createTopicsRepository(createDatabase(env.DB)).centres(user.id);
    const id = await seedProcessedArticle(user.id, { title: "Honeybees", text: "honeybees hive pollen waggle" });
    const repository = createTopicsRepository(createDatabase(env.DB));
    await Promise.all([
      repository.addMembers(user.id, [{ topicId: first?.id as number, articleId: id, similarity: 0.5 }]),
      repository.addMembers(user.id, [{ topicId: second?.id as number, articleId: id, similarity: 0.4 }]),
    ]);
    expect((await placements(user.id)).filter((p) => p.articleId === id)).toHaveLength(1);
  });

  it("an article processed after the last run that falls into the leftover group makes the topics due, once", async () => {
    const { user } = await registerUser();
    await library(user.id, 8, 7); // 24 articles: two more stay below the growth share (27)
    await recluster(user.id);
    const topics = (await servicesForUser(env, user.id)).topics;
    expect(await topics.isBehind(user.id)).toBe(false);

    /** Saves a processed article after the run, joins it as processing does, and returns its group's label. */
    const joinLate = async (title: string, text: string) => {
      const id = await seedProcessedArticle(user.id, { title, text });
      await markProcessedNow(id);
      expect(await topics.joinArticle(user.id, id)).toBe(true);
      return (await placements(user.id)).find((p) => p.articleId === id)?.label;
    };

    // One article more joins a topic: not due.
    const honeybees = "honeybees hive pollen waggle dance queen beekeeping honey colony swarm nectar drones";
    expect(await joinLate("Honeybees", honeybees)).not.toBe(LEFTOVER_LABEL);
    expect(await topics.isBehind(user.id)).toBe(false);

    // An article of no subject the topics know lands in the leftover group: a run over it may find it a topic.
    const jazz = "saxophone trumpet jazz improvisation swing bebop quartet rhythm trombone clarinet";
    expect(await joinLate("Saxophone", jazz)).toBe(LEFTOVER_LABEL);
    expect(await topics.isBehind(user.id)).toBe(true);

    // The run reads it: whether it stays left over or not, the topics are current, so no run repeats. (Its
    // processing time, stamped a second ahead above, is put before the run, as it is outside tests.)
    await env.DB.prepare("UPDATE articles SET processed_at = ? WHERE user_id = ? AND processed_at > ?")
      .bind(Date.now() - 1, user.id, Date.now())
      .run();
    await recluster(user.id);
    expect(await topics.isBehind(user.id)).toBe(false);
  });
});

/** Stamps an article as processed a moment after the last topics run began (seeded rows carry the seed time). */
async function markProcessedNow(articleId: number) {
  await env.DB.prepare("UPDATE articles SET processed_at = ? WHERE id = ?")
    .bind(Date.now() + 1_000, articleId)
    .run();
}
