/**
 * Orthographic rules for scripts shared by several languages. Each language adds or drops letters
 * of the shared alphabet, and those letters are a stronger and more stable signal than n-gram
 * statistics, especially for the short texts where n-gram models are weakest.
 */

import type { Script, ScriptProfile } from "./script-profile";

/** Scripts used by exactly one language we care about. */
const SINGLE_LANGUAGE_SCRIPTS: Partial<Record<Script, string>> = {
  greek: "el",
  armenian: "hy",
  bengali: "bn",
  // Marathi and Nepali share Devanagari; Hindi is the product language and by far the most common.
  devanagari: "hi",
  gurmukhi: "pa",
  gujarati: "gu",
  oriya: "or",
  tamil: "ta",
  telugu: "te",
  kannada: "kn",
  malayalam: "ml",
  sinhala: "si",
  thai: "th",
  lao: "lo",
  tibetan: "bo",
  myanmar: "my",
  georgian: "ka",
  hangul: "ko",
  ethiopic: "am",
  khmer: "km",
};

/** The language a script implies on its own, if it implies one. */
export function languageOfScript(script: Script): string | undefined {
  return SINGLE_LANGUAGE_SCRIPTS[script];
}

function countOf(text: string, letters: string): number {
  let count = 0;
  for (const char of text) if (letters.includes(char)) count += 1;
  return count;
}

/**
 * Kana never appears in Chinese, while Japanese prose is typically a third or more Kana; a small
 * share is enough, so kanji-heavy Japanese headlines still come out as Japanese.
 */
export function hanLanguage(profile: ScriptProfile): "ja" | "zh" {
  const kana = profile.counts.get("kana") ?? 0;
  const han = profile.counts.get("han") ?? 0;
  return kana > 0 && kana >= 0.05 * (kana + han) ? "ja" : "zh";
}

/** Yiddish writes its double-vav and vav-yod ligatures as single letters, which Hebrew does not. */
export function hebrewLanguage(text: string, profile: ScriptProfile): "he" | "yi" {
  const letters = profile.counts.get("hebrew") ?? 0;
  const ligatures = countOf(text, "\u05f0\u05f1\u05f2");
  return ligatures >= 2 && ligatures >= 0.01 * letters ? "yi" : "he";
}

/** Letters that one Arabic-script language uses and the others (nearly) never do. */
const ARABIC_SCRIPT_MARKERS = {
  // ٹ ڈ ڑ ں ے ۓ ہ ۂ ۃ ھ: retroflexes, nasal noon and the Urdu forms of heh and yeh.
  ur: "\u0679\u0688\u0691\u06ba\u06d2\u06d3\u06c1\u06c2\u06c3\u06be",
  // ټ ډ ړ ږ ښ ځ څ ۍ ې ګ ڼ
  ps: "\u067c\u0689\u0693\u0696\u069a\u0681\u0685\u06cd\u06d0\u06ab\u06bc",
  // Sorani: ڵ ڕ ۆ ێ ە ڤ
  ku: "\u06b5\u0695\u06c6\u06ce\u06d5\u06a4",
  // پ چ ژ گ ک ی: Persian letters (shared with Urdu, which the ur markers separate out).
  fa: "\u067e\u0686\u0698\u06af\u06a9\u06cc",
  // ة ى ي ك: teh marbuta, alef maksura and the Arabic forms of yeh and kaf, which Persian and Urdu replace.
  ar: "\u0629\u0649\u064a\u0643",
} as const;

export interface ArabicScriptGuess {
  language: "ar" | "fa" | "ur" | "ps" | "ku";
  /** Whether any distinguishing letter was seen; otherwise `language` is only the most likely default. */
  decided: boolean;
}

/**
 * Arabic, Persian, Urdu, Pashto and Sorani Kurdish share most letters; each adds its own. Urdu also
 * uses the Persian additions, so the more specific alphabets are checked first.
 */
export function arabicScriptLanguage(text: string, profile: ScriptProfile): ArabicScriptGuess {
  const letters = Math.max(1, profile.counts.get("arabic") ?? 0);
  const share = (markers: string) => countOf(text, markers) / letters;
  const ur = share(ARABIC_SCRIPT_MARKERS.ur);
  const ps = share(ARABIC_SCRIPT_MARKERS.ps);
  const ku = share(ARABIC_SCRIPT_MARKERS.ku);
  // Thresholds are a fraction of the letter frequency of these letters in running text (ے ہ ں are
  // several per cent in Urdu), so a quoted foreign name does not flip a long article.
  if (ps >= 0.015 && ps > ur && ps >= ku) return { language: "ps", decided: true };
  if (ku >= 0.02 && ku > ur) return { language: "ku", decided: true };
  if (ur >= 0.01) return { language: "ur", decided: true };
  const fa = share(ARABIC_SCRIPT_MARKERS.fa);
  const ar = share(ARABIC_SCRIPT_MARKERS.ar);
  if (fa === 0 && ar === 0) return { language: "ar", decided: false };
  return { language: fa > ar ? "fa" : "ar", decided: true };
}

/** Cyrillic languages the n-gram model can separate. */
export const CYRILLIC_LANGUAGES = ["ru", "uk", "bg", "sr", "be"] as const;
type CyrillicLanguage = (typeof CYRILLIC_LANGUAGES)[number];

/** [letters, languages that never use them]. */
const CYRILLIC_EXCLUSIONS: ReadonlyArray<readonly [string, readonly CyrillicLanguage[]]> = [
  ["ыэ", ["uk", "bg", "sr"]],
  ["ё", ["uk", "bg", "sr"]],
  ["і", ["ru", "bg", "sr"]],
  ["їєґ", ["ru", "bg", "sr", "be"]],
  ["ў", ["ru", "uk", "bg", "sr"]],
  ["ђћџјљњ", ["ru", "uk", "bg", "be"]],
  ["ъ", ["uk", "sr", "be"]],
  ["щ", ["sr", "be"]],
  ["и", ["be"]],
];

/**
 * Macedonian is not in the model, and its ј љ њ would otherwise make it Serbian; ѓ ќ ѕ are its own.
 * A letter must make up a visible share of the text (0.4%) before it counts, so a Russian quote
 * inside a Ukrainian article does not rule Ukrainian out.
 */
const MACEDONIAN_LETTERS = "ѓќѕ";
const MIN_LETTER_SHARE = 0.004;

/**
 * Narrows the Cyrillic candidates with letters each language lacks (Ukrainian has no ы, Russian no
 * і, only Serbian and Macedonian have ј, ...). The model then chooses among what is left.
 */
export function cyrillicCandidates(text: string, profile: ScriptProfile): string[] {
  const letters = Math.max(1, profile.counts.get("cyrillic") ?? 0);
  const lower = text.toLowerCase();
  const seen = (markers: string) => {
    const count = countOf(lower, markers);
    return count > 0 && count >= MIN_LETTER_SHARE * letters;
  };
  if (seen(MACEDONIAN_LETTERS)) return ["mk"];
  let candidates: CyrillicLanguage[] = [...CYRILLIC_LANGUAGES];
  for (const [markers, excluded] of CYRILLIC_EXCLUSIONS) {
    if (!seen(markers)) continue;
    const narrowed = candidates.filter((language) => !excluded.includes(language));
    // Contradictory evidence (mixed languages): keep what we had and let the model decide.
    if (narrowed.length > 0) candidates = narrowed;
  }
  return candidates;
}
