import { blendWithNeighbours, centred, libraryMean } from "../embedding/library-space";
import { contentWords } from "../embedding/text-embedding";
import { distinctiveTermScores, documentFrequency, labelTerms } from "./keyphrases";
import { type PackedVectors, packVectors, sphericalKMeans } from "./kmeans";
import { isAcceptableTopicName } from "./name-rules";
import { denseView, refineAssignments, wordView } from "./refine-assignments";
import { mean as average, silhouetteFromMatrix, similarityMatrix } from "./silhouette";
import { type ScoredClustering, steadyChoice } from "./steady-choice";
import { inheritTopicIdentities, type PreviousTopic } from "./topic-identity";
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
  /** The previous topic this one continues (ClusterOptions.previous): it keeps that topic's id and name. */
  continues?: { id: number; createdAt: number };
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
  /** Whether each language was clustered apart (ClusterOptions.perLanguage): then a topic is in one language. */
  perLanguage: boolean;
}

export interface ClusterOptions {
  /**
   * Cluster the articles of each language apart: for an embedder that cannot place two languages in one space
   * (Embedder.multilingual false), where a topic filled across languages mixes subjects. A language with fewer
   * than MIN_ARTICLES articles makes no topic: its articles join the leftover group.
   */
  perLanguage?: boolean;
  /**
   * The topics of the last run (leftover group excluded) with their articles among these items. A new cluster
   * that holds SAME_TOPIC_SHARE of one, or that is mostly its largest part, continues it (topic-identity): it
   * keeps its id and name. Their centres also start one k-means run per k (a warm start), kept unless another
   * clustering fits clearly better (steady-choice), so a re-run does not move topics around for nothing.
   */
  previous?: readonly PreviousTopic[];
}

/** One k-means clustering of a part of the library (a language, or all of it), refined, before naming. */
interface GroupedPart {
  items: LibraryItem[];
  /** Library-space vectors of `items`. */
  vectors: number[][];
  languageMeans: Map<string, number[]>;
  assignments: number[];
  centroids: number[][];
  /** Silhouette of each article of the silhouette sample, by index in `items`. */
  silhouettes: Map<number, number>;
}

/**
 * Groups one user's articles into topics. The articles are compared inside the library (library-space:
 * centred on the library's mean, each blended with its 3 nearest articles), and every similarity and
 * silhouette below is measured there. The number of topics is found, not given: every k from minTopics(n) to
 * min(15, n/2) is tried (best of 10 seeded restarts, and a warm start from the previous topics) and the k with
 * the best mean silhouette wins (the exact silhouette, on an evenly spaced sample of at most 800 articles, from
 * one similarity matrix), unless even the best is below STRUCTURE_SILHOUETTE: then k = √(n/2); with previous
 * topics, the warm start wins unless another is clearly better (steady-choice). The chosen
 * clustering is then refined (refine-assignments): each article moves to the topic whose other members it is
 * closest to, by the embedding and by the words of titles and summaries. A cluster of one article is not a
 * topic: those articles form one leftover group, LEFTOVER_LABEL, listed last. A cluster that continues a
 * previous topic keeps its name (topic-identity); the others are named by topic-names.ts. With `perLanguage`,
 * each language is clustered apart (ClusterOptions). Deterministic for a library and its previous topics.
 */
