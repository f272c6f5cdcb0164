import { distinctiveTerms, documentFrequency, sameWordFamily } from "../clustering/keyphrases";
import { isModifierLike, isVerbLike } from "../clustering/word-classes";

/**
 * Counting words say nothing about a subject: "More about two", "More about first" or "More about friday" (from
 * "Friday Facts #282") came up as follow-ups.
 */
const COUNTING_WORDS = new Set(
  (
    "two three four five six seven eight nine ten eleven twelve twenty thirty forty fifty hundred hundreds " +
    "thousand thousands million millions billion billions trillion first second third fourth fifth sixth seventh " +
    "eighth ninth tenth last monday tuesday wednesday thursday friday saturday sunday"
  ).split(" "),
);

/** "dance" and "dancing", "honey" and "honeybees": a suggestion should not repeat the question's own word. */
function sameStem(a: string, b: string): boolean {
  return a.startsWith(b) || b.startsWith(a) || (a.length >= 4 && b.length >= 4 && a.slice(0, 4) === b.slice(0, 4));
}

/**
 * Follow-up questions ("More about …") from the words of the shown results (`labelTokens` of their titles and
 * summaries), leaving out the question's own words, counting words and words English uses mostly as verbs,
 * adjectives or adverbs (`word-classes.ts`): "More about recent" asks nothing. First the words that set the
 * shown results apart from all the candidates the search considered (the full-text and meaning matches, shown
 * or not), chosen as topic labels are (`distinctiveTerms`: used by at least 2 results, a title word or a
 * repeated word weighing more, rare among the candidates): the shown results share "time" with the rest, but
 * "netanyahu" only among themselves. Then, when those are too few, any word of the results by how many use it
 * × its rarity among the candidates, then by how often they repeat it, so results on unrelated subjects still
 * offer their own.
 */
export function suggestFollowUps(
  terms: string[],
  shownDocs: string[][],
  candidateDocs: string[][],
  count: number,
): string[] {
  const usable = (word: string) =>
    !terms.some((t) => sameStem(word, t) || sameWordFamily(word, t)) &&
    !isVerbLike(word) &&
    !isModifierLike(word) &&
    !COUNTING_WORDS.has(word);
  const candidates = Math.max(candidateDocs.length, shownDocs.length);
  const background = documentFrequency(candidateDocs);
  // A word every candidate uses sets nothing apart (its rarity is 0), however many results share it.
  const distinctive =
    shownDocs.length >= 2
      ? distinctiveTerms(shownDocs, background, candidates).filter((w) => (background.get(w) ?? 0) < candidates)
      : [];
  const shared = documentFrequency(shownDocs);
  const repeated = new Map<string, number>();
  for (const doc of shownDocs) for (const word of doc) repeated.set(word, (repeated.get(word) ?? 0) + 1);
  const weight = (word: string) =>
    (shared.get(word) ?? 0) * Math.log(1 + candidates / Math.max(1, background.get(word) ?? 0));
  const rest = [...shared.keys()].sort(
    (a, b) => weight(b) - weight(a) || (repeated.get(b) ?? 0) - (repeated.get(a) ?? 0) || a.localeCompare(b),
  );
  const picked: string[] = [];
  for (const word of new Set([...distinctive, ...rest])) {
    if (picked.length === count) break;
    // One form of a word: not "More about games" and "More about gaming".
    if (usable(word) && !picked.some((p) => sameWordFamily(p, word))) picked.push(word);
  }
  return picked.map((word) => `More about ${word}`);
}
