import { dot } from "./vectors";

/**
 * Silhouette of every point with cosine distance (1 - cosine): s(i) = (b - a) / max(a, b), where a is the
 * mean distance to the other members of its cluster and b the smallest mean distance to another cluster.
 * Points alone in their cluster score 0 (the usual convention). Exact, O(n² · d).
 */
export function silhouetteSamples(vectors: number[][], assignments: number[]): number[] {
  const n = vectors.length;
  const clusters = [...new Set(assignments)];
  if (clusters.length < 2) return new Array<number>(n).fill(0);
  const sizes = new Map<number, number>();
  for (const c of assignments) sizes.set(c, (sizes.get(c) ?? 0) + 1);

  const sums = Array.from({ length: n }, () => new Map<number, number>());
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const distance = 1 - dot(vectors[i] ?? [], vectors[j] ?? []);
      const ci = assignments[i] ?? 0;
      const cj = assignments[j] ?? 0;
      sums[i]?.set(cj, (sums[i]?.get(cj) ?? 0) + distance);
      sums[j]?.set(ci, (sums[j]?.get(ci) ?? 0) + distance);
    }
  }
  return assignments.map((own, i) => {
    const ownSize = sizes.get(own) ?? 1;
    if (ownSize <= 1) return 0;
    const a = (sums[i]?.get(own) ?? 0) / (ownSize - 1);
    let b = Number.POSITIVE_INFINITY;
    for (const c of clusters) {
      if (c === own) continue;
      b = Math.min(b, (sums[i]?.get(c) ?? 0) / (sizes.get(c) ?? 1));
    }
    const larger = Math.max(a, b);
    return larger === 0 ? 0 : (b - a) / larger;
  });
}

export function mean(values: number[]): number {
  return values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
}

/**
 * A cheap stand-in used only to choose k: each point's similarity to its own centre against the nearest
 * other centre (the "simplified silhouette"), O(n · k · d).
 */
export function simplifiedSilhouette(vectors: number[][], assignments: number[], centroids: number[][]): number {
  if (centroids.length < 2) return 0;
  return mean(
    vectors.map((vector, i) => {
      const own = assignments[i] ?? 0;
      const a = 1 - dot(vector, centroids[own] ?? vector);
      let b = Number.POSITIVE_INFINITY;
      centroids.forEach((centroid, c) => {
        if (c !== own) b = Math.min(b, 1 - dot(vector, centroid));
      });
      const larger = Math.max(a, b);
      return larger === 0 ? 0 : (b - a) / larger;
    }),
  );
}
