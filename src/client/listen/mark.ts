/**
 * The mark on the sentence being read (issue 36): a CSS Custom Highlight named `listening` (styled by
 * `::highlight(listening)` in styles/listen.css). It changes no DOM, so it cannot split the text nodes React or the
 * highlight layer own; it is set again from the sentence's offsets whenever the page redraws (use-listening.ts).
 * Where the API is missing (browsers before 2025), the sentence's block gets the class `listening-block` instead.
 */
const NAME = "listening";
const BLOCK_CLASS = "listening-block";

type HighlightRegistryLike = { set(name: string, value: unknown): void; delete(name: string): void };
type HighlightConstructor = new (...ranges: Range[]) => unknown;

function registry(): { highlights: HighlightRegistryLike; Highlight: HighlightConstructor } | null {
  const css = (globalThis as { CSS?: { highlights?: HighlightRegistryLike } }).CSS;
  const Highlight = (globalThis as { Highlight?: HighlightConstructor }).Highlight;
  return css?.highlights && Highlight ? { highlights: css.highlights, Highlight } : null;
}

function clearBlockClass() {
  for (const element of document.querySelectorAll(`.${BLOCK_CLASS}`)) element.classList.remove(BLOCK_CLASS);
}

export function markSentence(range: Range | null): void {
  const api = registry();
  if (api) {
    if (range) api.highlights.set(NAME, new api.Highlight(range));
    else api.highlights.delete(NAME);
    return;
  }
  clearBlockClass();
  const node = range?.startContainer;
  const element = node instanceof Element ? node : node?.parentElement;
  element?.closest("p, li, h1, h2, h3, h4, h5, h6, blockquote, dd, td")?.classList.add(BLOCK_CLASS);
}

export function clearMark(): void {
  registry()?.highlights.delete(NAME);
  clearBlockClass();
}

/** Room kept above the sentence, and below it for the player bar, when keeping it in view. */
const MARGIN_TOP = 72;
const MARGIN_BOTTOM = 190;

/**
 * Scrolls the window so the sentence is in view, a third of the way down, when it is not already comfortably
 * visible above the player bar. Returns whether it scrolled.
 */
export function keepInView(range: Range): boolean {
  const rect = range.getBoundingClientRect();
  if (rect.width === 0 && rect.height === 0) return false;
  const visible = rect.top >= MARGIN_TOP && rect.bottom <= window.innerHeight - MARGIN_BOTTOM;
  if (visible) return false;
  const reduced = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  window.scrollBy({ top: rect.top - window.innerHeight / 3, behavior: reduced ? "auto" : "smooth" });
  return true;
}
