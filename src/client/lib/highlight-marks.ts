import { fromRange, toRange } from "dom-anchor-text-position";
import { type HighlightSelectors, selectorsAt } from "../../worker/domain/highlights/selectors";
import type { Highlight } from "../api/types";
import { highlightLabel, locateHighlight, type TextSpan, trimSpan } from "./highlight-anchoring";
import type { Placement } from "./highlight-placements";
import { snapToWords } from "./word-snap";

/**
 * Highlights in the rendered viewer: the selectors of a selection, and the <mark> elements that show stored
 * highlights. Positions count the characters of the container's text nodes in order (its `textContent`): what
 * dom-anchor-text-position converts to and from DOM Ranges, and what the Worker counts (article-text.ts).
 */

export const MARK_SELECTOR = "mark[data-highlight-id]";

/**
 * The W3C selectors of `range` within `container` (the content, the summary or the title): its place in the
 * container's text (TextPositionSelector) and its quote with 32 characters of context (TextQuoteSelector),
 * grown to whole words (a selection ending "before t" highlights "before the"). Null when it holds no visible text.
 */
export function selectorsOfRange(container: Element, range: Range): HighlightSelectors | null {
  const text = container.textContent ?? "";
  const span = trimSpan(text, fromRange(container, range));
  if (!span) return null;
  const language = container.closest("[lang]")?.getAttribute("lang") || undefined;
  const words = snapToWords(text, span, language);
  return selectorsAt(text, words.start, words.end);
}

/**
 * Elements whose children are blocks (or rows, items): whitespace between their children is layout, not text,
 * and a <mark> there would be invalid (inside a <ul> or a <tr>) or would paint the gap between two blocks.
 */
const BLOCK_PARENTS = new Set([
  "ARTICLE",
  "ASIDE",
  "BLOCKQUOTE",
  "BODY",
  "DD",
  "DIV",
  "DL",
  "FIELDSET",
  "FIGURE",
  "FOOTER",
  "HEADER",
  "LI",
  "MAIN",
  "NAV",
  "OL",
  "SECTION",
  "TABLE",
  "TBODY",
  "TD",
  "TFOOT",
  "TH",
  "THEAD",
  "TR",
  "UL",
]);

interface Piece {
  node: Text;
  from: number;
  to: number;
}

/** A highlight's extent in the DOM: from a character of one text node to just after a character of another. */
interface Extent {
  startNode: Text;
  startOffset: number;
  endNode: Text;
  endOffset: number;
}

/**
 * The parts of text nodes an extent covers, in document order, collected before anything is split. (Not a Range:
 * every live Range in a document is updated on each change to it, and hundreds of marks make thousands of changes.)
 */
function piecesOf(container: Element, extent: Extent): Piece[] {
  const pieces: Piece[] = [];
  const walker = document.createTreeWalker(container, NodeFilter.SHOW_TEXT);
  walker.currentNode = extent.startNode;
  for (let node: Node | null = extent.startNode; node; node = walker.nextNode()) {
    const text = node as Text;
    const from = text === extent.startNode ? extent.startOffset : 0;
    const to = text === extent.endNode ? extent.endOffset : text.data.length;
    // Whitespace alone between blocks is left as it is.
    const between = !/\S/.test(text.data) && BLOCK_PARENTS.has(text.parentElement?.tagName ?? "");
    if (from < to && !between) pieces.push({ node: text, from, to });
    if (text === extent.endNode) break;
  }
  return pieces;
}

/** Wraps each covered part of a text node in a <mark> for the highlight; returns the elements whose children changed. */
function wrap(container: Element, extent: Extent, highlight: Highlight): Set<Node> {
  const marks: HTMLElement[] = [];
  const changed = new Set<Node>();
  for (const { node, from, to } of piecesOf(container, extent)) {
    let target = node;
    if (to < target.data.length) target.splitText(to);
    if (from > 0) target = target.splitText(from);
    const mark = document.createElement("mark");
    mark.className = `highlight highlight-${highlight.color}${highlight.note ? " highlight-noted" : ""}`;
    mark.dataset.highlightId = String(highlight.id);
    const parent = target.parentNode;
    if (!parent) continue;
    parent.insertBefore(mark, target);
    mark.appendChild(target);
    marks.push(mark);
    changed.add(parent);
  }
  const first = marks[0];
  if (first) {
    // One stop per highlight for the keyboard, named by its quote; Enter opens its menu.
    first.tabIndex = 0;
    first.setAttribute("role", "button");
    first.setAttribute("aria-haspopup", "menu");
    first.setAttribute("aria-label", highlightLabel(highlight.quote));
  }
  if (highlight.note) {
    const note = highlight.note.length > 300 ? `${highlight.note.slice(0, 300)}…` : highlight.note;
    for (const mark of marks) mark.title = `Note: ${note}`;
  }
  return changed;
}

/** Takes the marks out again, leaving the text as it was (split text nodes joined). */
export function clearHighlights(container: Element): void {
  const parents = new Set<Node>();
  for (const mark of Array.from(container.querySelectorAll(MARK_SELECTOR))) {
    const parent = mark.parentNode;
    if (!parent) continue;
    while (mark.firstChild) parent.insertBefore(mark.firstChild, mark);
    parent.removeChild(mark);
    parents.add(parent);
  }
  for (const parent of parents) if (parent.isConnected) parent.normalize();
}

