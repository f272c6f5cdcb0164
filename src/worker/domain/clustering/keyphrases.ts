import { type ContentTerm, contentTerms } from "../words";
import { LEFTOVER_LABEL } from "./topic-names";
import { isVerbLike } from "./word-classes";

const LABEL_TERMS = 3;

/** A term counts at most this many times per document (a title word counts this much: see labelTokens). */
const MAX_TERM_WEIGHT = 3;

/**
 * The terms that set one cluster apart: how much of its documents use a term, weighted by how rare the term
 * is in the whole library (a TF-IDF over documents). Within a document a term weighs its count, at most 3, so
 * a title word (counted three times) or a word the text repeats outweighs a word said once: "Interest · Rates
 * · Cuts" rather than "Borrowing · Fell · Grocery" for a cluster of central-bank articles. A term must still
 * be in 2 of the cluster's documents.
 */
export function distinctiveTerms(
  clusterDocs: string[][],
  libraryDocFrequency: Map<string, number>,
  libraryDocs: number,
): string[] {
  return distinctiveTermScores(clusterDocs, libraryDocFrequency, libraryDocs).map((t) => t.term);
}

/** `distinctiveTerms` with each term's score (a topic name weighs its words by it), best first. */
export function distinctiveTermScores(
  clusterDocs: string[][],
  libraryDocFrequency: Map<string, number>,
  libraryDocs: number,
  /**
   * The document frequency among the articles of the topic's language: a word every article of that language
   * uses ("savoir", "Woche") is no more distinctive for being rare in the others. Its rarity is the lesser of
   * the two.
   */
  inLanguage?: { frequency: Map<string, number>; docs: number },
): { term: string; score: number }[] {
  const rarity = (term: string) => {
    const overall = Math.log(libraryDocs / (libraryDocFrequency.get(term) ?? 1));
    const local = inLanguage?.frequency.get(term);
    return local && inLanguage ? Math.min(overall, Math.log(inLanguage.docs / local)) : overall;
  };
  const weight = new Map<string, number>();
  const docsWith = new Map<string, number>();
  for (const doc of clusterDocs) {
    const counts = new Map<string, number>();
    for (const term of doc) counts.set(term, (counts.get(term) ?? 0) + 1);
    for (const [term, count] of counts) {
      weight.set(term, (weight.get(term) ?? 0) + Math.min(MAX_TERM_WEIGHT, count) / MAX_TERM_WEIGHT);
      docsWith.set(term, (docsWith.get(term) ?? 0) + 1);
    }
  }
  return [...weight.entries()]
    .filter(([term]) => (docsWith.get(term) ?? 0) >= Math.min(2, clusterDocs.length))
    .map(([term, total]) => ({
      term,
      score: (total / clusterDocs.length) * rarity(term),
    }))
    .sort((a, b) => b.score - a.score || a.term.localeCompare(b.term));
}

/**
 * Content words of a document in its language (title weighted three times), for labelling: no stop words of
 * the language or of English, no numbers, no Latin, Cyrillic or Greek word under 3 letters.
 */
export function labelTerms(title: string, text: string, language = "en"): ContentTerm[] {
  const terms = (s: string) =>
    contentTerms(s, language).filter(
      (t) =>
        !t.word.includes("'") &&
        (t.word.length > 2 || !/^[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}]+$/u.test(t.word)),
    );
  const titleTerms = terms(title);
  return [...titleTerms, ...titleTerms, ...titleTerms, ...terms(text)];
}

/** The stems of `labelTerms`: what distinctiveTerms and documentFrequency compare. */
export function labelTokens(title: string, text: string, language = "en"): string[] {
  return labelTerms(title, text, language).map((t) => t.stem);
}

export function documentFrequency(docs: string[][]): Map<string, number> {
  const frequency = new Map<string, number>();
  for (const doc of docs) for (const term of new Set(doc)) frequency.set(term, (frequency.get(term) ?? 0) + 1);
  return frequency;
}

/**
 * "Bees · Hive · Pollen": the first few distinctive terms, capitalised, leaving out a term that is another form
 * of one already picked ("Games · Gaming · Game" is one word three times), and a word English uses mostly as a
 * verb (verb-words-data.ts, from WordNet): a label names what a topic is about, and a summary's "bought" or
 * "asked" is distinctive only by chance ("Drugs · Bought · Rise" is "Drugs · Rise · Online"). Terms that are all
 * verbs are used as they are.
 */
export function labelFromTerms(terms: string[]): string {
  const nonVerbs = terms.filter((term) => !isVerbLike(term));
  const picked: string[] = [];
  for (const term of nonVerbs.length > 0 ? nonVerbs : terms) {
    if (picked.length === LABEL_TERMS) break;
    if (!picked.some((p) => sameWordFamily(p, term))) picked.push(term);
  }
  return picked.length > 0
    ? picked.map((t) => t.charAt(0).toLocaleUpperCase() + t.slice(1)).join(" · ")
    : LEFTOVER_LABEL;
}

/** "game", "games" and "gaming"; "drug" and "drugs"; not "star" and "start". */
export function sameWordFamily(a: string, b: string): boolean {
  const [x, y] = [stem(a), stem(b)];
  // Suffixes drop a final e: "gaming" → "gam", "game" → "game".
  return x === y || `${x}e` === y || `${y}e` === x;
}

/** The word without one common inflection ending, if at least 3 letters remain. */
function stem(word: string): string {
  const match = /^(.{3,}?)(?:ing|ed|es|s)$/.exec(word);
  return match?.[1] ?? word;
}
