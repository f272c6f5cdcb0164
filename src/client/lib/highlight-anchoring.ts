import { matchQuote } from "../../worker/domain/highlights/match-quote";
import type { Highlight, TextPositionSelector, TextQuoteSelector } from "../api/types";

/** The same highlight: by id, or by `client_id` across its temporary id and the one the server gave it. */
export function sameHighlight(a: Pick<Highlight, "id" | "client_id">, b: Pick<Highlight, "id" | "client_id">): boolean {
  return a.id === b.id || (a.client_id !== null && a.client_id === b.client_id);
}

/** Characters [start, end) of a part's text. */
export interface TextSpan {
  start: number;
  end: number;
}

export function quoteSelectorOf(highlight: Pick<Highlight, "quote" | "selectors">): TextQuoteSelector {
  return (
    highlight.selectors.find((s): s is TextQuoteSelector => s.type === "TextQuoteSelector") ?? {
      type: "TextQuoteSelector",
      exact: highlight.quote,
      prefix: "",
      suffix: "",
    }
  );
}

export function positionSelectorOf(highlight: Pick<Highlight, "selectors">): TextPositionSelector | undefined {
  return highlight.selectors.find((s): s is TextPositionSelector => s.type === "TextPositionSelector");
}

/**
 * Where a highlight is in the text of its part as the browser renders it now: at its stored position when the
 * quote is still there (the common case, and the fast one), else at its only exact occurrence, else wherever
 * `matchQuote` finds the quote (the best of several exact occurrences, or a fuzzy one), by its context and nearness to the old position (the same function the Worker re-anchors with,
 * so both agree on what is still there). Null: the quote is no longer in the text.
 */
export function locateHighlight(text: string, highlight: Pick<Highlight, "quote" | "selectors">): TextSpan | null {
  const quote = quoteSelectorOf(highlight);
  if (!quote.exact) return null;
  const position = positionSelectorOf(highlight);
  if (
    position &&
    position.end - position.start === quote.exact.length &&
    text.startsWith(quote.exact, position.start)
  ) {
    return { start: position.start, end: position.end };
  }
  // A quote found exactly once is where matchQuote would put it (an exact match always wins), without scoring it:
  // after a re-fetch that moved everything, 300 highlights are found in a few milliseconds.
  const once = text.indexOf(quote.exact);
  if (once !== -1 && text.indexOf(quote.exact, once + 1) === -1) return { start: once, end: once + quote.exact.length };
  const match = matchQuote(text, quote.exact, {
    prefix: quote.prefix,
    suffix: quote.suffix,
    position: position?.start,
  });
  return match ? { start: match.start, end: match.end } : null;
}

/** The span without whitespace at either end (a selection dragged from the blank between two blocks). */
export function trimSpan(text: string, span: TextSpan): TextSpan | null {
  let { start, end } = span;
  while (start < end && /\s/.test(text.charAt(start))) start++;
  while (end > start && /\s/.test(text.charAt(end - 1))) end--;
  return end > start ? { start, end } : null;
}

/** "Highlight: <the quote's first words>" for the drawn highlight's accessible name. */
export function highlightLabel(quote: string, max = 60): string {
  const flat = quote.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return `Highlight: ${flat}`;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `Highlight: ${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
