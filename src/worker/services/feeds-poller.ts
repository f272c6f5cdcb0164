import type { FeedRecord, FeedsRepository } from "../db/repositories/feeds-repository";
import { type FeedParseResult, parseFeed } from "../domain/feeds/parse-feed";
import { type FeedPollState, type PollOutcome, parseRetryAfter, planNextPoll } from "../domain/feeds/polling-policy";
import type { FeedResponse, FeedValidators } from "./fetching/feed-fetcher";
import { FetchFailure, failures } from "./fetching/fetch-failure";

/** A fetch of a feed as the poller sees it: an answer, or the sentence it failed with. */
export type FeedFetchResult = FeedResponse | { kind: "error"; message: string };

export type FetchFeed = (url: string, validators: FeedValidators) => Promise<FeedResponse>;

export interface PollReport {
  feedId: number;
  outcome: PollOutcome["kind"] | "merged" | "missing";
  newItems: number;
  /** Body bytes fetched (0 for a 304). */
  bytes: number;
}

interface FeedPollerDeps {
  feeds: FeedsRepository;
  fetchFeed: FetchFeed;
  now?: () => number;
}

function pollState(feed: FeedRecord): FeedPollState {
  return {
    url: feed.url,
    status: feed.status,
    intervalMinutes: feed.intervalMinutes,
    statedIntervalMinutes: feed.statedIntervalMinutes,
    consecutiveErrors: feed.consecutiveErrors,
    errorSince: feed.errorSince,
    lastError: feed.lastError,
    lastChangedAt: feed.lastChangedAt,
  };
}

/** Any failure as the sentence shown on the subscription; an unexpected one is logged and said plainly. */
export function failureMessage(error: unknown): string {
  if (error instanceof FetchFailure) return error.message;
  console.error("Feed fetch failed unexpectedly", error);
  return "The feed could not be fetched";
}

/**
 * One poll of one feed: a conditional GET, the items not seen before stored once for every reader, and the next
 * poll planned (domain/feeds/polling-policy.ts). The subscribe path records the fetch it made the same way, so
 * a feed's first items and state come from the same code as every later poll.
 */
export function createFeedPoller({ feeds, fetchFeed, now = Date.now }: FeedPollerDeps) {
  async function fetchSafely(feed: FeedRecord): Promise<FeedFetchResult> {
    try {
      return await fetchFeed(feed.url, { etag: feed.etag, lastModified: feed.lastModified });
    } catch (error) {
      return { kind: "error", message: failureMessage(error) };
    }
  }

  async function record(feed: FeedRecord, fetched: FeedFetchResult, parsed?: FeedParseResult): Promise<PollReport> {
    const at = now();
    const movedTo = "movedTo" in fetched && fetched.movedTo && fetched.movedTo !== feed.url ? fetched.movedTo : null;
    if (movedTo) {
      // Another reader may already follow the new address: the two rows become one.
      const existing = await feeds.findByUrl(movedTo);
      if (existing && existing.id !== feed.id) {
        await feeds.mergeInto(feed.id, existing.id);
        return { feedId: existing.id, outcome: "merged", newItems: 0, bytes: 0 };
      }
    }
    const state = pollState(feed);
    switch (fetched.kind) {
      case "error": {
        const plan = planNextPoll(state, { kind: "failed", message: fetched.message }, at);
        await feeds.recordPoll(feed.id, plan, {});
        return { feedId: feed.id, outcome: "failed", newItems: 0, bytes: 0 };
      }
      case "not-modified": {
        const plan = planNextPoll(state, { kind: "not-modified", ...(movedTo ? { movedTo } : {}) }, at);
        await feeds.recordPoll(feed.id, plan, {});
        return { feedId: feed.id, outcome: "not-modified", newItems: 0, bytes: 0 };
      }
      case "status": {
        const outcome: PollOutcome =
          fetched.status === 410
            ? { kind: "gone" }
            : {
                kind: "failed",
                message: failures.status(fetched.status).message,
                retryAfterSeconds: parseRetryAfter(fetched.retryAfter, at),
              };
        await feeds.recordPoll(feed.id, planNextPoll(state, outcome, at), {});
        return { feedId: feed.id, outcome: outcome.kind, newItems: 0, bytes: 0 };
      }
      case "body": {
        const result = parsed ?? parseFeed(fetched.text, fetched.url, at);
        if (!result.ok) {
          const plan = planNextPoll(state, { kind: "failed", message: result.error }, at);
          await feeds.recordPoll(feed.id, plan, {});
          return { feedId: feed.id, outcome: "failed", newItems: 0, bytes: fetched.bytes };
        }
        const { feed: read } = result;
        const newItems = await feeds.storeItems(feed.id, read.items, at);
        const plan = planNextPoll(
          state,
          {
            kind: "fetched",
            newItems,
            itemDates: read.items.flatMap((item) => (item.publishedAt === null ? [] : [item.publishedAt])),
            statedIntervalMinutes: read.statedIntervalMinutes,
            ...(movedTo ? { movedTo } : {}),
          },
          at,
        );
        await feeds.recordPoll(feed.id, plan, {
          title: read.title,
          siteUrl: read.siteUrl,
          iconUrl: read.iconUrl,
          format: read.format,
          omittedItems: read.omitted,
          etag: fetched.validators.etag,
          lastModified: fetched.validators.lastModified,
        });
        return { feedId: feed.id, outcome: "fetched", newItems, bytes: fetched.bytes };
      }
    }
  }

  return {
    record,
    /** Polls one feed now (a queue message); a feed deleted meanwhile (no reader left) is nothing to do. */
    async poll(feedId: number): Promise<PollReport> {
      const feed = await feeds.findById(feedId);
      if (feed?.status !== "active") return { feedId, outcome: "missing", newItems: 0, bytes: 0 };
      return record(feed, await fetchSafely(feed));
    },
  };
}
export type FeedPoller = ReturnType<typeof createFeedPoller>;
