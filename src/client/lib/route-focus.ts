/**
 * After every route change (a link, Back, 'Done reading', a redirect), keyboard and screen-reader focus moves to
 * the new screen's main heading, as a full page load would put the reader at the top. Done once, here, by
 * watching the router, so no screen has to remember it. Screens render their h1 when their data arrives, so
 * this waits for it (briefly) instead of focusing whatever is there at the moment of the navigation.
 */

/** The part of the data router used here. */
interface WatchedRouter {
  state: { location: { pathname: string } };
  subscribe(listener: (state: { location: { pathname: string } }) => void): () => void;
}

/**
 * Give up waiting for the new screen's heading after this long (a screen without one). Generous: a screen whose
 * data took more than 5 s on a busy phone (seen with the statistics on a loaded 2-core machine) used to leave the
 * focus on the body; waiting longer costs nothing, since the heading is focused only while focus is still lost.
 */
const WAIT_MS = 30_000;
/** A heading still there after this long belongs to the new screen too (the same screen, another id). */
const SAME_HEADING_MS = 300;
/** How long after the new screen's heading is focused a heading that replaces it is focused in its place. */
const SETTLE_MS = 2_000;

/** Whether the reader's focus is nowhere in particular: on the body, or on an element the old screen took away. */
function focusIsLost(): boolean {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected;
}

/** Whether the reader's last move was on the keyboard (then the focused heading shows its ring), not a pointer. */
let byKeyboard = false;

function focusHeading(heading: HTMLElement) {
  if (!focusIsLost()) return;
  // Focusable by script only, not a tab stop; no scroll, so a restored scroll position stays where it is.
  if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
  // No ring for a reader who clicked or just opened the app (styles.css); one who came by keyboard sees where it is.
  if (byKeyboard) heading.removeAttribute("data-quiet-focus");
  else {
    heading.setAttribute("data-quiet-focus", "");
    heading.addEventListener("blur", () => heading.removeAttribute("data-quiet-focus"), { once: true });
  }
  heading.focus({ preventScroll: true });
}

/** Starts watching `router`; returns the function that stops it. */
export function watchRouteFocus(router: WatchedRouter): () => void {
  let pathname = router.state.location.pathname;
  const onKey = (event: KeyboardEvent) => {
    if (!["Shift", "Control", "Alt", "Meta"].includes(event.key)) byKeyboard = true;
  };
  const onPointer = () => {
    byKeyboard = false;
  };
  window.addEventListener("keydown", onKey, true);
  window.addEventListener("pointerdown", onPointer, true);
  let cancelPending: (() => void) | null = null;

  const unsubscribe = router.subscribe((state) => {
    if (state.location.pathname === pathname) return;
    pathname = state.location.pathname;
    cancelPending?.();
    const previous = document.querySelector("h1");
    const started = performance.now();
    let frame = 0;
    /** When a heading of the new screen was first focused (then the watch goes on for SETTLE_MS). */
    let focusedAt: number | null = null;
    const step = () => {
      const heading = document.querySelector<HTMLElement>("h1");
      const now = performance.now();
      const waited = now - started;
      const isNewScreen = heading && (heading !== previous || !previous?.isConnected || waited > SAME_HEADING_MS);
      if (heading && isNewScreen) {
        // A screen may swap its heading for another as its data arrives (a loading view's h1 for the loaded one):
        // the focus would go away with the first, so the watch goes on a moment and focuses the one that stays.
        focusHeading(heading);
        focusedAt ??= now;
      }
      const settled = focusedAt !== null && now - focusedAt > SETTLE_MS;
      if (settled || waited > WAIT_MS) {
        cancelPending = null;
        return;
      }
      frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    cancelPending = () => cancelAnimationFrame(frame);
  });

  return () => {
    cancelPending?.();
    unsubscribe();
    window.removeEventListener("keydown", onKey, true);
    window.removeEventListener("pointerdown", onPointer, true);
  };
}
