import type { DomDocument, DomElement, DomNode } from "./dom";
import { closestAncestor, isElement } from "./dom";
import { linkLength, squash, stopWordDensity } from "./text-blocks";
import { wordTokens } from "./words";

/**
 * The lead (standfirst, deck, "Vorspann", "bajada", "chapeau") that Readability drops: it sits beside the headline,
 * in the article's <header> or a box of its own, apart from the body Readability chooses. Found before Readability
 * runs (it rewrites the tree) as the first block of text after the page's headline: the first heading that repeats
 * the page's title (see pageHeadline), so a site logo or a section name in an <h1> is not taken for a headline. The block must read as a sentence (60 to 1000 characters, at most 20% of them in links,
 * 20%+ stop words of the page's language, not in a figure) (no more than 10% digits: not a dateline; not
 * mostly the title's words: not a post title under a blog's name) and come before 1500 characters of other text. It is
 * put back, as the first paragraph, when Readability's text does not hold it.
 */

const MIN_CHARACTERS = 60;
const MAX_CHARACTERS = 1000;
const MAX_LINK_DENSITY = 0.2;
const MIN_STOP_WORDS = 0.2;
/** How far after the headline the lead may start, in characters of text passed over. */
const MAX_DISTANCE = 1500;

/** Elements holding blocks of their own: a lead is a block without them. */
const CONTAINERS = new Set([
  "div",
  "section",
  "header",
  "article",
  "main",
  "ul",
  "ol",
  "table",
  "figure",
  "aside",
  "nav",
  "footer",
  "form",
  "blockquote",
]);
const SKIPPED = new Set([
  "script",
  "style",
  "noscript",
  "template",
  "figure",
  "figcaption",
  "nav",
  "aside",
  "footer",
  "form",
  "button",
  "time",
  "svg",
  "ul",
  "ol",
  "table",
  "select",
  "textarea",
]);

/**
 * The lead's text, or null. `authors` are the page's author names and the other people its metadata names (a
 * reviewer, an editor): a block that starts with one is that person's box ("Jacob Wade is a personal finance
 * expert…"), set under the headline on many sites.
 */
export function findLead(
  document: DomDocument,
  stopWords: ReadonlySet<string>,
  authors: readonly string[] = [],
): string | null {
  const title = titleWords(document);
  const headline = pageHeadline(document, title);
  if (!headline) return null;
  let passed = 0;
  for (let node = following(headline, true); node; node = following(node, false)) {
    if (!isElement(node)) continue;
    if (SKIPPED.has(node.localName)) {
      passed += squash(node.textContent ?? "").length;
      node = lastDescendant(node);
      continue;
    }
    if (node.localName === "h1") return null;
    if (hasBlockChildren(node)) continue;
    const text = squash(node.textContent ?? "");
    if (
      text.length >= MIN_CHARACTERS &&
      text.length <= MAX_CHARACTERS &&
      isSentence(node, text, stopWords, title) &&
      !startsWithAuthor(text, authors)
    ) {
      return text;
    }
    passed += text.length;
    if (passed > MAX_DISTANCE) return null;
    node = lastDescendant(node);
  }
  return null;
}

/**
 * Whether `text` starts with one of the names, whole ("Jacob Wade is…"), or with its first name and then a word in
 * lower case, as a box about a person goes on ("Marisa is a Content Integrity & Compliance Manager…").
 */
function startsWithAuthor(text: string, authors: readonly string[]): boolean {
  const start = text.toLowerCase();
  return authors.some((name) => {
    if (name.length >= 4 && start.startsWith(name.toLowerCase())) return true;
    const first = name.split(/\s+/)[0] ?? "";
    return (
      first.length >= 3 &&
      first !== name &&
      text.startsWith(`${first} `) &&
      /^\p{Ll}/u.test(text.slice(first.length + 1))
    );
  });
}

/** Above this share of digits a block is a dateline or a list of figures, not a sentence. */
const MAX_DIGITS = 0.1;

function isSentence(
  element: DomElement,
  text: string,
  stopWords: ReadonlySet<string>,
  title: ReadonlySet<string>,
): boolean {
  // A block inside a link (a photo's caption, a teaser) is all link text.
  if (closestAncestor(element, "a") || linkLength(element) > MAX_LINK_DENSITY * text.length) return false;
  // A text box's text is there to be copied (a video's embed code), not read.
  if (element.querySelector("textarea")) return false;
  if ((text.match(/\d/g)?.length ?? 0) > MAX_DIGITS * text.length) return false;
  if (stopWordDensity(text, stopWords) < MIN_STOP_WORDS) return false;
  // A heading that repeats the title (a blog's post title under the blog's name) is no lead.
  const words = wordTokens(text);
  return words.filter((word) => title.has(word)).length < 0.6 * words.length;
}

/**
 * The page's headline: the first heading that repeats words of the page's <title>, looking at the <h1>s in its
 * <article> or <main>, then its other <h1>s, then the <h2>s in its <article> or <main>. A logo's empty <h1> or a
 * section name set as <h1> ("Cronaca") is passed over, and a story whose headline is an <h2> is still found.
 */
function pageHeadline(document: DomDocument, title: ReadonlySet<string>): DomElement | null {
  const candidates = [
    ...document.body.querySelectorAll("article h1, main h1, [role='main'] h1"),
    ...document.body.querySelectorAll("h1"),
    ...document.body.querySelectorAll("article h2, main h2, [role='main'] h2"),
  ];
  for (const heading of candidates.slice(0, MAX_HEADLINE_CANDIDATES)) {
    const words = wordTokens(heading.textContent ?? "");
    if (words.length === 0) continue;
    const shared = words.filter((word) => title.has(word)).length;
    if (shared >= 0.6 * words.length) return heading;
  }
  return null;
}

/** Headings looked at for the headline: it is near the top; a page's hundredth heading is a teaser's. */
const MAX_HEADLINE_CANDIDATES = 30;

function titleWords(document: DomDocument): ReadonlySet<string> {
  const og = document.head.querySelector('meta[property="og:title"]')?.getAttribute("content") ?? "";
  return new Set(wordTokens(`${document.title} ${og}`));
}

/** Blocks, at any depth: a page may wrap its whole body in a <span> (invalid, and common), which is no lead. */
const BLOCK_SELECTOR = [...CONTAINERS, "p", "h1", "h2", "h3", "h4", "h5", "h6", "li"].join(",");

function hasBlockChildren(element: DomElement): boolean {
  for (const child of element.children) {
    if (CONTAINERS.has(child.localName) || /^(?:p|h[1-6]|li)$/.test(child.localName)) return true;
  }
  // Only inline children: look inside them, for the rare page that hides blocks in a span or a link.
  return element.children.length > 0 && element.querySelector(BLOCK_SELECTOR) !== null;
}

/** The next node in document order: the first child (unless `skipChildren`), else the next sibling up the tree. */
function following(node: DomNode, skipChildren: boolean): DomNode | null {
  if (!skipChildren && node.childNodes.length > 0) return node.childNodes[0] ?? null;
  for (let current: DomNode | null = node; current; current = current.parentNode) {
    const sibling = nextSibling(current);
    if (sibling) return sibling;
  }
  return null;
}

function nextSibling(node: DomNode): DomNode | null {
  return (node as DomNode & { nextSibling: DomNode | null }).nextSibling ?? null;
}

/** The last node inside `node` in document order, so that `following` continues after it. */
function lastDescendant(node: DomNode): DomNode {
  let current = node;
  while (current.childNodes.length > 0) current = current.childNodes[current.childNodes.length - 1] ?? current;
  return current;
}
