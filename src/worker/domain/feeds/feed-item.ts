import { normalizeArticleUrl } from "../article-url";
import { clip, htmlToText } from "./feed-text";

/** One item of a feed, the same shape whatever the format it came in. */
export interface FeedItem {
  /**
   * What identifies the item across polls and across subscribers: `id:` + the feed's own id (guid, Atom id, JSON
   * Feed id) when it has one, else `link:` + the normalised link, else `text:` + a hash of its title and text.
   */
  key: string;
  /** The absolute http(s) link of the item, or null when the feed gives none (some newsletters, notes). */
  url: string | null;
  title: string;
  author: string | null;
  /** When it was published (or last updated, when that is all the feed says), epoch ms; null when unreadable. */
  publishedAt: number | null;
  /** Plain text: the feed's summary, else the first lines of its content. */
  summary: string;
  /** The item's whole content as HTML (links made absolute) when the feed carries it; null otherwise. */
  contentHtml: string | null;
}

/** Longest stored key: an id longer than this (some feeds use whole URLs with tracking) is hashed. */
const MAX_KEY_CHARS = 300;

/** FNV-1a, 32-bit, as 8 hex digits: a stable short name for text, not a security measure. */
export function shortHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, "0");
}

function bounded(prefix: string, value: string): string {
  const key = `${prefix}${value}`;
  return key.length <= MAX_KEY_CHARS ? key : `${prefix}${value.slice(0, MAX_KEY_CHARS - 30)}#${shortHash(value)}`;
}

/** The link's normalised form (as duplicate saves are detected), so `?utm_source=rss` copies match. */
export function linkKey(url: string): string {
  return bounded("link:", normalizeArticleUrl(url));
}

export function itemKey(id: string | null, url: string | null, title: string, text: string): string {
  if (id?.trim()) return bounded("id:", id.trim());
  if (url) return linkKey(url);
  return `text:${shortHash(`${title}\n${text}`)}`;
}

export interface RawItem {
  id: string | null;
  url: string | null;
  /** Title as plain text or HTML (both are reduced to text). */
  title: string | null | undefined;
  author: string | null | undefined;
  publishedAt: number | null;
  /** Summary as HTML or text. */
  summary: string | null | undefined;
  contentHtml: string | null | undefined;
}

/** Raw fields to a FeedItem: text cleaned, a title found for items without one, the key chosen. */
export function toFeedItem(raw: RawItem): FeedItem {
  const contentHtml = raw.contentHtml?.trim() ? raw.contentHtml.trim() : null;
  const summaryText = htmlToText(raw.summary ?? "");
  const contentText = contentHtml ? htmlToText(contentHtml) : "";
  const summary = clip(summaryText || contentText);
  const title = clip(htmlToText(raw.title ?? ""), 300) || clip(summary, 80) || (raw.url ?? "Untitled item");
  return {
    key: itemKey(raw.id, raw.url, title, summaryText || contentText),
    url: raw.url,
    title,
    author: raw.author?.trim() ? clip(htmlToText(raw.author), 200) : null,
    publishedAt: raw.publishedAt,
    summary,
    contentHtml,
  };
}
