import type { DomElement } from "./dom";
import { linkLength, squash } from "./text-blocks";

/**
 * Readability lowers an element's score, and removes it when nothing else speaks for it, when its class or id holds
 * a word of its "negative" list. Some of those words name a layout, not furniture, in the markup of 2025-26:
 * "widget" (page builders wrap every block in one: a text block is "…-widget-text-editor"), "media" (a block of copy
 * beside a picture: "copy-with-media", "media-body"), "scroll" (a scrolling or animated container) and the
 * "hidden" of Tailwind's "overflow-hidden". A section of prose so named was lost whole: a shop's story beside its
 * picture. Those words are taken out of the class and id of an element that holds a paragraph of prose, before
 * Readability reads them. An element without prose keeps them, and so does one whose class also names furniture
 * ("social-media", "cookie-banner-widget", "related-media"): the other rules and Readability judge those as before.
 */
export function removeLayoutClassWords(root: DomElement): void {
  for (const element of root.querySelectorAll("[class], [id]")) {
    const named = (["class", "id"] as const).filter((attribute) => {
      const value = element.getAttribute(attribute);
      return value && LAYOUT_WORDS.test(value) && !FURNITURE_WORDS.test(value);
    });
    if (named.length === 0 || !holdsProse(element)) continue;
    for (const attribute of named) {
      element.setAttribute(attribute, (element.getAttribute(attribute) ?? "").replace(LAYOUT_WORDS_ALL, ""));
    }
  }
}

const LAYOUT_WORDS = /media|widget|scroll|overflow-(?:[xy]-)?hidden/i;
const LAYOUT_WORDS_ALL = /media|widget|scroll|(?<=overflow-(?:[xy]-)?)hidden/gi;
/** Class words of what a reader did not come for: such an element keeps its class whatever it holds. */
const FURNITURE_WORDS =
  /cookie|consent|gdpr|notice|alert|newsletter|subscri|sign-?up|modal|popup|promo|advert|-ad-|social|share|comment|related|footer/i;

/** A paragraph of prose: at least this many words, most of them not link text. */
const PROSE_MIN_WORDS = 25;
const PROSE_MAX_LINK_SHARE = 0.3;

/** Whether the element is, or holds, a paragraph of prose. */
function holdsProse(element: DomElement): boolean {
  for (const paragraph of element.localName === "p" ? [element] : element.querySelectorAll("p")) {
    const text = squash(paragraph.textContent ?? "");
    if (text.split(" ").length < PROSE_MIN_WORDS) continue;
    if (linkLength(paragraph) / text.length <= PROSE_MAX_LINK_SHARE) return true;
  }
  return false;
}
