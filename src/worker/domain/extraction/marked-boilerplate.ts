import type { DomElement } from "./dom";
import { FURNITURE_ROLES } from "./furniture-roles";
import { goodTextLength, linkLength, squash } from "./text-blocks";

/**
 * Elements the page itself marks as furniture, removed before Readability when they hold little article text.
 *
 * The marks are the web's generic semantics, not any site's: the elements <nav>, <aside>, <footer>, <dialog>; the
 * ARIA roles navigation, complementary, contentinfo, search, menu, menubar, dialog, alertdialog; and class or id
 * words in general English for page parts that are never the story: share/social bars, newsletter and subscription
 * boxes, cookie and consent notices, comments, related and recommended links, breadcrumbs, sidebars, ads
 * and sponsors, paywalls, ratings. Not "modal", "popup" or "overlay": a shop keeps its product details in a modal
 * sheet, and the pop-ups that are furniture say what they hold (newsletter, cookie, login). Readability has a similar list of class words, but
 * it spares any element whose class also says "article", "content" or "main" ("relatedArticles", "share-content"),
 * and it does not look at ARIA roles or <aside>.
 *
 * "Little article text" (trafilatura and jusText's measures): under 200 characters in paragraphs that read as text
 * (70+ characters, at most 20% in links, 30%+ stop words of the page's language), or half its text in links with
 * under 400 such characters. An element holding the page's <h1>, <article> or <main> is never removed: a site
 * that wraps its story in <aside class="content"> keeps it.
 *
 * An author's box ("author-bio", "about-author") goes whatever its text: a biography reads as good prose, so the
 * text measures cannot tell it from the story. trafilatura discards any element whose class says "author"; here
 * the box must be 80 to 1000 characters and at most a third of the page, so a byline (which Readability reads for
 * the byline) and a wrapper named after its author stay.
 */

const MARKED_TAGS = new Set(["nav", "aside", "footer", "dialog"]);

/** The furniture roles but the site's header (`banner`): before Readability, only the marks it was measured with. */
const MARKED_ROLES = new Set<string>(FURNITURE_ROLES.filter((role) => role !== "banner"));

/**
 * Containers whose class or id words count. Not inline elements (a glossary's <a class="popup">, a code
 * highlighter's <span class="comment">), and nothing inside a heading (Wikipedia's ids repeat the section title)
 * or code.
 */
const NAMED_CONTAINERS = new Set([
  "div",
  "section",
  "aside",
  "ul",
  "ol",
  "li",
  "form",
  "header",
  "footer",
  "nav",
  "table",
  "dl",
  "p",
]);
const NOT_SEARCHED = new Set(["h1", "h2", "h3", "h4", "h5", "h6", "pre", "code", "script", "style", "template"]);

/** Class or id words, anywhere in a word ("sharebar", "relatedPosts", "cookie-notice"). */
const MARKED_PART =
  /share(?!d)|sharing|social|newsletter|subscri(?:be|ption)|cookie|consent|gdpr|breadcrumb|sidebar|paywall|related|disqus|recommend/;

/** Class or id words that must be whole words ("comments", not "commentary"; "ad", not "head"). */
const MARKED_WORD =
  /^(?:comments?|commentlist|respond|ads?|advert\w*|advertising|sponsor(?:ed|s)?|promos?|rating|ratings|tags|tagcloud|login|signup|banner)$/;

/**
 * An author's box: the writer's photo, name and a few lines about them, under or beside the story. Its class or id
 * names the author ("author-bio", "about-author", "authorBox", "author vcard about"), in a word or beside a word
 * for a box ("author" alone is a byline's class, which Readability reads for the byline, so it stays).
 */
const AUTHOR_WORD =
  /^(?:about)?(?:the)?(?:author|autor|writer)s?(box|bio|bios|biography|info|profile|card|details|description)?$/;
const AUTHOR_BOX_WORD = /^(?:box|bio|bios|biography|about|info|profile|card|details|description)$/;
/** A byline is shorter than this; an author's box with a line about them is longer. */
const AUTHOR_BOX_MIN_TEXT = 80;
/**
 * An author's box holds a short biography: at most this much text, and at most this share of the page's. A wrapper
 * named after its author that holds more is the article.
 */
