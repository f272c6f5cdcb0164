import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { sanitizeArticleHtml } from "../../lib/sanitize-html";
import {
  type Box,
  hasFormatting,
  isInsideEditable,
  isShareableLength,
  normaliseQuote,
  type SelectedText,
  visibleBounds,
} from "../../lib/text-selection";

export type QuoteSource = "title" | "summary" | "content";

/** A passage the reader selected in the title, the summary or the content, captured when the menu opened. */
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
  /** The selected text's box in page coordinates (it scrolls with the text): the menu goes beside it, not over it. */
  anchor: Box;
  /** What had focus before the menu took it (the tab panel, usually), to give back when the reader is done. */
  returnFocus: HTMLElement | null;
  /** The selected text without blank ends, and the element of its part (title, summary, content): what is highlighted. */
  range: Range;
  container: Element;
}

/** The containers a quote may come from; a selection must start and end inside the same one. */
const SOURCES: readonly [QuoteSource, string][] = [
  ["title", ".viewer-title"],
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
export function formattedHtml(range: Range, container: Element): string | null {
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

/** Whether an element is rendered (not in a hidden tab panel or `display: none`). */
function isRendered(element: Element): boolean {
  // checkVisibility is missing before Safari 17.4; an element that is not rendered has no boxes either.
  const check = (element as Partial<Pick<Element, "checkVisibility">>).checkVisibility;
  return check ? check.call(element) : element.getClientRects().length > 0;
}

/**
 * The part of `range` from its first to its last visible selected character (lib/text-selection.ts
 * `visibleBounds`): a triple click's run-on into the next block, or a drag's start in the blank between two
 * blocks, is left out. The reader's own selection is not changed (that would fight Shift+arrow extension).
 */
function visibleRange(range: Range): Range | null {
  const common = range.commonAncestorContainer;
  const nodes: Text[] = [];
  if (common.nodeType === Node.TEXT_NODE) nodes.push(common as Text);
  else {
    // Text that is not shown (the hidden tab panels a triple click runs over) is not selected text.
    const walker = document.createTreeWalker(common, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, (node) => {
      if (node instanceof Element) return isRendered(node) ? NodeFilter.FILTER_SKIP : NodeFilter.FILTER_REJECT;
      return range.intersectsNode(node) ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP;
    });
    for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text);
  }
  const texts: SelectedText[] = nodes.map((node) => ({
    data: node.data,
    from: node === range.startContainer ? range.startOffset : 0,
    to: node === range.endContainer ? range.endOffset : node.data.length,
  }));
  const bounds = visibleBounds(texts);
  if (!bounds) return null;
  const visible = document.createRange();
  visible.setStart(nodes[bounds.start.index] as Text, bounds.start.offset);
  visible.setEnd(nodes[bounds.end.index] as Text, bounds.end.offset);
  return visible;
}

/** The box around the selected text's lines, in page coordinates. */
function anchorOf(range: Range): Box {
  const rects = Array.from(range.getClientRects()).filter((rect) => rect.width > 0 || rect.height > 0);
  const all = rects.length > 0 ? rects : [range.getBoundingClientRect()];
  return {
    left: Math.min(...all.map((rect) => rect.left)) + window.scrollX,
    top: Math.min(...all.map((rect) => rect.top)) + window.scrollY,
    right: Math.max(...all.map((rect) => rect.right)) + window.scrollX,
    bottom: Math.max(...all.map((rect) => rect.bottom)) + window.scrollY,
  };
}

/**
 * The current selection as a quote, or null when it is not one (too short or long, outside, in a field).
 * `selected` is the reader's selection as it is (what the menu remembers it by), `anchor` where its text is.
 */
function readQuote(
  root: HTMLElement,
): { quote: Quote; selected: Range; anchor: Box; range: Range; container: Element } | null {
  const selection = document.getSelection();
  if (!selection || selection.rangeCount === 0 || selection.isCollapsed || editingText()) return null;
  const selected = selection.getRangeAt(0);
  const range = visibleRange(selected);
  if (!range) return null;
  const start = sourceOf(range.startContainer, root);
  const end = sourceOf(range.endContainer, root);
  if (!start || !end || start.element !== end.element) return null;
  if (isInsideEditable(range.startContainer) || isInsideEditable(range.endContainer)) return null;
  // The selection's own text keeps the breaks between blocks (a range's text has none); what it holds beyond the
  // visible range is whitespace and empty bullets, which normaliseQuote drops.
  const text = normaliseQuote(selection.toString());
  if (!isShareableLength(text)) return null;
  return {
    quote: { text, html: formattedHtml(range, start.element), source: start.source },
    selected,
    anchor: anchorOf(range),
    range,
    container: start.element,
  };
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

function pointInRange(range: Range, x: number, y: number): boolean {
  return Array.from(range.getClientRects()).some(
    (rect) => x >= rect.left && x <= rect.right && y >= rect.top && y <= rect.bottom,
  );
}

/**
 * The viewer's selection menu (spec §2): selecting 3 to 5,000 characters in the title, the summary or the content
 * opens it, however the text was selected: a drag, a double or triple click, a double click then a Shift+click
 * (all settle when the pointer is released), Shift+arrow keys (settles when Shift is released) or Ctrl+A; and so
 * does a right click on such a selection, which then replaces the browser's menu. Elsewhere, or for any other
 * selection, the browser behaves as usual. The open menu follows its selection as it changes (Shift+arrows in the
 * menu extend it) or moves (the window is resized) and closes when the selection goes away; a menu closed without choosing does not reopen for the
 * same selection until the reader right-clicks it or selects again.
 *
 * `menu` is the element of the open menu, so clicks inside it are not read as a new selection.
 */
export function useTextSelection(root: RefObject<HTMLElement | null>, menu: RefObject<HTMLElement | null>) {
  const [state, setState] = useState<SelectionMenuState | null>(null);
  const dismissed = useRef<Range | null>(null);
  const shown = useRef<Range | null>(null);
  const current = useRef<SelectionMenuState | null>(null);
  current.current = state;

  const close = useCallback(() => {
    dismissed.current = shown.current;
    shown.current = null;
    setState(null);
  }, []);

  useEffect(() => {
    const inMenu = (target: EventTarget | null) => target instanceof Node && Boolean(menu.current?.contains(target));
    // While a button is down the selection is still being made (a drag, the clicks of a triple click): it is read
    // when the button is released, never halfway.
    let pointerHeld = false;

    const open = (explicit: boolean): boolean => {
      const element = root.current;
      const found = element ? readQuote(element) : null;
      if (!found) return false;
      if (!explicit && (sameRange(dismissed.current, found.selected) || sameRange(shown.current, found.selected))) {
        return false;
      }
      shown.current = found.selected.cloneRange();
      dismissed.current = null;
      const active = document.activeElement;
      setState((previous) => ({
        quote: found.quote,
        anchor: found.anchor,
        range: found.range,
        container: found.container,
        // Reopened over a new selection while open: focus is in the menu now, the earlier target still holds.
        returnFocus: previous ? previous.returnFocus : active instanceof HTMLElement ? active : null,
      }));
      return true;
    };

    /** The open menu's selection changed (extended from the keyboard): show the new quote, or close if none. */
    const follow = () => {
      if (!shown.current) return;
      const element = root.current;
      const found = element ? readQuote(element) : null;
      if (!found) {
        const back = current.current?.returnFocus ?? null;
        // Focus goes back to the text, so further Shift+arrows keep extending the selection there.
        if (document.activeElement && inMenu(document.activeElement)) back?.focus({ preventScroll: true });
        close();
        return;
      }
      shown.current = found.selected.cloneRange();
      setState(
        (previous) =>
          previous && {
            ...previous,
            quote: found.quote,
            anchor: found.anchor,
            range: found.range,
            container: found.container,
          },
      );
    };

    // After the release the browser may still collapse a click into a caret; read the settled selection.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const later = (action: () => void) => {
      clearTimeout(timer);
      timer = setTimeout(action, 0);
    };

    const onPointerDown = (event: PointerEvent) => {
      if (event.isPrimary && !inMenu(event.target)) pointerHeld = true;
    };
    const onPointerUp = (event: PointerEvent) => {
      if (!event.isPrimary) return;
      pointerHeld = false;
      if (event.button !== 0 || inMenu(event.target)) return;
      later(() => open(false));
    };
    const onPointerCancel = () => {
      pointerHeld = false;
    };
    // A touch selection (long press, then the handles) often ends in pointercancel, as the browser took the gesture.
    const onTouchEnd = (event: TouchEvent) => {
      if (!inMenu(event.target)) later(() => open(false));
    };
    const onKeyUp = (event: KeyboardEvent) => {
      if (inMenu(event.target)) return;
      const selectAll = (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "a";
      if (event.key === "Shift" || selectAll) later(() => open(false));
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
      if (open(true)) event.preventDefault();
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
      if (shown.current && !pointerHeld && !sameRange(shown.current, range)) later(follow);
    };

    document.addEventListener("pointerdown", onPointerDown, true);
    document.addEventListener("pointerup", onPointerUp, true);
    document.addEventListener("pointercancel", onPointerCancel, true);
    document.addEventListener("touchend", onTouchEnd);
    document.addEventListener("keyup", onKeyUp);
    document.addEventListener("contextmenu", onContextMenu);
    // A resize reflows the text (a phone's URL bar shows and hides as the page scrolls, a window is narrowed): the
    // open menu moves to where its selection now is, rather than closing under the reader's finger.
    const onResize = () => {
      if (shown.current) later(follow);
    };

    document.addEventListener("selectionchange", onSelectionChange);
    window.addEventListener("resize", onResize);
    return () => {
      window.removeEventListener("resize", onResize);
      clearTimeout(timer);
      document.removeEventListener("pointerdown", onPointerDown, true);
      document.removeEventListener("pointerup", onPointerUp, true);
      document.removeEventListener("pointercancel", onPointerCancel, true);
      document.removeEventListener("touchend", onTouchEnd);
      document.removeEventListener("keyup", onKeyUp);
      document.removeEventListener("contextmenu", onContextMenu);
      document.removeEventListener("selectionchange", onSelectionChange);
    };
  }, [root, menu, close]);

  return { menu: state, close };
}
