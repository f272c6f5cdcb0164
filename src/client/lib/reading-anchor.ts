import { fromRange, toRange } from "dom-anchor-text-position";

/**
 * The page side of the reading position (lib/reading-position.ts): the text offset of the first line at the top of
 * the reading area, and scrolling a text offset back to the top. Offsets count characters of the content
 * container's textContent, the same text the server's TextPositionSelectors count (dom-anchor-text-position).
 */

/** The reading area starts this far below the window's top edge (the line read sits a little below it). */
export const READING_TOP_PX = 16;

type CaretDocument = Document & {
  caretPositionFromPoint?: (x: number, y: number) => { offsetNode: Node; offset: number } | null;
  caretRangeFromPoint?: (x: number, y: number) => Range | null;
};

/** A collapsed range at the caret nearest the point: caretPositionFromPoint (standard), else caretRangeFromPoint. */
export function caretAt(x: number, y: number): Range | null {
  const doc = document as CaretDocument;
  if (typeof doc.caretPositionFromPoint === "function") {
    const caret = doc.caretPositionFromPoint(x, y);
    if (!caret) return null;
    const range = document.createRange();
    range.setStart(caret.offsetNode, caret.offset);
    return range;
  }
  return typeof doc.caretRangeFromPoint === "function" ? doc.caretRangeFromPoint(x, y) : null;
}

function textLength(container: Element): number {
  return container.textContent?.length ?? 0;
}

/** The first text node whose box reaches below `top` (when no caret API answers, e.g. the point is in a margin). */
function firstTextBelow(container: Element, top: number): Range | null {
  const walker = document.createTreeWalker(container, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent?.trim()) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    if (range.getBoundingClientRect().bottom > top) {
      range.collapse(true);
      return range;
    }
  }
  return null;
}

/**
 * The text offset of the first line at the top of the reading area: 0 before the content has reached it, the
 * text's length once all of it has scrolled past.
 */
export function firstVisibleOffset(container: Element, top = READING_TOP_PX): number {
  const box = container.getBoundingClientRect();
  if (box.top >= top) return 0;
  if (box.bottom <= top) return textLength(container);
  // A few points down the first lines, at the start of a line and in its middle: a point in a gap between
  // paragraphs or beside a picture finds no text.
  for (let y = top + 4; y < Math.min(box.bottom, top + 160); y += 12) {
    for (const x of [box.left + 12, box.left + box.width / 2]) {
      const caret = caretAt(x, y);
      if (caret && caret.startContainer.nodeType === Node.TEXT_NODE && container.contains(caret.startContainer)) {
        return fromRange(container, caret).start;
      }
    }
  }
  const below = firstTextBelow(container, top);
  return below ? fromRange(container, below).start : 0;
}

/** Whether the end of the content is on screen (the reader has reached it). */
export function contentEndVisible(container: Element): boolean {
  const box = container.getBoundingClientRect();
  return box.height > 0 && box.bottom <= window.innerHeight + 1;
}

/**
 * How far the page must scroll for the line holding `offset` to sit at the top of the reading area, or null when
 * the offset cannot be placed (no text, nothing laid out).
 */
export function scrollNeededFor(container: Element, offset: number, top = READING_TOP_PX): number | null {
  const length = textLength(container);
  if (length === 0) return null;
  const start = Math.min(Math.max(0, offset), length - 1);
  let rect: DOMRect | undefined;
  try {
    const range = toRange(container, { start, end: start + 1 });
    rect = range.getClientRects()[0] ?? range.getBoundingClientRect();
  } catch {
    return null;
  }
  if (!rect || (rect.width === 0 && rect.height === 0 && rect.top === 0)) return null;
  return rect.top - top;
}
