/** Display rules of the search modal (spec §2, §9), pure so they are tested without a browser. */
import { type ChatLanguage, replyPhrases } from "./chat-phrases";
import { plainPreview } from "./format";

/** Spec §9: summary preview in search results. */
export const SEARCH_SUMMARY_CHARS = 200;

const clamp01 = (value: number) => (Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0);

/** A relevance in [0, 1] as "87% match"; anything out of range is clamped, anything not a number is 0%. */
export function matchPercent(score: number, language: ChatLanguage = "en"): string {
  const percent = new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 0 }).format(
    Math.round(clamp01(score) * 100) / 100,
  );
  return replyPhrases(language).match(percent);
}

/** A search result's summary as plain text (spec §9: 200 characters); the same rules as a card's preview. */
export function plainSummary(markdown: string | null | undefined, max = SEARCH_SUMMARY_CHARS): string {
  return plainPreview(markdown, max);
}

/**
 * The date shown on a result (publication date, else the save date) as "Mar 4, 2026" ("4. März 2026" in a German
 * reply); "" when unreadable.
 */
export function resultDate(iso: string | null | undefined, language: ChatLanguage = "en"): string {
  if (!iso) return "";
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return "";
  return new Date(time).toLocaleDateString(language === "en" ? "en-US" : language, {
    month: "short",
    day: "numeric",
    year: "numeric",
  });
}

/** The assistant's line above the results, in the reply's language. */
export function replyText(
  shown: number,
  totalFound: number,
  searchTimeMs?: number,
  language: ChatLanguage = "en",
): string {
  const phrases = replyPhrases(language);
  if (shown === 0) return phrases.noResults;
  const total = Math.max(shown, totalFound);
  const time = searchTimeMs !== undefined && Number.isFinite(searchTimeMs) ? ` (${Math.round(searchTimeMs)} ms)` : "";
  if (total > shown) return phrases.foundBest(total, shown, time);
  return phrases.found(total, time);
}
