import { env, introspectWorkflow } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import extra from "../../scripts/bench-data/semantic-extra.json";
import { clusterLines } from "../../scripts/pipeline-cluster";
import { createD1VectorIndex } from "../../src/worker/adapters/local/d1-vector-index";
import { createLocalEmbedder } from "../../src/worker/adapters/local/local-embedder";
import { createDatabase } from "../../src/worker/db/client";
import { registerUser, seedArticle } from "./helpers";

/**
 * Issue 35 item 3: `npm run pipeline -- cluster` (its clusterLines) and the Worker's topics run give one library
 * the same topics and names, sample-then-join included (a sample of 10 of the 14 articles, the rest joined; in a
 * sample of 8 of these 6 subjects no topic holds articles really close to each other, and all are Other articles).
 */
describe("the pipeline command clusters as the Worker does", () => {
  it("same library, same topics and names", async () => {
    const lines = (extra as { articles: { title: string; paragraphs: string[] }[] }).articles.map((a) => ({
      title: a.title,
      text: a.paragraphs.join("\n\n"),
    }));
    const now = Date.now();
    const command = await clusterLines(lines, { now, sampleSize: 10 });
    expect(command.placements.size).toBe(lines.length);

    // The Worker's library: the same articles in the same order, stored as processing stores them (the
    // command's language, summary and vector are the Worker's own functions' results).
    const { user } = await registerUser();
    const index = createD1VectorIndex(createDatabase(env.DB), createLocalEmbedder(1024).name);
    const ids: number[] = [];
    for (const [i, line] of lines.entries()) {
      const id = await seedArticle(user.id, {
        title: line.title,
        summary: command.summaries[i] ?? "",
        content: `<p>${line.text}</p>`,
        language: command.languages[i] ?? null,
        createdAt: now,
      });
      await index.upsert(user.id, [{ id: String(id), vector: command.vectors.get(i) ?? [] }]);
      ids.push(id);
    }
    await using workflows = await introspectWorkflow(env.TOPICS_WORKFLOW);
    await env.TOPICS_WORKFLOW.create({
      id: `pipeline-${user.id}`,
      params: { userId: user.id, debounceSeconds: 0, sampleSize: 10, joinBatch: 3 },
    });
    const [run] = await workflows.get();
    await run?.waitForStatus("complete");

    const { results } = await env.DB.prepare(
      `SELECT ta.article_id AS id, t.label AS label FROM topic_articles ta JOIN topics t ON t.id = ta.topic_id
       WHERE t.user_id = ?`,
    )
      .bind(user.id)
      .all<{ id: number; label: string }>();
    const worker = new Map(results.map((row) => [row.id, row.label]));
    const fromCommand = lines.map((_, i) => {
      const place = command.placements.get(i);
      return place ? command.topics[place.topic]?.label : undefined;
    });
    expect(ids.map((id) => worker.get(id))).toEqual(fromCommand);
    expect(new Set(fromCommand).size).toBeGreaterThanOrEqual(2);
  });
});
