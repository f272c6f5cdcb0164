/** Vector helpers for clustering unit-length embeddings, where the dot product is the cosine. */
export function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i] ?? 0) * (b[i] ?? 0);
  return sum;
}

export function unit(vector: number[]): number[] {
  const length = Math.sqrt(dot(vector, vector));
  return length === 0 ? vector.slice() : vector.map((v) => v / length);
}

/** The normalised mean direction of some vectors: the centre of a cluster on the unit sphere. */
export function meanDirection(vectors: number[][], dimensions: number): number[] {
  const sum = new Array<number>(dimensions).fill(0);
  for (const vector of vectors) for (let i = 0; i < dimensions; i++) sum[i] = (sum[i] ?? 0) + (vector[i] ?? 0);
  return unit(sum);
}

/** A small seeded generator (mulberry32): the same library always clusters the same way. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
