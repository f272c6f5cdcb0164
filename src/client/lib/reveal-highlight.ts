/** How long a highlight the reader jumped to stays lit (the class's animation in highlights.css). */
export const HIGHLIGHT_FLASH_MS = 1_500;
/** A tab switched to draws its highlights in the next frames; past this the highlight is not in the page. */
const FIND_TIMEOUT_MS = 1_500;

const flashTimers = new WeakMap<Element, ReturnType<typeof setTimeout>>();

/**
 * Scrolls to a drawn highlight and flashes it. The viewer draws each highlight as one or more
 * `[data-highlight-id]` elements (issue 32's contract between the panel and the text); the first is the
 * passage's start. Waits for it to be drawn and shown (a tab just switched to), and answers whether it was found.
 */
export function revealHighlight(root: HTMLElement | null, id: number): Promise<boolean> {
  const started = performance.now();
  return new Promise((resolve) => {
    const look = () => {
      const first = root?.querySelector<HTMLElement>(`[data-highlight-id="${id}"]`);
      if (first && first.getClientRects().length > 0) {
        flash(first, root as HTMLElement, id);
        resolve(true);
      } else if (performance.now() - started > FIND_TIMEOUT_MS) {
        resolve(false);
      } else {
        requestAnimationFrame(look);
      }
    };
    look();
  });
}

function flash(first: HTMLElement, root: HTMLElement, id: number) {
  const reduce = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
  first.scrollIntoView({ block: "center", behavior: reduce ? "auto" : "smooth" });
  // A drawn highlight the keyboard can reach takes the focus, so the reader continues from there.
  if (first.tabIndex >= 0) first.focus({ preventScroll: true });
  for (const piece of root.querySelectorAll<HTMLElement>(`[data-highlight-id="${id}"]`)) {
    const running = flashTimers.get(piece);
    if (running) clearTimeout(running);
    piece.classList.remove("highlight-flash");
    // Reading the layout restarts the animation when the same highlight is clicked again.
    void piece.offsetWidth;
    piece.classList.add("highlight-flash");
    flashTimers.set(
      piece,
      setTimeout(() => piece.classList.remove("highlight-flash"), HIGHLIGHT_FLASH_MS),
    );
  }
}
