/**
 * Silhouette of every point with cosine distance (1 - cosine): s(i) = (b - a) / max(a, b), where a is the
 * mean distance to the other members of its cluster and b the smallest mean distance to another cluster.
 * Points alone in their cluster score 0 (the usual convention). Exact, O(n² · d).
 * (Clustering computes the matrix once and scores every candidate k from it.)
 */
export function silhouetteSamples(vectors: number[][], assignments: number[]): number[] {
  return silhouetteFromMatrix(similarityMatrix(vectors), assignments);
}

export function mean(values: number[]): number {
  return values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
}

/**
 * Pairwise cosine similarities of some unit vectors, row-major (n × n). The vectors are packed in one
 * Float64Array first: the n² / 2 dot products over plain arrays were several times slower.
 */
export function similarityMatrix(vectors: number[][]): Float64Array {
  const n = vectors.length;
  const dimensions = vectors[0]?.length ?? 0;
  const packed = new Float64Array(n * dimensions);
  for (const [i, vector] of vectors.entries()) packed.set(vector.slice(0, dimensions), i * dimensions);
  const matrix = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    matrix[i * n + i] = 1;
    for (let j = i + 1; j < n; j++) {
      let s = 0;
      for (let d = 0, a = i * dimensions, b = j * dimensions; d < dimensions; d++) {
        s += (packed[a + d] as number) * (packed[b + d] as number);
      }
      matrix[i * n + j] = s;
      matrix[j * n + i] = s;
    }
  }
  return matrix;
}

/** The same silhouettes as silhouetteSamples, from a precomputed similarity matrix: O(n²) per call. */
export function silhouetteFromMatrix(matrix: Float64Array, assignments: number[]): number[] {
  const n = assignments.length;
  const clusters = [...new Set(assignments)];
  if (clusters.length < 2) return new Array<number>(n).fill(0);
  const sizes = new Map<number, number>();
  for (const c of assignments) sizes.set(c, (sizes.get(c) ?? 0) + 1);
  return assignments.map((own, i) => {
    const ownSize = sizes.get(own) ?? 1;
    if (ownSize <= 1) return 0;
    const sums = new Map<number, number>();
    for (let j = 0; j < n; j++) {
      if (j === i) continue;
      const c = assignments[j] ?? 0;
      sums.set(c, (sums.get(c) ?? 0) + 1 - (matrix[i * n + j] ?? 0));
    }
    const a = (sums.get(own) ?? 0) / (ownSize - 1);
    let b = Number.POSITIVE_INFINITY;
    for (const c of clusters) if (c !== own) b = Math.min(b, (sums.get(c) ?? 0) / (sizes.get(c) ?? 1));
    const larger = Math.max(a, b);
    return larger === 0 ? 0 : (b - a) / larger;
  });
}
