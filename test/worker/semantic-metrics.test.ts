import { describe, expect, it } from "vitest";
import {
  homogeneity,
  mean,
  normalizedMutualInformation,
  percentile,
  precisionAtK,
  purity,
  reciprocalRank,
} from "../../scripts/semantic-metrics";

describe("bench:semantic metrics", () => {
  it("NMI is 1 for a relabelled perfect clustering and 0 for an independent one", () => {
    expect(normalizedMutualInformation(["a", "a", "b", "b"], [7, 7, 3, 3])).toBeCloseTo(1, 10);
    expect(normalizedMutualInformation(["a", "a", "b", "b"], [1, 2, 1, 2])).toBeCloseTo(0, 10);
    expect(normalizedMutualInformation(["a", "a"], [1, 1])).toBe(1);
  });

  it("NMI matches a hand computation (arithmetic normalisation)", () => {
    // labels a a a b b b, clusters 1 1 2 2 2 2: H(L) = ln 2, H(C) = -(1/3 ln 1/3 + 2/3 ln 2/3),
    // I = 1/3 ln 2 + 1/6 ln(1/2) + 1/2 ln(3/2).
    const hl = Math.log(2);
    const hc = -((1 / 3) * Math.log(1 / 3) + (2 / 3) * Math.log(2 / 3));
    const mi = (1 / 3) * Math.log(2) + (1 / 6) * Math.log(1 / 2) + (1 / 2) * Math.log(3 / 2);
    const nmi = normalizedMutualInformation(["a", "a", "a", "b", "b", "b"], [1, 1, 2, 2, 2, 2]);
    expect(nmi).toBeCloseTo((2 * mi) / (hl + hc), 10);
    expect(nmi).toBeCloseTo(0.4787, 4);
  });

  it("purity counts each cluster's majority label", () => {
    expect(purity(["a", "a", "b", "b", "b", "c"], [1, 1, 1, 2, 2, 2])).toBeCloseTo(4 / 6, 10);
    expect(purity(["a", "b", "c"], [1, 2, 3])).toBe(1);
    expect(() => purity(["a"], [1, 2])).toThrow();
  });

  it("homogeneity is 1 for clusters of one label each, 0 for clusters that mix labels as the whole does", () => {
    expect(homogeneity(["a", "a", "b", "b"], [1, 1, 2, 3])).toBeCloseTo(1, 10);
    expect(homogeneity(["a", "b", "a", "b"], [1, 1, 2, 2])).toBeCloseTo(0, 10);
    expect(homogeneity(["a", "a"], [1, 2])).toBe(1);
    // H(L) = ln 2; cluster 1 (a, a, b) has entropy H(2/3, 1/3), cluster 2 (b) none: 1 - (3/4) H(2/3, 1/3) / ln 2.
    const h = -(2 / 3) * Math.log(2 / 3) - (1 / 3) * Math.log(1 / 3);
    expect(homogeneity(["a", "a", "b", "b"], [1, 1, 1, 2])).toBeCloseTo(1 - (0.75 * h) / Math.log(2), 10);
  });

  it("precision@k counts missing results as misses; reciprocal rank finds the first hit", () => {
    expect(precisionAtK([true, false, true, true, false, true], 5)).toBeCloseTo(3 / 5, 10);
    expect(precisionAtK([true, true], 5)).toBeCloseTo(2 / 5, 10);
    expect(reciprocalRank([false, false, true, true])).toBeCloseTo(1 / 3, 10);
    expect(reciprocalRank([false, false])).toBe(0);
    expect(mean([1, 0.5, 0])).toBeCloseTo(0.5, 10);
  });

  it("percentiles are nearest-rank", () => {
    const values = Array.from({ length: 200 }, (_, i) => 200 - i);
    expect(percentile(values, 0.95)).toBe(190);
    expect(percentile(values, 0.5)).toBe(100);
    expect(percentile([3], 0.95)).toBe(3);
    expect(() => percentile([], 0.5)).toThrow();
  });
});
