import { type RefObject, useEffect, useRef } from "react";
import type { Highlight } from "../../api/types";
import { tabOfTarget } from "../../lib/highlight-list";
import { revealHighlight } from "../../lib/reveal-highlight";
import { useToast } from "../use-toast";

/** The highlight a link asks for (`/article/7?highlight=12`, from /#/highlights), or null. */
export function highlightParam(search: string): number | null {
  const value = new URLSearchParams(search).get("highlight");
  return value && /^\d{1,15}$/.test(value) ? Number(value) : null;
}

/**
 * Opens the article at one highlight (issue 50): once the article's highlights have loaded, the tab that holds it
 * opens and the viewer scrolls to it and flashes it (as the panel's click does). Once per visit; a highlight no
 * longer in the text says so.
 */
export function useHighlightJump(
  root: RefObject<HTMLElement | null>,
  highlights: readonly Highlight[],
  highlightId: number | null,
  onTab: (tab: "summary" | "content") => void,
) {
  const toast = useToast();
  const done = useRef(false);
  useEffect(() => {
    if (highlightId === null || done.current) return;
    const wanted = highlights.find((highlight) => highlight.id === highlightId);
    if (!wanted) return;
    done.current = true;
    const tab = tabOfTarget(wanted.target);
    if (tab) onTab(tab);
    void revealHighlight(root.current, highlightId).then((found) => {
      if (!found) toast.error("This highlight is no longer in the article's text.");
    });
  }, [root, highlights, highlightId, onTab, toast]);
}
