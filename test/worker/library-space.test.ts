import { describe, expect, it } from "vitest";
import { dot, unit } from "../../src/worker/domain/clustering/vectors";
import {
  blendWithNeighbours,
  centred,
  libraryMean,
  NEIGHBOUR_WEIGHT,
  NEIGHBOURS,
} from "../../src/worker/domain/embedding/library-space";
import {
  decodeInSpace,
  encodeCompactVector,
  encodeVector,
  spaceOf,
} from "../../src/worker/domain/embedding/vector-encoding";

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

  it("keeps a topic's centre in a quarter of the bytes, with cosines within 0.01 of the exact centre's", () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    // Unit vectors of 1,024 numbers, as both embedders give; one with a few large components as well.
    const gaussian = () => Math.sqrt(-2 * Math.log(random() + 1e-12)) * Math.cos(2 * Math.PI * random());
    const vector = (spiky = false) =>
      unit(Array.from({ length: 1024 }, (_, i) => gaussian() * (spiky && i % 97 === 0 ? 12 : 1)));
    const space = "local-glove-hashing-v3";
    for (const centre of [vector(), vector(true)]) {
      const compact = encodeCompactVector(centre, space);
      expect(compact.length).toBeLessThan(encodeVector(centre, space).length / 3.5);
      const decoded = Array.from(decodeInSpace(compact, space) ?? []);
      expect(decoded).toHaveLength(1024);
      for (let i = 0; i < 20; i++) {
        // An article near the centre and one far from it.
        const near = unit(centre.map((x) => x + 0.02 * gaussian()));
        for (const article of [near, vector()]) {
          expect(Math.abs(dot(unit(decoded), article) - dot(centre, article))).toBeLessThan(0.01);
        }
      }
      expect(decodeInSpace(compact, spaceOf("workers-ai:@cf/baai/bge-m3"))).toBeNull();
    }
    expect(Array.from(decodeInSpace(encodeCompactVector([0, 0], space), space) ?? [])).toEqual([0, 0]);
  });
});
