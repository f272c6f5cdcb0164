import { blendWithNeighbours, centred, libraryMean } from "../embedding/library-space";
import { contentWords } from "../embedding/text-embedding";
import { distinctiveTermScores, documentFrequency, labelTerms } from "./keyphrases";
import { type PackedVectors, packVectors, sphericalKMeans } from "./kmeans";
import { isAcceptableTopicName } from "./name-rules";
import { denseView, refineAssignments, wordView } from "./refine-assignments";
import { mean as average, silhouetteFromMatrix, similarityMatrix } from "./silhouette";
import { LEFTOVER_LABEL, mainLanguage, nameFromTitles, nameFromWords, withItsNoun } from "./topic-names";
import { topicScore } from "./topic-score";
import { dot, meanDirection } from "./vectors";

/** Below this many embedded articles there is nothing to group. */
export const MIN_ARTICLES = 4;
export const MAX_TOPICS = 15;
/**
 * Seeded k-means restarts per k, the best fit kept. 10 rather than 3: on the labelled set of
 * `npm run bench:semantic`, shuffled 8 ways, the mean NMI rose from 0.518 to 0.558 and the topics depended
 * less on article order; with the packed k-means this costs about 11 s at 1,000 articles (3 restarts took 22 s
 * before it).
 */
const RESTARTS = 10;
/** The exact silhouette is O(n²); above this many articles it is computed on an evenly spaced sample. */
const SILHOUETTE_SAMPLE = 800;
/**
 * Below this mean silhouette no k has found "substantial structure" (Kaufman and Rousseeuw's reading of the
 * silhouette scale). Then the best silhouette is noise, and in practice it was nearly always k = 2: a whole
 * library in two topics (`npm run bench:semantic`). The number of topics then follows the usual rule of
 * thumb, k = √(n/2), which keeps topics a browsable size.
 */
export const STRUCTURE_SILHOUETTE = 0.25;
/**
 * The fewest topics tried: half the √(n/2) rule of thumb, at least 2 (2 up to 49 articles, 3 from 50, 6 from
 * 242, 11 at 1,000). A silhouette can prefer 2 topics in a large library when one split stands out (a
 * library mostly in one language, before stop words were left out, split by language); 2 topics of 500
 * articles each browse like no topics at all.
 */
export function minTopics(articles: number): number {
  return Math.max(2, Math.round(Math.sqrt(articles / 2) / 2));
}
/**
 * Weight of the words of titles and summaries against the embedding when refining topics: an even split, as
 * the local embedder and chat search split words and meaning.
 */
const WORD_VIEW_WEIGHT = 0.5;
/**
 * The method's name as topic cards show it: short enough for a card. The whole method (library space, k by
 * silhouette, the √(n/2) fallback, leave-one-out refinement) is described above and in docs/ai.md.
 */
export const ALGORITHM = "Spherical k-means, k by silhouette";

export interface LibraryItem {
  id: number;
  vector: number[];
  title: string;
  /** The article's summary (topics run, pipeline CLI): with the title, the words of labels and refinement. */
  text: string;
  isRead: boolean;
  createdAt: number;
  /** The user's rating (-1, 0, 1), or null. */
  feedback: number | null;
  /** The article's detected language (ISO 639-1): its stop words and stems. Default "en". */
  language?: string | null;
}

export interface TopicDraft {
  label: string;
  /** The topic's main language (most of its articles'): the language of its name. */
  language: string;
  /** The group of articles that fit no topic (LEFTOVER_LABEL), ranked last; at most one. */
  leftover: boolean;
  keywords: string[];
  /** Best match first. */
  members: { id: number; similarity: number }[];
  size: number;
  unreadCount: number;
  /** The mean silhouette of the topic's articles (of those in the silhouette's sample), in [-1, 1]. */
  silhouette: number;
  cohesion: number;
  averageAgeDays: number;
  averageFeedback: number | null;
  finalScore: number;
}

export interface LibraryClustering {
  algorithm: string;
  /** The silhouette of the whole clustering (mean over articles), in [-1, 1]. */
  silhouette: number;
  /** Best first; the leftover group, if any, last. */
  topics: TopicDraft[];
  /** Articles that fit no topic (alone in their cluster): the leftover group's members. */
  unclustered: number[];
  /** The library's mean embedding (library-space), kept for related articles; null below MIN_ARTICLES. */
  libraryMean: number[] | null;
  /**
   * The number of groups k-means made (0 below MIN_ARTICLES). Groups with no name of their own (no shared word
   * that keeps the naming rules, or only a name another topic has) join the leftover group, so there may be fewer
   * topics.
   */
  groups: number;
}

