/**
 * Links worth saving from an email body. Pure: the HTML is scanned with patterns rather than a DOM, because
 * only `href`s and bare URLs matter and mail HTML is too irregular for anything stricter to help.
 */

/** At most this many links of one email are saved: a digest of 500 links is not a reading list. */
export const MAX_EMAIL_LINKS = 50;

export interface EmailLink {
  url: string;
  /** The link's visible text (HTML mail only), used to find "view in browser". */
  text: string;
}

const HREF = /<a\b[^>]*?\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))[^>]*>([\s\S]*?)<\/a\s*>/gi;
const BARE_URL = /\bhttps?:\/\/[^\s<>"'()[\]{}]+/gi;
/** Links a mail carries for housekeeping, never content: skipped. */
const NOT_CONTENT =
  /unsubscribe|optout|opt-out|\/preferences|manage[-_]?subscription|list-manage\.com\/(?:profile|unsubscribe)|\/track\/open|\/pixel|\.(?:png|gif|jpe?g|webp|svg|ico)(?:[?#]|$)/i;
const VIEW_IN_BROWSER =
  /view\s+(?:it\s+|this\s+(?:email\s+)?)?(?:in\s+(?:your\s+|a\s+)?browser|online)|web\s+version|read\s+online/i;

function decodeEntities(s: string): string {
  return s
    .replace(/&amp;/gi, "&")
    .replace(/&quot;/gi, '"')
    .replace(/&#39;|&apos;/gi, "'")
    .replace(/&lt;/gi, "<")
    .replace(/&gt;/gi, ">")
    .replace(/&nbsp;/gi, " ");
}

function visibleText(html: string): string {
  return decodeEntities(html.replace(/<[^>]*>/g, " "))
    .replace(/\s+/g, " ")
    .trim();
}

/** Trailing punctuation of a sentence is not part of a bare URL. */
function trimBareUrl(url: string): string {
  return url.replace(/[.,;:!?]+$/, "");
}

function isContentLink(url: string): boolean {
  return /^https?:\/\//i.test(url) && !NOT_CONTENT.test(url);
}

/** Every distinct http(s) content link, in order of appearance, HTML anchors first, capped at MAX_EMAIL_LINKS. */
export function extractEmailLinks(body: { html?: string; text?: string }): EmailLink[] {
  const found: EmailLink[] = [];
  const seen = new Set<string>();
  const add = (raw: string, text: string) => {
    const url = decodeEntities(raw.trim());
    if (!isContentLink(url) || seen.has(url)) return;
    seen.add(url);
    found.push({ url, text });
  };
  if (body.html) {
    for (const match of body.html.matchAll(HREF)) {
      add(match[1] ?? match[2] ?? match[3] ?? "", visibleText(match[4] ?? ""));
    }
  }
  // A plain-text part (or a plain-text-only forward) carries its links bare.
  for (const match of (body.text ?? "").matchAll(BARE_URL)) add(trimBareUrl(match[0]), "");
  return found.slice(0, MAX_EMAIL_LINKS);
}

/** The newsletter's own web copy, if it links one ("View in browser", "Read online", "Web version"). */
export function findViewInBrowserLink(links: EmailLink[]): string | undefined {
  return links.find((link) => VIEW_IN_BROWSER.test(link.text))?.url;
}

export function wordCount(html: string): number {
  const text = visibleText(html.replace(/<(style|script|head)\b[\s\S]*?<\/\1\s*>/gi, " "));
  return text ? text.split(" ").filter((w) => /\p{L}/u.test(w)).length : 0;
}
