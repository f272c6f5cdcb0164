import { STOP_WORDS, tokenize } from "../text";
import { stopWordsOf } from "../words";
import { questionWordsOf } from "./question-words";
import { termPhrases } from "./term-matching";

/** Words that carry the question's meaning: no stop words, no question words, at least 2 letters. */
const QUESTION_WORDS = new Set(
  "what which who whom whose where when why how find show give tell list articles article about anything something any some me my i read saved unread ones only just more also artikel artículos articulos".split(
    " ",
  ),
);

/**
 * "did I save", "have I bookmarked", "I saved": the question speaking of the library, not of its subject
 * ("how to save money" keeps its "save").
 */
const SAVING_IN_LIBRARY =
  /\b(?:i|i've|we|we've)\s+(?:have\s+|had\s+)?(?:save|saved|bookmark|bookmarked|kept|stored)\b/gi;

/**
 * The words of a question that name its subject, each once. Never a stop word or a question word: our English
 * lists always (stopwords-iso's English one lists "research", "world" and "state"), and with `languages` (the
 * question's, see answers/question-language) each one's stop words (stopwords-iso) and question and article
 * words: "Welche Artikel handeln von Corona?" read as German is "corona" alone, where "welche" once matched a
 * cider article. Only the question's languages: "war" is a German stop word and an English subject.
 */
export function queryTerms(query: string, languages: readonly string[] = []): string[] {
  const skip = (w: string) =>
    languages.some(
      (language) => questionWordsOf(language).has(w) || (language !== "en" && stopWordsOf(language).has(w)),
    );
  const elides = languages.some((language) => language === "fr" || language === "it");
  return [
    ...new Set(
      tokenize(query.replace(SAVING_IN_LIBRARY, " "))
        .map((w) => (elides ? w.replace(ELIDED, "") : w))
        .filter((w) => w.length > 1 && !STOP_WORDS.has(w) && !QUESTION_WORDS.has(w) && !skip(w)),
    ),
  ];
}

/** An elided article or pronoun before a French or Italian word: "l'iPhone", "d'auteur", "sull'inflazione". */
const ELIDED = /^(?:l|d|j|m|t|s|n|c|qu|lorsqu|puisqu|jusqu|dell|dall|nell|sull|all|un|quest)'(?=\p{L})/u;

/**
 * An FTS5 query that ORs the terms (each as its stem's prefix or its inflected forms, see term-matching, all
 * quoted so nothing the user types is syntax) and pins the user, or null when no term is left. Chat questions
 * are sentences: requiring every word would find nothing, so ranking, not matching, decides. `languages` are
 * those of the user's library: a term also matches its forms by its Snowball stem in each ("Wahlen" finds
 * "Wahl" in a library with German articles). Not the question's language: a question of three words is too
 * short to detect ("buckle surveillance laws" reads as French at 0.78 confidence), and the words to match are
 * the articles' words, in the articles' languages.
 */
export function chatFtsQuery(userId: number, terms: string[], languages: readonly string[] = []): string | null {
  const phrases = terms
    .slice(0, 12)
    .filter((t) => /[\p{L}\p{N}]/u.test(t))
    .flatMap((term) => termPhrases(term, languages));
  return phrases.length ? `user_id : "${userId}" AND (${phrases.join(" OR ")})` : null;
}

/**
 * A result found by meaning alone (no full-text match) must be at least this close to the question,
 * relative to the closest article. Embeddings give every two texts some similarity, so without a floor
 * any question listed the whole library: a follow-up about glaciers also listed the bee article. Close
 * runners-up (synonyms, a subject named in other words) still count.
 */
export const MEANING_ONLY_MIN_SHARE = 0.75;

/**
 * Relevance in [0, 1]: half full-text, half meaning. Each part is scaled by the best candidate's, so the
 * strongest match on either signal counts fully; `fts` is bm25's rank (lower is better, negative). Any
 * full-text match is worth at least half its part: bm25's IDF is 0 for a word in half of a small library,
 * and such a match is still a match. A meaning-only match scores 0 below MEANING_ONLY_MIN_SHARE, and unless
 * it is closer to the question than the library's average article (`typicalVector`, when known): the closest
 * article of a library is always closest to something, and a question about "figures" must not list the one
 * article of a new library because nothing else is there. Nor at or below the embedder's `chanceSimilarity`
 * (when known): made-up words are close to some article by chance.
 */
export function hybridScore(parts: {
  fts?: number;
  bestFts?: number;
  vector?: number;
  bestVector?: number;
  typicalVector?: number;
  chanceVector?: number;
}): number {
  const ftsRatio = parts.bestFts ? Math.min(1, (parts.fts ?? 0) / parts.bestFts) : 1;
  const ftsPart = parts.fts !== undefined ? 0.5 + 0.5 * ftsRatio : 0;
  const vectorPart =
    parts.vector !== undefined && parts.bestVector && parts.bestVector > 0
      ? Math.min(1, Math.max(0, parts.vector) / parts.bestVector)
      : 0;
  if (parts.fts === undefined) {
    if (vectorPart < MEANING_ONLY_MIN_SHARE) return 0;
    if (parts.typicalVector !== undefined && (parts.vector ?? 0) <= parts.typicalVector) return 0;
    if (parts.chanceVector !== undefined && (parts.vector ?? 0) <= parts.chanceVector) return 0;
  }
  return Math.round((0.5 * ftsPart + 0.5 * vectorPart) * 10_000) / 10_000;
}

