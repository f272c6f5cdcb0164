/** Small text helpers shared by the local summariser and embedder. Pure, language-agnostic. */

/** Lower-cased word tokens of any script (letters and digits, Unicode-aware). */
export function tokenize(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [];
}

/**
 * Splits prose into sentences at . ! ? and their CJK / Arabic / Devanagari equivalents, keeping the
 * punctuation. Good enough for extractive summaries; abbreviations may split early.
 */
export function splitSentences(text: string): string[] {
  return (
    text
      .replace(/\s+/g, " ")
      .match(/[^.!?。！？؟।]+(?:[.!?。！？؟।]+["'”’)\]]*|$)/gu)
      ?.map((s) => s.trim())
      .filter((s) => s.length > 0) ?? []
  );
}

/** A handful of very common function words in the languages users save most; they carry no topic. */
export const STOP_WORDS = new Set(
  (
    "a an and are as at be but by for from has have he her his i in is it its of on or our she so that the their " +
    "them there they this to was we were what when which who will with you your not no can do does did been than " +
    "then also into more most about over after before such these those would could should may might its it's " +
    "der die das und ist ein eine zu den von mit sich des auf für im dem nicht le la les et est un une des du en " +
    "que qui dans pour pas sur el los las y es del por con para una al lo il di che non per sono de o a em os as"
  ).split(" "),
);
