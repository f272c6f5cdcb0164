import { decodeEntities } from "../imports/html-links";
import { resolveUrl } from "./feed-text";

/** Media types a page names its feeds with (`<link rel="alternate" type="...">`). */
const FEED_TYPES = new Set([
  "application/rss+xml",
  "application/atom+xml",
  "application/rdf+xml",
  "application/feed+json",
  "application/json",
  "application/xml",
  "text/xml",
]);

/**
 * Where sites usually keep their feed when the page names none: WordPress and most generators (/feed, /rss),
 * Jekyll (/feed.xml), Hugo (/index.xml), Ghost (/rss/), Blogger (/feeds/posts/default), JSON Feed (/feed.json).
 */
export const USUAL_FEED_PATHS = [
  "/feed",
  "/rss.xml",
  "/atom.xml",
  "/index.xml",
  "/feed.xml",
  "/feed.json",
  "/rss",
  "/rss/",
  "/feeds/posts/default",
];

export interface DiscoveredFeed {
  url: string;
  title: string | null;
}

const LINK_TAG = /<link\b((?:[^>"']|"[^"]*"|'[^']*')*)>/gi;
const ATTRIBUTE = /([a-z_:][-a-z0-9_:.]*)\s*(?:=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/gi;

function attributes(source: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of source.matchAll(ATTRIBUTE)) {
    const name = match[1]?.toLowerCase();
    if (name && !found.has(name)) found.set(name, decodeEntities(match[2] ?? match[3] ?? match[4] ?? "").trim());
  }
  return found;
}

/**
 * The feeds a page names in its `<link rel="alternate" type="...">` (and `rel="feed"`) tags, in page order with
 * comment feeds last, resolved against the page's `<base href>` or its URL. Only the first 256 KB are read: the
 * tags live in `<head>`.
 */
export function discoverFeedLinks(html: string, pageUrl: string): DiscoveredFeed[] {
  const head = html.slice(0, 256 * 1024);
  const baseHref = /<base\b[^>]*\bhref\s*=\s*["']([^"']+)["']/i.exec(head)?.[1];
  const base = resolveUrl(baseHref, pageUrl) ?? pageUrl;
  const found: DiscoveredFeed[] = [];
  const seen = new Set<string>();
  for (const [, source = ""] of head.matchAll(LINK_TAG)) {
    const attrs = attributes(source);
    const rels = (attrs.get("rel") ?? "").toLowerCase().split(/\s+/);
    const type = (attrs.get("type") ?? "").toLowerCase().split(";")[0]?.trim() ?? "";
    const isFeed = (rels.includes("alternate") && FEED_TYPES.has(type)) || rels.includes("feed");
    if (!isFeed) continue;
    const url = resolveUrl(attrs.get("href"), base);
    if (!url || seen.has(url)) continue;
    seen.add(url);
    found.push({ url, title: attrs.get("title") || null });
  }
  const isComments = (feed: DiscoveredFeed) => /comment/i.test(`${feed.title ?? ""} ${feed.url}`);
  return [...found.filter((f) => !isComments(f)), ...found.filter(isComments)];
}

/** The usual feed addresses of a site, at its root and under the page's own path (a blog at /blog/). */
export function usualFeedUrls(siteUrl: string): string[] {
  let page: URL;
  try {
    page = new URL(siteUrl);
  } catch {
    return [];
  }
  const bases = [page.origin];
  const dir = page.pathname.replace(/\/[^/]*\.[a-z0-9]+$/i, "").replace(/\/+$/, "");
  if (dir) bases.unshift(`${page.origin}${dir}`);
  return [...new Set(bases.flatMap((base) => USUAL_FEED_PATHS.map((path) => `${base}${path}`)))];
}
