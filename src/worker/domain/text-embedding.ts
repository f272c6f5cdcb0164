import { STOP_WORDS, tokenize } from "./text";

/**
 * A deterministic embedding by feature hashing: content words (no stop words, no numbers, plurals folded)
 * are hashed (FNV-1a) into `dimensions` buckets with a hash-derived sign, weighted by sub-linear term
 * frequency, then L2-normalised. Texts that share vocabulary get a high cosine similarity; no model or
 * network is needed.
 *
 * Single words only: a long article has about as many distinct words as there are buckets, and adding word
 * pairs doubled the colliding features, which measurably blurred related-article neighbours
 * (`npm run bench:semantic`). Stop words are left out for the same reason: shared "said" and "would"
 * made every two long texts look alike.
 */
export function hashEmbedding(text: string, dimensions: number): number[] {
  const vector = new Float64Array(dimensions);
  const counts = new Map<string, number>();
  for (const word of contentWords(text)) counts.set(word, (counts.get(word) ?? 0) + 1);
  for (const [feature, count] of counts) {
    const hash = fnv1a(feature);
    const sign = hash & 1 ? 1 : -1;
    const bucket = (hash >>> 1) % dimensions;
    vector[bucket] = (vector[bucket] ?? 0) + sign * (1 + Math.log(count));
  }
  return normalize(Array.from(vector));
}

function contentWords(text: string): string[] {
  return tokenize(text)
    .filter((w) => w.length > 1 && !STOP_WORDS.has(w) && !/^[\d.,'-]+$/.test(w))
    .map(pluralStem);
}

/** "studies" → "study", "games" → "game", "classes" → "class"; leaves "bus", "analysis", "news" alone. */
export function pluralStem(word: string): string {
  if (word.length > 4 && word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(?:ss|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith("s") && !/(?:ss|us|is|ws)$/.test(word)) return word.slice(0, -1);
  return word;
}

export function normalize(vector: number[]): number[] {
  const length = Math.hypot(...vector);
  return length === 0 ? vector : vector.map((v) => v / length);
}

export function cosineSimilarity(a: ArrayLike<number>, b: ArrayLike<number>): number {
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
