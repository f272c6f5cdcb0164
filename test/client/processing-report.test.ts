import { describe, expect, it } from "vitest";
import { finishedSince, processingToasts, type SeenArticle } from "../../src/client/lib/processing-report";

const article = (id: number, processing_status: SeenArticle["processing_status"], title: string | null = null) => ({
  id,
  processing_status,
  title,
  url: `https://example.com/${id}`,
});

describe("finished processing reports (spec §4, issue 19)", () => {
  it("reports only articles seen unfinished before and finished now", () => {
    const known = new Map();
    expect(finishedSince(known, [article(1, "pending"), article(2, "processing"), article(3, "completed")])).toEqual({
      completed: [],
      failed: [],
    });
    const report = finishedSince(known, [
      article(1, "completed", "One"),
      article(2, "failed"),
      article(3, "completed"),
      article(4, "completed"),
    ]);
    expect(report.completed.map((a) => a.id)).toEqual([1]);
    expect(report.failed.map((a) => a.id)).toEqual([2]);
    // Seen again finished: nothing new to say.
    expect(finishedSince(known, [article(1, "completed", "One")]).completed).toEqual([]);
  });

  it("names a single completion, counts completions that arrive together, names every failure", () => {
    expect(processingToasts({ completed: [article(1, "completed", "Gardens")], failed: [] })).toEqual({
      success: ['"Gardens" finished processing!'],
      error: [],
    });
    const bulk = Array.from({ length: 20 }, (_, i) => article(i + 1, "completed", `Title ${i}`));
    expect(processingToasts({ completed: bulk, failed: [article(30, "failed"), article(31, "failed")] })).toEqual({
      success: ["20 articles finished processing"],
      error: ["Failed to process article: https://example.com/30", "Failed to process article: https://example.com/31"],
    });
  });
});
