import { htmlToText } from "./extraction/html-text";

/**
 * An article's body (the HTML and its plain text, for the full-text index) is at most 1.8 MB. The budget was D1's:
 * a row over 2,000,000 bytes is refused (SQLITE_TOOBIG), and a long page in a 3-byte script (Chinese, Japanese,
 * Korean) passes it at 700,000 characters. Bodies are in R2 now, which has no such limit, and the budget stays: the
 * viewer, MCP and the export read a body whole (the export 10 at a time, in 128 MB), and bodies not yet moved out
 * of D1 rows keep their 2 MB. Bytes, not characters.
 */
export const MAX_ARTICLE_ROW_BYTES = 1_800_000;
/** The full-text index reads at most this much plain text: 300,000 characters (about 50,000 words) or 600 KB. */
export const MAX_SEARCH_TEXT_CHARS = 300_000;
export const MAX_SEARCH_TEXT_BYTES = 600_000;

export const SHORTENED_NOTE =
  '<p class="viberead-shortened"><em>This article was shortened to fit storage: the end of the page is not included.</em></p>';

const VOID_ELEMENTS = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "source",
  "track",
  "wbr",
]);
/** A cut right after one of these closes leaves whole paragraphs, list items, figures or sections. */
const BLOCK_ELEMENTS = new Set([
  "p",
  "li",
  "ul",
  "ol",
  "div",
  "section",
  "article",
  "blockquote",
  "pre",
  "figure",
  "table",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "dl",
  "dd",
  "dt",
]);

/** UTF-8 length without encoding: 1 byte below U+0080, 2 below U+0800, 4 for a surrogate pair, else 3. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** The longest prefix of `text` within `maxBytes` of UTF-8, never splitting a surrogate pair. */
export function cutToUtf8Bytes(text: string, maxBytes: number): string {
  if (text.length * 3 <= maxBytes) return text;
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const pair = code >= 0xd800 && code <= 0xdbff && i + 1 < text.length;
    const size = code < 0x80 ? 1 : code < 0x800 ? 2 : pair ? 4 : 3;
    if (bytes + size > maxBytes) return text.slice(0, i);
    bytes += size;
    if (pair) i++;
  }
  return text;
}

/**
 * Cuts sanitised article HTML to at most `maxBytes` of UTF-8, right after the last block element that fits,
 * appends `note` and closes the elements still open, so the result is whole paragraphs in valid nesting.
 * Null when not even the first block fits.
 */
export function cutHtmlToUtf8Bytes(html: string, maxBytes: number, note = ""): string | null {
  if (utf8Length(html) <= maxBytes) return html;
  const noteBytes = utf8Length(note);
  const open: string[] = [];
  let best: { end: number; open: string[] } | null = null;
  let bytes = 0;
  let last = 0;
  const tag = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)\b[^>]*>/g;
  for (let match = tag.exec(html); match; match = tag.exec(html)) {
    bytes += utf8Length(html.slice(last, tag.lastIndex));
    last = tag.lastIndex;
    if (bytes + noteBytes > maxBytes) break;
    const name = (match[2] ?? "").toLowerCase();
    if (match[1]) {
      const at = open.lastIndexOf(name);
      if (at >= 0) open.length = at;
      if (BLOCK_ELEMENTS.has(name)) {
        const closing = open.reduce((sum, element) => sum + element.length + 3, 0);
        if (bytes + noteBytes + closing <= maxBytes) best = { end: last, open: [...open] };
      }
    } else if (!VOID_ELEMENTS.has(name) && !match[0].endsWith("/>")) {
      open.push(name);
    }
  }
  if (!best) return null;
  const closing = best.open
    .reverse()
    .map((element) => `</${element}>`)
    .join("");
  return `${html.slice(0, best.end)}${note}${closing}`;
}

/**
 * The content and search text to store for an extracted article, within MAX_ARTICLE_ROW_BYTES together.
 * The search text is the content's plain text (at most MAX_SEARCH_TEXT_BYTES); when the content must be cut,
 * it is cut between block elements, ends with SHORTENED_NOTE, and the search text is taken from what is kept.
 */
export function fitArticleRow(content: string | null): {
  content: string | null;
  searchText: string;
  shortened: boolean;
} {
  if (content === null) return { content, searchText: "", shortened: false };
  const searchText = searchTextOf(content);
  // The note's bytes are reserved too: the text of the cut content includes it.
  const contentBudget = MAX_ARTICLE_ROW_BYTES - utf8Length(searchText) - utf8Length(SHORTENED_NOTE);
  if (utf8Length(content) <= contentBudget) return { content, searchText, shortened: false };
  const kept = cutHtmlToUtf8Bytes(content, contentBudget, SHORTENED_NOTE) ?? SHORTENED_NOTE;
  // A prefix of the content has at most the content's text (plus the note's): still within the budget.
  return { content: kept, searchText: searchTextOf(kept), shortened: true };
}

function searchTextOf(html: string): string {
  let text = htmlToText(html).slice(0, MAX_SEARCH_TEXT_CHARS);
  // slice() may have split a surrogate pair: drop its orphaned first half.
  if (/[\ud800-\udbff]$/.test(text)) text = text.slice(0, -1);
  return cutToUtf8Bytes(text, MAX_SEARCH_TEXT_BYTES);
}
