import { stemWord } from "./stemmer";
import { isStopWord } from "./stop-words";

/**
 * The words of a text, in any script: Intl.Segmenter's word boundaries (which split Chinese and Japanese into
 * words, where a regular expression sees one long run), lower case, with typographic apostrophes made plain.
 */
export function wordsOf(text: string, language = "en"): string[] {
  const segmenter = segmenterFor(language);
  const words: string[] = [];
  for (const part of segmenter.segment(text)) {
    if (part.isWordLike) words.push(part.segment.toLowerCase().replace(/’/g, "'"));
  }
  return words;
}

const segmenters = new Map<string, Intl.Segmenter>();

function segmenterFor(language: string): Intl.Segmenter {
  let segmenter = segmenters.get(language);
  if (!segmenter) {
    segmenter = new Intl.Segmenter(language, { granularity: "word" });
    segmenters.set(language, segmenter);
  }
  return segmenter;
}

/** Whether a word names something: not a stop word, not a number, not a lone letter of an alphabet. */
export function isContentWord(word: string, language = "en"): boolean {
  if (/^[\p{N}.,'’-]+$/u.test(word)) return false;
  if (word.length < 2 && /^[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}]$/u.test(word)) return false;
  return !isStopWord(word, language);
}

/** One content word of the text as compared: its stem, with the word as first seen (for display). */
export interface ContentTerm {
  stem: string;
  word: string;
}

/** The content words of a text in order, stemmed: what labels, embeddings, matching and suggestions compare. */
export function contentTerms(text: string, language = "en"): ContentTerm[] {
  return wordsOf(text, language)
    .filter((word) => isContentWord(word, language))
    .map((word) => ({ stem: stemWord(word, language), word }));
}

/** Just the stems of `contentTerms`. */
export function contentStems(text: string, language = "en"): string[] {
  return contentTerms(text, language).map((term) => term.stem);
}
