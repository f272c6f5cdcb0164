/**
 * A percentage a reader can trust: a raw similarity (a cosine, whatever the embedder) read against the reader's own
 * library. Cosines mean different things for different embedders (bge-m3 puts unrelated texts at 0.4, the local
 * embedder's centred vectors at 0) and for different libraries (a library of one interest is alike throughout), so
 * a cosine is never shown as a percentage. What is shown is how rare such a close pair is in this library.
 *
 * A scale is built from a sample of the library's scores of one kind (every pair of articles, or every article with
 * every topic). For a score s, E(s) = the share of the sample at least as high × `perItem` (the candidates each
 * article has: the other articles, or the topics) is how many of them an article of this library has, on average,
 * at least this close. The percentage falls on a log scale of E: 0% at E = `zero`, 100% at E = `full`, 50% at
 * √(zero × full). So a percentage reads the same in any library, whatever the embedder and the library's size:
 * 50% is "fewer than one article in √(zero × full) has a match this close"; a floor in percent is a floor in E.
 *
 * The scale is stored as the score at each of STEPS + 1 levels (0%, 5%, ... 100%), ascending, and read back by
 * linear interpolation between levels (percentOf). Pure and small enough to keep per user.
 */
export const STEPS = 20;

export interface SimilarityScale {
  /** The score that reads as i / STEPS (0% ... 100%), non-decreasing; STEPS + 1 of them. */
  scores: number[];
}

export interface ScaleAnchors {
  /** E at which a score reads 0%. */
  zero: number;
  /** E at which a score reads 100% (above the sample's highest score: interpolated towards `ceiling`). */
  full: number;
}

/**
 * Scores are cosines of vectors centred on the library's mean: 0 is "no more alike than the library's average".
 * No level is below it, so a score at or below it reads 0% however the library's scores spread (in a library of
 * a few very distinct subjects, most pairs are below 0, and a pair at 0 would otherwise read as a rare one).
 */
const CHANCE = 0;
/** The highest score of a unit-vector cosine: the level of 100% when the sample's top is not that rare. */
const CEILING = 1;

/**
 * A scale from a sample of scores of one kind. `perItem`: how many scores each article has (n - 1 for pairs of
 * n articles, k for k topics), so that a share of the sample converts to E. Null for an empty sample.
 */
export function scaleFromScores(
  scores: ArrayLike<number>,
  perItem: number,
  anchors: ScaleAnchors,
): SimilarityScale | null {
  const count = scores.length;
  if (count === 0 || perItem <= 0) return null;
  const sorted = Float64Array.from(scores).sort();
  const top = sorted[count - 1] as number;
  const { zero, full } = anchors;
  const levels: number[] = [];
  for (let step = 0; step <= STEPS; step++) {
    const expected = zero * (full / zero) ** (step / STEPS);
    // How many of the sample's scores are at least this level's score.
    const above = (expected / perItem) * count;
    let score: number;
    if (above >= 1) {
      // The score with `above` scores at least as high, between the two sorted neighbours.
      const position = Math.max(0, count - above);
      const low = Math.floor(position);
      const high = Math.min(count - 1, low + 1);
      score = (sorted[low] as number) + (position - low) * ((sorted[high] as number) - (sorted[low] as number));
    } else {
      // Rarer than the sample's closest pair: between it and the ceiling, as rare as it is.
      score = top + (Math.max(top, CEILING) - top) * (1 - above);
    }
    levels.push(Math.max(score, CHANCE, levels.at(-1) ?? CHANCE));
  }
  return { scores: levels.map(round) };
}

/** The percentage (in [0, 1]) a score reads on a scale: 0 at or below its first level, 1 at or above its last. */
export function percentOf(score: number, scale: SimilarityScale): number {
  const { scores } = scale;
  if (!Number.isFinite(score) || scores.length < 2 || score <= (scores[0] as number)) return 0;
  const last = scores.length - 1;
  if (score >= (scores[last] as number)) return 1;
  // The highest level at or below the score; levels may repeat (ties in a small sample).
  let low = 0;
  while (low < last - 1 && (scores[low + 1] as number) <= score) low++;
  const from = scores[low] as number;
  const to = scores[low + 1] as number;
  const within = to > from ? (score - from) / (to - from) : 0;
  return round((low + within) / last);
}

/** The lowest score that reads at least `percent` on a scale (the inverse of percentOf at the levels). */
export function scoreAt(percent: number, scale: SimilarityScale): number {
  const { scores } = scale;
  const last = scores.length - 1;
  const position = Math.min(1, Math.max(0, percent)) * last;
  const low = Math.floor(position);
  const high = Math.min(last, low + 1);
  const from = scores[low] as number;
  return from + (position - low) * ((scores[high] as number) - from);
}

/** Whether a value read back from storage is a usable scale. */
export function isScale(value: unknown): value is SimilarityScale {
  const scores = (value as SimilarityScale | null)?.scores;
  return (
    Array.isArray(scores) &&
    scores.length === STEPS + 1 &&
    scores.every((s, i) => typeof s === "number" && Number.isFinite(s) && (i === 0 || s >= (scores[i - 1] as number)))
  );
}

const round = (x: number) => Math.round(x * 10_000) / 10_000;
