import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { sanitizeArticleHtml } from "../../lib/sanitize-html";
import { hasFormatting, isInsideEditable, isShareableLength, normaliseQuote } from "../../lib/text-selection";

export type QuoteSource = "summary" | "content";

/** A passage the reader selected in the summary or the content, captured when the menu opened. */
export interface Quote {
  /** Normalised plain text (lib/text-selection.ts), 3 to 5,000 characters. */
  text: string;
  /**
   * The selection with its formatting (bold, lists, headings) as sanitised HTML without images or links, or null
   * when it has no formatting: then 'Preserve markdown formatting' is not offered.
   */
  html: string | null;
  source: QuoteSource;
}

export interface SelectionMenuState {
  quote: Quote;
  /** Where the menu goes, in page coordinates (scrolls with the text). */
  x: number;
  y: number;
  /** What had focus before the menu took it (the tab panel, usually), to give back when the reader is done. */
  returnFocus: HTMLElement | null;
}

/** The containers a quote may come from; a selection must start and end inside the same one. */
const SOURCES: readonly [QuoteSource, string][] = [
  ["summary", ".viewer-summary"],
  ["content", ".viewer-content"],
];

function elementOf(node: Node | null): Element | null {
  if (!node) return null;
  return node.nodeType === Node.ELEMENT_NODE ? (node as Element) : node.parentElement;
}

function sourceOf(node: Node | null, root: HTMLElement): { source: QuoteSource; element: Element } | null {
  const element = elementOf(node);
  if (!element || !root.contains(element)) return null;
  for (const [source, selector] of SOURCES) {
    const container = element.closest(selector);
    if (container && root.contains(container)) return { source, element: container };
  }
  return null;
}

/** Text being edited has a selection of its own (inside an input or text area); that is never a quote. */
function editingText(): boolean {
  const active = document.activeElement;
  return active instanceof HTMLElement && (active.matches("input, textarea, select") || active.isContentEditable);
}

/**
 * The selection's formatting: its fragment, wrapped in the formatting elements that hold the whole of it (a
 * selection inside one bold run or one list item carries no element of its own), reduced to the app's HTML
 * allowlist, with images and links taken out (an image cannot show them usefully).
 */
function formattedHtml(range: Range, container: Element): string | null {
  let inner: Node = range.cloneContents();
  for (
    let ancestor = elementOf(range.commonAncestorContainer);
    ancestor && ancestor !== container && container.contains(ancestor);
    ancestor = ancestor.parentElement
  ) {
    const shell = ancestor.cloneNode(false);
    shell.appendChild(inner);
    inner = shell;
  }
  const holder = document.createElement("div");
  holder.appendChild(inner);
  const clean = sanitizeArticleHtml(holder.innerHTML);
  // An inert document: nothing in it loads or runs while it is trimmed.
  const doc = new DOMParser().parseFromString(`<body>${clean}</body>`, "text/html");
  for (const image of Array.from(doc.body.querySelectorAll("img, figure"))) {
    if (image.localName === "figure") image.replaceWith(...Array.from(image.childNodes));
    else image.remove();
  }
  for (const link of Array.from(doc.body.querySelectorAll("a"))) link.replaceWith(...Array.from(link.childNodes));
  const tags = Array.from(doc.body.querySelectorAll("*"), (element) => element.localName);
  return hasFormatting(tags) ? doc.body.innerHTML : null;
}

/** The current selection as a quote, or null when it is not one (too short or long, outside, in a field). */
function readQuote(root: HTMLElement): { quote: Quote; range: Range } | null {
  const selection = document.getSelection();
  if (!selection || selection.rangeCount === 0 || selection.isCollapsed || editingText()) return null;
  const range = selection.getRangeAt(0);
  const start = sourceOf(range.startContainer, root);
  const end = sourceOf(range.endContainer, root);
  if (!start || !end || start.element !== end.element) return null;
  if (isInsideEditable(range.startContainer) || isInsideEditable(range.endContainer)) return null;
  const text = normaliseQuote(selection.toString());
  if (!isShareableLength(text)) return null;
  return { quote: { text, html: formattedHtml(range, start.element), source: start.source }, range };
}

function sameRange(a: Range | null, b: Range): boolean {
  return (
    a !== null &&
    a.startContainer === b.startContainer &&
    a.startOffset === b.startOffset &&
    a.endContainer === b.endContainer &&
    a.endOffset === b.endOffset
  );
}

