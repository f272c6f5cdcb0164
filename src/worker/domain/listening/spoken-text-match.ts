/**
 * Whether the sentences a reader asks to hear are the article's own (issue 36): the audio endpoint renders only
 * text of the reader's article or its summary, so it is no free text-to-speech service. The player takes its
 * sentences from the rendered page, whose text differs from the stored one in spacing and in markup (the summary's
 * `**`, a link's brackets): both sides are compared without whitespace, markup characters and case.
 */

/** Characters that rendering adds or drops: whitespace, markdown emphasis and code marks, heading and quote marks. */
const IGNORED = /[\s*_`#>\u00ad\u200b-\u200d\ufeff]+/gu;

/** The text as compared: Unicode-normalised (NFKC), lower case, without the characters rendering changes. */
export function comparableText(text: string): string {
  return text.normalize("NFKC").toLowerCase().replace(IGNORED, "");
}

/**
 * The index of the first sentence that does not occur in `source` (the article's or the summary's text), or -1
 * when every one does. A sentence with nothing left to compare (only spaces or marks) never occurs.
 */
export function firstForeignSentence(sentences: readonly string[], source: string): number {
  const haystack = comparableText(source);
  return sentences.findIndex((sentence) => {
    const needle = comparableText(sentence);
    return needle.length === 0 || !haystack.includes(needle);
  });
}
