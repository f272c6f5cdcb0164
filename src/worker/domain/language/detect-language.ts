/**
 * Language of a saved article, as an ISO 639-1 code, and its writing direction.
 *
 * Runs inside the Worker on every save, so it has to be small, synchronous and fast. Backed by
 * ELD's extra-small database: the smallest (about 280 KB gzipped, plus about 50 KB of franc-min for
 * Indonesian / Malay), and with the script rules of language-detector around it within about half
 * a point of ELD's larger databases on short sentences, at about half their bundle size and Worker
 * startup time (numbers: npx tsx scripts/bench-lang.ts).
 */

import { eld } from "eld/extrasmall";
import { createLanguageDetector, type DetectedLanguage } from "./language-detector";

export type { DetectedLanguage } from "./language-detector";

/** Written right to left; `ji` and `iw` are the withdrawn codes of Yiddish and Hebrew that old data still carries. */
export const RTL_LANGUAGES: ReadonlySet<string> = new Set(["ar", "he", "fa", "ur", "yi", "ji", "iw", "ku", "ps"]);

/** Whether text in `language` (ISO 639-1) is laid out right to left. */
export function isRightToLeft(language: string): boolean {
  return RTL_LANGUAGES.has(language.toLowerCase());
}

const detector = createLanguageDetector(eld);

/**
 * Detects the language of `text`. Never fails: text without letters gives `{ language: "en",
 * confidence: 0 }`. Only the first few thousand characters are read, so the cost does not grow
 * with the article.
 */
export function detectLanguage(text: string): DetectedLanguage {
  return detector(text);
}
