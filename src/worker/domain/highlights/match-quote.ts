import search from "approx-string-match";

/**
 * Finds a quoted passage in a text that may have changed since it was quoted, the way Hypothesis anchors
 * annotations (its `match-quote`): candidate places for the quote come from `approx-string-match` (Myers'
 * bit-parallel approximate matching), and each is scored by how well the quote, its prefix and suffix match and
 * how near it is to where it used to be. The same code runs in the Worker (re-anchoring after a re-fetch or a
 * re-summarize) and in the browser (anchoring in the rendered DOM), so both agree on what is still there.
 */
export type QuoteHint = { prefix?: string; suffix?: string; position?: number };
export type QuoteMatch = { start: number; end: number; score: number; exact: boolean };

/** A fuzzy match may differ from the quote in at most this share of its characters. */
const MAX_ERROR_RATE = 0.2;
/** Long quotes are matched on their ends when the middle changed too much to search as a whole. */
const MAX_FUZZY_LENGTH = 2_000;

const QUOTE_WEIGHT = 50;
const PREFIX_WEIGHT = 20;
const SUFFIX_WEIGHT = 20;
const POSITION_WEIGHT = 2;

function similarity(a: string, b: string): number {
  if (a.length === 0 || b.length === 0) return 0;
  const matches = search(a, b, b.length);
  const errors = matches.length > 0 ? Math.min(...matches.map((m) => m.errors)) : b.length;
  return 1 - errors / b.length;
}

function score(text: string, start: number, end: number, errors: number, quote: string, hint: QuoteHint): number {
  const quoteScore = 1 - errors / Math.max(1, quote.length);
  const prefix = hint.prefix ?? "";
  const suffix = hint.suffix ?? "";
  const prefixScore = prefix ? similarity(text.slice(Math.max(0, start - prefix.length), start), prefix) : 1;
  const suffixScore = suffix ? similarity(text.slice(end, end + suffix.length), suffix) : 1;
  const positionScore =
    hint.position === undefined ? 1 : 1 - Math.abs(start - hint.position) / Math.max(1, text.length);
  const total =
    QUOTE_WEIGHT * quoteScore +
    PREFIX_WEIGHT * prefixScore +
    SUFFIX_WEIGHT * suffixScore +
    POSITION_WEIGHT * positionScore;
  return total / (QUOTE_WEIGHT + PREFIX_WEIGHT + SUFFIX_WEIGHT + POSITION_WEIGHT);
}

function exactMatches(text: string, quote: string): number[] {
  const starts: number[] = [];
  for (let at = text.indexOf(quote); at !== -1 && starts.length < 1_000; at = text.indexOf(quote, at + 1)) {
    starts.push(at);
  }
  return starts;
}

/**
 * The best place of `quote` in `text`, or null when it is no longer there (not even with a fifth of its
 * characters changed). An exact occurrence in its stored context wins at once; otherwise exact and fuzzy
 * candidates are scored alike on quote, context and nearness to the old position.
 */
export function matchQuote(text: string, quote: string, hint: QuoteHint = {}): QuoteMatch | null {
  if (quote.length === 0 || text.length === 0) return null;
  if (hint.position !== undefined && text.startsWith(quote, hint.position)) {
    const exactHere = exactMatches(text, quote);
    if (exactHere.length === 1)
      return { start: hint.position, end: hint.position + quote.length, score: 1, exact: true };
  }
  const exact = exactMatches(text, quote);
  // The usual case after a re-fetch: the passage is still there in its own words and context, maybe moved.
  const fitting = exact.filter((start) => inContext(text, { start, end: start + quote.length }, hint));
  if (fitting.length > 0) {
    const near = (start: number) => Math.abs(start - (hint.position ?? 0));
    const start = fitting.reduce((a, b) => (near(b) < near(a) ? b : a));
    return { start, end: start + quote.length, score: 1, exact: true };
  }
  let best: QuoteMatch | null = null;
  for (const start of exact) {
    const s = score(text, start, start + quote.length, 0, quote, hint);
    if (!best || s > best.score) best = { start, end: start + quote.length, score: s, exact: true };
  }
  // An exact occurrence whose context differs may be a repeat of the phrase elsewhere while the highlighted
  // occurrence was reworded: fuzzy candidates compete with it, and the words in the highlight's context win.
  // approx-string-match answers only the closest matches, so while an exact repeat exists the reworded
  // occurrence is found by searching for the quote with its context around it.
  const candidates = [best, best ? contextMatch(text, quote, hint) : fuzzyMatch(text, quote, hint)];
  return candidates.reduce<QuoteMatch | null>((a, b) => (b && (!a || b.score > a.score) ? b : a), null);
}

/** The quote's best fuzzy place inside the best fuzzy places of prefix + quote + suffix. */
function contextMatch(text: string, quote: string, hint: QuoteHint): QuoteMatch | null {
  const whole = `${hint.prefix ?? ""}${quote}${hint.suffix ?? ""}`;
  if (whole.length === quote.length || quote.length > MAX_FUZZY_LENGTH) return null;
  const maxErrors = Math.floor(quote.length * MAX_ERROR_RATE);
  let best: QuoteMatch | null = null;
  for (const around of search(text, whole, Math.floor(whole.length * MAX_ERROR_RATE))) {
    const window = text.slice(around.start, around.end);
    for (const match of search(window, quote, maxErrors)) {
      const start = around.start + match.start;
      const end = around.start + match.end;
      const s = score(text, start, end, match.errors, quote, hint);
      if (!best || s > best.score) best = { start, end, score: s, exact: match.errors === 0 };
    }
  }
  return best;
}

/** Whether the text around a match is the stored prefix and suffix (empty ones always fit). */
function inContext(text: string, match: { start: number; end: number }, hint: QuoteHint): boolean {
  const prefix = hint.prefix ?? "";
  const suffix = hint.suffix ?? "";
  const prefixFits = match.start >= prefix.length && text.slice(match.start - prefix.length, match.start) === prefix;
  return prefixFits && text.startsWith(suffix, match.end);
}

function fuzzyMatch(text: string, quote: string, hint: QuoteHint): QuoteMatch | null {
  if (quote.length > MAX_FUZZY_LENGTH) return longQuoteMatch(text, quote, hint);
  const maxErrors = Math.floor(quote.length * MAX_ERROR_RATE);
  if (maxErrors === 0) return null;
  let best: QuoteMatch | null = null;
  for (const match of search(text, quote, maxErrors)) {
    const s = score(text, match.start, match.end, match.errors, quote, hint);
    if (!best || s > best.score) best = { start: match.start, end: match.end, score: s, exact: false };
  }
  return best;
}

/** A very long quote is found by its first and last 200 characters, then spans what lies between. */
function longQuoteMatch(text: string, quote: string, hint: QuoteHint): QuoteMatch | null {
  const head = matchQuote(text, quote.slice(0, 200), { prefix: hint.prefix, position: hint.position });
  if (!head) return null;
  const rest = text.slice(head.start);
  const tail = matchQuote(rest, quote.slice(-200), { suffix: hint.suffix, position: quote.length - 200 });
  if (!tail) return null;
  const end = head.start + tail.end;
  const length = end - head.start;
  if (Math.abs(length - quote.length) > quote.length * MAX_ERROR_RATE) return null;
  return { start: head.start, end, score: Math.min(head.score, tail.score), exact: false };
}
