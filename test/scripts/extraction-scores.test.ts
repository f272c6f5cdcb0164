import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { foldForSnippets, halfOf, shingleCounts, shingleScore } from "../../scripts/extraction-scores";

describe("the extraction benchmark's scores", () => {
  it("counts 4-word shingles of the truth found, of the text not in the truth and of the truth not found", () => {
    // Truth: 2 shingles (a b c d, b c d e); the text adds one (c d e f). Divided by their sum: 2/3, 1/3, 0.
    expect(shingleCounts("a b c d e", "a, b c d e f")).toEqual({ tp: 2 / 3, fp: 1 / 3, fn: 0 });
    expect(shingleCounts("One two three four", "one two three four")).toEqual({ tp: 0, fp: 0.5, fn: 0.5 });
    expect(shingleCounts("", "")).toEqual({ tp: 0, fp: 0, fn: 0 });
    // Fewer than 4 words are one shingle; a repeated shingle counts as often as it appears.
    expect(shingleCounts("Hello world", "Hello world")).toEqual({ tp: 1, fp: 0, fn: 0 });
    expect(shingleCounts("w x y z", "w x y z. w x y z")).toEqual({ tp: 0.2, fp: 0.8, fn: 0 });
  });

  it("averages precision and recall over pages, so a long page weighs as much as a short one", () => {
    const score = shingleScore([
      { tp: 1, fp: 0, fn: 0 },
      { tp: 0.5, fp: 0.5, fn: 0 },
      // Nothing extracted: no precision to count, recall 0.
      { tp: 0, fp: 0, fn: 1 },
    ]);
    expect(score.precision).toBeCloseTo(0.75, 10);
    expect(score.recall).toBeCloseTo(2 / 3, 10);
    expect(score.f1).toBeCloseTo((2 * 0.75 * (2 / 3)) / (0.75 + 2 / 3), 10);
  });

  it("folds typographic quotes, dashes and ellipses and collapses whitespace before comparing snippets", () => {
    expect(foldForSnippets("  It\u2019s \u201cfine\u201d \u2013 really\u2026\n\tyes ")).toBe(
      `It's "fine" - really... yes`,
    );
  });

  it("splits a dev set in two halves by URL, the same way every run", () => {
    const truths = JSON.parse(
      readFileSync(new URL("../../../shared/corpus/modern-dev/ground-truth.json", import.meta.url), "utf8"),
    ) as Record<string, { url: string }>;
    const urls = Object.values(truths).map((truth) => truth.url);
    const inA = urls.filter((url) => halfOf(url) === "A").length;
    expect(inA / urls.length).toBeGreaterThan(0.4);
    expect(inA / urls.length).toBeLessThan(0.6);
    expect(urls.map(halfOf)).toEqual(urls.map(halfOf));
  });
});
