import stopwordsIso from "stopwords-iso/stopwords-iso.json";
import { STOP_WORDS as ENGLISH_EXTRA } from "../text";

/**
 * Stop words of every language the detector reports, from stopwords-iso (58 languages, maintained), so labels,
 * embeddings, full-text terms and suggestions skip "Sie", "Auch", "Par" and "Avec" as they skip "the". English
 * adds our own list of common verbs and fillers ("said", "make"), which carry no subject either.
 *
 * English stop words apply to every language: pages quote English, and English titles mix into any library.
 */
const LISTS = stopwordsIso as Record<string, string[]>;

const cache = new Map<string, ReadonlySet<string>>();

function fold(word: string): string {
  return word.toLowerCase().replace(/’/g, "'");
}

/** The stop words of one language (ISO 639-1), lower case; empty when stopwords-iso has no list for it. */
export function stopWordsOf(language: string): ReadonlySet<string> {
  const code = language.toLowerCase();
  let set = cache.get(code);
  if (!set) {
    const words = (LISTS[code] ?? []).map(fold);
    set = new Set(code === "en" ? [...words, ...ENGLISH_EXTRA] : words);
    cache.set(code, set);
  }
  return set;
}

/** Whether `word` is a stop word of `language` or of English (lower-cased before the check). */
export function isStopWord(word: string, language = "en"): boolean {
  const w = fold(word);
  return stopWordsOf("en").has(w) || (language !== "en" && stopWordsOf(language).has(w));
}

/** Languages with a stop word list. */
export function hasStopWords(language: string): boolean {
  return (LISTS[language.toLowerCase()]?.length ?? 0) > 0;
}
