import { describe, expect, it } from "vitest";
import { snapToWords } from "../../src/client/lib/word-snap";

/** The selection [start, end) of `text` where `selected` first occurs, snapped, as the text it covers. */
function snapped(text: string, selected: string, locale?: string): string {
  const start = text.indexOf(selected);
  const span = snapToWords(text, { start, end: start + selected.length }, locale);
  return text.slice(span.start, span.end);
}

describe("a highlight covers whole words (issue 50)", () => {
  const text = "What matters before the end is the middle, not the edges.";

  it("grows a selection that ends or starts inside a word to that word's edges", () => {
    expect(snapped(text, "matters before t")).toBe("matters before the");
    expect(snapped(text, "tters before")).toBe("matters before");
    expect(snapped(text, "atters befor")).toBe("matters before");
    expect(snapped(text, "he end")).toBe("the end");
  });

  it("leaves boundaries that are already between words, in spaces or at punctuation", () => {
    expect(snapped(text, "matters before the")).toBe("matters before the");
    expect(snapped(text, "middle, not")).toBe("middle, not");
    expect(snapped(text, ", not the")).toBe(", not the");
    expect(snapped(text, "edges.")).toBe("edges.");
  });

  it("keeps words as their languages have them: apostrophes, accents, no spaces", () => {
    expect(snapped("Don't stop reading.", "on't st")).toBe("Don't stop");
    expect(snapped("L'été dernier fut long.", "té derni", "fr")).toBe("L'été dernier");
    expect(snapped("Über die Brücke gehen", "ber die Brü", "de")).toBe("Über die Brücke");
    expect(snapped("日本語の文章を読む", "本語", "ja")).toBe("日本語");
  });

  it("leaves a selection that would grow past the quote limit as it was", () => {
    const long = `${"word ".repeat(1000)}wordy`;
    const span = snapToWords(long, { start: 0, end: long.length - 1 });
    expect(span).toEqual({ start: 0, end: long.length - 1 });
  });
});
