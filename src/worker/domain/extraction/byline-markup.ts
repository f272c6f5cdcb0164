import { type DomElement, type DomNode, ELEMENT_NODE, TEXT_NODE } from "./dom";
import { cleanText } from "./strings";

/** Class, id or test id words that mark a byline, as Readability reads them (plus data-testid="…-byline"). */
export const BYLINE_MARK = /byline|author|writtenby|p-author/i;

/**
 * Where a "byline" is something else: a comment's or a form's author field, an image's credit ("<span
 * class="img-author">Mike Blake/Reuters files</span>" in a figcaption), an avatar, a teaser list of other articles.
 */
const NOT_THE_ARTICLES = /comment|respond|reply|avatar|teaser|slider|related|recommend/i;
/** A class of an image's credit ("img-author", "photo-credit", "caption"), on the element or its parent. */
const CREDIT = /(?:img|image|photo|picture|foto|bild)[-_]?(?:author|credit|byline|creator)|caption/i;
const CREDIT_LEVELS = 2;

/** The longest text a byline element may hold: more is an author's box or a whole meta line. */
const BYLINE_MAX_CHARS = 100;

export interface BylineMarkup {
  /** Texts of the elements the page marks as the article's byline, in document order. */
  bylines: string[];
  /** Texts of the byline-marked elements that credit an image: never the article's author. */
  credits: string[];
}

/** Reads the elements marked as bylines (`marked`: those whose class, id or test id match BYLINE_MARK). */
export function readBylineMarkup(marked: readonly DomElement[]): BylineMarkup {
  const bylines: string[] = [];
  const credits: string[] = [];
  for (const element of marked) {
    const text = spacedText(element);
    if (!text || text.length > BYLINE_MAX_CHARS) continue;
    const ancestors = ancestorsOf(element);
    const names = ancestors.map((node) => `${node.getAttribute("class") ?? ""} ${node.getAttribute("id") ?? ""}`);
    const tags = ancestors.map((node) => node.localName);
    if (
      tags.includes("figure") ||
      tags.includes("figcaption") ||
      CREDIT.test(names.slice(0, CREDIT_LEVELS).join(" "))
    ) {
      credits.push(text);
    } else if (!tags.includes("form") && !NOT_THE_ARTICLES.test(names.join(" ")) && !bylines.includes(text)) {
      bylines.push(text);
    }
  }
  return { bylines, credits };
}

/**
 * The element's text with a space where one element ends and the next begins: "<span>By</span><a>Alex
 * Bozarjian</a>" is "By Alex Bozarjian", which textContent glues into "ByAlex Bozarjian".
 */
function spacedText(element: DomElement): string | null {
  const parts: string[] = [];
  const walk = (node: DomNode) => {
    for (const child of node.childNodes) {
      if (child.nodeType === TEXT_NODE) parts.push(child.textContent ?? "");
      else if (child.nodeType === ELEMENT_NODE) {
        parts.push(" ");
        walk(child);
        parts.push(" ");
      }
    }
  };
  walk(element);
  return cleanText(parts.join("").replace(/\s+([,.;:])/g, "$1"));
}

/** The element and its ancestors up to <body>. */
function ancestorsOf(element: DomElement): DomElement[] {
  const chain: DomElement[] = [];
  for (let node: DomElement | null = element; node && node.localName !== "body"; ) {
    chain.push(node);
    const parent: DomNode | null = node.parentNode;
    node = parent && parent.nodeType === ELEMENT_NODE ? (parent as DomElement) : null;
  }
  return chain;
}

export function isBylineMarked(element: DomElement): boolean {
  return BYLINE_MARK.test(
    `${element.getAttribute("class") ?? ""} ${element.getAttribute("id") ?? ""} ${element.getAttribute("data-testid") ?? ""}`,
  );
}
