import { describe, expect, it } from "vitest";
import { type ScoredClustering, steadyChoice } from "../../src/worker/domain/clustering/steady-choice";

/** A candidate with these per-article silhouettes (its assignments do not matter to the choice). */
function candidate(k: number, warm: boolean, silhouettes: number[]): ScoredClustering {
  return {
    k,
    warm,
    assignments: [],
    centroids: [],
    silhouettes,
    score: silhouettes.reduce((a, b) => a + b, 0) / silhouettes.length,
  };
}

/** Silhouettes that wander around `level` (a fixed pattern, so the test does not depend on a random draw). */
const around = (level: number, wobble: number, phase = 0) =>
  Array.from({ length: 40 }, (_, i) => level + wobble * Math.sin(i * 1.7 + phase) * ((i % 3) - 1));

const structured = { structure: 0.25, fallbackK: 5, previousK: 8 };

describe("the clustering a topics run keeps", () => {
  it("takes the best silhouette when there are no previous topics, and √(n/2) topics when none shows structure", () => {
    const options = { ...structured, previousK: 0 };
    const six = candidate(6, false, around(0.4, 0.1));
    const seven = candidate(7, false, around(0.42, 0.1));
    expect(steadyChoice([six, seven], options)).toBe(seven);
    const weak = [candidate(4, false, around(0.2, 0.1)), candidate(5, false, around(0.1, 0.1))];
    expect(steadyChoice(weak, options)?.k).toBe(5);
  });

  it("keeps the clustering that continues the previous topics when another fits better by noise only", () => {
    const warm = candidate(8, true, around(0.4, 0.3));
    // Better on average by 0.01, but article by article the difference swings far more than that.
    const fresh = candidate(
      9,
      false,
      warm.silhouettes.map((s, i) => s + 0.01 + 0.2 * Math.sin(i * 2.3)),
    );
    expect(fresh.score).toBeGreaterThan(warm.score);
    expect(steadyChoice([warm, fresh], structured)).toBe(warm);
  });

  it("moves on when another clustering fits clearly better, article by article", () => {
    const warm = candidate(8, true, around(0.3, 0.3));
    const fresh = candidate(
      10,
      false,
      warm.silhouettes.map((s, i) => s + 0.08 + 0.02 * Math.sin(i)),
    );
    expect(steadyChoice([warm, fresh], structured)).toBe(fresh);
  });

  it("keeps the previous number of topics when no number shows structure, instead of jumping to √(n/2)", () => {
    const fallback = candidate(5, false, around(0.15, 0.2));
    const fallbackWarm = candidate(5, true, around(0.12, 0.2));
    const previous = candidate(8, true, around(0.14, 0.2, 1));
    // A warm start with another number of topics than before is no candidate here.
    const other = candidate(6, true, around(0.2, 0.2));
    expect(steadyChoice([fallback, fallbackWarm, other, previous], structured)).toBe(previous);
  });
});
