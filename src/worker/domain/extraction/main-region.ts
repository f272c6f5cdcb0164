import { type DomDocument, type DomElement, isElement } from "./dom";
import { BREADCRUMB_LIST, FURNITURE_ROLES, roleSelectors } from "./furniture-roles";
import { isMarkedAsFurniture } from "./marked-boilerplate";
import { linkLength, squash } from "./text-blocks";

/**
 * The page's main region, whole: where the page says its content is (its one <main>, else its one <article>,
 * else its <body>), without what the web's generic semantics mark as furniture.
 *
 * Readability keeps one subtree, the one with the most prose, and on the pages of 2025-26 that is often one
 * section of several: a service page's intro but not its tabs, a forum thread's first post's quote box, a
 * product's reviews but not its description, a guide's steps but not its FAQ. The region keeps every section,
 * at the price of some labels and links that Readability's scoring would have dropped; extract-article.ts takes
 * it only when it holds clearly more text than Readability's choice. Cleans `root` in place.
 */
export function mainRegion(root: DomElement, pageTitle: string): DomElement {
  for (const element of [...root.querySelectorAll(FURNITURE)]) element.remove();
  // Marked as comments, related links, share bars and the like: removed before Readability only when they held
  // little text, here whatever they hold (a comment thread reads as prose, and Readability had left it out).
  const marked = (element: DomElement) => {
    for (const child of [...element.children]) {
      if (isMarkedAsFurniture(child)) child.remove();
      else if (!/^(?:h[1-6]|pre|code)$/.test(child.localName)) marked(child);
    }
  };
  marked(root);
  // A list's page numbers and its count ("48 posts", 1, 2, 3, Next): Readability drops them by their class.
  for (const pager of [...root.querySelectorAll("[class], [id]")]) {
    if (PAGER_WORDS.test(`${pager.getAttribute("class") ?? ""} ${pager.getAttribute("id") ?? ""}`)) pager.remove();
  }
  // A header holding the headline is the article's own (dek, byline, date); any other is the site's.
  for (const header of [...root.querySelectorAll("header")]) if (!header.querySelector("h1")) header.remove();
  // A whole page can sit in one <form> (ASP.NET); a form without prose is a sign-up or search box.
  for (const form of [...root.querySelectorAll("form")]) if (!form.querySelector("p, h2, h3")) form.remove();
  // The reader view shows the title above the text: a headline that repeats the page's title goes.
  const title = squash(pageTitle).toLowerCase();
  for (const h1 of [...root.querySelectorAll("h1")]) {
    const text = squash(h1.textContent ?? "").toLowerCase();
    if (!text || title.includes(text)) h1.remove();
  }
  removeLinkLabels(root);
  return root;
}

/** Where the page says its content is: its one <main>, else its one <article>, else its <body>. */
export function regionRoot(document: DomDocument): DomElement {
  const mains = document.querySelectorAll('main, [role="main"]');
  const articles = document.querySelectorAll("article");
  const only = (elements: ArrayLike<DomElement>) => (elements.length === 1 ? elements[0] : undefined);
  return only(mains) ?? only(articles) ?? document.body;
}

/** Class or id words of a list's page numbers, as whole words. */
const PAGER_WORDS = /(?:^|[\s_-])(?:pagination|pager|paging)(?:$|[\s_-])/i;

/** Furniture by tag, ARIA role and the hidden state: never the text a reader came for. */
const FURNITURE = [
  "nav",
  "aside",
  "footer",
  "dialog",
  "button",
  "select",
  "textarea",
  "input",
  "label",
  ...roleSelectors([...FURNITURE_ROLES, "tablist"]),
  BREADCRUMB_LIST,
  "[hidden]",
  '[aria-hidden="true"]',
].join(", ");

/** A link of fewer characters standing alone as a block is a menu item, tag or button ("About Us", "Shop Now"). */
const LINK_LABEL_MAX_CHARACTERS = 40;

const BLOCKS_INSIDE = "p, li, table, div, ul, ol";
const TEXT_BLOCKS = new Set(["p", "li", "dt", "dd", "td", "th", "h2", "h3", "h4", "h5", "h6", "a"]);
const CONTAINERS = new Set(["div", "section", "span"]);
const INLINE = new Set([
  "a",
  "b",
  "i",
  "em",
  "strong",
  "span",
  "small",
  "code",
  "br",
  "img",
  "sup",
  "sub",
  "time",
  "abbr",
  "mark",
  "u",
  "s",
  "q",
  "cite",
  "picture",
  "source",
]);

/** Removes blocks whose whole text is one short link: menus, tag chips and link buttons left in the region. */
function removeLinkLabels(root: DomElement): void {
  for (const block of textBlocks(root)) {
    const text = squash(block.textContent ?? "");
    if (!text || text.length >= LINK_LABEL_MAX_CHARACTERS) continue;
    const linked = block.localName === "a" ? text.length : linkLength(block);
    if (linked >= text.length) block.remove();
  }
}

/** The region's innermost blocks of text: elements with text of their own and no block inside. */
function textBlocks(root: DomElement): DomElement[] {
  const blocks: DomElement[] = [];
  const walk = (element: DomElement) => {
    for (const child of [...element.children]) {
      if (TEXT_BLOCKS.has(child.localName) && !child.querySelector(BLOCKS_INSIDE)) blocks.push(child);
      else if (CONTAINERS.has(child.localName) && [...child.children].every((c) => INLINE.has(c.localName))) {
        if (hasText(child)) blocks.push(child);
      } else walk(child);
    }
  };
  walk(root);
  return blocks;
}

function hasText(element: DomElement): boolean {
  for (const node of element.childNodes) if ((node.textContent ?? "").trim() && !isElement(node)) return true;
  return [...element.children].some((child) => (child.textContent ?? "").trim());
}