export function clusterLibrary(
  items: LibraryItem[],
  now: number,
  { perLanguage = false, previous = [] }: ClusterOptions = {},
): LibraryClustering {
  const none = (libraryMean: number[] | null): LibraryClustering => ({
    algorithm: ALGORITHM,
    silhouette: 0,
    topics: [],
    unclustered: items.map((i) => i.id),
    libraryMean,
    groups: 0,
    perLanguage,
  });
  if (items.length < MIN_ARTICLES) return none(null);
  const mean = libraryMean(items.map((item) => item.vector));
  const unclustered: number[] = [];
  const parts: GroupedPart[] = [];
  const languages = perLanguage ? languageParts(items) : [items];
  for (const part of languages) {
    // With several languages, each has its share of the topics (LANGUAGE_TOPICS_SHARE), and a language with too
    // few articles to hold a subject of its own makes none (they can be compared with no other language's).
    const alone = languages.length === 1;
    const share = (LANGUAGE_TOPICS_SHARE * MAX_TOPICS * part.length) / items.length;
    const maxTopics = alone ? MAX_TOPICS : Math.max(2, Math.round(share));
    const enough = part.length >= (alone ? MIN_ARTICLES : MIN_LANGUAGE_ARTICLES);
    const grouped = enough ? groupPart(part, previous, maxTopics) : null;
    if (grouped) parts.push(grouped);
    else unclustered.push(...part.map((item) => item.id));
  }
  if (parts.length === 0) return none(mean);

  // Every cluster of every part, each with its members' indexes in its part.
  const clusters = parts.flatMap((part, p) =>
    part.centroids.map((centroid, c) => ({
      part: p,
      centroid,
      memberIndexes: part.assignments.flatMap((a, i) => (a === c ? [i] : [])),
    })),
  );
  const identities = inheritTopicIdentities(
    previous,
    clusters.map(({ part, memberIndexes }) =>
      memberIndexes.length < 2 ? [] : memberIndexes.map((i) => parts[part]?.items[i]?.id as number),
    ),
    new Set(items.map((item) => item.id)),
  );
  // Names given so far (lower case): two topics never share one. The continuing topics' names are taken first.
  const taken = new Set<string>();
  const keptNames = new Map<number, string>();
  for (const [index, identity] of identities) {
    const cluster = clusters[index];
    const part = cluster && parts[cluster.part];
    if (!part) continue;
    const language = mainLanguage(cluster.memberIndexes.map((i) => languageOf(part.items[i] as LibraryItem)));
    const key = identity.label.toLocaleLowerCase(language);
    if (identity.label === LEFTOVER_LABEL || taken.has(key) || !isAcceptableTopicName(identity.label, language))
      continue;
    taken.add(key);
    keptNames.set(index, identity.label);
  }
  const naming = parts.map((part) => namingData(part));
  const topics: TopicDraft[] = [];
  clusters.forEach(({ part: p, centroid, memberIndexes }, index) => {
    const part = parts[p] as GroupedPart;
    const draft =
      memberIndexes.length < 2
        ? null
        : topicDraft(part, naming[p] as NamingData, centroid, memberIndexes, now, taken, keptNames.get(index));
    if (!draft) {
      // Alone in its cluster, or sharing no word a name could use with the others: no subject in common.
      for (const i of memberIndexes) unclustered.push(part.items[i]?.id as number);
      return;
    }
    const identity = identities.get(index);
    topics.push(identity ? { ...draft, continues: { id: identity.id, createdAt: identity.createdAt } } : draft);
  });
  topics.sort((a, b) => b.finalScore - a.finalScore);
  if (unclustered.length > 0) topics.push(leftoverGroup(unclustered, items, now));
  return {
    algorithm: ALGORITHM,
    silhouette: round(average(parts.flatMap((part) => [...part.silhouettes.values()]))),
    topics,
    unclustered,
    libraryMean: mean,
    groups: clusters.length,
    perLanguage,
  };
}

/**
 * In a library clustered per language (ClusterOptions.perLanguage) with several languages, the fewest articles
 * a language needs for topics of its own: fewer rarely share a subject, and k-means splits them anyway. With 10,
 * the 14 French pages of the multilingual labelled library made two topics of 7 on five subjects each, named
 * "Prendre" (a verb) and "Français"; with 20 they are "Other articles" and NMI rose from 0.439 to 0.466.
 */
const MIN_LANGUAGE_ARTICLES = 20;
/**
 * The most topics of a library clustered per language, against MAX_TOPICS for one clustering (each language
 * gets its share by its articles): a subject found in two languages is two topics there. On the multilingual
 * labelled library (`scripts/semantic-topic-stability.mjs`, 348 pages, languages of 10 articles and more): 1 gave
 * 17 topics (NMI 0.408), 1.5 gave 19 (0.439), 2 gave 24 (0.454); clustered whole, 13 (0.425).
 */
