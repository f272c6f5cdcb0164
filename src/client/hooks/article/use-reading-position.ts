import { useQueryClient } from "@tanstack/react-query";
import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { highlightsApi } from "../../api/highlights";
import type { Article } from "../../api/types";
import { contentEndVisible, firstVisibleOffset, scrollNeededFor } from "../../lib/reading-anchor";
import { openingPosition, progressAt, SAVE_AFTER_SCROLL_MS } from "../../lib/reading-position";
import { storeArticle } from "../../queries/articles";

/** Images and late layout can move the text for a while after opening: the place is kept this long. */
const SETTLE_MS = 1_500;

const contentOf = (root: RefObject<HTMLElement | null>) => root.current?.querySelector(".viewer-content") ?? null;

/**
 * The synced reading position in the viewer (issue 32). Opening an article that was being read (on this device or
 * another) goes to the Content tab at the first line the reader last had at the top, and says so; back, forward
 * and reload keep this tab's own scroll offset instead (use-scroll-memory.ts). While the Content tab is open,
 * the position is saved SAVE_AFTER_SCROLL_MS after scrolling stops and at once when the page is hidden.
 */
export function useReadingPosition({
  article,
  tab,
  onTab,
  returning,
  root,
}: {
  article: Article;
  tab: string;
  onTab: (tab: "content") => void;
  returning: boolean;
  root: RefObject<HTMLElement | null>;
}) {
  const client = useQueryClient();
  const articleId = article.id;
  const hasContent = Boolean(article.content?.trim());
  // Decided once, when the viewer opens: where to go.
  const [target] = useState(() => (hasContent ? openingPosition(returning, article.reading_position) : null));
  const [continued, setContinued] = useState(false);
  const [atEnd, setAtEnd] = useState(false);
  /** No saving until the opening position has been restored (its own scrolling is not the reader's). */
  const restored = useRef(target === null);
  const tabRef = useRef(tab);
  tabRef.current = tab;
  const lastSaved = useRef<number | null>(target);

  useEffect(() => {
    if (target !== null) onTab("content");
  }, [target, onTab]);

  useEffect(() => {
    if (target === null || restored.current || tab !== "content") return;
    const started = performance.now();
    let frame = 0;
    let shown = false;
    const stop = () => {
      cancelAnimationFrame(frame);
      restored.current = true;
      for (const type of STOP_EVENTS) window.removeEventListener(type, stop);
    };
    // The reader taking over (a wheel, a touch, a key) ends the settling at once.
    for (const type of STOP_EVENTS) window.addEventListener(type, stop, { passive: true });
    const step = () => {
      const container = contentOf(root);
      const delta = container ? scrollNeededFor(container, target) : null;
      if (delta !== null && Math.abs(delta) > 1) window.scrollBy(0, delta);
      if (delta !== null && !shown) {
        shown = true;
        setContinued(true);
      }
      if (performance.now() - started > SETTLE_MS) stop();
      else frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return stop;
  }, [target, tab, root]);

  /** The sentence Listen is reading (issue 36): while set, it is the position, not the first line on screen. */
  const listening = useRef<{ offset: number; atEnd: boolean } | null>(null);
  /** Asks for a save SAVE_AFTER_SCROLL_MS from now (set by the effect below, which owns the timer). */
  const schedule = useRef<() => void>(() => undefined);

  const save = useCallback(() => {
    const container = contentOf(root);
    const listened = listening.current;
    if (!container || (!listened && (!restored.current || tabRef.current !== "content"))) return;
    const offset = listened ? listened.offset : firstVisibleOffset(container);
    const end = listened ? listened.atEnd : contentEndVisible(container);
    const progress = progressAt(offset, container.textContent?.length ?? 0, end);
    if (offset === lastSaved.current && !end) return;
    lastSaved.current = offset;
    // Cards and a later opening from this device's cache show the new place at once.
    storeArticle(client, { id: articleId, reading_position: offset, reading_progress: progress } as Article);
    // Offline, or the server unreachable, it waits on this device (api/highlights.ts): nothing to show here.
    highlightsApi.saveProgress(articleId, offset, progress).catch(() => undefined);
  }, [client, articleId, root]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let pending = false;
    const flush = () => {
      clearTimeout(timer);
      if (!pending) return;
      pending = false;
      save();
    };
    const later = () => {
      pending = true;
      clearTimeout(timer);
      timer = setTimeout(flush, SAVE_AFTER_SCROLL_MS);
    };
    schedule.current = later;
    const onScroll = () => {
      if (!restored.current || tabRef.current !== "content") return;
      const container = contentOf(root);
      if (container) setAtEnd(contentEndVisible(container));
      later();
    };
    const onVisibility = () => {
      if (document.visibilityState === "hidden") flush();
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("pagehide", flush);
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("pagehide", flush);
      document.removeEventListener("visibilitychange", onVisibility);
      flush();
    };
  }, [save, root]);

  // A short article's end is on screen without any scrolling.
  useEffect(() => {
    if (tab !== "content") return;
    const frame = requestAnimationFrame(() => {
      const container = contentOf(root);
      if (container) setAtEnd(contentEndVisible(container));
    });
    return () => cancelAnimationFrame(frame);
  }, [tab, root]);

  const startOver = useCallback(() => {
    setContinued(false);
    window.scrollTo({ top: 0 });
  }, []);

  /**
   * Listening moved the reader to the sentence at `offset` (null: listening stopped, the screen is the position
   * again). Saved like a scroll: SAVE_AFTER_SCROLL_MS later, at once when the page is hidden or the viewer closes.
   */
  const listenedTo = useCallback(
    (offset: number | null, atEnd = false) => {
      if (offset === null) {
        // The last sentence heard is kept before the screen takes over again.
        if (listening.current) save();
        listening.current = null;
        return;
      }
      listening.current = { offset, atEnd };
      schedule.current();
    },
    [save],
  );

  return {
    listenedTo,
    /** "Continue where you left off" is showing. */
    continued: continued && tab === "content",
    dismiss: useCallback(() => setContinued(false), []),
    startOver,
    /** The end of the content is on screen. */
    atEnd: atEnd && tab === "content",
  };
}

const STOP_EVENTS = ["wheel", "touchstart", "keydown", "mousedown"] as const;
