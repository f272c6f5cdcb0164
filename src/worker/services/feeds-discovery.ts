import type { FeedRecord, FeedsRepository } from "../db/repositories/feeds-repository";
import { discoverFeedLinks, usualFeedUrls } from "../domain/feeds/discovery";
import { parseFeed } from "../domain/feeds/parse-feed";
import { type FeedPoller, type FetchFeed, failureMessage } from "./feeds-poller";
import type { FeedResponse } from "./fetching/feed-fetcher";

/** Addresses tried for one site at most (its page's own feed links first, then the usual paths). */
export const MAX_CANDIDATES = 8;

export type FoundFeed = { ok: true; feed: FeedRecord } | { ok: false; error: string };

interface FeedFinderDeps {
  feeds: FeedsRepository;
  poller: Pick<FeedPoller, "record">;
  fetchFeed: FetchFeed;
  now?: () => number;
}

/**
 * Finds the feed for an address a reader typed: the feed itself, or a site whose page names its feed
 * (`<link rel="alternate">`) or keeps it at a usual path. A feed already followed by someone is not fetched
 * again; a new one is fetched once, and that fetch is its first poll (items stored, next poll planned).
 */
export function createFeedFinder({ feeds, poller, fetchFeed, now = Date.now }: FeedFinderDeps) {
  /** The feed at exactly `url` if it is one: stored with its items, or the reason it is not. */
  async function tryFeed(url: string): Promise<FoundFeed | { ok: false; error: string; page?: FeedResponse }> {
    const known = await feeds.findByUrl(url);
    if (known) return { ok: true, feed: known };
    let fetched: FeedResponse;
    try {
      fetched = await fetchFeed(url, { etag: null, lastModified: null });
    } catch (error) {
      return { ok: false, error: failureMessage(error) };
    }
    if (fetched.kind !== "body") {
      return { ok: false, error: fetched.kind === "status" ? `The site answered ${fetched.status}` : "No feed here" };
    }
    const parsed = parseFeed(fetched.text, fetched.url, now());
    if (!parsed.ok) return { ok: false, error: parsed.error, ...(parsed.html ? { page: fetched } : {}) };
    const address = fetched.movedTo ?? url;
    const existing = await feeds.findByUrl(address);
    if (existing) return { ok: true, feed: existing };
    const feed = await feeds.findOrCreate(address, parsed.feed.title, parsed.feed.siteUrl, now());
    await poller.record(feed, { ...fetched, movedTo: null }, parsed);
    return { ok: true, feed: (await feeds.findById(feed.id)) ?? feed };
  }

  return {
    async find(url: string): Promise<FoundFeed> {
      const direct = await tryFeed(url);
      if (direct.ok || !("page" in direct) || !direct.page || direct.page.kind !== "body") {
        return direct.ok ? direct : { ok: false, error: direct.error };
      }
      const page = direct.page;
      const candidates = [
        ...new Set([...discoverFeedLinks(page.text, page.url).map((link) => link.url), ...usualFeedUrls(page.url)]),
      ]
        .filter((candidate) => candidate !== url && candidate !== page.url)
        .slice(0, MAX_CANDIDATES);
      for (const candidate of candidates) {
        const found = await tryFeed(candidate);
        if (found.ok) return found;
      }
      return { ok: false, error: "No feed was found on this page or at the usual feed addresses of its site" };
    },
  };
}
export type FeedFinder = ReturnType<typeof createFeedFinder>;
