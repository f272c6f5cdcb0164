import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useLocation, useNavigationType } from "react-router";
import { browserReadingHistory, isReturnVisit } from "../../lib/reading-history";
import { historyEntryKey, restoreScroll, saveScrollWhileActive } from "../../lib/scroll-position";

/**
 * Keeps the viewer's scroll position (and open tab) per article in session storage, and puts the reader back
 * there when they return through the browser's history; a visit from a link starts at the top (spec §2).
 * Also records the visit in the tab's navigation history (at most 20 entries).
 */
export function useScrollMemory(articleId: number, { ready, tab }: { ready: boolean; tab: string }) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const [store] = useState(browserReadingHistory);
  // Decided once, before this visit is recorded: was this history entry shown before?
  const [entryKey] = useState(() => historyEntryKey(location.key));
  const [saved] = useState(() =>
    isReturnVisit(navigationType, entryKey, store.entries()) ? store.scrollFor(articleId) : null,
  );
  /** Saving waits until the saved position has been restored, so an early scroll event cannot overwrite it. */
  const restored = useRef(saved === null);
  const readyRef = useRef(ready);
  readyRef.current = ready;
  const tabRef = useRef(tab);
  tabRef.current = tab;
  /** Set once the article is deleted: nothing more is written for it. */
  const forgotten = useRef(false);

  useEffect(() => {
    store.record(location.pathname, entryKey);
  }, [store, location.pathname, entryKey]);

  useLayoutEffect(() => {
    // The previous screen's offset would otherwise carry over into this one.
    if (saved === null) window.scrollTo(0, 0);
  }, [saved]);

  useEffect(() => {
    if (!ready || saved === null || restored.current) return;
    return restoreScroll(saved.y, () => {
      restored.current = true;
    });
  }, [ready, saved]);

  useLayoutEffect(
    () =>
      saveScrollWhileActive(
        () => restored.current && readyRef.current,
        (y) => {
          if (!forgotten.current) store.saveScroll(articleId, y, tabRef.current);
        },
      ),
    [store, articleId],
  );

  useEffect(() => {
    if (ready && restored.current && !forgotten.current) store.saveScroll(articleId, window.scrollY, tab);
  }, [store, articleId, ready, tab]);

  const forget = useCallback(() => {
    forgotten.current = true;
    store.forget(articleId, location.pathname);
  }, [store, articleId, location.pathname]);

  /**
   * `returning`: this visit came back through history to a page this tab showed, and its own scroll offset is
   * restored; otherwise the synced reading position may place the reader (use-reading-position.ts).
   */
  return { initialTab: saved?.tab, forget, returning: saved !== null };
}
