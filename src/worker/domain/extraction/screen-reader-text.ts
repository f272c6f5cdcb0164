import type { DomElement } from "./dom";

/**
 * Text a page hides from the eye and writes for screen readers only, by the class names of the conventions the web
 * uses for it: `sr-only` (Bootstrap 3 and 4, Tailwind), `visually-hidden` (Bootstrap 5, GOV.UK's
 * `govuk-visually-hidden`), `visuallyhidden` (HTML5 Boilerplate), `screen-reader-text` (WordPress),
 * `element-invisible` (Drupal). It is interface text: "Skip to content", "(opens in a new tab)", an icon's label, a
 * link to the accessibility statement. A reader view is read with the eyes, so it goes, when it is short: a page
 * that hides a long passage this way still has it read.
 */
const SCREEN_READER_ONLY = [
  ".sr-only",
  ".visually-hidden",
  ".visuallyhidden",
  ".govuk-visually-hidden",
  ".screen-reader-text",
  ".element-invisible",
].join(", ");

const HEADINGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);

/** Longer than this, hidden text is kept: a label or a skip link is a few words. */
const MAX_CHARACTERS = 200;

/** Removes the short screen-reader-only text under `root`; answers how many elements went. */
export function removeScreenReaderText(root: DomElement): number {
  let removed = 0;
  for (const element of [...root.querySelectorAll(SCREEN_READER_ONLY)]) {
    // A hidden heading names a part of the page for screen readers ("Primary Sidebar", "Footer") and is kept: the
    // parts' other rules and Readability weigh headings, and without them a blog's disclaimer stayed in.
    if (HEADINGS.has(element.localName)) continue;
    if ((element.textContent ?? "").trim().length > MAX_CHARACTERS) continue;
    element.remove();
    removed += 1;
  }
  return removed;
}