const LANGUAGE_TOPICS_SHARE = 1.5;

/** The library's articles by language, the largest language first (ties by code, so the order is stable). */
function languageParts(items: LibraryItem[]): LibraryItem[][] {
  const parts = new Map<string, LibraryItem[]>();
  for (const item of items) parts.set(languageOf(item), [...(parts.get(languageOf(item)) ?? []), item]);
  return [...parts].sort((a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0])).map(([, part]) => part);
}

/** Clusters one part of the library (see clusterLibrary): k chosen, k-means, refinement; not yet named. */
function groupPart(items: LibraryItem[], previous: readonly PreviousTopic[], maxTopics: number): GroupedPart | null {
  const mean = libraryMean(items.map((item) => item.vector));
  const languageMeans = meansByLanguage(items);
  const vectors = blendWithNeighbours(
    items.map((item) => centred(item.vector, languageMeans.get(languageOf(item)) ?? mean)),
  );
  const step = Math.max(1, Math.ceil(vectors.length / SILHOUETTE_SAMPLE));
  const sample = vectors.map((_, i) => i).filter((i) => i % step === 0);
  const matrix = similarityMatrix(sample.map((i) => vectors[i] ?? []));
  const maxK = Math.min(maxTopics, Math.floor(items.length / 2));
  const seeds = warmStartCentres(items, vectors, previous);
  const packed = packVectors(vectors);
  const candidates: ScoredClustering[] = [];
  for (let k = Math.min(maxK, minTopics(items.length)); k <= maxK; k++) {
    const { fresh, warm } = kMeansRuns(vectors, packed, k, seeds);
    for (const run of warm
      ? [
          { ...fresh, warm: false },
          { ...warm, warm: true },
        ]
      : [{ ...fresh, warm: false }]) {
      const silhouettes = silhouetteFromMatrix(
        matrix,
        sample.map((i) => run.assignments[i] ?? 0),
      );
      candidates.push({ ...run, k, score: average(silhouettes), silhouettes });
    }
  }
  const best = steadyChoice(candidates, {
    structure: STRUCTURE_SILHOUETTE,
    fallbackK: Math.min(maxK, Math.max(2, Math.round(Math.sqrt(items.length / 2)))),
    previousK: seeds.length,
  });
  if (!best) return null;
  const chosen = refined(best, vectors, items, matrix, sample);
  return {
    items,
    vectors,
    languageMeans,
    assignments: chosen.assignments,
    centroids: chosen.centroids,
    silhouettes: new Map(sample.map((i, j) => [i, chosen.silhouettes[j] ?? 0])),
  };
}

/**
 * The previous topics' centres in this part's library space (the mean direction of their articles here), the
 * largest first: k-means starts from them, so a topic that still holds together is found where it was.
 */
function warmStartCentres(items: LibraryItem[], vectors: number[][], previous: readonly PreviousTopic[]): number[][] {
  if (previous.length === 0) return [];
  const indexOf = new Map(items.map((item, i) => [item.id, i]));
  const dimensions = vectors[0]?.length ?? 0;
  return previous
    .map((topic) => topic.memberIds.flatMap((id) => (indexOf.has(id) ? [vectors[indexOf.get(id) as number]] : [])))
    .filter((members) => members.length >= 2)
    .sort((a, b) => b.length - a.length)
    .map((members) => meanDirection(members as number[][], dimensions));
}

/** What naming a part's topics needs: each article's terms and the part's (and its languages') word rarities. */
interface NamingData {
  terms: ReturnType<typeof labelTerms>[];
  docs: string[][];
  frequency: Map<string, number>;
  frequencyIn: (language: string) => { frequency: Map<string, number>; docs: number };
}

