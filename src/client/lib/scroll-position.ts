/**
 * The browser side of keeping a screen's scroll position: which history entry the reader is on, putting a saved
 * offset back once the page is tall enough, and saving the offset as the reader scrolls. Shared by the viewer
 * (per article) and the dashboard (per history entry); each keeps its own storage.
 */

/** Give up restoring after this long (images still loading, a shorter page than before). */
const RESTORE_TIMEOUT_MS = 2_000;
/** Scroll events are saved at most this often. */
const SAVE_DELAY_MS = 150;

/**
 * The key of the current history entry. The Navigation API's key is unique per entry, survives reloads and is
 * kept by a replace; the router's own key is the fallback, but it is "default" for every entry the browser made
 * for a plain `#/...` link, so on its own it cannot tell those entries apart.
 */
export function historyEntryKey(routerKey: string): string {
  const navigation = (window as { navigation?: { currentEntry?: { key?: string } | null } }).navigation;
  return navigation?.currentEntry?.key ?? routerKey;
}

/**
 * Scrolls to `y` on every frame until the page has room for it (content still rendering) or the time is up,
 * then calls `onDone`. Returns a cancel function for an effect's clean-up.
 */
export function restoreScroll(y: number, onDone: () => void): () => void {
  const started = performance.now();
  let frame = 0;
  const step = () => {
    const room = document.documentElement.scrollHeight - window.innerHeight;
    window.scrollTo(0, Math.min(y, Math.max(0, room)));
    if (room >= y || performance.now() - started > RESTORE_TIMEOUT_MS) {
      onDone();
      return;
    }
    frame = requestAnimationFrame(step);
  };
  frame = requestAnimationFrame(step);
  return () => cancelAnimationFrame(frame);
}

/**
 * Saves the scroll offset shortly after the reader scrolls (while `active()` says so) and when the page is
 * hidden. Returns the clean-up, which saves what is pending. Call it from a layout effect, so the listener is
 * gone before the next screen's DOM can clamp the offset and fire a scroll event taken for this screen's.
 */
export function saveScrollWhileActive(active: () => boolean, save: (y: number) => void): () => void {
  let lastY: number | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (lastY !== null) save(lastY);
  };
  const onScroll = () => {
    if (!active()) return;
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
}
