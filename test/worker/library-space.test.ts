import { describe, expect, it } from "vitest";
import { dot, unit } from "../../src/worker/domain/clustering/vectors";
import {
  blendWithNeighbours,
  centred,
  libraryMean,
  NEIGHBOUR_WEIGHT,
  NEIGHBOURS,
  rankInLibrary,
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

  it("ranks related candidates around the library mean, the article and candidates blended with their nearest", () => {
    // Every article leans on the first axis (what the whole library shares); the subjects are the others.
    const lean = (subject: number[]) => unit([2, ...subject]);
    const article = lean([1, 0.4, 0, 0]);
    const sameSubject = { id: "same", vector: lean([1, -0.4, 0, 0]) };
    const sameSubjectToo = { id: "too", vector: lean([0.8, -0.2, 0, 0]) };
    // Plain cosine ranks this one second: it shares the article's odd second-axis words (and leans a little
    // towards another subject, the third axis).
    const oddWords = { id: "odd", vector: lean([0.4, 0.8, 0.2, 0]) };
    const others = [lean([0, 0, 0, 1]), lean([0, 0, 1, 0])].map((vector, i) => ({ id: `other${i}`, vector }));
    const candidates = [oddWords, sameSubject, sameSubjectToo, ...others];
    const mean = libraryMean([article, ...candidates.map((c) => c.vector)]);

    const plain = rankInLibrary(article, candidates, null);
    expect(plain.map((r) => r.candidate.id).slice(0, 3)).toEqual(["too", "odd", "same"]);
    for (const r of plain) expect(r.score).toBeCloseTo(dot(article, unit(r.candidate.vector)), 9);

    const inLibrary = rankInLibrary(article, candidates, mean);
    expect(inLibrary.map((r) => r.candidate.id).slice(0, 3)).toEqual(["too", "same", "odd"]);
    const scores = inLibrary.map((r) => r.score);
    expect([...scores].sort((x, y) => y - x)).toEqual(scores);
    expect(inLibrary.at(-1)?.score).toBeLessThan(0);
  });

  it("blends every candidate with its own nearest ones too: a same-subject article with odd words of its own ranks above one that only shares the article's odd words", () => {
    // Axes after the shared first one: the subject, the article's odd words, two same-subject variants,
    // the stray article's own odd words, another subject, a third.
    const lean = (subject: number[]) => unit([2, ...subject]);
    const article = lean([1, 0.6, 0, 0, 0, 0]);
    const candidates = [
      { id: "same1", vector: lean([1, 0, 0.3, 0, 0, 0]) },
      { id: "same2", vector: lean([1, 0, -0.3, 0, 0, 0]) },
      { id: "stray", vector: lean([0.8, 0, 0, 1, 0, 0]) },
      { id: "odd", vector: lean([0.3, 1.3, 0, 0, 0.6, 0]) },
      { id: "other1", vector: lean([0, 0, 0, 0, 1, 0.2]) },
      { id: "other2", vector: lean([0, 0, 0, 0, 1, -0.2]) },
      { id: "far", vector: lean([0, 0, 0, 0, 0, 1]) },
    ];
    const mean = libraryMean([article, ...candidates.map((c) => c.vector)]);
    const ranked = rankInLibrary(article, candidates, mean, 0.15);
    const stray = ranked.find((r) => r.candidate.id === "stray");
    const odd = ranked.find((r) => r.candidate.id === "odd");
    // On its own the odd-words article is the more alike; blended with their neighbours, the stray one is.
    expect(odd?.own).toBeGreaterThan(stray?.own ?? 0);
    expect(ranked.map((r) => r.candidate.id).slice(0, 4)).toEqual(["same1", "same2", "stray", "odd"]);
    expect(ranked.findIndex((r) => r.candidate.id.startsWith("other"))).toBeGreaterThan(3);
  });

  it("stores a mean under its embedder's space and reads it back only in that space", () => {
    expect(spaceOf("workers-ai:@cf/baai/bge-m3")).toBe("workers-ai-cf-baai-bge-m3");
    const stored = encodeVector([0.25, -0.5], spaceOf("local-glove-hashing-v3"));
    expect(Array.from(decodeInSpace(stored, "local-glove-hashing-v3") ?? [])).toEqual([0.25, -0.5]);
    expect(decodeInSpace(stored, spaceOf("workers-ai:@cf/baai/bge-m3"))).toBeNull();
    expect(decodeInSpace(null, "local-glove-hashing-v3")).toBeNull();
  });
});
