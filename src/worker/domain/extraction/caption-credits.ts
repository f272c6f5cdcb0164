import { type DomElement, type DomNode, isElement, TEXT_NODE } from "./dom";

/**
 * The photographer's or agency's credit at the end of a caption: "Erdölpumpen im Abendrot. Bild: TebNad/
 * Shutterstock.com", "… gesegnet. | © Augusta National/Getty Images", "(mlharing / iStock.com)". The caption
 * is the reader's; the credit is the page's small print, the same in every article. The credit is cut from the
 * end of the block and the caption stays; a block that was only a credit goes, unless it is the caption of a
 * figure (the image then keeps its credit as its caption).
 *
 * A credit is recognised by what marks it in every language the product reads: "©", "(c)", a label with a colon
 * ("Foto:", "Bild:", "Photo:", "Crédit :", "Fot.:"; not "Quelle:" or "Source:", which name a chart's data) after the caption's sentence, a bar or an opening
 * bracket; or, in brackets at the very end, the name of a picture agency or stock library (iStock, Getty Images,
 * Shutterstock, dpa, AFP, Reuters...), which are the same on the web at large.
 */

/** Longest credit cut: a name or two and an agency. */
const CREDIT_MAX = 90;
/** Blocks longer than this are running text, not captions. */
const BLOCK_MAX = 400;

const LABEL =
  "(?:©|\\(c\\)|(?:bild(?:er|quelle)?|fotos?|photos?|image|credits?|crédits?(?: photos?)?|foto(?:grafía|grafia)?|zdjęci[ea]|fot\\.|immagine|beeld)\\s*:)";

/** A credit's label and nothing after it. */
const BARE_LABEL = new RegExp(`^${LABEL}$`, "iu");

/** A labelled credit: after the caption's sentence, a bar, a dash or a bracket, or the block's start. */
const LABELLED_CREDIT = new RegExp(
  `(?:^|(?<=[.!?"“”»])\\s+|\\s*[|–—]\\s*|\\s*[([]\\s*)${LABEL}[^|\\n]{1,${CREDIT_MAX}}$`,
  "iu",
);

/** "©" needs no label or sentence before it: "… gut getarnt. © Thinkstock". */
const COPYRIGHT_CREDIT = new RegExp(`\\s*[|(–—-]?\\s*©[^©\\n]{1,${CREDIT_MAX}}$`, "u");

/** Picture agencies and stock libraries, whose names are the same on the web at large. */
export const AGENCIES =
  "istock|getty(?: images)?|shutterstock|thinkstock|adobe ?stock|dpa|afp|reuters|ap photo|epa|imago|keystone|picture[- ]alliance|unsplash|pixabay|pexels|depositphotos|alamy|wikimedia(?: commons)?";

/** In brackets at the end, an agency's or stock library's name: "(mlharing / iStock.com)". */
const AGENCY_CREDIT = new RegExp(
  `\\s*[([][^()[\\]]{0,${CREDIT_MAX}}(?<![\\p{L}])(?:${AGENCIES})(?![\\p{L}])[^()[\\]]{0,40}[)\\]]\\s*$`,
  "iu",
);

/** Where the credit at the end of `text` starts, or -1. */
export function creditStart(text: string): number {
  const trimmed = text.replace(/\s+$/, "");
  for (const pattern of [COPYRIGHT_CREDIT, LABELLED_CREDIT, AGENCY_CREDIT]) {
    const match = pattern.exec(trimmed);
    if (match) return match.index;
  }
  return -1;
}

const LEAF_BLOCKS = "p, figcaption, div, span, li, dd, small, cite, em, i, strong, b";

/**
 * "Click to enlarge" and kin (de, en, es, fr, it, pl): what the page's image viewer asked of the reader, which the
 * reader view does not have. Cut wherever it stands in a caption-sized block.
 */