/**
 * How a shown result stands to the question: a "match" uses at least half of the question's subject words (one
 * of one or two; every result of a question of filters only); a "close" one uses fewer, or none and is only near
 * in meaning. The chat shows close results, if any, under their own heading and never quotes them as an answer.
 */
export type Fit = "match" | "close";

/** The least relevance of a result that uses every subject word of the question. */
export const ALL_WORDS_RELEVANCE = 0.7;
/** The most a result found by meaning alone can score: without a shared word it is never more than half a match. */
export const MEANING_ONLY_MAX = 0.5;

/**
 * How much a question's word says in this library: its inverse document frequency (BM25's, `documents` of the
 * library's `total` articles use it). "happened" in every article says next to nothing, "Chernobyl" in one a lot.
 */
export function termWeight(documents: number, total: number): number {
  return Math.log(1 + Math.max(0, total - documents + 0.5) / (documents + 0.5));
}

/** The share of the question's words (each by its weight) that an article uses (`used`: places in `weights`). */
export function questionCoverage(used: readonly number[], weights: readonly number[]): number {
  const all = weights.reduce((sum, weight) => sum + weight, 0);
  if (all <= 0) return used.length > 0 ? 1 : 0;
  return [...new Set(used)].reduce((sum, place) => sum + (weights[place] ?? 0), 0) / all;
}

/**
 * A result's relevance in [0, 1], as the "% match" the reader sees, and its fit. It says how much of the
 * question the article covers, never only how it compares with the best of a poor set:
 * - a text match: the share of the question's subject words it uses (`coverage`: anywhere in the indexed text,
 *   each word by its weight in the library, see questionCoverage), times 0.7 to 1 by the hybrid score among the
 *   candidates (bm25 and meaning, as ranked before): an article with every word scores 0.7 to 1, one with the
 *   rarer half of them 0.35 to 0.5, one that shares only "happened" with "What happened at Chernobyl?" next to 0;
 * - a match by meaning alone (no shared word): its cosine above the library's average article and the
 *   embedder's chance level, on the scale up to identical, at most MEANING_ONLY_MAX: 16% similar where the
 *   average article is 10% is a 3% match, not the 43% it scored relative to a poor best.
 * It fits ("match") when it covers at least half of the question; else it is only "close".
 */
export function matchRelevance(parts: Parameters<typeof hybridScore>[0] & { coverage: number }): {
  score: number;
  fit: Fit;
} {
  const hybrid = hybridScore(parts);
  if (hybrid <= 0) return { score: 0, fit: "close" };
  const round = (value: number) => Math.round(value * 10_000) / 10_000;
  if (parts.fts !== undefined && parts.coverage > 0) {
    const within = Math.min(1, Math.max(0, (hybrid - 0.25) / 0.75));
    return {
      score: round(Math.min(1, parts.coverage) * (ALL_WORDS_RELEVANCE + (1 - ALL_WORDS_RELEVANCE) * within)),
      fit: parts.coverage >= 0.5 ? "match" : "close",
    };
  }
  const floor = Math.max(0, parts.typicalVector ?? 0, parts.chanceVector ?? 0);
  const meaning = Math.min(1, Math.max(0, ((parts.vector ?? 0) - floor) / (1 - floor)));
  return { score: round(MEANING_ONLY_MAX * meaning), fit: "close" };
}

/**
 * The cosine of the question with the library's average article: the mean of all candidate scores when the
 * vector index returned the whole library (fewer than it was asked for), else the question's dot product with
 * the stored library mean (the mean of the articles' unit vectors), else unknown.
 */
export function typicalSimilarity(options: {
  query: ArrayLike<number>;
  scores: number[];
  wholeLibrary: boolean;
  libraryMean: ArrayLike<number> | null;
}): number | undefined {
  const { query, scores, wholeLibrary, libraryMean } = options;
  if (wholeLibrary) return scores.length ? scores.reduce((sum, s) => sum + s, 0) / scores.length : undefined;
  if (!libraryMean || libraryMean.length !== query.length) return undefined;
  let dot = 0;
  let norm = 0;
  for (let i = 0; i < query.length; i++) {
    dot += (query[i] as number) * (libraryMean[i] as number);
    norm += (query[i] as number) ** 2;
  }
  return norm === 0 ? undefined : dot / Math.sqrt(norm);
}

/**
 * The least relevance a result needs, as a share of the best result's. A match on a common word of the question
 * ("happened") scores next to nothing now (its word weighs little), so the floor only keeps a long tail of weak
 * matches out; one on another part of a question of several subjects ("Obama and Netanyahu": an article on
 * Obama alone) stays, as a close result.
 */
export const MIN_RELATIVE_RELEVANCE = 0.3;

export function aboveRelevanceFloor<T extends { score: number }>(ranked: T[]): T[] {
  const best = ranked[0]?.score ?? 0;
  return ranked.filter((r) => r.score >= best * MIN_RELATIVE_RELEVANCE);
}
