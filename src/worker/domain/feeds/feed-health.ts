import type { FeedStatus } from "./polling-policy";

export interface FeedHealthInput {
  status: FeedStatus;
  lastPolledAt: number | null;
  lastChangedAt: number | null;
  errorSince: number | null;
  lastError: string | null;
}

export type HealthLevel = "ok" | "pending" | "failing" | "stopped";

export interface FeedHealth {
  level: HealthLevel;
  /** One line for the subscriptions page: "updated 2 h ago", "the feed answered 404 Not Found for 3 days". */
  text: string;
}

/** "just now", "5 min", "2 h", "3 days": how long, in the largest whole unit. */
export function formatDuration(ms: number): string {
  const minutes = Math.floor(Math.max(0, ms) / 60_000);
  if (minutes < 1) return "less than a minute";
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} days`;
}

function ago(ms: number): string {
  return ms < 60_000 ? "just now" : `${formatDuration(ms)} ago`;
}

/** The sentence the fetch failed with, as part of a line: "The site answered 404" → "the feed answered 404". */
function errorPhrase(error: string): string {
  const phrase = error.replace(/^The site answered/, "The feed answered").replace(/^The page /, "The feed ");
  return phrase.charAt(0).toLowerCase() + phrase.slice(1);
}

export function feedHealth(feed: FeedHealthInput, now: number): FeedHealth {
  if (feed.status === "gone") {
    return { level: "stopped", text: "the feed was removed by its site (410 Gone); it is no longer checked" };
  }
  if (feed.errorSince !== null && feed.lastError) {
    return { level: "failing", text: `${errorPhrase(feed.lastError)} for ${formatDuration(now - feed.errorSince)}` };
  }
  if (feed.lastPolledAt === null) return { level: "pending", text: "waiting for the first check" };
  if (feed.lastChangedAt === null)
    return { level: "ok", text: `no items yet; checked ${ago(now - feed.lastPolledAt)}` };
  return { level: "ok", text: `updated ${ago(now - feed.lastChangedAt)}` };
}

/** A newsletter is never checked: its health is when its last issue came. */
export function newsletterHealth(source: { lastChangedAt: number | null; mutedAt: number | null }, now: number) {
  const last = source.lastChangedAt === null ? "no issue yet" : `last issue ${ago(now - source.lastChangedAt)}`;
  return { level: "ok" as HealthLevel, text: source.mutedAt === null ? last : `muted; ${last}` };
}
