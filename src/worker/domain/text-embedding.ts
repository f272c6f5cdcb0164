import { STOP_WORDS, tokenize } from "./text";

/**
 * A deterministic embedding by feature hashing: words and word bigrams are hashed (FNV-1a) into
 * `dimensions` buckets with a hash-derived sign, weighted by sub-linear term frequency, then L2-normalised.
 * Texts that share vocabulary get a high cosine similarity; no model or network is needed.
 */
export function hashEmbedding(text: string, dimensions: number): number[] {
  const vector = new Float64Array(dimensions);
  const words = tokenize(text).filter((w) => !STOP_WORDS.has(w));
  const counts = new Map<string, number>();
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    counts.set(word, (counts.get(word) ?? 0) + 1);
    const next = words[i + 1];
    if (next) counts.set(`${word} ${next}`, (counts.get(`${word} ${next}`) ?? 0) + 0.5);
  }
  for (const [feature, count] of counts) {
    const hash = fnv1a(feature);
    const sign = hash & 1 ? 1 : -1;
    const bucket = (hash >>> 1) % dimensions;
    vector[bucket] = (vector[bucket] ?? 0) + sign * (1 + Math.log(count));
  }
  return normalize(Array.from(vector));
}

export function normalize(vector: number[]): number[] {
  const length = Math.hypot(...vector);
  return length === 0 ? vector : vector.map((v) => v / length);
}

export function cosineSimilarity(a: number[], b: number[]): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    dot += x * y;
    normA += x * x;
    normB += y * y;
  }
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
