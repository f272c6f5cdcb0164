/**
 * An Atom 1.0 document (RFC 4287) of saved articles, for a reader's published feed. Pure: the caller chooses the
 * entries. Every text goes through `xmlText`, which escapes markup and drops characters XML 1.0 cannot carry (a
 * saved page may hold control characters), so no article text can break the document or inject elements; HTML
 * content travels as escaped text in `type="html"`, as the RFC prescribes, never as raw markup.
 */

export interface AtomEntry {
  id: string;
  url: string;
  title: string;
  author: string | null;
  /** Plain text (markdown is fine: readers show it as text). */
  summary: string | null;
  /** Sanitised HTML, or null. */
  contentHtml: string | null;
  published: number;
  updated: number;
}

export interface AtomFeed {
  id: string;
  title: string;
  subtitle: string;
  /** Where this document is read from (rel="self"). */
  selfUrl: string;
  /** The web app, as the feed's alternate link. */
  siteUrl: string;
  /** When the feed was created: its date while it has no entries. */
  createdAt: number;
  entries: AtomEntry[];
}

// XML 1.0 Char production: tab, LF, CR, and U+0020 upwards except the surrogates' halves alone and U+FFFE/U+FFFF.
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text as XML element content or a double-quoted attribute value. */
export function xmlText(text: string): string {
  return text
    .replace(NOT_XML_CHAR, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

const date = (ms: number) => new Date(ms).toISOString();

function entryXml(entry: AtomEntry): string {
  return [
    "  <entry>",
    `    <id>${xmlText(entry.id)}</id>`,
    `    <title type="text">${xmlText(entry.title)}</title>`,
    `    <link rel="alternate" href="${xmlText(entry.url)}"/>`,
    `    <published>${date(entry.published)}</published>`,
    `    <updated>${date(entry.updated)}</updated>`,
    entry.author ? `    <author><name>${xmlText(entry.author)}</name></author>` : undefined,
    entry.summary ? `    <summary type="text">${xmlText(entry.summary)}</summary>` : undefined,
    entry.contentHtml ? `    <content type="html">${xmlText(entry.contentHtml)}</content>` : undefined,
    "  </entry>",
  ]
    .filter((line) => line !== undefined)
    .join("\n");
}

export function buildAtom(feed: AtomFeed): string {
  const updated = Math.max(feed.createdAt, ...feed.entries.map((entry) => entry.updated));
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${xmlText(feed.id)}</id>`,
    `  <title type="text">${xmlText(feed.title)}</title>`,
    `  <subtitle type="text">${xmlText(feed.subtitle)}</subtitle>`,
    `  <link rel="self" type="application/atom+xml" href="${xmlText(feed.selfUrl)}"/>`,
    `  <link rel="alternate" type="text/html" href="${xmlText(feed.siteUrl)}"/>`,
    `  <updated>${date(updated)}</updated>`,
    // Atom requires an author for every entry; the feed's covers the entries whose page named none.
    "  <author><name>VibeRead</name></author>",
    "  <generator>VibeRead</generator>",
    ...feed.entries.map(entryXml),
    "</feed>",
    "",
  ].join("\n");
}
