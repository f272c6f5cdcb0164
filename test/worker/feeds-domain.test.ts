import { describe, expect, it } from "vitest";
import { discoverFeedLinks, usualFeedUrls } from "../../src/worker/domain/feeds/discovery";
import { parseFeedDate } from "../../src/worker/domain/feeds/feed-dates";
import { feedHealth } from "../../src/worker/domain/feeds/feed-health";
import { buildOpml, type OpmlSubscription, parseOpmlSubscriptions } from "../../src/worker/domain/feeds/opml";
import { MAX_ITEMS_PER_FETCH, type ParsedFeed, parseFeed } from "../../src/worker/domain/feeds/parse-feed";
import {
  type FeedPollState,
  intervalFor,
  parseRetryAfter,
  planNextPoll,
} from "../../src/worker/domain/feeds/polling-policy";
import { decodeFeed } from "../../src/worker/services/fetching/decode-feed";
import atomXml from "../fixtures/feeds/atom.xml?raw";
import bombXml from "../fixtures/feeds/bomb.xml?raw";
import dupIdsXml from "../fixtures/feeds/dup-ids.xml?raw";
import feedJson from "../fixtures/feeds/feed.json?raw";
import htmlAsFeed from "../fixtures/feeds/html-as-feed.html?raw";
import latin1Bytes from "../fixtures/feeds/latin1.xml?bytes";
import malformedXml from "../fixtures/feeds/malformed.xml?raw";
import oddDatesXml from "../fixtures/feeds/odd-dates.xml?raw";
import rdfXml from "../fixtures/feeds/rdf.xml?raw";
import rss2Xml from "../fixtures/feeds/rss2.xml?raw";
import rss091Xml from "../fixtures/feeds/rss091.xml?raw";
import siteHtml from "../fixtures/feeds/site.html?raw";
import opmlFile from "../fixtures/feeds/subscriptions.opml?raw";

const NOW = Date.UTC(2026, 11, 1, 12, 0, 0);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function parsed(text: string, url: string): ParsedFeed {
  const result = parseFeed(text, url, NOW);
  if (!result.ok) throw new Error(`expected a feed, got: ${result.error}`);
  return result.feed;
}

const bytes = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));

