import {
  type AnyFeed,
  type AtomFeed,
  type JsonFeed,
  parseFeed as parseAnyFeed,
  type RdfFeed,
  type RssFeed,
} from "feedsmith";
import { parseFeedDate } from "./feed-dates";
import { type FeedItem, type RawItem, toFeedItem } from "./feed-item";
import { absolutizeHtml, htmlToText, resolveUrl, SUMMARY_CHARS } from "./feed-text";

/** Items read from one fetch at most: a 10,000-item archive keeps its newest 1,000 (and says so). */
export const MAX_ITEMS_PER_FETCH = 1_000;

export type FeedFormat = "rss" | "atom" | "rdf" | "json";

export interface ParsedFeed {
  format: FeedFormat;
  title: string;
  /** The site the feed belongs to (its home page), absolute. */
  siteUrl: string | null;
  iconUrl: string | null;
  /**
   * How often the feed says it changes, in minutes: RSS `ttl`, else `sy:updatePeriod` / `sy:updateFrequency`.
   * Null when it says nothing.
   */
  statedIntervalMinutes: number | null;
  /** Newest first, without duplicates (first occurrence kept). */
  items: FeedItem[];
  /** Items left out beyond MAX_ITEMS_PER_FETCH, and duplicates dropped: for the subscription's state. */
  omitted: number;
  duplicates: number;
}

export type FeedParseResult = { ok: true; feed: ParsedFeed } | { ok: false; error: string; html?: boolean };

const SY_PERIOD_MINUTES: Record<string, number> = {
  hourly: 60,
  daily: 1_440,
  weekly: 10_080,
  monthly: 43_200,
  yearly: 525_600,
};

function statedInterval(ttl: unknown, sy: { updatePeriod?: string; updateFrequency?: number } | undefined) {
  const minutes = Number(ttl);
  if (Number.isFinite(minutes) && minutes > 0) return Math.round(minutes);
  const period = SY_PERIOD_MINUTES[sy?.updatePeriod?.trim().toLowerCase() ?? ""];
  if (!period) return null;
  const frequency = Number(sy?.updateFrequency ?? 1);
  return Math.round(period / (Number.isFinite(frequency) && frequency >= 1 ? frequency : 1));
}

/** RSS (0.9x, 2.0) and RSS 1.0 share their item fields. */
function rssItem(item: RssFeed.Item<string> | RdfFeed.Item<string>, base: string | null, now: number): RawItem {
  const rss = item as RssFeed.Item<string>;
  const guid = rss.guid?.value?.trim() || null;
  // A guid that is a permalink (the RSS default) is the link when there is no <link>.
  const guidLink = guid && rss.guid?.isPermaLink !== false ? resolveUrl(guid, null) : null;
  const url = resolveUrl(item.link, base) ?? guidLink;
  const encoded = item.content?.encoded;
  const description = item.description ?? "";
  // Many feeds put the whole post in <description>: taken as the content when it is clearly more than a teaser.
  const whole = encoded || (htmlToText(description).length > SUMMARY_CHARS * 2 ? description : null);
  return {
    id: guid ?? (item as RdfFeed.Item<string>).rdf?.about ?? null,
    url,
    title: item.title,
    author: rss.authors?.[0]?.name ?? rss.authors?.[0]?.email ?? item.dc?.creators?.[0],
    publishedAt: parseFeedDate([rss.pubDate, ...(item.dc?.dates ?? [])], now),
    summary: description,
    contentHtml: whole ? absolutizeHtml(whole, url ?? base) : null,
  };
}

function atomText(text: { value?: string; type?: string } | undefined): string {
  if (!text?.value) return "";
  return text.type === "html" || text.type === "xhtml" ? htmlToText(text.value) : text.value;
}

function atomLink(links: AtomFeed.Link<string>[] | undefined, base: string | null, rel = "alternate") {
  const chosen = links?.find((l) => (l.rel ?? "alternate") === rel) ?? (rel === "alternate" ? links?.[0] : undefined);
  return resolveUrl(chosen?.href, base);
}

function atomItem(entry: AtomFeed.Entry<string>, feedBase: string | null, feed: AtomFeed.Feed<string>, now: number) {
  const base = resolveUrl(entry.xml?.base, feedBase) ?? feedBase;
  const url = atomLink(entry.links, base);
  const content = entry.content;
  const contentHtml =
    content?.value && content.type !== "text"
      ? content.value
      : content?.value
        ? `<p>${escapeText(content.value)}</p>`
        : null;
  return {
    id: entry.id ?? null,
    url,
    title: atomText(entry.title),
    author: entry.authors?.[0]?.name ?? feed.authors?.[0]?.name,
    publishedAt: parseFeedDate([entry.published, entry.updated, ...(entry.dc?.dates ?? [])], now),
    summary: entry.summary?.type === "text" ? escapeText(entry.summary.value ?? "") : (entry.summary?.value ?? ""),
    contentHtml: contentHtml ? absolutizeHtml(contentHtml, url ?? base) : null,
  } satisfies RawItem;
}

function escapeText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function jsonItem(item: JsonFeed.Item<string>, base: string | null, feed: JsonFeed.Feed<string>, now: number) {
  const url = resolveUrl(item.url, base) ?? resolveUrl(item.external_url, base);
  const text = item.content_text
    ? item.content_text
        .split(/\n\s*\n/)
        .map((p) => `<p>${escapeText(p.trim())}</p>`)
        .join("")
    : null;
  const contentHtml = item.content_html ?? text;
  const legacyAuthor = (item as { author?: { name?: string } }).author?.name;
  return {
    id: item.id != null ? String(item.id) : null,
    url,
    title: item.title,
    author: item.authors?.[0]?.name ?? legacyAuthor ?? feed.authors?.[0]?.name,
    publishedAt: parseFeedDate([item.date_published, item.date_modified], now),
    summary: item.summary ?? "",
    contentHtml: contentHtml ? absolutizeHtml(contentHtml, url ?? base) : null,
  } satisfies RawItem;
}