/**
 * Groups one user's articles into topics. The articles are compared inside the library (library-space:
 * centred on the library's mean, each blended with its 3 nearest articles), and every similarity and
 * silhouette below is measured there. The number of topics is found, not given: every k from minTopics(n) to
 * min(15, n/2) is tried (best of 10 seeded restarts) and the k with the best mean silhouette wins (the
 * exact silhouette, on an evenly spaced sample of at most 800 articles, from one similarity matrix), unless
 * even the best is below STRUCTURE_SILHOUETTE: then k = √(n/2). The chosen clustering is then refined
 * (refine-assignments): each article moves to the topic whose other members it is closest to, by the
 * embedding and by the words of titles and summaries. A cluster of one article is not a topic: those
 * articles form one leftover group, LEFTOVER_LABEL, listed last. Names: topic-names.ts.
 * Deterministic for a library.
 */
export function clusterLibrary(items: LibraryItem[], now: number): LibraryClustering {
  if (items.length < MIN_ARTICLES) {
    return {
      algorithm: ALGORITHM,
      silhouette: 0,
      topics: [],
      unclustered: items.map((i) => i.id),
      libraryMean: null,
      groups: 0,
    };
  }
  const mean = libraryMean(items.map((item) => item.vector));
  const languageMeans = meansByLanguage(items);
  const vectors = blendWithNeighbours(
    items.map((item) => centred(item.vector, languageMeans.get(languageOf(item)) ?? mean)),
  );
  const step = Math.max(1, Math.ceil(vectors.length / SILHOUETTE_SAMPLE));
  const sample = vectors.map((_, i) => i).filter((i) => i % step === 0);
  const matrix = similarityMatrix(sample.map((i) => vectors[i] ?? []));
  const maxK = Math.min(MAX_TOPICS, Math.floor(items.length / 2));
  type Run = { assignments: number[]; centroids: number[][]; score: number; silhouettes: number[] };
  const runs = new Map<number, Run>();
  let best: Run | undefined;
  const packed = packVectors(vectors);
  for (let k = Math.min(maxK, minTopics(items.length)); k <= maxK; k++) {
    const run = bestOfRestarts(vectors, packed, k);
    const silhouettes = silhouetteFromMatrix(
      matrix,
      sample.map((i) => run.assignments[i] ?? 0),
    );
    const score = average(silhouettes);
    runs.set(k, { ...run, score, silhouettes });
    if (!best || score > best.score + 1e-9) best = { ...run, score, silhouettes };
  }
  if (best && best.score < STRUCTURE_SILHOUETTE) {
    best = runs.get(Math.min(maxK, Math.max(2, Math.round(Math.sqrt(items.length / 2))))) ?? best;
  }
  if (!best) {
    return {
      algorithm: ALGORITHM,
      silhouette: 0,
      topics: [],
      unclustered: items.map((i) => i.id),
      libraryMean: mean,
      groups: 0,
    };
  }

  const chosen = refined(best, vectors, items, matrix, sample);
  const samples = new Map(sample.map((i, j) => [i, chosen.silhouettes[j] ?? 0]));
  const terms = items.map((item) => labelTerms(item.title, item.text, languageOf(item)));
  const docs = terms.map((doc) => doc.map((t) => t.stem));
  const frequency = documentFrequency(docs);
  const byLanguage = new Map<string, { frequency: Map<string, number>; docs: number }>();
  const frequencyIn = (language: string) => {
    let entry = byLanguage.get(language);
    if (!entry) {
      const own = docs.filter((_, i) => languageOf(items[i] as LibraryItem) === language);
      entry = { frequency: documentFrequency(own), docs: own.length };
      byLanguage.set(language, entry);
    }
    return entry;
  };
  const topics: TopicDraft[] = [];
  const unclustered: number[] = [];
  // Names given so far (lower case): two topics never share one.
  const taken = new Set<string>();
  chosen.centroids.forEach((centroid, c) => {
    const memberIndexes = chosen.assignments.flatMap((a, i) => (a === c ? [i] : []));
    if (memberIndexes.length < 2) {
      for (const i of memberIndexes) unclustered.push(items[i]?.id as number);
      return;
    }
    const members = memberIndexes
      .map((i) => ({ id: items[i]?.id as number, similarity: round(Math.max(0, dot(vectors[i] ?? [], centroid))) }))
      .sort((a, b) => b.similarity - a.similarity || a.id - b.id);
    const memberItems = memberIndexes.map((i) => items[i] as LibraryItem);
    const rated = memberItems.flatMap((m) => (m.feedback === null ? [] : [m.feedback]));
    const language = mainLanguage(memberItems.map(languageOf));
    const scored = distinctiveTermScores(
      memberIndexes.map((i) => docs[i] ?? []),
      frequency,
      items.length,
      languageMeans.has(language) ? frequencyIn(language) : undefined,
    );
    const keywords = displayWords(
      scored.slice(0, 8).map((t) => t.term),
      memberIndexes.flatMap((i) => terms[i] ?? []),
    );
    const stemScores = new Map(scored.map((t) => [t.term, t.score]));
    const titles = memberItems.filter((m) => languageOf(m) === language).map((m) => m.title);
    // Without a shared phrase, the distinctive words its main language uses ("Expone · Museen" mixed two).
    const ownTerms = memberIndexes.flatMap((i) =>
      languageOf(items[i] as LibraryItem) === language ? (terms[i] ?? []) : [],
    );
    const ownStems = new Set(ownTerms.map((t) => t.stem));
    const ownWords = displayWords(
      scored
        .filter((t) => ownStems.has(t.term))
        .slice(0, 8)
        .map((t) => t.term),
      ownTerms,
    );
    const ownTexts = memberItems.filter((m) => languageOf(m) === language).flatMap((m) => [m.title, m.text]);
    const label = topicName(
      [
        (skip) => nameFromTitles(titles, language, stemScores, skip),
        (skip) => nameFromWords(ownWords, language, titles, skip),
      ],
      ownTexts,
      language,
      taken,
    );
    if (!label) {
      // Articles that share no word a name could use share no subject either: they fit nowhere.
      for (const i of memberIndexes) unclustered.push(items[i]?.id as number);
      return;
    }
    const draft = {
      label,
      language,
      leftover: false,
      keywords,
      members,
      size: members.length,
      unreadCount: memberItems.filter((m) => !m.isRead).length,
      silhouette: round(average(memberIndexes.flatMap((i) => (samples.has(i) ? [samples.get(i) as number] : [])))),
      cohesion: round(average(members.map((m) => m.similarity))),
      averageAgeDays: round(average(memberItems.map((m) => (now - m.createdAt) / 86_400_000))),
      averageFeedback: rated.length ? round(average(rated)) : null,
    };
    topics.push({
      ...draft,
      // Above the leftover group's 0 whatever the score's parts, so it stays last.
      finalScore: Math.max(
        MIN_TOPIC_SCORE,
        topicScore({
          cohesion: draft.cohesion,
          silhouette: draft.silhouette,
          unreadShare: draft.unreadCount / draft.size,
          averageAgeDays: draft.averageAgeDays,
          averageFeedback: draft.averageFeedback,
        }),
      ),
    });
  });
  topics.sort((a, b) => b.finalScore - a.finalScore);
  if (unclustered.length > 0) topics.push(leftoverGroup(unclustered, items, now));
  return {
    algorithm: ALGORITHM,
    silhouette: round(average([...samples.values()])),
    topics,
    unclustered,
    libraryMean: mean,
    groups: chosen.centroids.length,
  };
}

