import { detectLanguage } from "./language/detect-language";

/** Below this confidence the page's own `<html lang>` is trusted over the detector. */
const CONFIDENCE_FLOOR = 0.5;

/**
 * The language of an article: the detector's answer, unless it is unsure and the page declared a language.
 * Shared by the Workflow and the pipeline CLI so both decide the same way.
 */
export function articleLanguage(text: string, declared: string | null | undefined): string {
  const detected = detectLanguage(text);
  return detected.confidence < CONFIDENCE_FLOOR && declared ? declared : detected.language;
}
