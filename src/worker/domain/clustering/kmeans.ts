import { dot, meanDirection, seededRandom } from "./vectors";

export interface Clustering {
  /** Cluster index of every input vector. */
  assignments: number[];
  centroids: number[][];
}

const MAX_ITERATIONS = 50;

/**
 * Spherical k-means (cosine similarity on unit vectors) with k-means++ seeding. Deterministic for a seed.
 * Empty clusters are re-seeded with the point farthest from its centre.
 */
export function sphericalKMeans(vectors: number[][], k: number, seed: number): Clustering {
  const n = vectors.length;
  const dimensions = vectors[0]?.length ?? 0;
  const random = seededRandom(seed);
  const centroids = seedCentroids(vectors, k, random);
  let assignments = new Array<number>(n).fill(-1);

  for (let iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
    let changed = false;
    const next = vectors.map((vector, i) => {
      let best = 0;
      let bestSimilarity = Number.NEGATIVE_INFINITY;
      centroids.forEach((centroid, c) => {
        const similarity = dot(vector, centroid);
        if (similarity > bestSimilarity) {
          bestSimilarity = similarity;
          best = c;
        }
      });
      if (best !== assignments[i]) changed = true;
      return best;
    });
    assignments = next;
    for (let c = 0; c < k; c++) {
      const members = vectors.filter((_, i) => assignments[i] === c);
      if (members.length > 0) {
        centroids[c] = meanDirection(members, dimensions);
      } else {
        const farthest = argMin(vectors.map((v, i) => dot(v, centroids[assignments[i] ?? 0] ?? v)));
        centroids[c] = vectors[farthest]?.slice() ?? centroids[c] ?? [];
        changed = true;
      }
    }
    if (!changed) break;
  }
  return { assignments, centroids };
}

function seedCentroids(vectors: number[][], k: number, random: () => number): number[][] {
  const first = vectors[Math.floor(random() * vectors.length)] ?? [];
  const centroids = [first.slice()];
  while (centroids.length < k) {
    // k-means++: the next centre is drawn with probability proportional to its squared distance.
    const weights = vectors.map((v) => {
      const nearest = Math.max(...centroids.map((c) => dot(v, c)));
      return Math.max(0, 1 - nearest) ** 2;
    });
    const total = weights.reduce((a, b) => a + b, 0);
    let pick = random() * total;
    let index = 0;
    for (; index < weights.length - 1; index++) {
      pick -= weights[index] ?? 0;
      if (pick <= 0) break;
    }
    centroids.push((vectors[index] ?? first).slice());
  }
  return centroids;
}

function argMin(values: number[]): number {
  let best = 0;
  values.forEach((v, i) => {
    if (v < (values[best] ?? Number.POSITIVE_INFINITY)) best = i;
  });
  return best;
}