const ENLARGE_HINT = new RegExp(
  [
    "\\(?(?:zum|zur) vergrößer\\p{L}*(?: \\p{L}+){0,4} (?:an)?(?:klicken|tippen)\\)?[.!]?",
    "\\(?(?:bild |foto )?(?:an)?klick(?:en)?(?: sie)?(?: hier| auf (?:das|die) (?:bild|grafik|foto))?,? (?:um (?:es |sie |das bild )?zu vergrößern|zum vergrößern)\\)?[.!]?",
    "\\(?(?:click|tap)(?: on)?(?: (?:the|this|an?) (?:image|photo|picture|graphic|map|chart))?(?: here)? (?:to|for) (?:enlarge|zoom|a (?:larger|bigger|full[- ]size) (?:image|version|view))\\)?[.!]?",
    "\\(?(?:haz|haga) clic(?: en la (?:imagen|foto))? para (?:ampliar|agrandar)(?:la)?\\)?[.!]?",
    "\\(?cliquez(?: sur l['’](?:image|photo))? pour (?:l['’])?agrandir\\)?[.!]?",
    "\\(?clicca(?: sull['’](?:immagine|foto))? per ingrandire\\)?[.!]?",
    "\\(?kliknij,? (?:aby|by) powiększyć\\)?[.!]?",
  ].join("|"),
  "giu",
);

/** Cuts "click to enlarge" from caption-sized blocks under `root`; returns how many text nodes changed. */
function removeEnlargeHints(root: DomElement): number {
  let cut = 0;
  for (const block of root.querySelectorAll(LEAF_BLOCKS)) {
    if ((block.textContent ?? "").length > BLOCK_MAX) continue;
    for (const child of block.childNodes) {
      if (child.nodeType !== TEXT_NODE) continue;
      const value = child.textContent ?? "";
      const cleaned = value.replace(ENLARGE_HINT, "");
      if (cleaned === value) continue;
      child.textContent = cleaned.replace(/\s{2,}/g, " ");
      cut++;
    }
  }
  return cut;
}

/** Cuts the credits ending captions and short blocks under `root`; returns how many were cut. */
export function removeCaptionCredits(root: DomElement): number {
  let cut = removeEnlargeHints(root);
  // Deepest first: once a span's credit is cut, its paragraph no longer ends with it.
  for (const block of [...root.querySelectorAll(LEAF_BLOCKS)].reverse()) {
    if (!block.parentNode || insideCode(block)) continue;
    let text = block.textContent ?? "";
    if (!/[©:)\]]/.test(text)) continue;
    // Templates indent a caption's parts over many lines; the reader sees one space, and so do the patterns.
    if (/\s{2,}/.test(text)) {
      collapseTextNodes(block);
      text = block.textContent ?? "";
    }
    if (text.length > BLOCK_MAX) continue;
    // A label whose credit was an image or a link the sanitiser drops ("Bild:") says nothing, in a figure too.
    if (BARE_LABEL.test(text.trim())) {
      block.remove();
      cut++;
      continue;
    }
    const start = creditStart(text);
    if (start < 0) continue;
    if (!text.slice(0, start).trim()) {
      if (insideFigure(block)) continue;
      block.remove();
    } else {
      truncateText(block, start);
    }
    cut++;
  }
  return cut;
}

/** Keeps the first `length` characters of the element's text, removing the text (and elements) after them. */
function truncateText(element: DomElement, length: number): void {
  let seen = 0;
  const walk = (node: DomNode): void => {
    for (const child of [...node.childNodes]) {
      if (seen >= length) {
        (child as unknown as { remove(): void }).remove();
        continue;
      }
      if (child.nodeType === TEXT_NODE) {
        const value = child.textContent ?? "";
        if (seen + value.length > length) child.textContent = value.slice(0, length - seen).replace(/\s+$/, "");
        seen += value.length;
      } else if (isElement(child)) {
        if (/^(?:img|picture|video|iframe|audio|source)$/.test(child.localName)) continue;
        walk(child);
      }
    }
  };
  walk(element);
}

/** Every run of whitespace in the element's text nodes becomes one space, as it renders. */
function collapseTextNodes(element: DomElement): void {
  for (const child of element.childNodes) {
    if (child.nodeType === TEXT_NODE) child.textContent = (child.textContent ?? "").replace(/\s{2,}/g, " ");
    else if (isElement(child)) collapseTextNodes(child);
  }
}

function insideFigure(element: DomElement): boolean {
  return hasAncestor(element, (tag) => tag === "figure" || tag === "figcaption");
}

function insideCode(element: DomElement): boolean {
  return hasAncestor(element, (tag) => tag === "pre" || tag === "code");
}

function hasAncestor(element: DomElement, test: (tag: string) => boolean): boolean {
  for (let node: DomNode | null = element; node && isElement(node); node = node.parentNode) {
    if (test(node.localName)) return true;
  }
  return false;
}
