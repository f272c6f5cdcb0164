/**
 * Rules for the viewer's text selection menu (spec §2 'Text selection and share image', §9 'Selection length').
 * Pure functions: the hook (hooks/article/use-text-selection.ts) feeds them what it reads from the DOM.
 */

/** Spec §9: a quote is 3 to 5,000 characters. */
export const MIN_SELECTION_CHARS = 3;
export const MAX_SELECTION_CHARS = 5000;

/**
 * A line that is nothing but a list marker ("-", "*", "•", "1."): what is left of the next list item when a
 * triple click selects a whole bullet and, as browsers do, the start of the block after it.
 */
const EMPTY_BULLET_LINE = /(?:^|\n)[ \t]*(?:[-*+\u2022\u25e6\u2023\u2043]|\d{1,3}[.)])[ \t]*$/;

/**
 * A selection's text as it is copied and shared: line endings unified, spaces at line ends dropped, runs of
 * blank lines (between paragraphs and list items the browser writes several) cut to one, empty bullets at the
 * end dropped, ends trimmed.
 */
export function normaliseQuote(raw: string): string {
  let text = raw
    .replace(/\r\n?/g, "\n")
    .replace(/\u00a0/g, " ")
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  // Only a marker on a line of its own: "- Tyres" or a sentence ending "... in 1." stays as it is.
  while (text.includes("\n") && EMPTY_BULLET_LINE.test(text)) text = text.replace(EMPTY_BULLET_LINE, "").trim();
  return text;
}

/** The part of one text node a selection covers: characters [from, to) of `data`. */
export interface SelectedText {
  data: string;
  from: number;
  to: number;
}

/** A boundary of a selection: character `offset` of the `index`-th text node. */
export interface TextPoint {
  index: number;
  offset: number;
}

const VISIBLE = /\S/;

/**
 * Where a selection really starts and ends: at its first and last selected characters that are not whitespace.
 * A triple click selects a whole paragraph or bullet and, in Chrome, runs on to the very start of the next block
 * (often outside the summary, or an empty next bullet in the copied formatting); a drag may start in the blank
 * between two blocks. `texts` are the text nodes the selection touches, in document order. Null when nothing
 * visible is selected.
 */
export function visibleBounds(texts: readonly SelectedText[]): { start: TextPoint; end: TextPoint } | null {
  let start: TextPoint | null = null;
  let end: TextPoint | null = null;
  texts.forEach(({ data, from, to }, index) => {
    for (let offset = from; offset < to; offset++) {
      if (!VISIBLE.test(data.charAt(offset))) continue;
      start ??= { index, offset };
      end = { index, offset: offset + 1 };
    }
  });
  return start && end ? { start, end } : null;
}

/**
 * Characters as a reader counts them: Unicode code points of the normalised text, so an emoji or a letter outside
 * the Basic Multilingual Plane counts once, and whitespace at the ends does not count at all.
 */
export function quoteLength(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/** Whether a normalised quote is long enough to be worth sharing and short enough to fit the limit. */
export function isShareableLength(text: string): boolean {
  const length = quoteLength(text);
  return length >= MIN_SELECTION_CHARS && length <= MAX_SELECTION_CHARS;
}

/** The part of a DOM node the editable check reads, so it can be tested without a browser. */
export interface NodeLike {
  nodeName: string;
  parentNode: NodeLike | null;
  getAttribute?: (name: string) => string | null;
}

const FORM_CONTROLS = new Set(["INPUT", "TEXTAREA", "BUTTON", "SELECT", "OPTION"]);

/**
 * Whether `node` lies inside a form control (input, textarea, button, select) or an editable region
 * (`contenteditable` other than "false"). Selecting text there is editing, not quoting, so no menu opens.
 */
export function isInsideEditable(node: NodeLike | null): boolean {
  for (let current = node; current; current = current.parentNode) {
    if (FORM_CONTROLS.has(current.nodeName.toUpperCase())) return true;
    const editable = current.getAttribute?.("contenteditable");
    if (editable !== null && editable !== undefined && editable.toLowerCase() !== "false") return true;
  }
  return false;
}

/**
 * Elements that make a selection's formatting worth keeping: what the summary's light markdown produces
 * (headings, lists, bold, emphasis, code) and the same in extracted content. Paragraphs and links are not
 * formatting of their own: plain text keeps the paragraph breaks, and a link in an image cannot be followed.
 */
const FORMATTING = new Set([
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "ul",
  "ol",
  "li",
  "strong",
  "b",
  "em",
  "i",
  "code",
  "pre",
  "blockquote",
]);

/** Whether a selection holding these elements has markdown formatting ('Preserve markdown formatting'). */
export function hasFormatting(tagNames: Iterable<string>): boolean {
  for (const name of tagNames) if (FORMATTING.has(name.toLowerCase())) return true;
  return false;
}

// Strong right-to-left letters: Hebrew, Arabic, Syriac, Thaana, NKo, Samaritan, Mandaic and their presentation
// forms. Strong left-to-right: Latin, Greek, Cyrillic and the other alphabetic scripts (letters that are not RTL).
const RTL_LETTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u;
const LETTER = /\p{L}/u;

/**
 * The direction of a quote, by its first strong letter (the rule of `dir="auto"`, decided here so the card and its
 * image agree and tests can read it); `fallback` (the article's direction) when the text has no letters at all.
 */
export function textDirection(text: string, fallback: "ltr" | "rtl" = "ltr"): "ltr" | "rtl" {
  for (const char of text) {
    if (RTL_LETTER.test(char)) return "rtl";
    if (LETTER.test(char)) return "ltr";
  }
  return fallback;
}

/** A box in page or window coordinates. */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * Where the selection menu goes (its top-left corner) so that it never covers the selected text: above the
 * selection's box, or below it when there is no room above in `view` (the visible part of the page), horizontally
 * centred on it, kept inside `view` with `gap` to spare. When neither side has room (a selection taller than the
 * window, or one scrolled out of sight) it goes to the window's edge nearest to where it would be above.
 * `prefer: "below"` tries below first: on a touch screen the phone's own selection handles and menu sit above.
 */
export function placeMenu(
  selection: Box,
  menu: { width: number; height: number },
  view: Box,
  gap = 8,
  prefer: "above" | "below" = "above",
): { left: number; top: number } {
  const centre = (selection.left + selection.right) / 2;
  const left = Math.max(view.left + gap, Math.min(centre - menu.width / 2, view.right - menu.width - gap));
  const highest = view.top + gap;
  const lowest = view.bottom - gap - menu.height;
  const above = selection.top - gap - menu.height;
  const below = selection.bottom + gap;
  const fits = (top: number) => top >= highest && top <= lowest;
  const [first, second] = prefer === "below" ? [below, above] : [above, below];
  const top = fits(first) ? first : fits(second) ? second : Math.max(highest, Math.min(above, lowest));
  return { left, top };
}
