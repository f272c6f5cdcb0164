import { fromRange, toRange } from "dom-anchor-text-position";
import { type HighlightSelectors, selectorsAt } from "../../worker/domain/highlights/selectors";
import type { Highlight } from "../api/types";
import { highlightLabel, locateHighlight, trimSpan } from "./highlight-anchoring";
import type { Placement } from "./highlight-placements";

/**
 * Highlights in the rendered viewer: the selectors of a selection, and the <mark> elements that show stored
 * highlights. Positions count the characters of the container's text nodes in order (its `textContent`): what
 * dom-anchor-text-position converts to and from DOM Ranges, and what the Worker counts (article-text.ts).
 */

export const MARK_SELECTOR = "mark[data-highlight-id]";

/**
 * The W3C selectors of `range` within `container` (the content, the summary or the title): its place in the
 * container's text (TextPositionSelector) and its quote with 32 characters of context (TextQuoteSelector).
 * Null when the range holds no visible text.
 */
export function selectorsOfRange(container: Element, range: Range): HighlightSelectors | null {
  const text = container.textContent ?? "";
  const span = trimSpan(text, fromRange(container, range));
  return span ? selectorsAt(text, span.start, span.end) : null;
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

/** The parts of text nodes `range` covers, in document order, collected before anything is split. */
function piecesOf(range: Range): Piece[] {
  const common = range.commonAncestorContainer;
  const pieces: Piece[] = [];
  const add = (node: Text) => {
    const from = node === range.startContainer ? range.startOffset : 0;
    const to = node === range.endContainer ? range.endOffset : node.data.length;
    if (from >= to) return;
    // Whitespace alone between blocks is left as it is.
    if (!/\S/.test(node.data) && BLOCK_PARENTS.has(node.parentElement?.tagName ?? "")) return;
    pieces.push({ node, from, to });
  };
  if (common.nodeType === Node.TEXT_NODE) {
    add(common as Text);
    return pieces;
  }
  const walker = document.createTreeWalker(common, NodeFilter.SHOW_TEXT);
  // From the range's own start, not the top of the container: 300 highlights must not walk the article 300 times.
  let node: Node | null;
  if (range.startContainer.nodeType === Node.TEXT_NODE) {
    walker.currentNode = range.startContainer;
    node = range.startContainer;
  } else node = walker.nextNode();
  let started = false;
  for (; node; node = walker.nextNode()) {
    if (range.intersectsNode(node)) {
      started = true;
      add(node as Text);
    } else if (started) break;
    if (node === range.endContainer) break;
  }
  return pieces;
}

/** Wraps each covered part of a text node in a <mark> for the highlight; returns the marks, in order. */
function wrap(range: Range, highlight: Highlight): HTMLElement[] {
  const marks: HTMLElement[] = [];
  for (const { node, from, to } of piecesOf(range)) {
    let target = node;
    if (to < target.data.length) target.splitText(to);
    if (from > 0) target = target.splitText(from);
    const mark = document.createElement("mark");
    mark.className = `highlight highlight-${highlight.color}${highlight.note ? " highlight-noted" : ""}`;
    mark.dataset.highlightId = String(highlight.id);
    target.parentNode?.insertBefore(mark, target);
    mark.appendChild(target);
    marks.push(mark);
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
  return marks;
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
 * Anchors each highlight in the container's text (lib/highlight-anchoring.ts) and draws the ones found. The
 * container must hold no marks (a fresh render, or after `clearHighlights`). Older highlights are drawn first, so
 * a newer one over the same words is the inner mark, painted on top. Returns where each was found.
 */
export function drawHighlights(container: Element, highlights: readonly Highlight[]): Map<number, Placement> {
  const text = container.textContent ?? "";
  const placements = new Map<number, Placement>();
  const ordered = [...highlights].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id);
  for (const highlight of ordered) {
    const span = locateHighlight(text, highlight);
    if (!span) {
      placements.set(highlight.id, { status: "orphaned" });
      continue;
    }
    let range: Range;
    try {
      range = toRange(container, span);
    } catch {
      placements.set(highlight.id, { status: "orphaned" });
      continue;
    }
    wrap(range, highlight);
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