function namingData({ items }: GroupedPart): NamingData {
  const terms = items.map((item) => labelTerms(item.title, item.text, languageOf(item)));
  const docs = terms.map((doc) => doc.map((t) => t.stem));
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
  return { terms, docs, frequency: documentFrequency(docs), frequencyIn };
}

/**
 * One cluster as a topic: its members by similarity, figures, score and name (`keptName`, the name of the
 * previous topic it continues, or the best new one; `taken` records it). Null when no name fits: its articles
 * share no word a name could use, so no subject either.
 */
function topicDraft(
  part: GroupedPart,
  { terms, docs, frequency, frequencyIn }: NamingData,
  centroid: number[],
  memberIndexes: number[],
  now: number,
  taken: Set<string>,
  keptName: string | undefined,
): TopicDraft | null {
  const { items, vectors, languageMeans, silhouettes } = part;
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
  const label = keptName ?? newTopicName(items, terms, scored, memberIndexes, language, taken);
  if (!label) return null;
  const draft = {
    label,
    language,
    leftover: false,
    keywords,
    members,
    size: members.length,
    unreadCount: memberItems.filter((m) => !m.isRead).length,
    silhouette: round(
      average(memberIndexes.flatMap((i) => (silhouettes.has(i) ? [silhouettes.get(i) as number] : []))),
    ),
    cohesion: round(average(members.map((m) => m.similarity))),
    averageAgeDays: round(average(memberItems.map((m) => (now - m.createdAt) / 86_400_000))),
    averageFeedback: rated.length ? round(average(rated)) : null,
  };
  return {
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
  };
}

/** A name for a new topic from its main language's titles and words (topic-names.ts), or null. */
function newTopicName(
  items: LibraryItem[],
  terms: ReturnType<typeof labelTerms>[],
  scored: { term: string; score: number }[],
  memberIndexes: number[],
  language: string,
  taken: Set<string>,
): string | null {
  const own = memberIndexes.filter((i) => languageOf(items[i] as LibraryItem) === language);
  const stemScores = new Map(scored.map((t) => [t.term, t.score]));
  const titles = own.map((i) => (items[i] as LibraryItem).title);
  // Without a shared phrase, the distinctive words its main language uses ("Expone · Museen" mixed two).
  const ownTerms = own.flatMap((i) => terms[i] ?? []);
  const ownStems = new Set(ownTerms.map((t) => t.stem));
  const ownWords = displayWords(
    scored
      .filter((t) => ownStems.has(t.term))
      .slice(0, 8)
      .map((t) => t.term),
    ownTerms,
  );
  const ownTexts = own.flatMap((i) => [(items[i] as LibraryItem).title, (items[i] as LibraryItem).text]);
  return topicName(
    [
      (skip) => nameFromTitles(titles, language, stemScores, skip),
      (skip) => nameFromWords(ownWords, language, titles, skip),
    ],
    ownTexts,
    language,
    taken,
  );
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

/**
 * The best fitting of RESTARTS seeded k-means runs, and one started from `seeds` (the previous topics' centres)
 * when there are any.
 */
function kMeansRuns(vectors: number[][], packed: PackedVectors, k: number, seeds: number[][]) {
  const fitOf = (run: { assignments: number[]; centroids: number[][] }) =>
    vectors.reduce((sum, v, i) => sum + dot(v, run.centroids[run.assignments[i] ?? 0] ?? v), 0);
  let fresh: { assignments: number[]; centroids: number[][]; fit: number } | undefined;
  for (let seed = 1; seed <= RESTARTS; seed++) {
    const run = sphericalKMeans(packed, k, seed * 7919 + k);
    const fit = fitOf(run);
    if (!fresh || fit > fresh.fit) fresh = { ...run, fit };
  }
  const warm = seeds.length > 0 ? sphericalKMeans(packed, k, 7919 + k, seeds) : null;
  return { fresh: fresh as { assignments: number[]; centroids: number[][] }, warm };
}

const round = (x: number) => Math.round(x * 10_000) / 10_000;