/** Where a menu opened from the keyboard goes: under the end of the selection, or its last line. */
function keyboardPoint(range: Range): { x: number; y: number } {
  const rects = Array.from(range.getClientRects()).filter((rect) => rect.width > 0 || rect.height > 0);
  const last = rects.at(-1) ?? range.getBoundingClientRect();
  // A selection longer than the screen: keep the menu on the screen.
  const y = Math.min(Math.max(last.bottom, 0), window.innerHeight - 8);
  return { x: last.right, y };
}

function pointInRange(range: Range, x: number, y: number): boolean {
  return Array.from(range.getClientRects()).some(
    (rect) => x >= rect.left && x <= rect.right && y >= rect.top && y <= rect.bottom,
  );
}

/**
 * The viewer's selection menu (spec §2): selecting 3 to 5,000 characters in the summary or the content opens it
 * (mouse or touch release, or releasing Shift / Ctrl+A after selecting with the keyboard), and so does a right
 * click on such a selection, which then replaces the browser's menu. Elsewhere, or for any other selection, the
 * browser behaves as usual. A menu closed without choosing does not reopen for the same selection until the
 * reader right-clicks it or selects again.
 *
 * `menu` is the element of the open menu, so clicks inside it are not read as a new selection.
 */
export function useTextSelection(root: RefObject<HTMLElement | null>, menu: RefObject<HTMLElement | null>) {
  const [state, setState] = useState<SelectionMenuState | null>(null);
  const dismissed = useRef<Range | null>(null);
  const shown = useRef<Range | null>(null);

  const close = useCallback(() => {
    dismissed.current = shown.current;
    shown.current = null;
    setState(null);
  }, []);

  useEffect(() => {
    const inMenu = (target: EventTarget | null) => target instanceof Node && Boolean(menu.current?.contains(target));

    const open = (point: { x: number; y: number } | null, explicit: boolean): boolean => {
      const element = root.current;
      const found = element ? readQuote(element) : null;
      if (!found) return false;
      if (!explicit && (sameRange(dismissed.current, found.range) || sameRange(shown.current, found.range))) {
        return false;
      }
      const at = point ?? keyboardPoint(found.range);
      shown.current = found.range.cloneRange();
      dismissed.current = null;
      const active = document.activeElement;
      setState((current) => ({
        quote: found.quote,
        x: at.x + window.scrollX,
        y: at.y + window.scrollY,
        // Reopened over a new selection while open: focus is in the menu now, the earlier target still holds.
        returnFocus: current ? current.returnFocus : active instanceof HTMLElement ? active : null,
      }));
      return true;
    };

    // After the release the browser may still collapse a click into a caret; read the settled selection.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const later = (action: () => void) => {
      clearTimeout(timer);
      timer = setTimeout(action, 0);
    };

    const onMouseUp = (event: MouseEvent) => {
      if (event.button !== 0 || inMenu(event.target)) return;
      const point = { x: event.clientX, y: event.clientY };
      later(() => open(point, false));
    };
    const onTouchEnd = (event: TouchEvent) => {
      if (inMenu(event.target)) return;
      later(() => open(null, false));
    };
    const onKeyUp = (event: KeyboardEvent) => {
      if (inMenu(event.target)) return;
      const selectAll = (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "a";
      if (event.key === "Shift" || selectAll) later(() => open(null, false));
    };
    const onContextMenu = (event: MouseEvent) => {
      if (inMenu(event.target)) {
        event.preventDefault();
        return;
      }
      const selection = document.getSelection();
      const range = selection && selection.rangeCount > 0 ? selection.getRangeAt(0) : null;
      // Only a right click on the selected text itself: anywhere else the browser's own menu is what is wanted.
      if (!range || !pointInRange(range, event.clientX, event.clientY)) return;
      if (open({ x: event.clientX, y: event.clientY }, true)) event.preventDefault();
    };
    const onSelectionChange = () => {
      const selection = document.getSelection();
      const range = selection && selection.rangeCount > 0 ? selection.getRangeAt(0) : null;
      if (!range || selection?.isCollapsed) {
        dismissed.current = null;
        if (shown.current) close();
        return;
      }
      if (!sameRange(dismissed.current, range)) dismissed.current = null;
    };

    document.addEventListener("mouseup", onMouseUp);
    document.addEventListener("touchend", onTouchEnd);
    document.addEventListener("keyup", onKeyUp);
    document.addEventListener("contextmenu", onContextMenu);
    document.addEventListener("selectionchange", onSelectionChange);
    return () => {
      clearTimeout(timer);
      document.removeEventListener("mouseup", onMouseUp);
      document.removeEventListener("touchend", onTouchEnd);
      document.removeEventListener("keyup", onKeyUp);
      document.removeEventListener("contextmenu", onContextMenu);
      document.removeEventListener("selectionchange", onSelectionChange);
    };
  }, [root, menu, close]);

  return { menu: state, close };
}
