/** Display rules of the search modal (spec §2, §9), pure so they are tested without a browser. */
import { plainPreview } from "./format";

/** Spec §9: summary preview in search results. */
export const SEARCH_SUMMARY_CHARS = 200;

const clamp01 = (value: number) => (Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0);

/** A relevance in [0, 1] as "87% match"; anything out of range is clamped, anything not a number is 0%. */
export function matchPercent(score: number): string {
  return `${Math.round(clamp01(score) * 100)}% match`;
}

/** A search result's summary as plain text (spec §9: 200 characters); the same rules as a card's preview. */
export function plainSummary(markdown: string | null | undefined, max = SEARCH_SUMMARY_CHARS): string {
  return plainPreview(markdown, max);
}

/** The date shown on a result (publication date, else the save date) as "Mar 4, 2026"; "" when unreadable. */
export function resultDate(iso: string | null | undefined): string {
  if (!iso) return "";
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return "";
  return new Date(time).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" });
}

/** The assistant's line above the results. */
export function replyText(shown: number, totalFound: number, searchTimeMs?: number): string {
  if (shown === 0) return "No articles found matching your query.";
  const total = Math.max(shown, totalFound);
  const time = searchTimeMs !== undefined && Number.isFinite(searchTimeMs) ? ` (${Math.round(searchTimeMs)} ms)` : "";
  if (total > shown) return `Found ${total} articles; here are the best ${shown}${time}.`;
  return `Found ${total} ${total === 1 ? "article" : "articles"} matching your query${time}.`;
}
