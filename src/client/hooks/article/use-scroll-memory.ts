import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useLocation, useNavigationType } from "react-router";
import { browserReadingHistory, isReturnVisit } from "../../lib/reading-history";

/** Give up restoring after this long (images still loading, a much shorter article after a re-fetch). */
const RESTORE_TIMEOUT_MS = 2_000;
const SAVE_DELAY_MS = 150;

/**
 * The key of the current history entry. The Navigation API's key is unique per entry and survives reloads;
 * the router's own key is the fallback, but it is "default" for every entry the browser made for a plain
 * `#/...` link, so on its own it cannot tell those entries apart.
 */
function historyEntryKey(routerKey: string): string {
  const navigation = (window as { navigation?: { currentEntry?: { key?: string } | null } }).navigation;
  return navigation?.currentEntry?.key ?? routerKey;
}

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
    const started = performance.now();
    let frame = 0;
    const step = () => {
      const room = document.documentElement.scrollHeight - window.innerHeight;
      window.scrollTo(0, Math.min(saved.y, Math.max(0, room)));
      if (room >= saved.y || performance.now() - started > RESTORE_TIMEOUT_MS) {
        restored.current = true;
        return;
      }
      frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [ready, saved]);

  // A layout effect, so the listener is gone before the next screen's DOM can clamp the offset and fire a
  // scroll event that would be taken for this article's position.
  useLayoutEffect(() => {
    let lastY: number | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      clearTimeout(timer);
      timer = undefined;
      if (lastY !== null && !forgotten.current) store.saveScroll(articleId, lastY, tabRef.current);
    };
    const onScroll = () => {
      if (!restored.current || !readyRef.current) return;
      lastY = window.scrollY;
      timer ??= setTimeout(flush, SAVE_DELAY_MS);
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("pagehide", flush);
    return () => {
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("pagehide", flush);
      flush();
    };
  }, [store, articleId]);

  useEffect(() => {
    if (ready && restored.current && !forgotten.current) store.saveScroll(articleId, window.scrollY, tab);
  }, [store, articleId, ready, tab]);

  const forget = useCallback(() => {
    forgotten.current = true;
    store.forget(articleId, location.pathname);
  }, [store, articleId, location.pathname]);

  return { initialTab: saved?.tab, forget };
}
