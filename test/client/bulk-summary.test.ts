import { describe, expect, it } from "vitest";
import type { Article } from "../../src/client/api/types";
import { DUPLICATE_REASON, summariseBulkSave } from "../../src/client/lib/bulk-summary";
import { URL_MESSAGES } from "../../src/client/lib/url-input";

describe("the bulk results panel names every line that was not saved (issue 31 item 8)", () => {
  it("lists duplicates with their article, refused and failed URLs with the server's reason, then unsent lines", () => {
    const article = { id: 7 } as Article;
    const summary = summariseBulkSave(
      {
        results: [
          { url: "https://a.example/new", success: true, article: { id: 9 } as Article },
          { url: "https://a.example/old", success: false, duplicate: true, article },
          {
            url: `https://a.example/${"x".repeat(2100)}`,
            success: false,
            error: "URL is longer than 2,048 characters",
          },
          { url: "https://a.example/lost", success: false, error: "Could not save this article. Please try again." },
        ],
        successful: 1,
        duplicates: 1,
        failed: 1,
        invalid: 1,
      },
      ["example.com/story"],
    );
    expect(summary).toMatchObject({ successful: 1, duplicates: 1, failed: 1, invalid: 2 });
    expect(summary.skipped.map(({ url, reason, articleId }) => [url.slice(0, 22), reason, articleId])).toEqual([
      ["https://a.example/old", DUPLICATE_REASON, 7],
      ["https://a.example/xxxx", "URL is longer than 2,048 characters", undefined],
      ["https://a.example/lost", "Could not save this article. Please try again.", undefined],
      ["example.com/story", URL_MESSAGES.notUrl, undefined],
    ]);
  });

  it("names nothing when every line was saved", () => {
    const summary = summariseBulkSave({ results: [], successful: 2, duplicates: 0, failed: 0, invalid: 0 }, []);
    expect(summary.skipped).toEqual([]);
  });
});
