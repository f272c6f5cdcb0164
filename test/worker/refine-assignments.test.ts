import { describe, expect, it } from "vitest";
import { denseView, refineAssignments, wordView } from "../../src/worker/domain/clustering/refine-assignments";
import { dot, meanDirection } from "../../src/worker/domain/clustering/vectors";

const atAngle = (degrees: number) => [Math.cos((degrees * Math.PI) / 180), Math.sin((degrees * Math.PI) / 180)];

describe("leave-one-out refinement", () => {
  // Two articles at 0°, three at 90°, and x at 50°: nearer the three, but k-means put it with the two.
  const vectors = [atAngle(0), atAngle(0), atAngle(50), atAngle(90), atAngle(90), atAngle(90)];
  const kMeans = [0, 0, 0, 1, 1, 1];

  it("moves an article that only its own weight in the centre kept in its topic", () => {
    // The premise: with x counted in its own centre, k-means has no reason to move it.
    const x = vectors[2] as number[];
    const withItself = meanDirection(vectors.slice(0, 3), 2);
    const others = meanDirection(vectors.slice(3), 2);
    expect(dot(x, withItself)).toBeGreaterThan(dot(x, others));

    expect(refineAssignments([denseView(vectors, 1)], kMeans)).toEqual([0, 0, 1, 1, 1, 1]);
  });

  it("lets the words outvote the embedding when they agree more clearly", () => {
    // x's words are the two's words; the embedding leans a little the other way (50° against 45°).
    const documents = [
      ["hive", "pollen"],
      ["hive", "pollen", "queen"],
      ["hive", "pollen", "queen"],
      ["glacier", "ice"],
      ["glacier", "ice"],
      ["glacier", "melt"],
    ];
    expect(refineAssignments([denseView(vectors, 0.5), wordView(documents, 0.5)], kMeans)).toEqual(kMeans);
    expect(refineAssignments([denseView(vectors, 0.9), wordView(documents, 0.1)], kMeans)).toEqual([0, 0, 1, 1, 1, 1]);
  });

  it("puts an article alone in its cluster into the topic it resembles, and keeps cluster numbers", () => {
    const lonely = [atAngle(0), atAngle(5), atAngle(85), atAngle(90), atAngle(80)];
    expect(refineAssignments([denseView(lonely, 1)], [3, 3, 1, 1, 0])).toEqual([3, 3, 1, 1, 1]);
  });

  it("leaves a clean clustering as it is and does not depend on article order", () => {
    const clean = [atAngle(0), atAngle(10), atAngle(20), atAngle(80), atAngle(90), atAngle(100)];
    expect(refineAssignments([denseView(clean, 1)], [1, 1, 1, 0, 0, 0])).toEqual([1, 1, 1, 0, 0, 0]);
    const order = [5, 2, 0, 4, 1, 3];
    const shuffled = refineAssignments(
      [
        denseView(
          order.map((i) => vectors[i] as number[]),
          1,
        ),
      ],
      order.map((i) => kMeans[i] as number),
    );
    expect(shuffled).toEqual(order.map((i) => [0, 0, 1, 1, 1, 1][i]));
  });
});

describe("word view", () => {
  it("weighs the library's rarer shared words, leaving out words of one article or of most", () => {
    const documents = [
      ["the", "hive", "hive", "pollen", "unique"],
      ["the", "hive", "queen"],
      ["the", "glacier", "queen"],
      ["the", "glacier"],
      ["the", "melt"],
    ];
    const view = wordView(documents, 0.5);
    // Kept: hive, queen, glacier (2 of 5 articles each); "the" is in all, "pollen", "unique", "melt" in one.
    expect(view.dimensions).toBe(3);
    expect(view.weight).toBe(0.5);
    const [first, , , , last] = view.vectors;
    expect(first?.indices).toHaveLength(1);
    expect(first?.values[0]).toBeCloseTo(1, 10);
    expect(last?.indices).toHaveLength(0);
    // Article 2: hive and queen, each once and each in 2 articles, so of equal weight.
    const second = view.vectors[1];
    expect(Array.from(second?.values ?? [])).toEqual([Math.SQRT1_2, Math.SQRT1_2].map((x) => expect.closeTo(x, 10)));
    for (const vector of view.vectors) {
      const length = Math.hypot(...Array.from(vector.values));
      expect(length === 0 || Math.abs(length - 1) < 1e-9).toBe(true);
    }
  });

  it("gives an article with no shared words no pull towards any topic", () => {
    const documents = [["alpha"], ["beta", "gamma"], ["beta", "gamma"], ["delta", "omega"], ["delta", "omega"]];
    const embedding = [atAngle(30), atAngle(0), atAngle(10), atAngle(90), atAngle(80)];
    const start = [1, 0, 0, 1, 1];
    const byEmbedding = refineAssignments([denseView(embedding, 1)], start);
    expect(byEmbedding).toEqual([0, 0, 0, 1, 1]);
    expect(refineAssignments([denseView(embedding, 0.5), wordView(documents, 0.5)], start)).toEqual(byEmbedding);
  });
});
