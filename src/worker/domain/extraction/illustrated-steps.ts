import { type DomElement, type DomNode, isElement } from "./dom";
import { collapseWhitespace } from "./strings";

/** An item's text this long reads as an instruction, not a gallery's label, even without a full stop. */
const MIN_STEP_CHARACTERS = 40;
/** A sentence: three words or more, ended by a full stop, a question or an exclamation mark. */
const SENTENCE = /^(?=(?:\S+\s+){2}\S).*[.!?。！？]["'”’»)]*$/su;
/** Elements that hold a picture. */
const PICTURE = new Set(["img", "picture", "figure", "svg", "video"]);
/** Block elements: an item holding one of them is laid out by its author already. */
const BLOCK =
  /^(?:address|article|aside|blockquote|dd|div|dl|dt|fieldset|footer|form|h[1-6]|header|hr|li|main|nav|ol|p|pre|section|table|ul)$/;

/**
 * A list of steps with a picture for each (recipes, how-tos) holds a sentence and an image side by side in each
 * item. Readability reads a list with fewer paragraphs than images as an image gallery and drops it, unless every
 * item holds exactly one image and nothing else, so a recipe lost its whole method. In a list whose illustrated
 * items read as sentences (half of them sentences or at least 40 characters), the text of each item is wrapped in a paragraph
 * of its own, as it reads on the page: the list then has a paragraph for each picture. A gallery, whose items
 * carry a short label or none, is left as it is.
 */
export function markIllustratedSteps(root: DomElement): void {
  for (const list of [...root.querySelectorAll("ol, ul")]) {
    const items = [...list.children].filter(isIllustratedItem);
    if (items.length < 2) continue;
    const steps = items.filter((item) => readsAsStep(ownText(item))).length;
    if (steps * 2 < items.length) continue;
    for (const item of items) wrapText(item);
  }
}

/** A list item with a picture and inline content only. */
function isIllustratedItem(item: DomElement): boolean {
  if (item.localName !== "li" || !item.querySelector("img")) return false;
  return ![...item.childNodes].some((child) => isElement(child) && BLOCK.test(child.localName));
}

function readsAsStep(text: string): boolean {
  return text.length >= MIN_STEP_CHARACTERS || SENTENCE.test(text);
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
