import { decodeEntities } from "../imports/html-links";

/** How much of an item's text the Feed shows when the feed gives no summary of its own. */
export const SUMMARY_CHARS = 300;

/** HTML (or text that may hold tags and entities) to one line of plain text. */
export function htmlToText(html: string): string {
  return decodeEntities(
    html
      .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, " ")
      .replace(/<!--[\s\S]*?-->/g, " ")
      .replace(/<[^>]*>/g, " "),
  )
    .replace(/\s+/g, " ")
    .trim();
}

/** At most `max` characters, cut at a word, with an ellipsis when cut. */
export function clip(text: string, max = SUMMARY_CHARS): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** An absolute http(s) URL for `value` against `base`, or null (javascript:, data:, unparseable). */
export function resolveUrl(value: string | undefined | null, base: string | null): string | null {
  const text = value?.trim();
  if (!text) return null;
  try {
    const url = base ? new URL(text, base) : new URL(text);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

const LINK_ATTRIBUTE = /(\s(?:href|src)\s*=\s*)("([^"]*)"|'([^']*)')/gi;

/**
 * Relative href and src attributes in an item's HTML made absolute, so its links and pictures work when the
 * content is shown inside VibeRead. Everything else is left as the feed wrote it; the client sanitises the HTML
 * before it is shown.
 */
export function absolutizeHtml(html: string, base: string | null): string {
  if (!base) return html;
  return html.replace(LINK_ATTRIBUTE, (whole, prefix: string, _quoted, double?: string, single?: string) => {
    const value = decodeEntities(double ?? single ?? "");
    if (/^(?:[a-z][a-z0-9+.-]*:|#)/i.test(value.trim())) return whole;
    const absolute = resolveUrl(value, base);
    return absolute ? `${prefix}"${absolute.replace(/&/g, "&amp;").replace(/"/g, "&quot;")}"` : whole;
  });
}
