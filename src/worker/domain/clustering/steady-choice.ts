import { mean } from "./silhouette";

/** One k-means clustering of a part of the library, tried for its number of topics k. */
export interface ScoredClustering {
  k: number;
  assignments: number[];
  centroids: number[][];
  /** Started from the previous run's topic centres (a warm start): it continues those topics. */
  warm: boolean;
  /** The silhouette of every article of the silhouette sample (same sample, same order, for every candidate). */
  silhouettes: number[];
  /** Their mean. */
  score: number;
}

/**
 * How many standard errors better the best clustering's silhouette must be than the best warm-started one's
 * to replace it (a paired test on the articles' silhouettes, about 95% one-sided at 2). A difference the sample
 * cannot tell from noise would only rename topics: on the multilingual labelled library saved in 10 steps
 * (`scripts/semantic-topic-stability.mjs`), over 8 orders of saving.
 */
export const STEADY_Z = 2;

/**
 * The clustering a topics run keeps. Without previous topics, the best mean silhouette; when no clustering
 * reaches `structure` (no k shows structure), the one with `fallbackK` topics. With previous topics, the best
 * warm-started clustering instead, unless the best one is clearly better: its articles' silhouettes exceed the
 * warm one's by more than STEADY_Z standard errors of their paired differences. When no k shows structure, the
 * silhouette cannot prefer one k to another, so the warm clustering with the previous number of topics
 * (`previousK`) stays a candidate beside `fallbackK`: a library that grows keeps its topics until a number of
 * topics clearly fits better, rather than jumping between the silhouette's k and √(n/2) as its silhouette
 * crosses `structure`.
 */
export function steadyChoice(
  candidates: readonly ScoredClustering[],
  { structure, fallbackK, previousK }: { structure: number; fallbackK: number; previousK: number },
): ScoredClustering | undefined {
  const structured = candidates.some((c) => c.score >= structure);
  const pool = structured ? candidates : candidates.filter((c) => c.k === fallbackK || (c.warm && c.k === previousK));
  const best = bestOf(pool);
  const steady = bestOf(pool.filter((c) => c.warm));
  if (!best || !steady || steady === best) return best;
  return clearlyBetter(best.silhouettes, steady.silhouettes) ? best : steady;
}

/** The highest mean silhouette; the first of equals (smaller k, fresh before warm, as tried). */
function bestOf(candidates: readonly ScoredClustering[]): ScoredClustering | undefined {
  let best: ScoredClustering | undefined;
  for (const candidate of candidates) if (!best || candidate.score > best.score + 1e-9) best = candidate;
  return best;
}

/** Whether the paired differences a − b have a mean above STEADY_Z standard errors. */
function clearlyBetter(a: readonly number[], b: readonly number[]): boolean {
  const differences = a.map((x, i) => x - (b[i] ?? 0));
  const gain = mean(differences);
  if (differences.length < 2) return gain > 0;
  const variance = differences.reduce((sum, d) => sum + (d - gain) ** 2, 0) / (differences.length - 1);
  return gain > STEADY_Z * Math.sqrt(variance / differences.length);
}
