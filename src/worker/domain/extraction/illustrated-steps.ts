import { type DomElement, type DomNode, isElement } from "./dom";
import { collapseWhitespace } from "./strings";
import { linkLength } from "./text-blocks";

/** An item's text this long reads as an instruction, not a gallery's label, even without a full stop. */
const MIN_STEP_CHARACTERS = 40;
/** A sentence: three words or more, ended by a full stop, a question or an exclamation mark. */
const SENTENCE = /^(?=(?:\S+\s+){2}\S).*[.!?。！？]["'”’»)]*$/su;
/** Most of a step's text is its own: a list of linked headlines with thumbnails is another page's teasers. */
const MAX_LINK_SHARE = 0.5;
/** Elements that hold a picture. */
const PICTURE = new Set(["img", "picture", "figure", "svg", "video"]);
/** Block elements: an item holding one of them is laid out by its author already. */
const BLOCK =
  /^(?:address|article|aside|blockquote|dd|div|dl|dt|fieldset|footer|form|h[1-6]|header|hr|li|main|nav|ol|p|pre|section|table|ul)$/;

/**
 * A list of steps with a picture for each (recipes, how-tos) holds a sentence and an image side by side in each
 * item. Readability reads a list with fewer paragraphs than images as an image gallery and drops it, unless every
 * item holds exactly one image and nothing else, so a recipe lost its whole method. In a list whose illustrated
 * items read as steps (half of them at least: a sentence, or 40 characters, mostly not link text), the text of
 * each item is wrapped in a paragraph of its own, as it reads on the page: the list then has a paragraph for each
 * picture. A gallery, whose items carry a short label or none, and a list of linked headlines with thumbnails
 * (another page's teasers) are left to Readability.
 */
export function markIllustratedSteps(root: DomElement): void {
  // From the images, not the lists: a page has far fewer images than list items (menus nest hundreds).
  const itemsByList = new Map<DomNode, Set<DomElement>>();
  for (const image of [...root.querySelectorAll("img")]) {
    const item = enclosingItem(image);
    if (!item?.parentNode || !isIllustratedItem(item)) continue;
    const items = itemsByList.get(item.parentNode) ?? new Set<DomElement>();
    itemsByList.set(item.parentNode, items.add(item));
  }
  for (const items of itemsByList.values()) {
    if (items.size >= 2 && halfAreSteps([...items])) for (const item of items) wrapText(item);
  }
}

/** At least half the items read as steps; read only until that is settled (a feed lists hundreds). */
function halfAreSteps(items: DomElement[]): boolean {
  const needed = Math.ceil(items.length / 2);
  let steps = 0;
  for (const [i, item] of items.entries()) {
    if (readsAsStep(item)) steps++;
    if (steps >= needed) return true;
    if (steps + (items.length - i - 1) < needed) return false;
  }
  return false;
}

/** The list item an image stands in, through inline elements only (a link, a picture, a span). */
function enclosingItem(image: DomElement): DomElement | null {
  for (let node = image.parentNode; node && isElement(node); node = node.parentNode) {
    if (node.localName === "li") return node;
    if (BLOCK.test(node.localName)) return null;
  }
  return null;
}

/** A list item with inline content only. */
function isIllustratedItem(item: DomElement): boolean {
  return ![...item.childNodes].some((child) => isElement(child) && BLOCK.test(child.localName));
}

function readsAsStep(item: DomElement): boolean {
  const text = ownText(item);
  if (text.length < MIN_STEP_CHARACTERS && !SENTENCE.test(text)) return false;
  return linkLength(item) <= MAX_LINK_SHARE * text.length;
}

/** The item's text outside its pictures, without invisible format characters. */
function ownText(item: DomElement): string {
  return collapseWhitespace(
    [...item.childNodes]
      .filter((child) => !isPicture(child))
      .map((child) => child.textContent ?? "")
      .join(" ")
      .replace(/\p{Cf}/gu, ""),
  );
}

/** Each run of the item's text and inline elements between its pictures becomes a paragraph. */
function wrapText(item: DomElement): void {
  const document = item.ownerDocument;
  let paragraph: DomElement | null = null;
  for (const child of [...item.childNodes]) {
    if (isPicture(child)) {
      paragraph = null;
      continue;
    }
    if (!paragraph) {
      if (!(child.textContent ?? "").trim()) continue;
      paragraph = document.createElement("p");
      // Text nodes have before() too (ChildNode).
      (child as DomElement).before(paragraph);
    }
    paragraph.append(child);
  }
}

/** A picture, or an element (a link, a span) that holds only a picture. */
function isPicture(node: DomNode): boolean {
  if (!isElement(node)) return false;
  if (PICTURE.has(node.localName)) return true;
  return node.querySelector("img, picture, svg, video") !== null && !collapseWhitespace(node.textContent ?? "");
}
