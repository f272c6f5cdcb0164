import { centred, libraryMean } from "../embedding/library-space";
import { decodeInSpace, encodeVector } from "../embedding/vector-encoding";
import { type ChanceModel, chanceModel, isChanceModel } from "./chance";
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
 * A language's articles share a direction of their own (its words no stop list has, the English word vectors of its
 * false friends), so with the local embedder two articles of one language in a library of several look alike
 * whatever their subjects. Chance is measured with each such language centred on its own mean: the languages with
 * at least this many articles, in a library where no language has 95% of them (cluster-library does the same for
 * topics, from 10 articles).
 */
export const LANGUAGE_MEAN_MIN = 5;
const LANGUAGE_MEAN_MAX_SHARE = 0.95;

/**
 * What a library's similarities mean, kept per user by the topics run: the scale of its article pairs (related
 * articles), of its articles against its topics (a topic member's match, and which articles join a topic), and how
 * alike its pairs are by chance.
 */
export interface SimilarityProfile {
  /** The embedder space the scores were measured in: a profile of another embedder's vectors is not used. */
  space: string;
  /** Articles the profile was measured on. */
  articles: number;
  related: SimilarityScale;
  topics: SimilarityScale | null;
  /** The languages with a mean of their own (LANGUAGE_MEAN_MIN), each encoded (vector-encoding) in `space`. */
  languages: Record<string, string>;
  /** Chance's pairs, of one language each, centred on its mean where it has one (chance.ts); null when not measurable. */
  chance: ChanceModel | null;
}

/** An article as the profile reads it: its vector and its detected language. */
export interface ProfileItem {
  vector: ArrayLike<number>;
  language?: string | null;
}

/** How related articles are read in one library: a profile's parts, decoded, with the library's mean. */
export interface RelatedCalibration {
  mean: ArrayLike<number> | null;
  scale: SimilarityScale;
  languageMeans: ReadonlyMap<string, ArrayLike<number>>;
  chance: ChanceModel | null;
}

/**
 * What related articles need of a library: its pairs' scale, each pair's score the cosine of the two articles
 * centred on the library's mean (library-space `centred`: what related articles rank by), and the chance model of
 * its pairs of one language (pairsWithinLanguages), from the pairs of `items` (an evenly spaced PROFILE_SAMPLE
 * of them). `articles` is the library's size (the items may be a topics run's sample of it): E counts the articles
 * of the whole library an article has at least this close. Null below MIN_PROFILE_ARTICLES.
 */
export function relatedCalibration(
  items: ProfileItem[],
  mean: ArrayLike<number> | null,
  articles = items.length,
): RelatedCalibration | null {
  const step = Math.max(1, Math.ceil(items.length / PROFILE_SAMPLE));
  const sample = items.filter((_, i) => i % step === 0);
  if (sample.length < MIN_PROFILE_ARTICLES) return null;
  const scores = pairScores(sample.map((item) => centred(item.vector, mean)));
  const scale = scaleFromScores(scores, Math.max(articles, sample.length) - 1, RELATED_ANCHORS);
  if (!scale) return null;
  const languageMeans = languageMeansOf(sample);
  const byLanguage = languageMeans.size === 0 ? scores : pairsWithinLanguages(sample, { mean, languageMeans });
  return { mean, scale, languageMeans, chance: chanceModel(byLanguage) };
}

/** The article's vector centred on its language's own mean, or the library's. */
export function inLanguage(
  item: ProfileItem,
  calibration: Pick<RelatedCalibration, "mean" | "languageMeans">,
): number[] {
  return centred(item.vector, calibration.languageMeans.get(item.language ?? "") ?? calibration.mean);
}

/** The mean of each language with LANGUAGE_MEAN_MIN articles or more, unless one language has 95% of them. */
export function languageMeansOf(items: ProfileItem[]): Map<string, number[]> {
  const groups = new Map<string, ArrayLike<number>[]>();
  for (const item of items) {
    if (!item.language) continue;
    groups.set(item.language, [...(groups.get(item.language) ?? []), item.vector]);
  }
  const means = new Map<string, number[]>();
  for (const [language, vectors] of groups)
    if (vectors.length >= LANGUAGE_MEAN_MIN && vectors.length < LANGUAGE_MEAN_MAX_SHARE * items.length)
      means.set(language, libraryMean(vectors));
  return means;
}

/** The related scale alone (relatedCalibration's), for callers without languages. */
export function relatedScale(
  vectors: ArrayLike<number>[],
  mean: ArrayLike<number> | null,
  articles = vectors.length,
): SimilarityScale | null {
  return (
    relatedCalibration(
      vectors.map((vector) => ({ vector })),
      mean,
      articles,
    )?.scale ?? null
  );
}

/**
 * The pairs of articles of one language, each centred on its language's mean: chance's pairs where languages have
 * means of their own. A pair of two languages is measured from two centres, so it says nothing of how alike two
 * articles of one language are by chance; the articles of the languages without a mean make one group.
 */
function pairsWithinLanguages(
  items: ProfileItem[],
  calibration: Pick<RelatedCalibration, "mean" | "languageMeans">,
): Float64Array {
  const groups = new Map<string, number[][]>();
  for (const item of items) {
    const key = calibration.languageMeans.has(item.language ?? "") ? (item.language as string) : "";
    const group = groups.get(key) ?? [];
    group.push(inLanguage(item, calibration));
    groups.set(key, group);
  }
  const parts = [...groups.values()].map(pairScores);
  const scores = new Float64Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    scores.set(part, at);
    at += part.length;
  }
  return scores;
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

/** A profile to store, from what a topics run measured (its calibration's language means encoded in `space`). */
export function profileOf(
  calibration: RelatedCalibration,
  topics: SimilarityScale | null,
  articles: number,
  space: string,
): SimilarityProfile {
  const languages = Object.fromEntries(
    [...calibration.languageMeans].map(([language, mean]) => [language, encodeVector(Array.from(mean), space)]),
  );
  return { space, articles, related: calibration.scale, topics, languages, chance: calibration.chance };
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
    return {
      ...value,
      topics: isScale(value.topics) ? value.topics : null,
      languages: typeof value.languages === "object" && value.languages !== null ? value.languages : {},
      chance: isChanceModel(value.chance) ? value.chance : null,
    };
  } catch {
    return null;
  }
}

/** How related articles are read with a stored profile and the library's mean. */
export function calibrationOf(profile: SimilarityProfile, mean: ArrayLike<number> | null): RelatedCalibration {
  const languageMeans = new Map<string, ArrayLike<number>>();
  for (const [language, stored] of Object.entries(profile.languages)) {
    const vector = decodeInSpace(stored, profile.space);
    if (vector) languageMeans.set(language, vector);
  }
  return { mean, scale: profile.related, languageMeans, chance: profile.chance };
}
