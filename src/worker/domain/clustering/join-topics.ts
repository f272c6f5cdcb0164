import { percentOf, type SimilarityScale } from "../similarity/similarity-scale";
import { dot, unit } from "./vectors";

/**
 * Sample-then-join: a library above CLUSTER_SAMPLE articles is clustered on an evenly spaced sample of that
 * many (clusterLibrary), and every other article joins the topic whose centre is nearest. The pipeline command
 * and the Worker's topics run both use these functions, so a library gets the same topics from either.
 */
export const CLUSTER_SAMPLE = 1000;
/**
 * Articles joined per Workflow step: 500 vectors (25 Vectorize getByIds calls of 20, 21 D1 inserts of 24 rows)
 * take about 0.3 s of CPU with the local adapters, far under a step's 30 s, and hold about 2 MB of vectors.
 */
export const JOIN_BATCH = 500;
/**
 * A topic's join threshold is this quantile of its sample members' similarities to its centre: an article
 * less similar than the least typical tenth of the topic's own members fits it no better than they do, and
 * joins the leftover group instead.
 */
const THRESHOLD_QUANTILE = 0.1;

/**
 * The evenly spaced sample positions (0-based) of a library of `n` articles, newest first: all of them up to
 * `size`, otherwise every (n/size)-th, so the topics describe the whole library, not its newest part.
 */
export function samplePositions(n: number, size = CLUSTER_SAMPLE): number[] {
  if (n <= size) return Array.from({ length: n }, (_, i) => i);
  return Array.from({ length: size }, (_, i) => Math.floor((i * n) / size));
}

/**
 * The join space: an embedding centred on the library mean of the clustering and made unit length, so what
 * every article shares (the language's, the embedder's common direction) does not decide the nearest topic.
 */
export function joinSpace(vector: ArrayLike<number>, libraryMean: ArrayLike<number> | null): number[] {
  const centred = Array.from(vector, (v, i) => v - (libraryMean?.[i] ?? 0));
  return unit(centred);
}

export interface TopicCentre {
  centre: number[];
  threshold: number;
}

/** A topic's centre (the mean of its members in the join space) and join threshold, from its members' vectors. */
export function topicCentre(memberVectors: ArrayLike<number>[], libraryMean: ArrayLike<number> | null): TopicCentre {
  const points = memberVectors.map((v) => joinSpace(v, libraryMean));
  const dimensions = points[0]?.length ?? 0;
  const sum = new Array<number>(dimensions).fill(0);
  for (const p of points) for (let i = 0; i < dimensions; i++) sum[i] = (sum[i] ?? 0) + (p[i] ?? 0);
  const centre = unit(sum);
  const similarities = points.map((p) => dot(p, centre)).sort((a, b) => a - b);
  const threshold = similarities[Math.floor(THRESHOLD_QUANTILE * (similarities.length - 1))] ?? 0;
  return { centre, threshold: round(threshold) };
}

/**
 * How a library reads article-to-topic matches (similarity/topic-membership): its topics scale, and the least
 * match (on it) an article needs to join a topic.
 */
export interface TopicCalibration {
  scale: SimilarityScale;
  floor: number;
}

/**
 * The topic an article joins: the index of the nearest centre (in `centres`' order) when the article is at
 * least that topic's threshold similar to it, otherwise null (the leftover group); with the similarity. With a
 * calibration, the similarity is the match on the library's topics scale, and an article under its floor joins
 * the leftover group too: the same rule and reading as the topics run's members (withCalibratedMembers).
 */
export function nearestTopic(
  vector: ArrayLike<number>,
  centres: readonly TopicCentre[],
  libraryMean: ArrayLike<number> | null,
  calibration: TopicCalibration | null = null,
): { index: number | null; similarity: number } {
  const point = joinSpace(vector, libraryMean);
  let best = -1;
  let bestSimilarity = Number.NEGATIVE_INFINITY;
  centres.forEach(({ centre }, index) => {
    const similarity = dot(point, centre);
    if (similarity > bestSimilarity) {
      best = index;
      bestSimilarity = similarity;
    }
  });
  const match = calibration ? percentOf(bestSimilarity, calibration.scale) : Math.max(0, bestSimilarity);
  const fits =
    best >= 0 &&
    bestSimilarity >= (centres[best]?.threshold ?? Number.POSITIVE_INFINITY) &&
    (!calibration || match >= calibration.floor);
  return { index: fits ? best : null, similarity: fits ? round(match) : 0 };
}

const round = (x: number) => Math.round(x * 10_000) / 10_000;