describe("parsing every feed format to one item model", () => {
  it("reads RSS 2.0: guid as key, relative links resolved, content:encoded whole, dc:creator, RFC 822 date", () => {
    const feed = parsed(rss2Xml, "https://blog.example.org/feed.xml");
    expect(feed.format).toBe("rss");
    expect(feed.title).toBe("Slow Reading Weekly");
    expect(feed.siteUrl).toBe("https://blog.example.org/");
    expect(feed.iconUrl).toBe("https://blog.example.org/icon.png");
    expect(feed.statedIntervalMinutes).toBe(120);
    const [first, second] = feed.items;
    expect(first).toMatchObject({
      key: "id:post-101",
      url: "https://blog.example.org/posts/quiet",
      title: "Why long reads need quiet",
      author: "Ada Reader",
      publishedAt: Date.UTC(2026, 10, 30, 7, 15),
      summary: "A short teaser about quiet reading.",
    });
    expect(first?.contentHtml).toContain('href="https://blog.example.org/about"');
    expect(first?.contentHtml).toContain("Second paragraph.");
    // No guid: the normalised link is the key; no content:encoded and a short description: no whole content.
    expect(second).toMatchObject({
      key: "link:https://blog.example.org/posts/margins",
      author: "Bea Editor",
      contentHtml: null,
      publishedAt: Date.UTC(2026, 10, 29, 18),
    });
  });

  it("reads RSS 0.91 (no dates, no guids) and RSS 1.0 (RDF) with dc:date and sy:updatePeriod", () => {
    const old = parsed(rss091Xml, "http://old.example.net/rss");
    expect(old.items.map((i) => [i.key, i.title, i.publishedAt])).toEqual([
      ["link:http://old.example.net/1.html", "First headline", null],
      ["link:http://old.example.net/2.html", "Second headline", null],
    ]);
    const rdf = parsed(rdfXml, "https://rdf.example.com/index.rdf");
    expect(rdf.format).toBe("rdf");
    // daily, twice: every 12 hours
    expect(rdf.statedIntervalMinutes).toBe(720);
    expect(rdf.items[0]).toMatchObject({
      key: "id:https://rdf.example.com/a",
      author: "Carl Writer",
      publishedAt: Date.UTC(2026, 10, 28, 10),
    });
    expect(rdf.items[1]?.publishedAt).toBe(Date.UTC(2026, 10, 27));
  });

  it("reads Atom: xml:base for relative links, html titles to text, published before updated, xhtml content", () => {
    const feed = parsed(atomXml, "https://atom.example.com/blog/atom.xml");
    expect(feed.format).toBe("atom");
    expect(feed.iconUrl).toBe("https://atom.example.com/favicon.ico");
    const [tags, updated] = feed.items;
    expect(tags).toMatchObject({
      key: "id:tag:atom.example.com,2026:1",
      url: "https://atom.example.com/blog/entries/tags",
      title: "Tags & things",
      author: "Dana Atom",
      publishedAt: Date.UTC(2026, 10, 30, 9),
      summary: "Summary of tags.",
    });
    expect(tags?.contentHtml).toContain('src="https://atom.example.com/blog/entries/img/1.png"');
    expect(updated).toMatchObject({ author: "Eve Guest", publishedAt: Date.UTC(2026, 10, 29, 9, 30) });
    expect(updated?.contentHtml).toContain("XHTML body");
  });

  it("reads JSON Feed 1.1: content_html, content_text as paragraphs, items without a url keep their id", () => {
    const feed = parsed(feedJson, "https://json.example.com/feed.json");
    expect(feed.format).toBe("json");
    expect(feed.items[0]).toMatchObject({
      key: "id:j-1",
      url: "https://json.example.com/posts/1",
      summary: "A JSON summary",
      author: "Fay Json",
      publishedAt: Date.UTC(2026, 10, 30, 12),
    });
    expect(feed.items[1]).toMatchObject({ key: "id:j-2", url: null, summary: "Only plain text content here." });
    expect(feed.items[1]?.contentHtml).toBe("<p>Only plain text content here.</p>");
  });

  it("drops duplicate ids and links, and gives items without a link or title a key and a title", () => {
    const feed = parsed(dupIdsXml, "https://dups.example.com/rss");
    expect(feed.duplicates).toBe(2);
    expect(feed.items.map((i) => i.title)).toEqual([
      "One",
      "No guid, link twice",
      "No link no guid",
      "Neither title nor link, only text that should become the title.",
    ]);
    // An empty <item/> carries nothing to show: the parser leaves it out.
    const keys = feed.items.map((i) => i.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(feed.items[2]).toMatchObject({ url: null });
    expect(feed.items[2]?.key).toMatch(/^text:[0-9a-f]{8}$/);
  });

  it("reads dates in every common format and leaves unreadable or far-future ones empty", () => {
    const feed = parsed(oddDatesXml, "https://dates.example.com/rss");
    const byTitle = Object.fromEntries(feed.items.map((i) => [i.title, i.publishedAt]));
    expect(byTitle).toEqual({
      "rfc822 named zone": Date.UTC(2026, 11, 1, 15),
      "no weekday two-digit year": Date.UTC(2026, 11, 1, 10),
      "iso no zone": Date.UTC(2026, 10, 30, 10),
      "dc date": Date.UTC(2026, 10, 29, 9),
      garbage: null,
      "wrong weekday full month": Date.UTC(2026, 10, 27, 8),
      "unix-ish spaces": Date.UTC(2026, 10, 26, 8),
      "far future": null,
    });
    // Newest first; undated last.
    expect(feed.items.at(-1)?.publishedAt).toBeNull();
    expect(parseFeedDate(["", "  ", "Sat, 28 Nov 2026 07:00:00 PST"], NOW)).toBe(Date.UTC(2026, 10, 28, 15));
  });
});

describe("bad feeds give a clear state, never a throw", () => {
  it("names malformed XML, an HTML page and text that is no feed", () => {
    expect(parseFeed(malformedXml, "https://x.example.com/f", NOW)).toEqual({
      ok: false,
      error: "The feed is not well-formed and could not be read",
    });
    expect(parseFeed(htmlAsFeed, "https://x.example.com/f", NOW)).toEqual({
      ok: false,
      error: "The address serves a web page, not a feed",
      html: true,
    });
    expect(parseFeed("just some words", "https://x.example.com/f", NOW)).toMatchObject({
      ok: false,
      error: "The address does not serve a feed (RSS, Atom or JSON Feed)",
    });
    expect(parseFeed("<root><child/></root>", "https://x.example.com/f", NOW)).toMatchObject({ ok: false });
    expect(parseFeed("{ not json", "https://x.example.com/f", NOW)).toMatchObject({
      ok: false,
      error: "The feed is not valid JSON and could not be read",
    });
  });

  it("does not expand an entity bomb", () => {
    const started = performance.now();
    const feed = parsed(bombXml, "https://bomb.example.com/rss");
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(feed.items).toHaveLength(1);
    expect(feed.title.length).toBeLessThan(100);
    expect(feed.items[0]?.title).not.toContain("lollol");
  });

  it("decodes a feed in its declared encoding even when the server claims UTF-8", () => {
    const text = decodeFeed(bytes(latin1Bytes), "application/rss+xml; charset=utf-8");
    const feed = parsed(text, "https://latin.example.fr/rss");
    expect(feed.title).toBe("Café Crème");
    expect(feed.items[0]).toMatchObject({ title: "Résumé du jour", summary: "À bientôt" });
    // Undeclared and not UTF-8: read as Windows-1252 rather than replacement characters.
    const undeclared = new Uint8Array([...new TextEncoder().encode("<rss><channel><title>Caf"), 0xe9, 0x3c]);
    expect(decodeFeed(undeclared, null)).toContain("Café");
  });

  it("keeps the newest 1,000 of a 10,000-item feed and says how many were left out", () => {
    const items = Array.from(
      { length: 10_000 },
      (_, i) =>
        `<item><title>Item ${i}</title><link>/p/${i}</link><pubDate>${new Date(NOW - i * 60_000).toUTCString()}</pubDate></item>`,
    ).join("");
    const xml = `<rss version="2.0"><channel><title>Big</title><link>https://big.example.com/</link><description>b</description>${items}</channel></rss>`;
    const started = performance.now();
    const feed = parsed(xml, "https://big.example.com/rss");
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(feed.items).toHaveLength(MAX_ITEMS_PER_FETCH);
    expect(feed.omitted).toBe(10_000 - MAX_ITEMS_PER_FETCH);
    expect(feed.items[0]).toMatchObject({ title: "Item 0", url: "https://big.example.com/p/0" });
  });
});

describe("discovery", () => {
  it("lists a page's alternate feeds against its <base>, comment feeds last, other alternates ignored", () => {
    expect(discoverFeedLinks(siteHtml, "https://site.example.com/")).toEqual([
      { url: "https://site.example.com/blog/feed/", title: "Posts & Notes" },
      { url: "https://site.example.com/atom.xml", title: null },
      { url: "https://site.example.com/feed.json", title: null },
      { url: "https://site.example.com/blog/comments/feed/", title: "Comments Feed" },
    ]);
    expect(discoverFeedLinks("<html><head></head></html>", "https://a.example.com/")).toEqual([]);
  });

  it("tries the usual paths under the page's folder and at the root", () => {
    const urls = usualFeedUrls("https://site.example.com/blog/index.html");
    expect(urls.slice(0, 3)).toEqual([
      "https://site.example.com/blog/feed",
      "https://site.example.com/blog/rss.xml",
      "https://site.example.com/blog/atom.xml",
    ]);
    expect(urls).toContain("https://site.example.com/index.xml");
    expect(urls).toContain("https://site.example.com/feed.json");
    expect(usualFeedUrls("not a url")).toEqual([]);
  });
});

describe("OPML", () => {
  it("imports subscriptions with their folders, each feed once, web addresses only", () => {
    const result = parseOpmlSubscriptions(opmlFile);
    expect(result).toEqual({
      ok: true,
      skipped: 2,
      subscriptions: [
        {
          url: "https://top.example.com/feed.xml",
          title: "Top level feed",
          siteUrl: "https://top.example.com/",
          folder: null,
        },
        {
          url: "https://atom.example.com/blog/atom.xml",
          title: "Atom Observations",
          siteUrl: "https://atom.example.com/blog/",
          folder: "Tech",
        },
        { url: "https://nested.example.com/rss", title: "Nested feed", siteUrl: null, folder: "Tech / Deep" },
        { url: "https://rdf.example.com/index.rdf", title: "RDF Journal", siteUrl: null, folder: "News" },
      ],
    });
    expect(parseOpmlSubscriptions("this is not xml")).toMatchObject({ ok: false });
  });

  it("exports what it imports: a 300-feed file round-trips with titles and folders", () => {
    const subscriptions: OpmlSubscription[] = Array.from({ length: 300 }, (_, i) => ({
      url: `https://feed${i}.example.com/rss?x=1&y=2`,
      title: `Feed <${i}> & "friends"`,
      siteUrl: `https://feed${i}.example.com/`,
      folder: i % 3 === 0 ? null : `Folder ${i % 7}`,
    }));
    const xml = buildOpml(subscriptions, "VibeRead subscriptions", NOW);
    const back = parseOpmlSubscriptions(xml);
    if (!back.ok) throw new Error(back.error);
    const sort = (list: typeof subscriptions) => [...list].sort((a, b) => a.url.localeCompare(b.url));
    expect(sort(back.subscriptions)).toEqual(sort(subscriptions));
  });
});

describe("polling policy", () => {
  const state: FeedPollState = {
    url: "https://p.example.com/feed",
    status: "active",
    intervalMinutes: 60,
    statedIntervalMinutes: null,
    consecutiveErrors: 0,
    errorSince: null,
    lastError: null,
    lastChangedAt: null,
  };

  it("follows how often the feed changes, between 15 minutes and a day, never below its ttl", () => {
    const every = (minutes: number) => Array.from({ length: 8 }, (_, i) => NOW - i * minutes * 60_000);
    expect(intervalFor(every(5), null)).toBe(15);
    expect(intervalFor(every(180), null)).toBe(180);
    expect(intervalFor(every(3 * 1440), null)).toBe(1440);
    expect(intervalFor(every(30), 120)).toBe(120);
    expect(intervalFor([], 720)).toBe(720);
    expect(intervalFor([], null)).toBe(60);
  });

  it("stretches the interval when nothing changed and resets errors", () => {
    const failing = { ...state, consecutiveErrors: 2, errorSince: NOW - DAY, lastError: "x" };
    const plan = planNextPoll(failing, { kind: "not-modified" }, NOW);
    expect(plan).toMatchObject({
      intervalMinutes: 90,
      consecutiveErrors: 0,
      errorSince: null,
      nextPollAt: NOW + 90 * 60_000,
    });
    const changed = planNextPoll(
      state,
      { kind: "fetched", newItems: 3, itemDates: [NOW, NOW - HOUR, NOW - 2 * HOUR], statedIntervalMinutes: null },
      NOW,
    );
    expect(changed).toMatchObject({ intervalMinutes: 60, lastChangedAt: NOW });
  });

  it("backs off on errors and waits at least Retry-After on 429/503", () => {
    const first = planNextPoll(state, { kind: "failed", message: "The site answered 500 Internal Server Error" }, NOW);
    expect(first).toMatchObject({ consecutiveErrors: 1, errorSince: NOW, nextPollAt: NOW + 120 * 60_000 });
    const second = planNextPoll(first, { kind: "failed", message: "again" }, NOW + HOUR);
    expect(second.nextPollAt).toBe(NOW + HOUR + 240 * 60_000);
    expect(second.errorSince).toBe(NOW);
    const limited = planNextPoll(
      state,
      { kind: "failed", message: "The site answered 429 Too Many Requests", retryAfterSeconds: 6 * 3600 },
      NOW,
    );
    expect(limited.nextPollAt).toBe(NOW + 6 * HOUR);
    expect(parseRetryAfter("120", NOW)).toBe(120);
    expect(parseRetryAfter(new Date(NOW + 3_600_000).toUTCString(), NOW)).toBe(3600);
    expect(parseRetryAfter("soon", NOW)).toBeNull();
  });

  it("moves to the new address on a permanent redirect and stops on 410", () => {
    const moved = planNextPoll(state, { kind: "not-modified", movedTo: "https://new.example.com/feed" }, NOW);
    expect(moved.url).toBe("https://new.example.com/feed");
    const gone = planNextPoll(state, { kind: "gone" }, NOW);
    expect(gone).toMatchObject({ status: "gone", nextPollAt: null });
  });

  it("says how the feed is doing in one line", () => {
    const base = { status: "active" as const, lastPolledAt: NOW - 60_000, errorSince: null, lastError: null };
    expect(feedHealth({ ...base, lastChangedAt: NOW - 2 * HOUR - 5 * 60_000 }, NOW).text).toBe("updated 2 h ago");
    expect(
      feedHealth(
        {
          ...base,
          lastChangedAt: null,
          errorSince: NOW - 3 * DAY - HOUR,
          lastError: "The site answered 404 Not Found",
        },
        NOW,
      ),
    ).toEqual({ level: "failing", text: "the feed answered 404 Not Found for 3 days" });
    expect(feedHealth({ ...base, lastPolledAt: null, lastChangedAt: null }, NOW).level).toBe("pending");
    expect(feedHealth({ ...base, status: "gone", lastChangedAt: null }, NOW).level).toBe("stopped");
  });
});

describe("OPML export with nothing to export", () => {
  it("is a valid empty OPML 2.0 file that imports as nothing", () => {
    const opml = buildOpml([], "VibeRead <subscriptions>", Date.UTC(2026, 11, 1));
    expect(opml).toContain("<title>VibeRead &lt;subscriptions&gt;</title>");
    expect(parseOpmlSubscriptions(opml)).toMatchObject({ ok: true, subscriptions: [] });
  });
});
