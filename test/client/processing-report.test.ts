import { describe, expect, it } from "vitest";
import {
  BATCH_PATIENCE_MS,
  batchToast,
  collectBatches,
  finishedSince,
  newBatch,
  processingToasts,
  type SeenArticle,
} from "../../src/client/lib/processing-report";

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

describe("a bulk save is announced once (issue 50)", () => {
  it("holds a bulk save's articles finishing in three answers and gives one toast when the last one finishes", () => {
    const known = new Map<number, SeenArticle["processing_status"]>([
      [1, "pending"],
      [2, "pending"],
      [3, "pending"],
      [9, "processing"],
    ] as const);
    let batches = [newBatch([1, 2, 3], 0)];
    const toasts: string[] = [];
    const answers = [
      [
        article(1, "completed", "One"),
        article(2, "processing"),
        article(3, "pending"),
        article(9, "completed", "Nine"),
      ],
      [article(1, "completed", "One"), article(2, "completed", "Two"), article(3, "processing")],
      [article(1, "completed", "One"), article(2, "completed", "Two"), article(3, "completed", "Three")],
    ];
    for (const answer of answers) {
      const { loose, complete, waiting } = collectBatches(batches, finishedSince(new Map(known), answer), 1000);
      for (const a of answer) known.set(a.id, a.processing_status);
      batches = waiting;
      toasts.push(...processingToasts(loose).success, ...complete.map((b) => batchToast(b).message));
    }
    // The one article saved on its own keeps its own toast; the bulk save's three make one.
    expect(toasts).toEqual(['"Nine" finished processing!', "3 articles finished processing"]);
    expect(batches).toEqual([]);
  });

  it("says how many finished and names the failures in the same toast", () => {
    const batch = newBatch([1, 2, 3], 0);
    const { complete } = collectBatches(
      [batch],
      { completed: [article(1, "completed"), article(3, "completed")], failed: [article(2, "failed")] },
      10,
    );
    expect(complete.map(batchToast)).toEqual([
      { type: "error", message: "2 of 3 articles finished processing; 1 failed: https://example.com/2" },
    ]);
  });

  it("lets go of a batch that never finishes here", () => {
    const batch = newBatch([1, 2], 0);
    expect(collectBatches([batch], { completed: [], failed: [] }, BATCH_PATIENCE_MS - 1).waiting).toHaveLength(1);
    expect(collectBatches([batch], { completed: [], failed: [] }, BATCH_PATIENCE_MS).waiting).toHaveLength(0);
  });
});