/**
 * Where each child of an element starts in the element's text, kept for one drawing so that finding a character
 * is a descent through the elements that hold it, with a binary search at each level. Element text lengths do not
 * change while marks are drawn (marks add no text); the children of an element a mark went into do, so `wrap`
 * forgets that element's entry.
 */
type ChildIndex = Map<Node, { children: Node[]; starts: number[]; length: number }>;

function childrenOf(element: Node, index: ChildIndex) {
  let entry = index.get(element);
  if (!entry) {
    const children: Node[] = [];
    const starts: number[] = [];
    let at = 0;
    for (let child = element.firstChild; child; child = child.nextSibling) {
      const length =
        child.nodeType === Node.TEXT_NODE
          ? (child as Text).data.length
          : child.nodeType === Node.ELEMENT_NODE
            ? (child.textContent?.length ?? 0)
            : 0;
      if (length === 0) continue;
      children.push(child);
      starts.push(at);
      at += length;
    }
    entry = { children, starts, length: at };
    index.set(element, entry);
  }
  return entry;
}

/**
 * The text node and offset of character `offset` of the container's text. The descent only picks the smallest
 * element that holds the character; dom-anchor-text-position's `toRange` (a maintained library) finds the
 * character inside it, where a walk from the container's top for each of 300 highlights cost 130 ms.
 */
function characterAt(container: Element, offset: number, index: ChildIndex): [Text, number] {
  let root: Node = container;
  let local = offset;
  for (;;) {
    const { children, starts } = childrenOf(root, index);
    // The last child that starts at or before the character.
    let low = 0;
    let high = children.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((starts[middle] as number) <= local) low = middle;
      else high = middle - 1;
    }
    const child = children[low];
    if (!child || child.nodeType !== Node.ELEMENT_NODE) break;
    root = child;
    local -= starts[low] as number;
  }
  const point = toRange(root, { start: local, end: local });
  const node = point.startContainer;
  if (node.nodeType === Node.TEXT_NODE && point.startOffset < (node as Text).data.length) {
    return [node as Text, point.startOffset];
  }
  // toRange leaves the boundary before the character rather than in its text node at the very start of the root
  // (the root itself, offset 0) and after an empty text node: the character is the first of the text from there.
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  let next: Node | null = walker.nextNode();
  if (node.nodeType === Node.TEXT_NODE) {
    walker.currentNode = node;
    next = point.startOffset === 0 ? node : walker.nextNode();
  } else if (node !== root || point.startOffset !== 0) throw new Error("Unexpected boundary");
  for (; next; next = walker.nextNode()) if ((next as Text).data.length > 0) return [next as Text, 0];
  throw new Error("No character at this offset");
}

/** Where characters [start, end) of the container's text are in its text nodes. */
function extentOf(container: Element, span: TextSpan, index: ChildIndex): Extent {
  const [startNode, startOffset] = characterAt(container, span.start, index);
  // The end: just after the span's last character, in the text node that holds it.
  const [endNode, last] = characterAt(container, span.end - 1, index);
  return { startNode, startOffset, endNode, endOffset: last + 1 };
}

/**
 * Anchors each highlight in the container's text (lib/highlight-anchoring.ts) and draws the ones found. The
 * container must hold no marks (a fresh render, or after `clearHighlights`). Older highlights are drawn first, so
 * a newer one over the same words is the inner mark, painted on top. Returns where each was found.
 */
export function drawHighlights(container: Element, highlights: readonly Highlight[]): Map<number, Placement> {
  const text = container.textContent ?? "";
  const placements = new Map<number, Placement>();
  const ordered = [...highlights].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id);
  const index: ChildIndex = new Map();
  for (const highlight of ordered) {
    const span = locateHighlight(text, highlight);
    if (!span) {
      placements.set(highlight.id, { status: "orphaned" });
      continue;
    }
    let extent: Extent;
    try {
      extent = extentOf(container, span, index);
    } catch {
      placements.set(highlight.id, { status: "orphaned" });
      continue;
    }
    for (const parent of wrap(container, extent, highlight)) index.delete(parent);
    placements.set(highlight.id, { status: "anchored", start: span.start, end: span.end });
  }
  return placements;
}

/** The drawn pieces of a highlight under `root`, in document order. */
export function marksOf(root: ParentNode, id: number): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(`mark[data-highlight-id="${id}"]`));
}

/** The Range from a highlight's first drawn piece to its last. */
export function rangeOfMarks(marks: readonly HTMLElement[]): Range | null {
  const first = marks[0];
  const last = marks[marks.length - 1];
  if (!first || !last) return null;
  const range = document.createRange();
  range.setStartBefore(first);
  range.setEndAfter(last);
  return range;
}

/**
 * Takes the reader to a drawn highlight (a list of highlights beside the text): scrolls it into the middle of the
 * window, gives its first piece focus and flashes it once. False when it is not drawn (no longer in the text, or
 * its part is in a tab that is not shown: switch to the highlight's tab first).
 */
export function revealHighlight(root: ParentNode, id: number): boolean {
  const marks = marksOf(root, id);
  const first = marks[0];
  if (!first || first.getClientRects().length === 0) return false;
  const reduced = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  first.scrollIntoView({ block: "center", behavior: reduced ? "auto" : "smooth" });
  first.focus({ preventScroll: true });
  for (const mark of marks) {
    mark.classList.remove("highlight-flash");
    // Restarts the animation when the same highlight is revealed twice in a row.
    void mark.offsetWidth;
    mark.classList.add("highlight-flash");
    mark.addEventListener("animationend", () => mark.classList.remove("highlight-flash"), { once: true });
  }
  return true;
}
