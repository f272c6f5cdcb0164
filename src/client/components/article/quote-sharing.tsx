import { type RefObject, useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { Article, Highlight } from "../../api/types";
import { formattedHtml, type Quote, useTextSelection } from "../../hooks/article/use-text-selection";
import { useToast } from "../../hooks/use-toast";
import { copyText } from "../../lib/clipboard";
import { sameHighlight } from "../../lib/highlight-anchoring";
import { MARK_SELECTOR, marksOf, rangeOfMarks, selectorsOfRange } from "../../lib/highlight-marks";
import { type Box, normaliseQuote } from "../../lib/text-selection";
import type { HighlightActions } from "../../queries/highlights";
import { SLOGAN } from "../logo";
import { HighlightMenu } from "./highlight-menu";
import { SelectionMenu } from "./selection-menu";
import { ShareDialog } from "./share-dialog";
import "../../styles/share.css";

/** The box around a highlight's drawn pieces, in page coordinates. */
function boxOf(marks: readonly HTMLElement[]): Box | null {
  const rects = marks.flatMap((mark) => Array.from(mark.getClientRects())).filter((r) => r.width > 0 || r.height > 0);
  if (rects.length === 0) return null;
  return {
    left: Math.min(...rects.map((r) => r.left)) + window.scrollX,
    top: Math.min(...rects.map((r) => r.top)) + window.scrollY,
    right: Math.max(...rects.map((r) => r.right)) + window.scrollX,
    bottom: Math.max(...rects.map((r) => r.bottom)) + window.scrollY,
  };
}

interface Sharing {
  quote: Quote;
  /** A highlight's note, offered as the card's caption. */
  caption: string | null;
  returnFocus: HTMLElement | null;
}

interface OpenHighlight {
  highlight: Highlight;
  withNote: boolean;
}

/**
 * Quoting and highlighting in the viewer (spec §2 'Text selection and share image', issue 32): the selection menu
 * over the title, the summary and the content under `root` ('Highlight', 'Share as Image', 'Copy Text'), the menu
 * of a drawn highlight (click it, or Enter on it), copying, and the 'Share as Image' dialog.
 */
export function QuoteSharing({
  root,
  article,
  direction,
  highlights,
  actions,
  focusWhenDrawn,
}: {
  root: RefObject<HTMLElement | null>;
  article: Article;
  direction: "ltr" | "rtl";
  highlights: readonly Highlight[];
  actions: HighlightActions;
  focusWhenDrawn: (highlight: Highlight) => void;
}) {
  const menuRef = useRef<HTMLDivElement>(null);
  const { menu, close } = useTextSelection(root, menuRef);
  const [sharing, setSharing] = useState<Sharing | null>(null);
  const [open, setOpen] = useState<OpenHighlight | null>(null);
  const toast = useToast();

  const returnFocus = menu?.returnFocus ?? null;
  const closeMenu = useCallback(
    ({ restoreFocus }: { restoreFocus: boolean }) => {
      close();
      if (restoreFocus) returnFocus?.focus({ preventScroll: true });
    },
    [close, returnFocus],
  );

  async function copy(text: string) {
    try {
      await copyText(text);
      toast.success("Copied to clipboard");
    } catch {
      toast.error("Could not copy the text. Press Ctrl+C (⌘C on a Mac) to copy the selection.");
    }
  }

  function highlightSelection() {
    if (!menu) return;
    const selectors = selectorsOfRange(menu.container, menu.range);
    close();
    if (!selectors) return;
    document.getSelection()?.removeAllRanges();
    const created = actions.create({ target: menu.quote.source, color: "yellow", selectors });
    // Enter on it opens its menu: a colour or a note is one more key away.
    focusWhenDrawn(created);
  }

  // The open highlight as it is now (a new colour, its id from the server) and where it is drawn: the page may
  // still show it under the id it had when this renders (the marks are drawn again after the render).
  const current = open ? (highlights.find((h) => sameHighlight(h, open.highlight)) ?? null) : null;
  const drawnMarks = (id: number) => (root.current ? marksOf(root.current, id) : []);
  let marks = current ? drawnMarks(current.id) : [];
  if (marks.length === 0 && open) marks = drawnMarks(open.highlight.id);
  const anchor = marks.length > 0 ? boxOf(marks) : null;
  const anchorKey = anchor ? `${anchor.left},${anchor.top},${anchor.right},${anchor.bottom}` : "";
  // biome-ignore lint/correctness/useExhaustiveDependencies: the same box while its corners are the same
  const stableAnchor = useMemo(() => anchor, [anchorKey]);

  // Deleted (here or elsewhere) or no longer drawn: its menu goes. Checked after the highlights are drawn.
  const openRef = useRef(open);
  openRef.current = open;
  const latest = useRef(highlights);
  latest.current = highlights;
  useEffect(() => {
    const was = openRef.current;
    if (!was) return;
    const now = latest.current.find((h) => sameHighlight(h, was.highlight));
    if (!now || !root.current || marksOf(root.current, now.id).length === 0) setOpen(null);
  });

  const closeHighlight = useCallback(
    ({ restoreFocus }: { restoreFocus: boolean }) => {
      const was = openRef.current;
      setOpen(null);
      if (!restoreFocus || !was || !root.current) return;
      const id = latest.current.find((h) => sameHighlight(h, was.highlight))?.id;
      if (id !== undefined) marksOf(root.current, id)[0]?.focus({ preventScroll: true });
    },
    [root],
  );

  // A click on a highlight (not a drag that ends on one, not a link in one) or Enter on it opens its menu.
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const openFor = (mark: Element, withNote = false) => {
      const id = Number((mark as HTMLElement).dataset.highlightId);
      const highlight = latest.current.find((h) => h.id === id);
      if (highlight) setOpen({ highlight, withNote });
    };
    const markOf = (target: EventTarget | null) =>
      target instanceof Element ? (target.closest(MARK_SELECTOR) as HTMLElement | null) : null;
    const onClick = (event: MouseEvent) => {
      const mark = markOf(event.target);
      if (!mark || !element.contains(mark) || (event.target as Element).closest("a")) return;
      const selection = document.getSelection();
      if (selection && !selection.isCollapsed) return;
      openFor(mark);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const mark = markOf(event.target);
      if (!mark || event.target !== mark || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        openFor(mark);
      } else if (event.key.toLowerCase() === "n") {
        event.preventDefault();
        openFor(mark, true);
      }
    };
    element.addEventListener("click", onClick);
    element.addEventListener("keydown", onKeyDown);
    return () => {
      element.removeEventListener("click", onClick);
      element.removeEventListener("keydown", onKeyDown);
    };
  }, [root]);

  function shareHighlight(highlight: Highlight) {
    const container = marks[0]?.closest(".viewer-title, .viewer-summary, .viewer-content");
    const range = rangeOfMarks(marks);
    const returnTo = marks[0] ?? null;
    setOpen(null);
    setSharing({
      quote: {
        text: normaliseQuote(highlight.quote),
        html: range && container ? formattedHtml(range, container) : null,
        source: highlight.target,
      },
      caption: highlight.note,
      returnFocus: returnTo,
    });
  }

  function deleteHighlight(highlight: Highlight) {
    // Its marks go with it: focus goes to the text around it.
    const panel = marks[0]?.closest<HTMLElement>('[role="tabpanel"]');
    setOpen(null);
    void actions.remove(highlight);
    panel?.focus({ preventScroll: true });
  }

  function closeDialog() {
    const back = sharing?.returnFocus;
    setSharing(null);
    if (back?.isConnected) back.focus({ preventScroll: true });
  }

  return (
    <>
      {menu ? (
        <SelectionMenu
          menuRef={menuRef}
          anchor={menu.anchor}
          onHighlight={highlightSelection}
          onShare={() => {
            close();
            setSharing({ quote: menu.quote, caption: null, returnFocus });
          }}
          onCopy={() => {
            closeMenu({ restoreFocus: true });
            void copy(menu.quote.text);
          }}
          onClose={closeMenu}
        />
      ) : null}
      {open && current && stableAnchor ? (
        <HighlightMenu
          key={open.highlight.client_id ?? open.highlight.id}
          highlight={current}
          anchor={stableAnchor}
          startWithNote={open.withNote}
          onColor={(color) => void actions.update(current, { color })}
          onSaveNote={(note) => void actions.update(current, { note })}
          onShare={() => shareHighlight(current)}
          onCopy={() => {
            closeHighlight({ restoreFocus: true });
            void copy(normaliseQuote(current.quote));
          }}
          onDelete={() => deleteHighlight(current)}
          onClose={closeHighlight}
        />
      ) : null}
      {sharing ? (
        <ShareDialog
          quote={sharing.quote}
          caption={sharing.caption}
          slogan={SLOGAN}
          title={article.title}
          url={article.url}
          language={article.language}
          direction={direction}
          onClose={closeDialog}
        />
      ) : null}
    </>
  );
}
