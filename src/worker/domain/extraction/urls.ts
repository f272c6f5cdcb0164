import type { DomDocument } from "./dom";

/**
 * `value` resolved against `base` when the result is an http(s) URL, else null. Everything else
 * (javascript:, data:, mailto:, unparseable) is refused: the viewer only ever gets web links and images.
 */
export function resolveHttpUrl(value: string | null | undefined, base: string): string | null {
  // Browsers ignore surrounding whitespace and strip tabs/newlines inside URLs; do the same before resolving.
  const raw = value?.trim().replace(/[\t\n\r]/g, "");
  if (!raw) return null;
  try {
    const url = new URL(raw, base);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/** The URL relative links of the page resolve against: its first <base href>, if usable, else the page URL. */
export function documentBaseUrl(document: DomDocument, pageUrl: string): string {
  // A bare tag name is matched by name (patches/linkedom), not through the selector engine as "base[href]" is:
  // on a page without <base>, every element is tested.
  const href = [...document.querySelectorAll("base")].find((base) => base.hasAttribute("href"))?.getAttribute("href");
  return resolveHttpUrl(href, pageUrl) ?? pageUrl;
}

/** Host name without a leading "www.", lower-cased; empty when `pageUrl` is not a URL. */
export function domainOf(pageUrl: string): string {
  try {
    return new URL(pageUrl).hostname.replace(/^www\./, "");
  } catch {
    return "";
  }
}
