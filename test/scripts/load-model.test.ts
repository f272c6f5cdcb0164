import { describe, expect, it } from "vitest";
import { ARTICLE, LIMITS } from "../../scripts/capacity-figures";
import { ACTIVITY, model, READERS, table } from "../../scripts/load-model";

describe("the load model", () => {
  it("needs more shards, objects and messages as readers grow, and never fewer", () => {
    const first = model(1_000, 1_000);
    const rest = READERS.slice(1).map((readers) => model(readers, 1_000));
    let previous = first;
    for (const row of rest) {
      expect(row.shards).toBeGreaterThan(previous.shards);
      expect(row.r2Objects).toBeGreaterThan(previous.r2Objects);
      expect(row.peakQueriesPerSecond).toBeGreaterThan(previous.peakQueriesPerSecond);
      expect(row.workflowCreatesPerSecond).toBeGreaterThan(previous.workflowCreatesPerSecond);
      previous = row;
    }
    // 1,000 readers of 1,000 articles at 8,737 bytes: 8.7 GB, two shards (each filled to at most 80% of 10 GB).
    expect(first.d1Bytes).toBe(1_000 * 1_000 * ARTICLE.d1Bytes);
    expect(first.shards).toBe(2);
  });

  it("takes as many shards as the larger of size and query throughput asks", () => {
    const bySize = model(100_000, 1_000);
    expect(bySize.shards).toBe(bySize.shardsForSize);
    // Tiny libraries and a reader who does 100 times as much: queries, not bytes, decide.
    const busy = model(1_000_000, 1, {
      ...ACTIVITY,
      requests: Object.fromEntries(Object.entries(ACTIVITY.requests).map(([k, v]) => [k, v * 100])),
    });
    expect(busy.shardsForQueries).toBeGreaterThan(busy.shardsForSize);
    expect(busy.shards).toBe(busy.shardsForQueries);
    expect(busy.peakQueriesPerSecond / busy.shards).toBeLessThanOrEqual((1000 / LIMITS.d1MeanQueryMs) * 0.5);
  });

  it("names as the first limit the one whose demand is highest against its capacity", () => {
    for (const readers of READERS) {
      for (const articlesEach of [100, 1_000, 10_000]) {
        const result = model(readers, articlesEach);
        const highest = Math.max(...result.limits.map((l) => l.ratio));
        expect(result.firstLimit.ratio).toBe(highest);
        const platform = result.limits.filter((l) => l.kind === "platform");
        expect(result.firstPlatformLimit.kind).toBe("platform");
        expect(result.firstPlatformLimit.ratio).toBe(Math.max(...platform.map((l) => l.ratio)));
      }
    }
    // A million readers of 1,000 articles: the account's 1 TB of D1 is met (8.7 TB), before Workflows or Queues.
    const million = model(1_000_000, 1_000);
    expect(million.firstPlatformLimit.name).toMatch(/D1 storage per account/);
    expect(million.firstPlatformLimit.ratio).toBeGreaterThan(8);
    // With libraries of 10 articles, storage no longer binds: Workflow creation at the busiest hour is the wall.
    const small = model(1_000_000, 10);
    expect(small.firstPlatformLimit.name).toMatch(/Workflows: 100 created a second/);
  });

  it("prints one row per size with the first limit met", () => {
    const rows = table(READERS.map((readers) => model(readers, 1_000)));
    expect(rows).toHaveLength(READERS.length + 1);
    const million = rows.at(-1) ?? [];
    expect(million[0]).toBe("1,000,000");
    expect(million.at(-1)).toContain("met");
  });
});
