import { MAX_QUOTE_LENGTH } from "../../worker/domain/highlights/selectors";
import type { TextSpan } from "./highlight-anchoring";

/** Text either side of the selection that is read to find the words it cuts (longer than any real word). */
const CONTEXT_CHARS = 100;

/**
 * A highlight covers whole words (issue 50): a selection that starts or ends inside a word ("…matters before t",
 * a drag that stopped one letter short) grows to that word's edges, as a reader's app does. Words are found with
 * Intl.Segmenter (Unicode's word boundaries, with a dictionary for Chinese, Japanese and Thai, which have no spaces),
 * so "don't", "l'été" and "日本語" are words as their languages have them. A boundary already between words, or in
 * spaces or punctuation, stays where it is; a snapped span over the quote limit is left as selected.
 */
export function snapToWords(text: string, span: TextSpan, locale?: string): TextSpan {
  if (typeof Intl === "undefined" || !("Segmenter" in Intl)) return span;
  const from = Math.max(0, span.start - CONTEXT_CHARS);
  const to = Math.min(text.length, span.end + CONTEXT_CHARS);
  const segmenter = new Intl.Segmenter(locale, { granularity: "word" });
  const segments = segmenter.segment(text.slice(from, to));
  let { start, end } = span;
  const first = segments.containing(span.start - from);
  if (first?.isWordLike && from + first.index < span.start) start = from + first.index;
  const last = span.end > span.start ? segments.containing(span.end - 1 - from) : undefined;
  if (last?.isWordLike && from + last.index + last.segment.length > span.end) {
    end = from + last.index + last.segment.length;
  }
  return end - start > MAX_QUOTE_LENGTH ? span : { start, end };
}
