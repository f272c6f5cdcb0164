import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { runSearchIndexMerge } from "../../src/worker/jobs/search-index-merge";
import { api, registerUser, seedArticle } from "./helpers";

const segments = async () =>
  (await env.DB.prepare("SELECT count(DISTINCT segid) AS n FROM articles_fts_idx").first<{ n: number }>())?.n ?? 0;
const structure = async () =>
  (await env.DB.prepare("SELECT hex(block) AS h FROM articles_fts_data WHERE id = 10").first<{ h: string }>())?.h;

describe("merging the full-text index (jobs/search-index-merge.ts)", () => {
  it("merges a burst of writes until nothing is left to merge, a bounded merge at a time, and every word is found", async () => {
    const reader = await registerUser();
    // A burst of writes: each entry lands in a segment of its own until FTS5 or a merge joins them.
    for (let i = 0; i < 40; i++) {
      const words = Array.from({ length: 300 }, (_, j) => `w${i}x${j}`).join(" ");
      await seedArticle(reader.user.id, { title: `Burst ${i}`, content: `<p>mergeword${i} ${words}</p>` });
    }
    const before = await segments();
    expect(before).toBeGreaterThan(1);

    // Two pages a merge: this index needs many merges, which one run goes on with until none is left.
    const reports = await runSearchIndexMerge(env, { pages: 2 });
    const main = reports.find((report) => report.shard === "DB");
    expect(main?.done).toBe(true);
    expect(main?.merges).toBeGreaterThan(2);
    expect(await segments()).toBeLessThan(before);
    // Nothing left: another merge leaves the index's list of segments as it was.
    const settled = await structure();
    await env.DB.prepare("INSERT INTO articles_fts(articles_fts, rank) VALUES ('merge', 2)").run();
    expect(await structure()).toBe(settled);

    for (const i of [0, 17, 39]) {
      const found = await api("GET", `/api/articles/?search=mergeword${i}`, { token: reader.token });
      expect(found.body.articles.map((a: { title: string }) => a.title)).toEqual([`Burst ${i}`]);
    }
  });

  it("stops at its budget and leaves the rest to the next run", async () => {
    const reader = await registerUser();
    for (let i = 0; i < 12; i++) {
      await seedArticle(reader.user.id, {
        title: `Budget ${i}`,
        content: `<p>budgetword ${"filler ".repeat(200)}${i}</p>`,
      });
    }
    let clock = 0;
    // Every reading of the clock is a second later: the budget of one second allows a single round.
    const reports = await runSearchIndexMerge(env, { pages: 1, budgetMs: 1_000, now: () => (clock += 1_000) });
    expect(reports.every((report) => report.merges === 1)).toBe(true);
    expect(reports.find((report) => report.shard === "DB")?.done).toBe(false);
  });
});
