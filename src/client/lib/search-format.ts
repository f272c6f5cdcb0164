/** Display rules of the search modal (spec §2, §9), pure so they are tested without a browser. */

/** Spec §9: summary preview in search results. */
export const SEARCH_SUMMARY_CHARS = 200;

const clamp01 = (value: number) => (Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0);

/** A relevance in [0, 1] as "87% match"; anything out of range is clamped, anything not a number is 0%. */
export function matchPercent(score: number): string {
  return `${Math.round(clamp01(score) * 100)}% match`;
}

/**
 * A markdown summary as one line of plain text of at most `max` characters (the ellipsis included): headings,
 * list markers, quotes, bold and italic markers and images go, links keep their text. A cut falls on a word
 * boundary when one is near, so a word is not chopped in half.
 */
export function plainSummary(markdown: string | null | undefined, max = SEARCH_SUMMARY_CHARS): string {
  if (!markdown) return "";
  const plain = markdown
    .replace(/!\[[^\]]*\]\([^)]*\)/g, " ")
    .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1")
    .split("\n")
    .map((line) =>
      line
        .trim()
        .replace(/^#{1,6}\s+/, "")
        .replace(/^>\s?/, "")
        .replace(/^(?:[-*+]|\d+[.)])\s+/, ""),
    )
    .join(" ")
    .replace(/\*\*|__|\*/g, "")
    .replace(/\s+/g, " ")
    .trim();
  if (plain.length <= max) return plain;
  const room = Math.max(1, max - 1);
  let cut = plain.slice(0, room);
  const space = cut.lastIndexOf(" ");
  // Prefer a word boundary unless it would throw away more than a fifth of the preview.
  if (space > room * 0.8) cut = cut.slice(0, space);
  return `${cut.replace(/[\s,;:.-]+$/, "")}…`;
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
