/**
 * How a question's term matches the words of an article, the same way in the full-text query and in the
 * explanations. A long stem matches as a prefix ("honeybee" finds "honeybees", "election" "elections"). A short
 * one matches only its own inflections: as a prefix "art" found "article" and "artificial", "war" found
 * "warning" and "car" "carnival", and such matches outranked the real ones.
 */

/** Stems at least this long match as a prefix; their longer words are nearly always the same word's forms. */
const PREFIX_STEM_MIN = 6;

/** Words of a text as FTS5's unicode61 tokenizer splits them: letters and digits, apostrophes and hyphens apart. */
const WORD = /[\p{L}\p{N}]+/gu;

/**
 * Four-letter words whose final "s" is no plural: "news" is not "new" (a word of nearly every article), nor
 * "lens" "len". Longer words lose their "s" through `termStem` and keep their own form among the forms.
 */
const NOT_PLURALS = new Set(["news", "lens", "bias"]);

/** Endings of a word's forms besides the plural: "danced", "dancing", "dancer", "dancers". */
const SUFFIXES = ["ed", "ing", "er", "ers"];

/**
 * A light stem: common English endings removed when at least four letters remain, so "honeybees" finds
 * "honeybee" and "dancing" finds "dance".
 */
export function termStem(term: string): string {
  for (const ending of ["ing", "ies", "es", "ed", "s"]) {
    if (term.endsWith(ending) && term.length - ending.length >= 4) return term.slice(0, -ending.length);
  }
  return term;
}

/** Lower case without diacritics, as the index (`remove_diacritics 2`) compares words. */
export function foldWord(word: string): string {
  return word.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "");
}

/**
 * Whether the term matches as a prefix of its stem: a long stem, or a term not written in Latin letters (the
 * English inflections below mean nothing there, and a Chinese or Japanese run of text is one long word).
 */
function matchesAsPrefix(term: string): boolean {
  return termStem(term).length >= PREFIX_STEM_MIN || /[^\p{Script=Latin}\p{N}]/u.test(term);
}

/**
 * The inflected forms a short term stands for: "art" → art, arts; "dancing" → dance, dances, danced, dancer...;
 * "cats" → cat, cats; "studies" → study, studied; "run" → running, runner; not "car" → "care". A form that is
 * no word costs nothing.
 */
export function termForms(term: string): Set<string> {
  // The word the term is a form of: each phrase costs the full-text ranking a little, so the forms are those of
  // the base word (and the term itself), not also the forms of an inflected term ("weeksed").
  const stem = termStem(term);
  const bases = new Set<string>();
  if (term.endsWith("ies") && stem !== term) {
    bases.add(`${stem}y`); // "studies" → "study"
  } else if (stem !== term) {
    bases.add(stem);
    if (!stem.endsWith("e")) bases.add(`${stem}e`); // "dancing" → "danc" → "dance"
  } else if (term.length > 3 && term.endsWith("s") && !/(?:ss|us|is)$/.test(term) && !NOT_PLURALS.has(term)) {
    bases.add(term.slice(0, -1)); // "cats" → "cat"
  } else {
    bases.add(term);
  }
  // "running" → "runn" → "run"; "planned" → "plann" → "plan".
  if (/([b-df-hj-np-tv-z])\1$/.test(stem)) bases.add(stem.slice(0, -1));
  const forms = new Set<string>([term]);
  for (const base of bases) {
    forms.add(base);
    forms.add(`${base}s`);
    if (/(?:s|x|z|ch|sh|o)$/.test(base)) forms.add(`${base}es`);
    // One syllable ending consonant-vowel-consonant doubles its last letter ("run" → "running", "war" →
    // "warring"); without the doubling the word is another one's ("car" + "ing" is "caring", of "care").
    const doubles = /(?:^|[^aeiou])[aeiou][b-df-hj-np-tv-z]$/.test(base);
    const oneSyllable = (base.match(/[aeiouy]+/g) ?? []).length <= 1;
    if (doubles) for (const ending of SUFFIXES) forms.add(base + base.slice(-1) + ending);
    if (!(doubles && oneSyllable)) {
      // "dance" → "danced", "dancer", "dancing"; but "bee" is not "beer" nor "being".
      if (/[^aeiou]e$/.test(base)) for (const ending of SUFFIXES) forms.add(base.slice(0, -1) + ending);
      else if (!base.endsWith("e")) for (const ending of SUFFIXES) forms.add(base + ending);
    }
    if (/[^aeiou]y$/.test(base)) for (const ending of ["ies", "ied"]) forms.add(base.slice(0, -1) + ending);
  }
  return forms;
}

/**
 * The term as one word of the index: without a possessive ("gaming's" is "gaming"); a term the index splits
 * ("e-mail", "o'neill") is compared by its longest part.
 */
function asOneWord(term: string): { word: string; split: boolean } {
  const parts = term.replace(/['’]s$/u, "").match(WORD) ?? [term];
  const word = parts.reduce((longest, part) => (part.length > longest.length ? part : longest), "");
  return { word, split: parts.length > 1 };
}

/** A test of one (folded) word against the term. */
export function termMatcher(term: string): (word: string) => boolean {
  const { word: folded } = asOneWord(foldWord(term));
  if (matchesAsPrefix(folded)) {
    const stem = termStem(folded);
    return (word) => word.startsWith(stem);
  }
  const forms = termForms(folded);
  return (word) => forms.has(word);
}

/**
 * The FTS5 phrases for the term, each quoted (nothing the user typed is syntax): its stem as a prefix, or its
 * forms. A term the index splits stays one phrase, its last part a prefix ("e-mail" finds "e-mails").
 */
export function termPhrases(term: string): string[] {
  const quote = (s: string) => `"${s.replace(/"/g, '""')}"`;
  const { word, split } = asOneWord(term);
  if (split) return [`${quote(term.replace(/['’]s$/u, ""))}*`];
  if (matchesAsPrefix(word)) return [`${quote(termStem(word))}*`];
  return [...termForms(word)].map(quote);
}

/** Each word of the text (folded) with where it starts. */
export function* wordsWithPositions(text: string): Generator<{ word: string; at: number }> {
  // Lower-cased once; only a word with letters beyond ASCII needs its diacritics folded (most need not).
  const lower = text.toLowerCase();
  for (const match of lower.matchAll(WORD)) {
    const word = match[0];
    yield { word: /\P{ASCII}/u.test(word) ? foldWord(word) : word, at: match.index };
  }
}