/**
 * The first candidate name that keeps the rules (name-rules) and no other topic has, a one-word adjective or
 * demonym given its noun (withItsNoun); recorded in `taken`. Null when none does.
 */
function topicName(
  candidates: ((skip: ReadonlySet<string>) => string | null)[],
  texts: string[],
  language: string,
  taken: Set<string>,
): string | null {
  // Names skipped: other topics', and adjectives of this topic that found no noun (tried once each).
  const skip = new Set(taken);
  for (const candidate of candidates) {
    for (let attempt = 0; attempt < MAX_NAME_ATTEMPTS; attempt++) {
      const found = candidate(skip);
      if (!found) break;
      const name = withItsNoun(found, texts, language);
      skip.add(found.toLocaleLowerCase(language));
      if (!name) continue;
      const key = name.toLocaleLowerCase(language);
      if (taken.has(key) || !isAcceptableTopicName(name, language)) continue;
      taken.add(key);
      return name;
    }
  }
  return null;
}

/** Candidates of one kind tried for a topic's name before the next kind. */
const MAX_NAME_ATTEMPTS = 5;

/** The smallest final score of a real topic: the leftover group's 0 ranks below every one. */
const MIN_TOPIC_SCORE = 0.0001;

/**
 * Articles that fit no topic, as one group named LEFTOVER_LABEL with a final score of 0: listed after every
 * topic (topics are listed by final score), never first, and never renamed by a language model.
 */
