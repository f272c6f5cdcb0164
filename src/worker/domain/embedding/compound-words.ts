/**
 * German compounds: "Energiewende", "Wahlkampfes", "Kinderbetreuung". No
 * dictionary lists them all, but their meaning is mostly their last part (the head: "Wende", "Kampf",
 * "Betreuung") narrowed by the first (the modifier). Split the way the local embedder needs it: the longest
 * known head, at least MIN_HEAD letters, after a modifier of at least MIN_MODIFIER letters; the modifier
 * counts when it, or it without a linking element ("Arbeits-", "Sonnen-", "Kinder-"), is known too.
 */
const MIN_HEAD = 4;
const MIN_MODIFIER = 3;
const LINKING_ENDINGS = ["s", "es", "n", "en", "er", "e"];

export interface CompoundParts<T> {
  head: T;
  modifier?: T;
}

/**
 * `word` is the compound, lower case; `lookUp` finds what a word (a part of it) stands for, undefined when
 * unknown. Parts are looked up as words, not as parts of the compound's stem: a stemmer cuts a compound
 * where it would not cut its head ("Energiewende" → "energiew", "Wende" → "wend").
 */
export function splitCompound<T>(word: string, lookUp: (part: string) => T | undefined): CompoundParts<T> | null {
  for (let at = MIN_MODIFIER; at <= word.length - MIN_HEAD; at++) {
    const head = lookUp(word.slice(at));
    if (head === undefined) continue;
    const modifierText = word.slice(0, at).replace(/-$/, "");
    let modifier = lookUp(modifierText);
    for (const ending of LINKING_ENDINGS) {
      if (modifier !== undefined) break;
      if (modifierText.length - ending.length >= MIN_MODIFIER && modifierText.endsWith(ending)) {
        modifier = lookUp(modifierText.slice(0, -ending.length));
      }
    }
    return modifier === undefined ? { head } : { head, modifier };
  }
  return null;
}

const INFLECTIONS = ["ern", "em", "en", "er", "es", "e", "s", "n"];

/**
 * The keys a part of a German compound may have in a table keyed by Snowball stems, without running the
 * stemmer (about 10 µs a call, and a word has a dozen places to split): umlauts and ß folded as the German
 * stemmer folds them, then the part as it is and without one inflectional ending ("veranstaltungen" →
 * "veranstaltungen", "veranstaltung"; "wände" → "wande", "wand").
 */
export function germanPartKeys(part: string): string[] {
  const folded = part.replace(/ä/g, "a").replace(/ö/g, "o").replace(/ü/g, "u").replace(/ß/g, "ss");
  const keys = [folded];
  for (const ending of INFLECTIONS) {
    if (folded.length - ending.length >= 3 && folded.endsWith(ending)) keys.push(folded.slice(0, -ending.length));
  }
  return keys;
}
