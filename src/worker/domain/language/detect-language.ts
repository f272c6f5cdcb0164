/**
 * Language of a saved article, as an ISO 639-1 code, and its writing direction.
 *
 * Runs inside the Worker for every processed article, so it is synchronous and fast (about 0.07 ms a
 * call). Backed by ELD's small database (about 505 KB gzipped together with franc-min, which tells
 * Indonesian from Malay) with the script rules of language-detector around it: 97.3% on the dev set
 * against 96.6% with the extra-small database, a margin worth 170 KB for a target of 95% on unseen
 * text. Evaluating the database takes about 340 ms of the Worker's 1 s start-up budget. (A lazy
 * `import()` would spare API-only isolates that cost, but concurrent first imports crash local workerd,
 * so the import is static.) Numbers: npm run bench:lang.
 */

import { eld } from "eld/small";
import { createLanguageDetector, createLanguageScorer, type DetectedLanguage } from "./language-detector";

export type { DetectedLanguage } from "./language-detector";

export { isRightToLeft, RTL_LANGUAGES } from "./text-direction";

const detector = createLanguageDetector(eld);
const scorer = createLanguageScorer(eld);

/**
 * Detects the language of `text`. Never fails: text without letters gives `{ language: "en",
 * confidence: 0 }`. Only the first few thousand characters are read, so the cost does not grow
 * with the article.
 */
export function detectLanguage(text: string): DetectedLanguage {
  return detector(text);
}

/**
 * The n-gram model's score of each of `languages` for `text` (higher is more alike; 0 or missing when the text
 * has nothing to go on), for weighing against other evidence of a short text's language.
 */
export function languageScores(text: string, languages: readonly string[]): Map<string, number> {
  return scorer(text, languages);
}
