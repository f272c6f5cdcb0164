import { type RefObject, useLayoutEffect, useMemo, useRef } from "react";
import type { Highlight, HighlightTarget } from "../../api/types";
import { positionSelectorOf, quoteSelectorOf, sameHighlight } from "../../lib/highlight-anchoring";
import { clearHighlights, drawHighlights, MARK_SELECTOR, marksOf } from "../../lib/highlight-marks";
import { reportPlacements } from "../../lib/highlight-placements";

/** The elements whose text a highlight's selectors count in (the same ones the selection menu quotes from). */
export const HIGHLIGHT_CONTAINERS: Record<HighlightTarget, string> = {
  title: ".viewer-title",
  summary: ".viewer-summary",
  content: ".viewer-content",
};
const TARGETS: readonly HighlightTarget[] = ["title", "summary", "content"];

/** What is drawn in one part: when it changes, the part is drawn again. */
function signature(highlights: readonly Highlight[]): string {
  return highlights
    .map((h) => {
      const quote = quoteSelectorOf(h);
      const position = positionSelectorOf(h);
      return JSON.stringify([h.id, h.color, h.note, quote.exact, quote.prefix, quote.suffix, position?.start]);
    })
    .join("\n");
}

/** FNV-1a, 32 bits, in base 36: a short React key for a long signature. */
function hash(value: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < value.length; i++) {
    h ^= value.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}

interface Drawn {
  container: Element;
  text: string | null;
  signature: string;
  highlights: readonly Highlight[];
}

/**
 * Draws the article's highlights as <mark> elements in the title, the summary and the content, after React has
 * rendered them, and reports where each was found (lib/highlight-placements.ts).
 *
 * React must never reconcile a text node that a mark split. The content is set as HTML (React leaves what is
 * inside alone unless the HTML changes, and then replaces all of it), so its marks are cleared and drawn again in
 * place. The summary and the title are React elements: they get the returned `keys`, which change whenever their
 * text or highlights do, so React puts in a fresh element instead of updating the one with marks in it.
 */
export function useHighlightLayer(
  root: RefObject<HTMLElement | null>,
  articleId: number,
  highlights: readonly Highlight[],
  texts: Record<HighlightTarget, string | null>,
) {
  const byTarget = useMemo(() => {
    const groups: Record<HighlightTarget, Highlight[]> = { title: [], summary: [], content: [] };
    for (const highlight of highlights) groups[highlight.target]?.push(highlight);
    return groups;
  }, [highlights]);
  const signatures = useMemo(
    () => ({
      title: signature(byTarget.title),
      summary: signature(byTarget.summary),
      content: signature(byTarget.content),
    }),
    [byTarget],
  );
  const keyOf = (target: HighlightTarget) =>
    signatures[target] ? `marked-${hash(`${texts[target] ?? ""}\u0000${signatures[target]}`)}` : "plain";
  const keys = { title: keyOf("title"), summary: keyOf("summary") };

  const drawn = useRef(new Map<HighlightTarget, Drawn>());
  const focusWanted = useRef<Highlight | null>(null);
  // The highlight that has focus, read while rendering: by the time effects run, a keyed part's marks (and the
  // focus in them) are gone from the page. Reading the DOM here changes nothing.
  const hadFocus = useRef<Highlight | null>(null);
  const active = typeof document === "undefined" ? null : document.activeElement;
  if (active instanceof HTMLElement && active.matches(MARK_SELECTOR)) {
    const id = Number(active.dataset.highlightId);
    for (const part of drawn.current.values()) {
      const found = part.highlights.find((h) => h.id === id);
      if (found) hadFocus.current = found;
    }
  }

  useLayoutEffect(() => {
    const element = root.current;
    if (!element) return;
    const focusLost = !document.activeElement || document.activeElement === document.body;
    let refocus: Highlight | null = focusWanted.current ?? (focusLost ? hadFocus.current : null);
    hadFocus.current = null;
    for (const target of TARGETS) {
      const container = element.querySelector(HIGHLIGHT_CONTAINERS[target]);
      const last = drawn.current.get(target);
      if (!container) {
        if (last) {
          drawn.current.delete(target);
          reportPlacements(articleId, target, null);
        }
        continue;
      }
      const text = texts[target];
      if (last && last.container === container && last.text === text && last.signature === signatures[target]) {
        continue;
      }
      const focusedMark = document.activeElement;
      if (last && focusedMark instanceof HTMLElement && focusedMark.matches(MARK_SELECTOR)) {
        if (container.contains(focusedMark)) {
          const id = Number(focusedMark.dataset.highlightId);
          refocus ??= last.highlights.find((h) => h.id === id) ?? null;
        }
      }
      // Only the content keeps its element while its marks change (see above); a keyed part is a fresh element.
      if (last && last.container === container) clearHighlights(container);
      const placements = drawHighlights(container, byTarget[target]);
      drawn.current.set(target, { container, text, signature: signatures[target], highlights: byTarget[target] });
      reportPlacements(articleId, target, placements);
    }
    if (refocus) {
      const wanted: Highlight = refocus;
      const now = highlights.find((h) => sameHighlight(h, wanted));
      const mark = now ? marksOf(element, now.id)[0] : undefined;
      if (mark) mark.focus({ preventScroll: true });
      // Asked for and drawn, or no longer there to be drawn (its saving failed).
      if (mark || !now) focusWanted.current = null;
    }
  });

  // Nothing is left drawn or reported for an article that is closed.
  useLayoutEffect(() => {
    const parts = drawn.current;
    return () => {
      for (const target of parts.keys()) reportPlacements(articleId, target, null);
      parts.clear();
    };
  }, [articleId]);

  return {
    keys,
    /** Focus goes to this highlight once it is drawn (a highlight just made from the keyboard). */
    focusWhenDrawn: (highlight: Highlight) => {
      focusWanted.current = highlight;
    },
  };
}
