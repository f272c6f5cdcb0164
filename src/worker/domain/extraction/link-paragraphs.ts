import { type DomElement, type DomNode, isElement } from "./dom";
import { linkLength, squash } from "./text-blocks";

/**
 * Paragraphs of Readability's result that are nothing but a link: the headline of another article set between
 * the story's paragraphs ("teasers"), "back to the list", "next article". A paragraph, or a <div> without block
 * children, whose text is at least 90% link text, is removed; list items and table cells are left alone (a list
 * of sources or downloads is content), as is a paragraph holding an image.
 */
const LINK_ONLY = 0.9;

export function removeLinkParagraphs(root: DomElement): number {
  let removed = 0;
  for (const block of [...root.querySelectorAll("p, div")]) {
    if (block.localName === "div" && block.querySelector("p, div, ul, ol, table, h1, h2, h3, h4, h5, h6, li")) continue;
    if (block.querySelector("img, picture, video, iframe")) continue;
    if (insideOf(block, root, INSIDE_KEPT)) continue;
    const text = squash(block.textContent ?? "");
    if (!text || linkLength(block) < LINK_ONLY * text.length) continue;
    block.remove();
    removed++;
  }
  return removed;
}

const INSIDE_KEPT = new Set(["li", "td", "th", "figure"]);

function insideOf(element: DomElement, root: DomElement, tags: ReadonlySet<string>): boolean {
  for (let node: DomNode | null = element.parentNode; node && node !== root; node = node.parentNode) {
    if (isElement(node) && tags.has(node.localName)) return true;
  }
  return false;
}
