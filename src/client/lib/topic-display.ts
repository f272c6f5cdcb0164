/** How topic figures read on the topics screens and the dashboard panel (spec §2, §9). Pure, tested without a browser. */

export type ScoreTone = "green" | "blue" | "yellow";

/** Spec §9 score colours: at least 0.8 green, 0.6 blue, 0.4 yellow; below 0.4 no colour (null). */
export function scoreTone(score: number): ScoreTone | null {
  if (!Number.isFinite(score)) return null;
  if (score >= 0.8) return "green";
  if (score >= 0.6) return "blue";
  if (score >= 0.4) return "yellow";
  return null;
}

/** The CSS class for a score: `topic-score-green` and so on, or the neutral `topic-score-none`. */
export function scoreToneClass(score: number): string {
  return `topic-score-${scoreTone(score) ?? "none"}`;
}

/**
 * "Other articles": the articles that fit no topic, stored as a group without keywords and with a score of 0. It
 * has no subject, so no score, fit or method is shown for it.
 */
export function isOtherArticles(topic: { final_score: number; keywords: string[] }): boolean {
  return topic.final_score === 0 && topic.keywords.length === 0;
}

/** "3 topics with unread articles, best first": "Other articles" is no topic, so it is not counted. */
export function topicsTotal(topics: { final_score: number; keywords: string[] }[]): string {
  const count = topics.filter((topic) => !isOtherArticles(topic)).length;
  if (count === 0) return "Your unread articles fit no topic yet";
  return `${count === 1 ? "1 topic" : `${count} topics`} with unread articles, best first`;
}

/** A fraction (0.8734) as a whole percent ("87%"); anything not a number is "–". */
export function percent(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "–";
  // `+ 0` turns a rounded -0 into 0, so a tiny negative value never reads "-0%".
  return `${Math.round(value * 100) + 0}%`;
}

/** A similarity to the topic's centre as '87% match', held to 0..100. */
export function matchLabel(similarity: number): string {
  const clamped = Number.isFinite(similarity) ? Math.min(1, Math.max(0, similarity)) : 0;
  return `${percent(clamped)} match`;
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;

/** Spec §9 relative ages: under 1 day 'today', then days, weeks, months. */
export function ageLabel(days: number | null | undefined): string {
  if (days === null || days === undefined || !Number.isFinite(days) || days < 1) return "today";
  if (days < 7) return plural(Math.floor(days), "day");
  if (days < 30) return plural(Math.floor(days / 7), "week");
  return plural(Math.floor(days / 30), "month");
}

/**
 * The mean rating (-1 poor, 0 alright, 1 good) in words with its value, e.g. 'Good (+0.8)';
 * 'No ratings yet' when no member was rated.
 */
export function feedbackLabel(average: number | null | undefined): string {
  if (average === null || average === undefined || !Number.isFinite(average)) return "No ratings yet";
  const value = Math.min(1, Math.max(-1, average));
  const word = value >= 1 / 3 ? "Good" : value <= -1 / 3 ? "Poor" : "Alright";
  const shown = value.toFixed(1);
  const signed = shown === "0.0" || shown === "-0.0" ? "0.0" : value > 0 ? `+${shown}` : shown.replace("-", "−");
  return `${word} (${signed})`;
}

/** A calendar date such as "Nov 21, 2026"; "" for an unreadable date. */
export function shortDate(iso: string): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return "";
  return new Date(at).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" });
}

/** A topic id from the route: a positive whole number of at most 16 digits (as the API accepts), else null. */
export function parseTopicId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,16}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * The English name of a topic's language ("de" → "German"), for "German articles" on a topic made per language;
 * the code itself when the browser has no name for it.
 */
export function languageName(code: string): string {
  try {
    return new Intl.DisplayNames(["en"], { type: "language" }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Whether a list of topics holds more than one language (then each card says its own). */
export function topicsSpanLanguages(topics: readonly { language: string | null }[]): boolean {
  return new Set(topics.flatMap((topic) => (topic.language ? [topic.language] : []))).size > 1;
}
