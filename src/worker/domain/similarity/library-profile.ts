import { centred } from "../embedding/library-space";
import { isScale, type ScaleAnchors, type SimilarityScale, scaleFromScores } from "./similarity-scale";

/**
 * The related-articles scale's anchors, as E (articles per article at least this alike; similarity-scale): 0% for
 * a pair no rarer than RELATED.zero such articles per article, 100% for one in RELATED.full. Tuned on the dev half of
 * the labelled library of `npm run bench:semantic` (scripts/semantic-related.mjs), checked on the held-out half.
 */
export const RELATED_ANCHORS: ScaleAnchors = { zero: 30, full: 0.003 };
/** Related articles below this percentage are not shown: they are no closer than chance pairs of the library. */
export const RELATED_FLOOR = 0.3;

/** Articles a profile needs: below this a library's pairs say nothing about it. */
export const MIN_PROFILE_ARTICLES = 4;
/** Articles whose pairs make the related scale: every pair of at most this many (about 0.5 s at 1,024 dimensions). */
export const PROFILE_SAMPLE = 1000;

/**
 * What a library's similarities mean, kept per user by the topics run: the scale of its article pairs (related
 * articles) and of its articles against its topics (a topic member's match, and which articles join a topic).
 */
export interface SimilarityProfile {
  /** The embedder space the scores were measured in: a profile of another embedder's vectors is not used. */
  space: string;
  /** Articles the profile was measured on. */
  articles: number;
  related: SimilarityScale;
  topics: SimilarityScale | null;
}

/**
 * The scale of the library's article pairs, each pair's score the cosine of the two articles centred on the
 * library's mean (library-space `centred`: what related articles rank by), from the pairs of `vectors` (an evenly
 * spaced PROFILE_SAMPLE of them): `articles` is the library's size (the vectors may be a topics run's sample of
 * it), since E counts the articles of the whole library an article has at least this close. Null below
 * MIN_PROFILE_ARTICLES.
 */
export function relatedScale(
  vectors: ArrayLike<number>[],
  mean: ArrayLike<number> | null,
  articles = vectors.length,
): SimilarityScale | null {
  const step = Math.max(1, Math.ceil(vectors.length / PROFILE_SAMPLE));
  const sample = vectors.filter((_, i) => i % step === 0);
  if (sample.length < MIN_PROFILE_ARTICLES) return null;
  const scores = pairScores(sample.map((vector) => centred(vector, mean)));
  return scaleFromScores(scores, Math.max(articles, sample.length) - 1, RELATED_ANCHORS);
}

/** Every pair's cosine of some unit vectors: n(n - 1) / 2 scores, packed so the loop stays fast. */
export function pairScores(vectors: number[][]): Float64Array {
  const n = vectors.length;
  const dimensions = vectors[0]?.length ?? 0;
  const packed = new Float64Array(n * dimensions);
  for (const [i, vector] of vectors.entries()) packed.set(vector.slice(0, dimensions), i * dimensions);
  const scores = new Float64Array((n * (n - 1)) / 2);
  let at = 0;
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++) {
      let s = 0;
      for (let d = 0, a = i * dimensions, b = j * dimensions; d < dimensions; d++)
        s += (packed[a + d] as number) * (packed[b + d] as number);
      scores[at++] = s;
    }
  return scores;
}

/** The stored form: JSON, with the space so a profile is read only for the embedder it was measured with. */
export function encodeProfile(profile: SimilarityProfile): string {
  return JSON.stringify(profile);
}

/** A stored profile measured in `space`, or null (none, unreadable, or another embedder's). */
export function decodeProfile(stored: string | null, space: string): SimilarityProfile | null {
  if (!stored) return null;
  try {
    const value = JSON.parse(stored) as SimilarityProfile;
    if (value?.space !== space || !isScale(value.related)) return null;
    return { ...value, topics: isScale(value.topics) ? value.topics : null };
  } catch {
    return null;
  }
}
