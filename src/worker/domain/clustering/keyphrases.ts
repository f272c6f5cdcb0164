import { STOP_WORDS, tokenize } from "../text";

const LABEL_TERMS = 3;

/**
 * The terms that set one cluster apart: how many of its documents use a term, weighted by how rare the
 * term is in the whole library (a TF-IDF over documents). Titles count three times.
 */
export function distinctiveTerms(
  clusterDocs: string[][],
  libraryDocFrequency: Map<string, number>,
  libraryDocs: number,
) {
  const inCluster = new Map<string, number>();
  for (const doc of clusterDocs) for (const term of new Set(doc)) inCluster.set(term, (inCluster.get(term) ?? 0) + 1);
  return [...inCluster.entries()]
    .filter(([, count]) => count >= Math.min(2, clusterDocs.length))
    .map(([term, count]) => ({
      term,
      score: (count / clusterDocs.length) * Math.log(libraryDocs / (libraryDocFrequency.get(term) ?? 1)),
    }))
    .sort((a, b) => b.score - a.score || a.term.localeCompare(b.term))
    .map((t) => t.term);
}

/** Content words of a document (title weighted three times), for labelling. */
export function labelTokens(title: string, text: string): string[] {
  const words = (s: string) =>
    tokenize(s).filter((w) => w.length > 2 && !STOP_WORDS.has(w) && !/^\d+$/.test(w) && !w.includes("'"));
  const titleWords = words(title);
  return [...titleWords, ...titleWords, ...titleWords, ...words(text)];
}

export function documentFrequency(docs: string[][]): Map<string, number> {
  const frequency = new Map<string, number>();
  for (const doc of docs) for (const term of new Set(doc)) frequency.set(term, (frequency.get(term) ?? 0) + 1);
  return frequency;
}

/** "Bees · Hive · Pollen": the first few distinctive terms, capitalised. */
export function labelFromTerms(terms: string[]): string {
  const picked = terms.slice(0, LABEL_TERMS).map((t) => t.charAt(0).toLocaleUpperCase() + t.slice(1));
  return picked.length > 0 ? picked.join(" · ") : "Miscellaneous";
}
