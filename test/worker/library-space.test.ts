import { describe, expect, it } from "vitest";
import { dot, unit } from "../../src/worker/domain/clustering/vectors";
import {
  blendWithNeighbours,
  centred,
  libraryMean,
  NEIGHBOUR_WEIGHT,
  NEIGHBOURS,
} from "../../src/worker/domain/embedding/library-space";
import { decodeInSpace, encodeVector, spaceOf } from "../../src/worker/domain/embedding/vector-encoding";

function close(actual: number[], expected: number[]) {
  for (const [i, x] of actual.entries()) expect(x).toBeCloseTo(expected[i] as number, 6);
}

describe("library space", () => {
  it("the library mean is the mean of the vectors' unit directions", () => {
    close(
      libraryMean([
        [2, 0, 0],
        [0, 0.5, 0],
      ]),
      [0.5, 0.5, 0],
    );
    expect(libraryMean([])).toEqual([]);
  });

  it("centring takes away what every article shares, and is skipped without a mean of the same length", () => {
    // A strong shared direction (the first axis) makes two different subjects look 90% alike.
    const a = unit([3, 1, 0]);
    const b = unit([3, 0, 1]);
    expect(dot(a, b)).toBeGreaterThan(0.85);
    const mean = libraryMean([a, b]);
    expect(dot(centred(a, mean), centred(b, mean))).toBeLessThan(0);
    close(centred([3, 4, 0], null), [0.6, 0.8, 0]);
    close(centred([3, 4, 0], [1, 1]), [0.6, 0.8, 0]);
  });

  it("blends an article with its nearest neighbours only when they are alike at all", () => {
    const [blended, partner, loner] = blendWithNeighbours([unit([1, 0.2, 0]), unit([1, -0.2, 0]), [-1, 0, 0]]);
    // The pair moves together (the partner counts NEIGHBOUR_WEIGHT / NEIGHBOURS)...
    const weight = NEIGHBOUR_WEIGHT / NEIGHBOURS;
    close(
      blended as number[],
      unit([1, 0.2, 0].map((x, d) => x / Math.hypot(1, 0.2) + weight * unit([1, -0.2, 0])[d]!)),
    );
    expect(dot(blended as number[], partner as number[])).toBeGreaterThan(dot(unit([1, 0.2, 0]), unit([1, -0.2, 0])));
    // ... and an article unlike every other keeps its own direction.
    close(loner as number[], [-1, 0, 0]);
  });

  it("stores a mean under its embedder's space and reads it back only in that space", () => {
    expect(spaceOf("workers-ai:@cf/baai/bge-m3")).toBe("workers-ai-cf-baai-bge-m3");
    const stored = encodeVector([0.25, -0.5], spaceOf("local-glove-hashing-v3"));
    expect(Array.from(decodeInSpace(stored, "local-glove-hashing-v3") ?? [])).toEqual([0.25, -0.5]);
    expect(decodeInSpace(stored, spaceOf("workers-ai:@cf/baai/bge-m3"))).toBeNull();
    expect(decodeInSpace(null, "local-glove-hashing-v3")).toBeNull();
  });
});
