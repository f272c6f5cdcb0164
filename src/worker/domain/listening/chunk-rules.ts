/**
 * What one request for audio may carry (issue 36). The reader's player asks chunk by chunk: the first chunk small
 * (1 or 2 sentences) so its audio starts within 2 seconds, later ones larger so fewer calls are made; none over
 * these bounds, so a request costs at most a known amount and no article is rendered whole in one call.
 */
export const LISTEN_CHUNK_LIMITS = {
  /** Sentences in the first chunk the player asks for: a short first render is a fast first sound. */
  firstChunkSentences: 2,
  /** Sentences in any chunk. */
  maxSentences: 8,
  /**
   * Characters of a chunk's sentences joined by spaces: Deepgram Aura-2 reads at most 1,000 a request
   * (`modelMaxChars`), less one per sentence for the full stop `chunkText` may add.
   */
  maxChars: 992,
  modelMaxChars: 1000,
  /** Characters of one sentence (a longer "sentence" is a list or a table the segmenter could not split). */
  maxSentenceChars: 1000,
} as const;

/** Marks that end a sentence (with any closing quote or bracket after them). */
const ENDS_SENTENCE = /[.!?…:;。！？]["'”’“»«)\]]*$/u;

/**
 * The text of a chunk as the model reads it: its sentences, one space between them. A heading or list item without
 * a full stop gets one, so the voice pauses after it instead of running it into the next sentence (the stop is
 * only in what the model reads: the sentences are matched against the article as sent).
 */
export function chunkText(sentences: readonly string[]): string {
  return sentences
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length > 0)
    .map((sentence) => (ENDS_SENTENCE.test(sentence) ? sentence : `${sentence}.`))
    .join(" ");
}
