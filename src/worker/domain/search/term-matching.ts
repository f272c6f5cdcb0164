import { hasStemmer, stemWord } from "../words";

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

/**
 * Endings a short Snowball stem takes back in the languages most libraries mix besides English: the stem
 * of "Wahlen" is "wahl", of "elecciones" "eleccion", and their forms are these endings on it ("wahl",
 * "wahlen"; "eleccion", "elecciones"), folded as the index folds words. A longer stem matches as a prefix,
 * as English ones do. Other languages with a stemmer get the stem itself.
 */
const STEM_ENDINGS: Record<string, string[]> = {
  de: ["", "e", "en", "er", "ern", "es", "em", "n", "s"],
  fr: ["", "s", "e", "es", "x", "ion", "ions", "ee", "ees"],
  es: ["", "s", "es", "a", "as", "o", "os", "ion", "iones"],
  it: ["", "a", "e", "i", "o", "ione", "ioni"],
  pt: ["", "s", "es", "a", "as", "o", "os", "ao", "oes"],
  nl: ["", "e", "en", "s", "er"],
};

/**
 * The term by its Snowball stem in `language` (not English, which keeps the light stem above): a prefix when
 * the stem is long, else the stem's forms. Null when the language has no stemmer or the term is no Latin word.
 */
function snowballMatch(term: string, language: string): { prefix: string } | { forms: Set<string> } | null {
  if (language === "en" || !hasStemmer(language)) return null;
  const { word, split } = asOneWord(term.toLowerCase());
  if (split || !/^[\p{Script=Latin}]+$/u.test(word)) return null;
  const stem = foldWord(stemWord(word, language));
  if (stem.length >= PREFIX_STEM_MIN) return { prefix: stem };
  return { forms: new Set((STEM_ENDINGS[language] ?? [""]).map((ending) => stem + ending)) };
}

/**
 * A test of one (folded) word against the term; `languages` (besides English) add the term's forms by their
 * Snowball stems (snowballMatch), as termPhrases does.
 */
export function termMatcher(term: string, languages: readonly string[] = []): (word: string) => boolean {
  const { word: folded } = asOneWord(foldWord(term));
  const tests: ((word: string) => boolean)[] = [];
  if (matchesAsPrefix(folded)) {
    const stem = termStem(folded);
    tests.push((word) => word.startsWith(stem));
  } else {
    const forms = termForms(folded);
    tests.push((word) => forms.has(word));
  }
  for (const language of new Set(languages)) {
    const match = snowballMatch(term, language);
    if (match && "prefix" in match) tests.push((word) => word.startsWith(match.prefix));
    else if (match) tests.push((word) => match.forms.has(word));
  }
  return tests.length === 1 ? (tests[0] as (word: string) => boolean) : (word) => tests.some((test) => test(word));
}

/**
 * The FTS5 phrases for the term, each quoted (nothing the user typed is syntax): its stem as a prefix, or its
 * forms. A term the index splits stays one phrase, its last part a prefix ("e-mail" finds "e-mails"). Each of
 * `languages` (the languages of the articles searched) adds the forms of the term's Snowball stem in it.
 */
export function termPhrases(term: string, languages: readonly string[] = []): string[] {
  const quote = (s: string) => `"${s.replace(/"/g, '""')}"`;
  const { word, split } = asOneWord(term);
  if (split) return [`${quote(term.replace(/['’]s$/u, ""))}*`];
  const phrases = new Set(matchesAsPrefix(word) ? [`${quote(termStem(word))}*`] : [...termForms(word)].map(quote));
  for (const language of new Set(languages)) {
    const match = snowballMatch(term, language);
    if (match && "prefix" in match) phrases.add(`${quote(match.prefix)}*`);
    else if (match) for (const form of match.forms) phrases.add(quote(form));
  }
  return [...phrases];
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