const AUTHOR_BOX_MAX_TEXT = 1000;
const AUTHOR_BOX_MAX_SHARE = 1 / 3;

/** Below this much article text, a marked element is furniture. */
const LITTLE_TEXT = 200;
/** A marked element that is mostly links may hold somewhat more of it (a "related" list with teasers). */
const LITTLE_TEXT_IN_LINKS = 400;

/** Words of an element's class and id: split at other than letters and digits and at lower-to-upper case changes. */
export function markWords(element: DomElement): string[] {
  const names = `${element.getAttribute("class") ?? ""} ${element.getAttribute("id") ?? ""}`;
  return names
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** Whether class or id words name an author's box (its length is checked apart). */
function namesAnAuthorBox(words: readonly string[]): boolean {
  let author = false;
  let box = false;
  for (const word of words) {
    const match = AUTHOR_WORD.exec(word);
    if (match && (match[1] !== undefined || word.startsWith("about"))) return true;
    if (match) author = true;
    else if (AUTHOR_BOX_WORD.test(word)) box = true;
  }
  return author && box;
}

/**
 * The text length of an author's box, known by its class or id words and its length (not yet its share of the
 * page), or null when the element is none.
 */
function authorBoxLength(element: DomElement, words: readonly string[]): number | null {
  if (!NAMED_CONTAINERS.has(element.localName) || !namesAnAuthorBox(words)) return null;
  const length = squash(element.textContent ?? "").length;
  return length >= AUTHOR_BOX_MIN_TEXT && length <= AUTHOR_BOX_MAX_TEXT ? length : null;
}

/** Whether the element is marked as furniture by its tag, ARIA role or class and id words, whatever it holds. */
export function isMarkedAsFurniture(element: DomElement): boolean {
  const words = NAMED_CONTAINERS.has(element.localName) ? markWords(element) : [];
  return isMarked(element, words) && !holdsTheStory(element);
}

function isMarked(element: DomElement, words: readonly string[]): boolean {
  if (MARKED_TAGS.has(element.localName)) return true;
  const role = element.getAttribute("role")?.toLowerCase();
  if (role && MARKED_ROLES.has(role)) return true;
  if (!NAMED_CONTAINERS.has(element.localName)) return false;
  for (const word of words) if (MARKED_WORD.test(word) || MARKED_PART.test(word)) return true;
  return false;
}

/** Removes marked elements that hold little article text; returns how many. */
export function removeMarkedBoilerplate(body: DomElement, stopWords: ReadonlySet<string>): number {
  let removed = 0;
  let pageLength: number | undefined;
  const isSmallAuthorBox = (element: DomElement, words: readonly string[]): boolean => {
    const length = authorBoxLength(element, words);
    if (length === null || holdsTheStory(element)) return false;
    pageLength ??= squash(body.textContent ?? "").length;
    return length <= AUTHOR_BOX_MAX_SHARE * pageLength;
  };
  const visit = (element: DomElement): void => {
    for (const child of [...element.children]) {
      // Class and id words are read once: both kinds of mark are named by them.
      const words = NAMED_CONTAINERS.has(child.localName) ? markWords(child) : [];
      if ((isMarked(child, words) && isFurniture(child, stopWords)) || isSmallAuthorBox(child, words)) {
        child.remove();
        removed++;
      } else if (!NOT_SEARCHED.has(child.localName)) {
        visit(child);
      }
    }
  };
  visit(body);
  return removed;
}

/** The page's headline, <article> or <main>: an element holding one is never furniture. */
function holdsTheStory(element: DomElement): boolean {
  return element.querySelector('h1, article, main, [role="main"]') !== null;
}

function isFurniture(element: DomElement, stopWords: ReadonlySet<string>): boolean {
  if (holdsTheStory(element)) return false;
  const good = goodTextLength(element, stopWords);
  if (good < LITTLE_TEXT) return true;
  const text = squash(element.textContent ?? "").length;
  return good < LITTLE_TEXT_IN_LINKS && linkLength(element) >= 0.5 * text;
}
