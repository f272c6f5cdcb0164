/**
 * The body text as the full-text index is given it: every word of the article still there, fewer of its repeats.
 *
 * The index stores each occurrence's position, and much of an article's index is repeats: "the" 60 times, the
 * subject's own word 30. bm25 gains little from the tenth repeat (its term frequency saturates), so a word seen
 * n times is kept 1 + ⌊log3 n⌋ times (1 → 1, 3 → 2, 9 → 3, 27 → 4, 81 → 5): its first occurrences, in the text's
 * order. No word is left out: a word anywhere in the body still finds its article, and a word the body repeats
 * still ranks it above one that says it once. Measured on 360 dev-set pages (docs/capacity.md, "Where an
 * article's bytes are"): the index 18% smaller, and queries of words from one article's body find it first
 * nearly as often (455 of 1,080 against 470). log2 kept more (14% smaller, 457), every word once less (24%, 436);
 * stop words once as well cost ranking for little: stopwords-iso lists subject words ("research", "state").
 *
 * Words are cut at white space, so a hyphenated or dotted word ("e-mail", "U.S.") stays whole and a search for it
 * still finds it as a phrase; they are counted by their folded form (case, accents and surrounding punctuation
 * ignored, as the index's unicode61 tokenizer reads them).
 */
export function indexedBodyText(text: string): string {
  const words = text.split(/\s+/u).filter(Boolean);
  const keys = words.map(wordKey);
  const total = new Map<string, number>();
  for (const key of keys) if (key) total.set(key, (total.get(key) ?? 0) + 1);
  const kept = new Map<string, number>();
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const key = keys[i];
    if (!key) continue; // punctuation alone: no token to index
    const seen = (kept.get(key) ?? 0) + 1;
    kept.set(key, seen);
    if (seen <= keptRepeats(total.get(key) ?? 1)) out.push(words[i] as string);
  }
  return out.join(" ");
}

/** 1 + ⌊log3 n⌋, in integers (a float logarithm of 9 can fall just short of 2). */
function keptRepeats(n: number): number {
  let kept = 1;
  for (let power = 3; power <= n; power *= 3) kept += 1;
  return kept;
}

/** A word as the index counts it: lower case, accents off, no punctuation around it; "" when nothing is left. */
function wordKey(word: string): string {
  return word
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");
}