/** A DOCTYPE's internal subset is where entity-expansion bombs live; feeds never need one. */
function withoutDoctype(xml: string): string {
  return xml.replace(/<!DOCTYPE\s[^[>]*(?:\[[\s\S]*?\]\s*)?>/i, "");
}

function looksLikeHtml(text: string): boolean {
  return /^\s*(?:<!--[\s\S]*?-->\s*)*<(?:!doctype\s+html|html|head|body)\b/i.test(text.slice(0, 2048));
}

function readInput(text: string): { value: unknown } | { error: string; html?: boolean } {
  const trimmed = text.replace(/^\uFEFF/, "").trimStart();
  if (trimmed.startsWith("{")) {
    try {
      return { value: JSON.parse(trimmed) };
    } catch {
      return { error: "The feed is not valid JSON and could not be read" };
    }
  }
  if (looksLikeHtml(trimmed)) return { error: "The address serves a web page, not a feed", html: true };
  if (!trimmed.startsWith("<")) return { error: "The address does not serve a feed (RSS, Atom or JSON Feed)" };
  return { value: withoutDoctype(trimmed) };
}

/**
 * A feed's text (RSS 0.9x/1.0/2.0, Atom, JSON Feed) to its title, site, icon, stated interval and items. `feedUrl`
 * is where it was fetched: relative links resolve against it (or the feed's xml:base and home page). Never
 * throws: whatever cannot be read is a sentence for the subscription's state.
 */
export function parseFeed(text: string, feedUrl: string, now = Date.now()): FeedParseResult {
  const input = readInput(text);
  if ("error" in input) return { ok: false, error: input.error, ...(input.html ? { html: true } : {}) };
  let parsed: AnyFeed<string>;
  try {
    parsed = parseAnyFeed<string>(input.value, { maxItems: MAX_ITEMS_PER_FETCH });
  } catch (error) {
    const name = error instanceof Error ? error.constructor.name : "";
    return {
      ok: false,
      error:
        name === "DetectError"
          ? "The address does not serve a feed (RSS, Atom or JSON Feed)"
          : "The feed is not well-formed and could not be read",
    };
  }
  const declaredCount = countDeclaredItems(input.value);
  const result = normalise(parsed, feedUrl, now);
  const unique = dedupe(result.items);
  unique.sort((a, b) => (b.publishedAt ?? 0) - (a.publishedAt ?? 0));
  return {
    ok: true,
    feed: {
      ...result,
      items: unique,
      duplicates: result.items.length - unique.length,
      omitted: Math.max(0, declaredCount - result.items.length),
    },
  };
}

/** How many items the feed holds, counted cheaply, to say how many were left out beyond the cap. */
function countDeclaredItems(value: unknown): number {
  if (typeof value === "string") return value.match(/<(?:item|entry)[\s>]/gi)?.length ?? 0;
  const items = (value as { items?: unknown })?.items;
  return Array.isArray(items) ? items.length : 0;
}

function dedupe(items: FeedItem[]): FeedItem[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    if (seen.has(item.key)) return false;
    seen.add(item.key);
    return true;
  });
}

function normalise(parsed: AnyFeed<string>, feedUrl: string, now: number): Omit<ParsedFeed, "omitted" | "duplicates"> {
  switch (parsed.format) {
    case "rss":
    case "rdf": {
      const feed = parsed.feed as RssFeed.Feed<string>;
      const siteUrl = resolveUrl(feed.link, feedUrl);
      const base = siteUrl ?? feedUrl;
      return {
        format: parsed.format,
        title: htmlToText(feed.title ?? "") || hostOf(siteUrl ?? feedUrl),
        siteUrl,
        iconUrl: resolveUrl(feed.image?.url, base) ?? favicon(siteUrl ?? feedUrl),
        statedIntervalMinutes: statedInterval(feed.ttl, feed.sy),
        items: (feed.items ?? []).map((item) => toFeedItem(rssItem(item, base, now))),
      };
    }
    case "atom": {
      const feed = parsed.feed;
      const base = resolveUrl(feed.xml?.base, feedUrl) ?? feedUrl;
      const siteUrl = atomLink(feed.links, base);
      return {
        format: "atom",
        title: atomText(feed.title) || hostOf(siteUrl ?? feedUrl),
        siteUrl,
        iconUrl: resolveUrl(feed.icon, base) ?? resolveUrl(feed.logo, base) ?? favicon(siteUrl ?? feedUrl),
        statedIntervalMinutes: statedInterval(undefined, feed.sy),
        items: (feed.entries ?? []).map((entry) => toFeedItem(atomItem(entry, base, feed, now))),
      };
    }
    case "json": {
      const feed = parsed.feed;
      const siteUrl = resolveUrl(feed.home_page_url, feedUrl);
      return {
        format: "json",
        title: htmlToText(feed.title ?? "") || hostOf(siteUrl ?? feedUrl),
        siteUrl,
        iconUrl: resolveUrl(feed.icon, feedUrl) ?? resolveUrl(feed.favicon, feedUrl) ?? favicon(siteUrl ?? feedUrl),
        statedIntervalMinutes: null,
        items: (feed.items ?? []).map((item) => toFeedItem(jsonItem(item, siteUrl ?? feedUrl, feed, now))),
      };
    }
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return url;
  }
}

function favicon(url: string): string | null {
  try {
    return new URL("/favicon.ico", url).href;
  } catch {
    return null;
  }
}
