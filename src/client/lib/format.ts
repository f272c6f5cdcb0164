/** Small display rules of spec §2 and §9, pure so they are tested without a browser. */
export const WORDS_PER_MINUTE = 200;
export const CARD_SUMMARY_CHARS = 150;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "N min read": words divided by 200, rounded up (at least 1 when there are words). */
export function readingTime(wordCount: number | null | undefined): string | null {
  if (!wordCount || wordCount <= 0) return null;
  return `${Math.ceil(wordCount / WORDS_PER_MINUTE)} min read`;
}

/** Just now, Nm ago, Nh ago, Nd ago (under a week), otherwise a short date such as "Mar 4, 2026". */
export function relativeDate(iso: string, now: number = Date.now()): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return "";
  const age = Math.max(0, now - then);
  if (age < MINUTE) return "Just now";
  if (age < HOUR) return `${Math.floor(age / MINUTE)}m ago`;
  if (age < DAY) return `${Math.floor(age / HOUR)}h ago`;
  if (age < 7 * DAY) return `${Math.floor(age / DAY)}d ago`;
  return new Date(then).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" });
}

/** The summary on a card: markdown bold markers removed, cut to `max` characters with an ellipsis. */
export function summaryPreview(summary: string | null | undefined, max = CARD_SUMMARY_CHARS): string {
  if (!summary) return "";
  const plain = summary.replace(/\*\*/g, "").replace(/\s+/g, " ").trim();
  return plain.length <= max ? plain : `${plain.slice(0, max).trimEnd()}…`;
}

/** The source shown on a card: the article's domain, else the URL's host, else "Unknown source". */
export function sourceLabel(domain: string | null | undefined, url: string): string {
  if (domain) return domain;
  try {
    return new URL(url).hostname.replace(/^www\./, "") || "Unknown source";
  } catch {
    return "Unknown source";
  }
}

export function displayTitle(title: string | null | undefined): string {
  return title?.trim() || "Untitled Article";
}
