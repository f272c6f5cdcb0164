/**
 * Word segmentation for word counts (reading time) and the extraction benchmark's token overlap.
 *
 * Chinese and Japanese are written without spaces, so each Han, Hiragana or Katakana character counts as one
 * word; that keeps reading time roughly right (such text is read at a similar number of characters per minute
 * as English words) instead of counting a whole sentence as one word. Other scripts split on anything that is
 * not a letter, mark or digit; an apostrophe inside a word (don't, l’homme) does not split it.
 */
const CJK = "\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}";
const LETTER = `(?:(?![${CJK}])[\\p{L}\\p{M}\\p{N}])`;
const WORD = new RegExp(`[${CJK}]|${LETTER}+(?:['’]${LETTER}+)*`, "gu");

/** Lower-cased words of `text`, in order. */
export function wordTokens(text: string): string[] {
  return text.toLowerCase().match(WORD) ?? [];
}

export function countWords(text: string): number {
  return text.match(WORD)?.length ?? 0;
}