export function leftoverGroup(ids: number[], items: LibraryItem[], now: number): TopicDraft {
  const byId = new Map(items.map((item) => [item.id, item]));
  const memberItems = ids.map((id) => byId.get(id) as LibraryItem);
  const rated = memberItems.flatMap((m) => (m.feedback === null ? [] : [m.feedback]));
  return {
    label: LEFTOVER_LABEL,
    language: mainLanguage(memberItems.map(languageOf)),
    leftover: true,
    keywords: [],
    members: [...ids].sort((a, b) => a - b).map((id) => ({ id, similarity: 0 })),
    size: ids.length,
    unreadCount: memberItems.filter((m) => !m.isRead).length,
    silhouette: 0,
    cohesion: 0,
    averageAgeDays: round(average(memberItems.map((m) => (now - m.createdAt) / 86_400_000))),
    averageFeedback: rated.length ? round(average(rated)) : null,
    finalScore: 0,
  };
}

/**
 * In a library of several languages, the articles of one language share a direction of their own: the words
 * of that language no stop list has ("savoir", "Woche"), and the English word vectors of its false friends.
 * Centred on the whole library's mean, a language's articles then group by language before subject ("Devez
 * savoir" of 8 French articles on 5 subjects). So each language with at least LANGUAGE_MEAN_MIN articles, in a
 * library where no language has more than LANGUAGE_MEAN_MAX_SHARE of them, is centred on its own mean: what is
 * left is what sets an article apart from the others of its language, its subject. The same languages have
 * their own word rarities for names (distinctiveTermScores).
 */
const LANGUAGE_MEAN_MIN = 10;
const LANGUAGE_MEAN_MAX_SHARE = 0.95;

function meansByLanguage(items: LibraryItem[]): Map<string, number[]> {
  const groups = new Map<string, number[][]>();
  for (const item of items) {
    const vectors = groups.get(languageOf(item)) ?? [];
    vectors.push(item.vector);
    groups.set(languageOf(item), vectors);
  }
  const means = new Map<string, number[]>();
  if (groups.size < 2) return means;
  for (const [language, vectors] of groups)
    if (vectors.length >= LANGUAGE_MEAN_MIN && vectors.length <= LANGUAGE_MEAN_MAX_SHARE * items.length)
      means.set(language, libraryMean(vectors));
  return means;
}

function languageOf(item: LibraryItem): string {
  return item.language || "en";
}

/** Each stem as the topic's articles write it most often ("elections" for "elect"), in the stems' order. */
function displayWords(stems: string[], terms: { stem: string; word: string }[]): string[] {
  const forms = new Map<string, Map<string, number>>();
  for (const { stem, word } of terms) {
    const counts = forms.get(stem) ?? new Map<string, number>();
    counts.set(word, (counts.get(word) ?? 0) + 1);
    forms.set(stem, counts);
  }
  return stems.map(
    (stem) =>
      [...(forms.get(stem)?.entries() ?? [])].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? stem,
  );
}

/**
 * The chosen k-means clustering after leave-one-out refinement (refine-assignments) by the library-space
 * embedding and the words of titles and summaries, half each: the centres and silhouettes of the result.
 */
function refined(
  run: { assignments: number[]; centroids: number[][] },
  vectors: number[][],
  items: LibraryItem[],
  matrix: Float64Array,
  sample: number[],
) {
  const assignments = refineAssignments(
    [
      denseView(vectors, 1 - WORD_VIEW_WEIGHT),
      wordView(
        items.map((item) => contentWords(`${item.title}\n${item.text}`, languageOf(item))),
        WORD_VIEW_WEIGHT,
      ),
    ],
    run.assignments,
  );
  const dimensions = vectors[0]?.length ?? 0;
  const centroids = run.centroids.map((_, c) =>
    meanDirection(
      vectors.filter((_, i) => assignments[i] === c),
      dimensions,
    ),
  );
  const silhouettes = silhouetteFromMatrix(
    matrix,
    sample.map((i) => assignments[i] ?? 0),
  );
  return { assignments, centroids, silhouettes };
}

function bestOfRestarts(vectors: number[][], packed: PackedVectors, k: number) {
  let best: { assignments: number[]; centroids: number[][]; fit: number } | undefined;
  for (let seed = 1; seed <= RESTARTS; seed++) {
    const run = sphericalKMeans(packed, k, seed * 7919 + k);
    const fit = vectors.reduce((sum, v, i) => sum + dot(v, run.centroids[run.assignments[i] ?? 0] ?? v), 0);
    if (!best || fit > best.fit) best = { ...run, fit };
  }
  return best as { assignments: number[]; centroids: number[][] };
}

const round = (x: number) => Math.round(x * 10_000) / 10_000;
