/** Small display rules of spec §2 and §9, pure so they are tested without a browser. */
// The product's one sentence segmenter (pure, Intl.Segmenter plus abbreviation rules): the client cuts previews
// where the worker cuts summaries, so "the U.N." never ends a preview's sentence here either.
import { sentenceEnds } from "../../worker/domain/sentences/segment";

export const WORDS_PER_MINUTE = 200;
export const CARD_SUMMARY_CHARS = 150;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "N min read": words divided by 200, rounded up (at least 1 when there are words). */
export function readingTime(wordCount: number | null | undefined): string | null {
  if (!wordCount || wordCount <= 0) return null;
  return `${Math.ceil(wordCount / WORDS_PER_MINUTE)} min read`;
}

/** Just now, Nm ago, Nh ago, Nd ago (under a week), otherwise a short date such as "Mar 4, 2026". */
export function relativeDate(iso: string, now: number = Date.now()): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return "";
  const age = Math.max(0, now - then);
  if (age < MINUTE) return "Just now";
  if (age < HOUR) return `${Math.floor(age / MINUTE)}m ago`;
  if (age < DAY) return `${Math.floor(age / HOUR)}h ago`;
  if (age < 7 * DAY) return `${Math.floor(age / DAY)}d ago`;
  return new Date(then).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" });
}

/** The least share of a preview's room whole sentences must fill to be cut after, rather than at a word. */
const WHOLE_SENTENCES_SHARE = 0.6;

/** A line that ends a sentence or a clause: the next line follows after a space, not a separator. */
const ENDS_CLAUSE = /[.!?…:;,]["')\]]?$/;
const ITEM_SEPARATOR = " · ";

/** One line of markdown as plain text: no heading, quote or list marker, emphasis, code or image syntax. */
function plainLine(line: string): string {
  return line
    .trim()
    .replace(/^#{1,6}\s+/, "")
    .replace(/^(?:>\s?)+/, "")
    .replace(/^(?:[-*+•]|\d+[.)])\s+/, "")
    .replace(/^(?:[-*_]\s*){3,}$/, "")
    .replace(/\*\*|__|\*|`/g, "")
    .replace(/(^|[^\w])_([^_]+)_(?=[^\w]|$)/g, "$1$2")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * A markdown summary as one line of plain text of at most `max` characters (the ellipsis included), for card
 * and search previews: headings, list markers, quotes, bold and italic markers and images go, links keep their
 * text, and lines (bullets, headings) that do not end a sentence are joined with " · " instead of running
 * together. A long text is cut after its last whole sentence that fits (by the worker's segmenter, in
 * `language`'s rules) when those fill most of the room, else on a word boundary when one is near, so a word is
 * not chopped in half.
 */
export function plainPreview(markdown: string | null | undefined, max: number, language?: string): string {
  if (!markdown) return "";
  const lines = markdown
    .replace(/!\[[^\]]*\]\([^)]*\)/g, " ")
    .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1")
    .split(/\r?\n/)
    .map(plainLine)
    .filter(Boolean);
  let plain = "";
  for (const line of lines) {
    if (!plain) plain = line;
    else plain += `${ENDS_CLAUSE.test(plain) ? " " : ITEM_SEPARATOR}${line}`;
  }
  if (plain.length <= max) return plain;
  const room = Math.max(1, max - 1);
  // Whole sentences when they fill most of the room: a preview that stops at a sentence's end reads whole.
  const lastWhole = sentenceEnds(plain, language)
    .map((end) => plain.slice(0, end).trimEnd())
    .filter((text) => text.length <= room && /[.!?…。！？]["'”’»)\]]*$/u.test(text))
    .at(-1);
  if (lastWhole && lastWhole.length >= room * WHOLE_SENTENCES_SHARE)
    return `${lastWhole}${lastWhole.length + 2 <= max ? " …" : "…"}`;
  let cut = plain.slice(0, room);
  const space = cut.lastIndexOf(" ");
  // Prefer a word boundary unless it would throw away more than a fifth of the preview.
  if (space > room * 0.8) cut = cut.slice(0, space);
  return `${cut.replace(/[\s,;:.·-]+$/, "")}…`;
}

/** The summary on a card (spec §9: 150 characters), as plain text without markdown debris. */
export function summaryPreview(summary: string | null | undefined, max = CARD_SUMMARY_CHARS): string {
  return plainPreview(summary, max);
}

/** The source shown on a card: the article's domain, else the URL's host, else "Unknown source". */
export function sourceLabel(domain: string | null | undefined, url: string): string {
  if (domain) return domain;
  // An uploaded document's address is its content's hash (issue 54), not a site.
  if (url.startsWith("document:")) return "Uploaded document";
  try {
    return new URL(url).hostname.replace(/^www\./, "") || "Unknown source";
  } catch {
    return "Unknown source";
  }
}

/**
 * Host and path of a saved URL, without the scheme, "www.", query or fragment ("example.com/2026/some-post"):
 * enough to tell queued articles apart before their titles are known. Empty when it does not parse.
 */
export function articleAddress(url: string | null | undefined): string {
  if (!url || url.startsWith("document:")) return "";
  try {
    const { host, pathname } = new URL(url);
    let path = pathname.replace(/\/+$/, "");
    try {
      path = decodeURI(path);
    } catch {
      // A malformed escape: keep the path as it was written.
    }
    return `${host.replace(/^www\./, "")}${path}`;
  } catch {
    return "";
  }
}

/** The title; before one is known (queued, processing, or failed without one), the URL's host and path. */
export function displayTitle(title: string | null | undefined, url?: string | null): string {
  return title?.trim() || articleAddress(url) || "Untitled Article";
}
