import { similarityMatrix } from "../clustering/silhouette";
import { dot, unit } from "../clustering/vectors";

/**
 * Comparing articles within one library rather than against the whole language. Two steps, both measured
 * on the labelled set of `npm run bench:semantic` (80 articles, 6 subjects):
 *
 * 1. Centring: every embedding shares a direction, what any article in the library has in common with
 *    any other (the local embedder's word-vector half is dominated by it, and so is a library of one
 *    interest). Subtracting the library's mean embedding leaves what sets an article apart from the rest of
 *    the library, so cosines spread from "everything is 60% alike" to clear yes and no.
 * 2. Neighbours: an article is blended with its NEIGHBOURS nearest articles (together counting as much as
 *    the article), the way query expansion blends a query with its first results. One article's odd words
 *    then matter less than what its subject shares.
 *
 * Related precision@5 went from 0.652 (plain cosines) to 0.688 centred and 0.715 centred with the query's
 * neighbours; topics NMI, over 5 orders of the articles, from a mean of 0.542 to 0.653 with both, and k-means
 * depended less on the order (0.49 to 0.57 before, 0.63 to 0.67 after).
 */
export const NEIGHBOURS = 3;
/** Weight of the neighbours' mean against the article's own vector (1: as much). */
export const NEIGHBOUR_WEIGHT = 1;

/** The mean of the vectors' unit directions: the library's common direction (not unit length). */
export function libraryMean(vectors: ArrayLike<number>[]): number[] {
  const dimensions = vectors[0]?.length ?? 0;
  const sum = new Float64Array(dimensions);
  for (const vector of vectors) {
    const length = Math.sqrt(dot(vector, vector));
    if (length === 0) continue;
    for (let d = 0; d < dimensions; d++) sum[d] = (sum[d] as number) + (vector[d] as number) / length;
  }
  return Array.from(sum, (x) => (vectors.length ? x / vectors.length : 0));
}

/**
 * The unit direction of `vector` minus the library mean, normalised. Without a usable mean (none yet, or
 * one of another length, i.e. another embedder) the vector's own unit direction.
 */
export function centred(vector: ArrayLike<number>, mean: ArrayLike<number> | null): number[] {
  const length = Math.sqrt(dot(vector, vector));
  const out = Array.from(vector, (x) => (length === 0 ? 0 : x / length));
  if (mean && mean.length === out.length)
    for (let d = 0; d < out.length; d++) out[d] = (out[d] as number) - (mean[d] as number);
  return unit(out);
}

/**
 * Every (unit) vector blended with its NEIGHBOURS most similar others among `vectors`, normalised: what
 * the topics clustering compares. O(n² × dimensions), about a second at 1,000 articles of 1,024 dimensions.
 */
export function blendWithNeighbours(vectors: number[][]): number[][] {
  const n = vectors.length;
  const similarity = similarityMatrix(vectors);
  return vectors.map((vector, i) => {
    const others = nearest(
      Array.from({ length: n }, (_, j) => j).filter((j) => j !== i),
      (j) => similarity[i * n + j] as number,
    );
    return blend(
      vector,
      others.map((j) => vectors[j] as number[]),
    );
  });
}

/**
 * The `count` items with the highest score, best first, leaving out any with a score of `minimum` or less
 * (0: once centred, those are less alike than two random articles of the library, not neighbours).
 */
function nearest<T>(items: T[], score: (item: T) => number, minimum = 0, count = NEIGHBOURS): T[] {
  return items
    .map((item) => ({ item, score: score(item) }))
    .filter((scored) => scored.score > minimum)
    .sort((a, b) => b.score - a.score)
    .slice(0, count)
    .map(({ item }) => item);
}

/**
 * The vector plus `weight` (NEIGHBOUR_WEIGHT / NEIGHBOURS unless told) of each neighbour, normalised. Fewer
 * neighbours weigh less (not more each): an article with one true neighbour in a small library keeps most
 * of its own direction.
 */
function blend(vector: number[], neighbours: number[][], weight = NEIGHBOUR_WEIGHT / NEIGHBOURS): number[] {
  if (neighbours.length === 0) return vector.slice();
  const out = vector.slice();
  for (const neighbour of neighbours)
    for (let d = 0; d < out.length; d++) out[d] = (out[d] as number) + weight * (neighbour[d] ?? 0);
  return unit(out);
}
