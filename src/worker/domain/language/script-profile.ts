/**
 * Writing-system census of a text. Most of the product's languages are identified by their script
 * alone (Hangul, Thai, Greek, ...), which is both more reliable and far cheaper than any n-gram
 * model, so the detector looks at the script first and only asks a model when a script is shared.
 */

/** Scripts the detector distinguishes. `han` and `kana` are kept apart so Japanese can be told from Chinese. */
export type Script =
  | "latin"
  | "cyrillic"
  | "greek"
  | "armenian"
  | "hebrew"
  | "arabic"
  | "devanagari"
  | "bengali"
  | "gurmukhi"
  | "gujarati"
  | "oriya"
  | "tamil"
  | "telugu"
  | "kannada"
  | "malayalam"
  | "sinhala"
  | "thai"
  | "lao"
  | "tibetan"
  | "myanmar"
  | "georgian"
  | "hangul"
  | "ethiopic"
  | "khmer"
  | "kana"
  | "han";

/** [first code point, last code point, script], sorted by first code point for binary search. */
const RANGES: ReadonlyArray<readonly [number, number, Script]> = [
  [0x41, 0x5a, "latin"],
  [0x61, 0x7a, "latin"],
  [0xc0, 0xd6, "latin"],
  [0xd8, 0xf6, "latin"],
  [0xf8, 0x24f, "latin"],
  [0x370, 0x3ff, "greek"],
  [0x400, 0x52f, "cyrillic"],
  [0x531, 0x58f, "armenian"],
  [0x5d0, 0x5f2, "hebrew"],
  // Letters only: Arabic-Indic digits (0x660-0x669, 0x6f0-0x6f9) and the harakat are not counted.
  [0x620, 0x64a, "arabic"],
  [0x66e, 0x6d5, "arabic"],
  [0x6fa, 0x6ff, "arabic"],
  [0x750, 0x77f, "arabic"],
  [0x8a0, 0x8c9, "arabic"],
  [0x904, 0x939, "devanagari"],
  [0x93d, 0x93d, "devanagari"],
  [0x950, 0x950, "devanagari"],
  [0x958, 0x961, "devanagari"],
  [0x971, 0x97f, "devanagari"],
  [0x985, 0x9b9, "bengali"],
  [0x9bd, 0x9bd, "bengali"],
  [0x9ce, 0x9ce, "bengali"],
  [0x9dc, 0x9e1, "bengali"],
  [0x9f0, 0x9f1, "bengali"],
  [0xa05, 0xa39, "gurmukhi"],
  [0xa59, 0xa5e, "gurmukhi"],
  [0xa85, 0xab9, "gujarati"],
  [0xb05, 0xb39, "oriya"],
  [0xb85, 0xbb9, "tamil"],
  [0xc05, 0xc39, "telugu"],
  [0xc85, 0xcb9, "kannada"],
  [0xd05, 0xd3a, "malayalam"],
  [0xd85, 0xdc6, "sinhala"],
  [0xe01, 0xe30, "thai"],
  [0xe32, 0xe33, "thai"],
  [0xe40, 0xe46, "thai"],
  [0xe81, 0xeb0, "lao"],
  [0xeb2, 0xeb3, "lao"],
  [0xec0, 0xec6, "lao"],
  [0xf40, 0xf6c, "tibetan"],
  [0x1000, 0x102a, "myanmar"],
  [0x10a0, 0x10ff, "georgian"],
  [0x1100, 0x11ff, "hangul"],
  [0x1200, 0x137f, "ethiopic"],
  [0x1780, 0x17b3, "khmer"],
  [0x1c90, 0x1cbf, "georgian"],
  [0x1e00, 0x1eff, "latin"],
  [0x1f00, 0x1fff, "greek"],
  [0x3041, 0x309f, "kana"],
  [0x30a1, 0x30ff, "kana"],
  [0x3131, 0x318e, "hangul"],
  [0x31f0, 0x31ff, "kana"],
  [0x3400, 0x4dbf, "han"],
  [0x4e00, 0x9fff, "han"],
  [0xa960, 0xa97f, "hangul"],
  [0xac00, 0xd7a3, "hangul"],
  [0xf900, 0xfaff, "han"],
  [0xfb1d, 0xfb4f, "hebrew"],
  [0xfb50, 0xfdff, "arabic"],
  [0xfe70, 0xfeff, "arabic"],
  [0xff21, 0xff3a, "latin"],
  [0xff41, 0xff5a, "latin"],
  [0xff66, 0xff9f, "kana"],
  [0x20000, 0x2fa1f, "han"],
];

/** The script of one code point, or undefined for digits, punctuation, symbols and marks. */
export function scriptOf(codePoint: number): Script | undefined {
  let low = 0;
  let high = RANGES.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const range = RANGES[mid];
    if (range === undefined) return undefined;
    if (codePoint < range[0]) high = mid - 1;
    else if (codePoint > range[1]) low = mid + 1;
    else return range[2];
  }
  return undefined;
}

/**
 * How much one letter of a script says about the language, relative to other alphabets. A Han or
 * Hangul character is roughly a syllable or a word, so it weighs more than a letter. Latin weighs
 * less: names, code and loanwords put Latin letters into text of every script, while a Latin-script
 * article rarely contains much Greek, Cyrillic or CJK. Together these keep a Japanese or Russian
 * technical article full of English identifiers from being taken for English.
 */
const WEIGHT: Partial<Record<Script, number>> = { han: 3, hangul: 3, kana: 2, latin: 0.5 };

export interface ScriptProfile {
  /** Letters per script. */
  counts: Map<Script, number>;
  /** All letters counted. */
  letters: number;
  /** The script carrying most of the text (Han and Kana pooled, as Japanese mixes them). */
  dominant: Script | undefined;
  /** Weighted share of the dominant script (0-1): low values mean mixed-script text. */
  dominance: number;
}

/** Counts the letters of each script in `text`. */
export function profileScripts(text: string): ScriptProfile {
  const counts = new Map<Script, number>();
  let letters = 0;
  for (const char of text) {
    const code = char.codePointAt(0);
    if (code === undefined || code < 0x41) continue;
    const script = scriptOf(code);
    if (script === undefined) continue;
    counts.set(script, (counts.get(script) ?? 0) + 1);
    letters += 1;
  }

  const weighted = new Map<Script, number>();
  let total = 0;
  for (const [script, count] of counts) {
    const value = count * (WEIGHT[script] ?? 1);
    total += value;
    // Japanese is written in Kana and Han together; pool them under whichever dominates.
    const key: Script = script === "kana" ? "han" : script;
    weighted.set(key, (weighted.get(key) ?? 0) + value);
  }

  let dominant: Script | undefined;
  let best = 0;
  for (const [script, value] of weighted) {
    if (value > best) {
      best = value;
      dominant = script;
    }
  }
  return { counts, letters, dominant, dominance: total > 0 ? best / total : 0 };
}
