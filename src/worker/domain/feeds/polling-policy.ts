/**
 * When to fetch a feed next, from what the last fetch found. Pure: the poller passes the feed's state and the
 * outcome and stores what comes back.
 *
 * - A feed that changes is fetched about as often as it publishes (the median gap between its recent items),
 *   never more often than every 15 minutes nor less than once a day, and never more often than its own `ttl` /
 *   `sy:updatePeriod` asks.
 * - A fetch that finds nothing new stretches the interval by half (up to a day), so a quiet feed costs little.
 * - Errors back off exponentially from the current interval (up to a day); 429 and 503 wait at least their
 *   Retry-After (up to a week).
 * - 410 Gone stops polling; a permanent redirect (301, 308) replaces the stored address.
 */

export const MIN_INTERVAL_MINUTES = 15;
export const MAX_INTERVAL_MINUTES = 1_440;
/** The first interval of a feed whose items carry no dates and which states none. */
export const DEFAULT_INTERVAL_MINUTES = 60;
const MAX_RETRY_AFTER_MINUTES = 7 * 1_440;
/** Recent items whose gaps decide a changing feed's interval. */
const GAP_SAMPLE = 10;

export type FeedStatus = "active" | "gone";

export interface FeedPollState {
  url: string;
  status: FeedStatus;
  intervalMinutes: number;
  statedIntervalMinutes: number | null;
  consecutiveErrors: number;
  /** When the current run of errors began (null: the last fetch worked). */
  errorSince: number | null;
  lastError: string | null;
  /** When a fetch last found new items. */
  lastChangedAt: number | null;
}

export type PollOutcome =
  | {
      kind: "fetched";
      /** Items not stored before. */
      newItems: number;
      /** Publication dates of the feed's items, any order (undated items left out). */
      itemDates: number[];
      statedIntervalMinutes: number | null;
      /** The feed's address after a permanent redirect. */
      movedTo?: string;
    }
  | { kind: "not-modified"; movedTo?: string }
  | { kind: "gone" }
  | { kind: "failed"; message: string; retryAfterSeconds?: number | null };

export interface PollPlan extends FeedPollState {
  /** When to fetch next; null once polling has stopped. */
  nextPollAt: number | null;
  lastPolledAt: number;
}

const clamp = (minutes: number) => Math.min(MAX_INTERVAL_MINUTES, Math.max(MIN_INTERVAL_MINUTES, Math.round(minutes)));

/** The median gap between consecutive recent items, in minutes; null with fewer than two dated items. */
export function observedGapMinutes(itemDates: number[]): number | null {
  const recent = [...itemDates].sort((a, b) => b - a).slice(0, GAP_SAMPLE + 1);
  if (recent.length < 2) return null;
  const gaps = recent
    .slice(1)
    .map((date, i) => ((recent[i] as number) - date) / 60_000)
    .sort((a, b) => a - b);
  return gaps[Math.floor((gaps.length - 1) / 2)] ?? null;
}

/** The interval for a feed with these item dates and this stated interval. */
export function intervalFor(itemDates: number[], statedMinutes: number | null): number {
  const observed = observedGapMinutes(itemDates);
  const base = observed ?? statedMinutes ?? DEFAULT_INTERVAL_MINUTES;
  return clamp(Math.max(base, statedMinutes ?? 0));
}

/** Retry-After as seconds ("120") or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now: number): number | null {
  const text = value?.trim();
  if (!text) return null;
  if (/^\d+$/.test(text)) return Number(text);
  const date = Date.parse(text);
  return Number.isNaN(date) ? null : Math.max(0, Math.round((date - now) / 1000));
}

export function planNextPoll(state: FeedPollState, outcome: PollOutcome, now: number): PollPlan {
  const at = (minutes: number) => now + minutes * 60_000;
  switch (outcome.kind) {
    case "fetched": {
      const stated = outcome.statedIntervalMinutes;
      const interval =
        outcome.newItems > 0
          ? intervalFor(outcome.itemDates, stated)
          : clamp(Math.max(state.intervalMinutes * 1.5, stated ?? 0));
      return {
        ...state,
        url: outcome.movedTo ?? state.url,
        status: "active",
        intervalMinutes: interval,
        statedIntervalMinutes: stated,
        consecutiveErrors: 0,
        errorSince: null,
        lastError: null,
        lastChangedAt: outcome.newItems > 0 ? now : state.lastChangedAt,
        nextPollAt: at(interval),
        lastPolledAt: now,
      };
    }
    case "not-modified": {
      const interval = clamp(Math.max(state.intervalMinutes * 1.5, state.statedIntervalMinutes ?? 0));
      return {
        ...state,
        url: outcome.movedTo ?? state.url,
        status: "active",
        intervalMinutes: interval,
        consecutiveErrors: 0,
        errorSince: null,
        lastError: null,
        nextPollAt: at(interval),
        lastPolledAt: now,
      };
    }
    case "gone":
      return {
        ...state,
        status: "gone",
        consecutiveErrors: state.consecutiveErrors + 1,
        errorSince: state.errorSince ?? now,
        lastError: "The feed answered 410 Gone: it has been removed",
        nextPollAt: null,
        lastPolledAt: now,
      };
    case "failed": {
      const errors = state.consecutiveErrors + 1;
      const backoff = Math.min(MAX_INTERVAL_MINUTES, state.intervalMinutes * 2 ** Math.min(errors, 10));
      const retryAfter = Math.min(MAX_RETRY_AFTER_MINUTES, (outcome.retryAfterSeconds ?? 0) / 60);
      return {
        ...state,
        consecutiveErrors: errors,
        errorSince: state.errorSince ?? now,
        lastError: outcome.message,
        nextPollAt: at(Math.max(backoff, retryAfter)),
        lastPolledAt: now,
      };
    }
  }
}
