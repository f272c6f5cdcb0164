import { seededRandom } from "./vectors";

export interface Clustering {
  /** Cluster index of every input vector. */
  assignments: number[];
  centroids: number[][];
}

const MAX_ITERATIONS = 50;

/**
 * Spherical k-means (cosine similarity on unit vectors) with k-means++ seeding. Deterministic for a seed.
 * Empty clusters are re-seeded with the point farthest from its centre. `initial` centres (unit vectors, at most
 * k are used) start the first clusters instead of drawn ones: a warm start from the topics of a previous run;
 * k-means++ draws the rest.
 *
 * The vectors are copied once into one flat Float64Array (`packVectors`; pass it to skip the copy when
 * clustering the same vectors many times): plain arrays of 1,024 numbers were 3 to 4 times slower, and the
 * clustering tries every k with several restarts.
 */
export function sphericalKMeans(
  vectors: number[][] | PackedVectors,
  k: number,
  seed: number,
  initial: readonly (readonly number[])[] = [],
): Clustering {
  const packed = Array.isArray(vectors) ? packVectors(vectors) : vectors;
  const { n, dimensions, values } = packed;
  const random = seededRandom(seed);
  const centroids = seedCentroids(packed, k, random, initial);
  const assignments = new Int32Array(n).fill(-1);
  const best = new Float64Array(n);

  for (let iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
    let changed = false;
    for (let i = 0; i < n; i++) {
      let bestCluster = 0;
      let bestSimilarity = Number.NEGATIVE_INFINITY;
      for (let c = 0; c < k; c++) {
        const similarity = dotAt(values, i * dimensions, centroids, c * dimensions, dimensions);
        if (similarity > bestSimilarity) {
          bestSimilarity = similarity;
          bestCluster = c;
        }
      }
      if (bestCluster !== assignments[i]) changed = true;
      assignments[i] = bestCluster;
      best[i] = bestSimilarity;
    }
    const sums = new Float64Array(k * dimensions);
    const sizes = new Int32Array(k);
    for (let i = 0; i < n; i++) {
      const c = assignments[i] as number;
      sizes[c] = (sizes[c] as number) + 1;
      const to = c * dimensions;
      const from = i * dimensions;
      for (let d = 0; d < dimensions; d++) sums[to + d] = (sums[to + d] as number) + (values[from + d] as number);
    }
    for (let c = 0; c < k; c++) {
      if ((sizes[c] as number) > 0) {
        normalizeInto(sums, c * dimensions, dimensions, centroids);
      } else {
        // The point farthest from its own centre starts the empty cluster again.
        let farthest = 0;
        for (let i = 1; i < n; i++) if ((best[i] as number) < (best[farthest] as number)) farthest = i;
        centroids.set(values.subarray(farthest * dimensions, (farthest + 1) * dimensions), c * dimensions);
        changed = true;
      }
    }
    if (!changed) break;
  }
  return {
    assignments: Array.from(assignments),
    centroids: Array.from({ length: k }, (_, c) =>
      Array.from(centroids.subarray(c * dimensions, (c + 1) * dimensions)),
    ),
  };
}

/** Vectors of one length in one flat array, row after row. */
export interface PackedVectors {
  n: number;
  dimensions: number;
  values: Float64Array;
}

export function packVectors(vectors: number[][]): PackedVectors {
  const dimensions = vectors[0]?.length ?? 0;
  const values = new Float64Array(vectors.length * dimensions);
  vectors.forEach((vector, i) => {
    values.set(vector.length === dimensions ? vector : vector.slice(0, dimensions), i * dimensions);
  });
  return { n: vectors.length, dimensions, values };
}

/**
 * k-means++: the first centre at random, each next one drawn with probability ∝ squared cosine distance; the
 * `initial` centres, when given, come first and the draws continue from them.
 */
function seedCentroids(
  { n, dimensions, values }: PackedVectors,
  k: number,
  random: () => number,
  initial: readonly (readonly number[])[],
): Float64Array {
  const centroids = new Float64Array(k * dimensions);
  const given = Math.min(k, initial.length);
  const setGiven = (c: number) => {
    const centre = initial[c] ?? [];
    for (let d = 0; d < dimensions; d++) centroids[c * dimensions + d] = centre[d] ?? 0;
  };
  if (given > 0) setGiven(0);
  else {
    const first = Math.min(n - 1, Math.floor(random() * n));
    centroids.set(values.subarray(first * dimensions, (first + 1) * dimensions), 0);
  }
  // The best similarity of every point to the centres so far, updated with each new centre.
  const nearest = new Float64Array(n).fill(Number.NEGATIVE_INFINITY);
  const weights = new Float64Array(n);
  for (let count = 1; count < k; count++) {
    const latest = (count - 1) * dimensions;
    let total = 0;
    for (let i = 0; i < n; i++) {
      const similarity = dotAt(values, i * dimensions, centroids, latest, dimensions);
      if (similarity > (nearest[i] as number)) nearest[i] = similarity;
      const weight = Math.max(0, 1 - (nearest[i] as number)) ** 2;
      weights[i] = weight;
      total += weight;
    }
    if (count < given) {
      setGiven(count);
      continue;
    }
    let pick = random() * total;
    let index = 0;
    for (; index < n - 1; index++) {
      pick -= weights[index] as number;
      if (pick <= 0) break;
    }
    centroids.set(values.subarray(index * dimensions, (index + 1) * dimensions), count * dimensions);
  }
  return centroids;
}

function dotAt(a: Float64Array, aStart: number, b: Float64Array, bStart: number, length: number): number {
  let sum = 0;
  for (let d = 0; d < length; d++) sum += (a[aStart + d] as number) * (b[bStart + d] as number);
  return sum;
}

/** Writes the unit vector of `source[start ...]` into `target` at the same place (a zero vector stays zero). */
function normalizeInto(source: Float64Array, start: number, length: number, target: Float64Array): void {
  let squares = 0;
  for (let d = 0; d < length; d++) squares += (source[start + d] as number) ** 2;
  const scale = squares === 0 ? 0 : 1 / Math.sqrt(squares);
  for (let d = 0; d < length; d++) target[start + d] = (source[start + d] as number) * scale;
}
