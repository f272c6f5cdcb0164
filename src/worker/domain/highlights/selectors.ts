/**
 * W3C Web Annotation selectors (https://www.w3.org/TR/annotation-model/#selectors) as VibeRead stores a
 * highlight: a TextQuoteSelector that finds the passage again when the text changes, and a TextPositionSelector
 * that finds it at once when the text did not change. Both are over the plain text of one part of the article:
 * what the reader's browser gives as the `textContent` of the rendered content, summary or title.
 */
export type TextQuoteSelector = { type: "TextQuoteSelector"; exact: string; prefix: string; suffix: string };
export type TextPositionSelector = { type: "TextPositionSelector"; start: number; end: number };
export type HighlightSelectors = [TextQuoteSelector, TextPositionSelector] | [TextQuoteSelector];

export const MAX_QUOTE_LENGTH = 5_000;
export const MAX_NOTE_LENGTH = 10_000;
/** Context kept on each side of the quote, as Hypothesis keeps it: enough to tell repeated phrases apart. */
export const QUOTE_CONTEXT_LENGTH = 32;
/** Prefix and suffix sent by a client may be longer than ours, but not unbounded. */
export const MAX_CONTEXT_LENGTH = 256;

/** The quote selector of `text[start, end)`, with up to 32 characters of context on each side. */
export function quoteSelector(text: string, start: number, end: number): TextQuoteSelector {
  return {
    type: "TextQuoteSelector",
    exact: text.slice(start, end),
    prefix: text.slice(Math.max(0, start - QUOTE_CONTEXT_LENGTH), start),
    suffix: text.slice(end, end + QUOTE_CONTEXT_LENGTH),
  };
}

/** Both selectors of `text[start, end)`. */
export function selectorsAt(text: string, start: number, end: number): HighlightSelectors {
  return [quoteSelector(text, start, end), { type: "TextPositionSelector", start, end }];
}
