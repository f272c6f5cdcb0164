import { contentStems } from "../words";
import { readWordVectors, WORD_VECTOR_DIMENSIONS } from "./word-vectors";

/**
 * The local embedder's vector: the text's meaning (word vectors, see word-vectors.ts) in the first 64
 * dimensions and its exact words (feature hashing, below) in the rest, each part unit length and scaled by
 * √½. So the cosine of two texts is ½ × the cosine of their meanings + ½ × the cosine of their words: an
 * even split, as chat search splits text and meaning, not a weight fitted to the benchmark.
 *
 * Word vectors put articles of one subject together that share few words ("sanctions", "ceasefire",
 * "parliament"); the hashed words keep exact terms and names decisive. On the labelled set of
 * `npm run bench:semantic`, related precision@5 was 0.49 with hashing alone, about 0.62 with word vectors
 * alone and about 0.65 with both. A part that finds nothing is all zeros and the other part alone makes the
 * unit vector, so a text with no known English word is embedded by its hashed words, as before.
 *
 * German, Spanish and French words count by their English translations in both halves (word-vectors.ts):
 * on the multilingual labelled library of `bench:semantic` (scripts/semantic-topic-names.mjs) German articles'
 * 5-nearest-neighbour subject vote went from 0.44 to 0.60 and the topics' purity from 0.48 to 0.55
 * (docs/ai.md, "Across languages").
 */
export async function localEmbedding(text: string, dimensions: number, language = "en"): Promise<number[]> {
  if (dimensions < 2 * WORD_VECTOR_DIMENSIONS) {
    throw new RangeError(`the local embedder needs at least ${2 * WORD_VECTOR_DIMENSIONS} dimensions`);
  }
  const { meaning, gloss } = await readWordVectors(text, language);
  const words = hashEmbedding(text, dimensions - WORD_VECTOR_DIMENSIONS, language, gloss);
  return normalize([...meaning, ...words].map((x) => x * Math.SQRT1_2));
}

/**
 * A deterministic embedding by feature hashing: content words (no stop words of the text's language or of
 * English, no numbers, Snowball stems of the language, see domain/words), and the English stems of the
 * `gloss` (the text's words translated, for German, Spanish and French)
 * are hashed (FNV-1a) into `dimensions` buckets with a hash-derived sign, weighted by sub-linear term
 * frequency, then L2-normalised. Texts that share vocabulary get a high cosine similarity; no model or
 * network is needed.
 *
 * Single words only: a long article has about as many distinct words as there are buckets, and adding word
 * pairs doubled the colliding features, which measurably blurred related-article neighbours
 * (`npm run bench:semantic`). Stop words are left out for the same reason: shared "said" and "would"
 * made every two long texts look alike.
 */
export function hashEmbedding(text: string, dimensions: number, language = "en", gloss: string[] = []): number[] {
  const vector = new Float64Array(dimensions);
  const counts = new Map<string, number>();
  for (const word of contentWords(text, language)) counts.set(word, (counts.get(word) ?? 0) + 1);
  for (const word of contentWords(gloss.join(" "), "en")) counts.set(word, (counts.get(word) ?? 0) + 1);
  for (const [feature, count] of counts) {
    const hash = fnv1a(feature);
    const sign = hash & 1 ? 1 : -1;
    const bucket = (hash >>> 1) % dimensions;
    vector[bucket] = (vector[bucket] ?? 0) + sign * (1 + Math.log(count));
  }
  return normalize(Array.from(vector));
}

/**
 * The words hashed: the stems of the content words in the text's language ("Wahlen" and "Wahl" one feature,
 * "Sie" and "auch" none). A German, French and English article on one subject then share its names and
 * international words ("Obama", "Bitcoin"), not their function words.
 */
export function contentWords(text: string, language = "en"): string[] {
  return contentStems(text, language);
}

export function normalize(vector: number[]): number[] {
  let sum = 0;
  for (const x of vector) sum += x * x;
  const length = Math.sqrt(sum);
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
