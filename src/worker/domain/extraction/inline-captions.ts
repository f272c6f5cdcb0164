import { closestAncestor, type DomElement, type DomNode } from "./dom";

/** A class token that names a caption or a credit: "caption", "image-caption", "photo_credit", "credits". */
const CAPTION_CLASS = /^(?:[\w-]*[-_])?(?:caption|credits?)(?:[-_][\w-]*)?$/i;

/**
 * Some sites put an image and its caption inside a paragraph, as spans (MSN: `<p><span><img><span
 * class="caption">© Provided by …</span></span> Nintendo and Apple …</p>`). Readability keeps them there, so
 * the caption read as the start of the paragraph's first sentence and the summary began with an image credit.
 * Each such image and caption becomes a <figure> with a <figcaption> just before its paragraph, as a reader
 * sees it; the paragraph keeps its own words. A caption with no image beside it stays where it is.
 */
export function liftInlineCaptions(root: DomElement): void {
  // One query of attribute substrings for the whole page: it runs on every fetched page, most of which have no
  // such caption, and linkedom matches this in half the time of "p [class]" (1 ms a corpus page).
  for (const caption of [...root.querySelectorAll("[class*=aption], [class*=redit]")].filter(isCaption)) {
    const paragraph = enclosingParagraph(caption);
    const image = paragraph ? captionedImage(caption, paragraph) : null;
    if (!paragraph || !image) continue;
    const document = paragraph.ownerDocument;
    const figure = document.createElement("figure");
    const figcaption = document.createElement("figcaption");
    figcaption.append(...[...caption.childNodes]);
    figure.append(image.element, figcaption);
    paragraph.before(figure);
    caption.remove();
    if (image.wrapper) image.wrapper.remove();
  }
}

function enclosingParagraph(element: DomElement): DomElement | null {
  return closestAncestor(element, "p");
}

function isCaption(element: DomElement): boolean {
  return (element.getAttribute("class") ?? "").split(/\s+/).some((token) => CAPTION_CLASS.test(token));
}

interface CaptionedImage {
  /** The <img>, or the <picture> around it. */
  element: DomElement;
  /** An element of the paragraph that held only the image and the caption, to remove with them. */
  wrapper: DomElement | null;
}

/**
 * The image a caption belongs to: the one image of a wrapper inside the paragraph that holds nothing else but
 * the caption, or the image just before the caption.
 */
function captionedImage(caption: DomElement, paragraph: DomElement): CaptionedImage | null {
  const captionText = (caption.textContent ?? "").trim();
  for (let node = parentElement(caption); node && node !== paragraph; node = parentElement(node)) {
    const images = node.querySelectorAll("img");
    if (images.length === 0) continue;
    const onlyCaption = (node.textContent ?? "").replace(captionText, "").trim() === "";
    return images.length === 1 && onlyCaption ? { element: pictureOf(images[0] as DomElement), wrapper: node } : null;
  }
  const previous = previousElement(caption);
  if (previous?.localName === "img" || previous?.localName === "picture") return { element: previous, wrapper: null };
  return null;
}

function pictureOf(image: DomElement): DomElement {
  const parent = parentElement(image);
  return parent?.localName === "picture" ? parent : image;
}

function parentElement(node: DomNode): DomElement | null {
  return node.parentNode as DomElement | null;
}

/** The element before this one among its siblings, skipping whitespace; null if text comes between. */
function previousElement(element: DomElement): DomElement | null {
  const siblings = [...(parentElement(element)?.childNodes ?? [])];
  for (let i = siblings.indexOf(element) - 1; i >= 0; i--) {
    const sibling = siblings[i] as DomNode;
    if (sibling.nodeType === 1) return sibling as DomElement;
    if ((sibling.textContent ?? "").trim()) return null;
  }
  return null;
}
