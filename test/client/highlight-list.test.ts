import { describe, expect, it } from "vitest";
import type { Highlight, LibraryHighlight } from "../../src/client/api/types";
import {
  groupByArticle,
  highlightCountLabel,
  inReadingOrder,
  panelGroups,
  tabOfTarget,
} from "../../src/client/lib/highlight-list";

let nextId = 1;
function highlight(fields: Partial<Highlight> & { start?: number }): Highlight {
  const { start, ...rest } = fields;
  const quote = rest.quote ?? "a quote";
  return {
    id: nextId++,
    article_id: 1,
    target: "content",
    quote,
    color: "yellow",
    note: null,
    anchor_status: "anchored",
    selectors: [
      { type: "TextQuoteSelector", exact: quote, prefix: "", suffix: "" },
      ...(start === undefined ? [] : [{ type: "TextPositionSelector" as const, start, end: start + quote.length }]),
    ],
    client_id: null,
    created_at: "2026-11-27T10:00:00.000Z",
    updated_at: "2026-11-27T10:00:00.000Z",
    ...rest,
  };
}

describe("the viewer panel's order (issue 32)", () => {
  it("puts the title, then the summary, then the content, each by where the passage starts", () => {
    const late = highlight({ quote: "late", start: 900 });
    const early = highlight({ quote: "early", start: 12 });
    const summary = highlight({ quote: "summary", target: "summary", start: 400 });
    const title = highlight({ quote: "title", target: "title", start: 3 });
    const unplaced = highlight({ quote: "not placed yet", anchor_status: "pending" });
    expect(inReadingOrder([late, unplaced, summary, early, title]).map((h) => h.quote)).toEqual([
      "title",
      "summary",
      "early",
      "late",
      "not placed yet",
    ]);
  });

  it("lists highlights no longer in the text apart, in their order, and drops none", () => {
    const gone = highlight({ quote: "gone", anchor_status: "orphaned", start: 5 });
    const kept = highlight({ quote: "kept", start: 50 });
    const goneToo = highlight({ quote: "gone too", anchor_status: "orphaned", target: "summary" });
    const { inText, orphaned } = panelGroups([kept, goneToo, gone]);
    expect(inText.map((h) => h.quote)).toEqual(["kept"]);
    expect(orphaned.map((h) => h.quote)).toEqual(["gone too", "gone"]);
  });

  it("opens the tab a highlight is in; the title needs none", () => {
    expect(tabOfTarget("content")).toBe("content");
    expect(tabOfTarget("summary")).toBe("summary");
    expect(tabOfTarget("title")).toBeNull();
  });
});

describe("the library screen's groups (issue 32)", () => {
  const article = (id: number) => ({ id, title: `Article ${id}`, url: `https://example.com/${id}`, domain: null });
  const of = (articleId: number, quote: string): LibraryHighlight => ({
    ...highlight({ quote }),
    article_id: articleId,
    article: article(articleId),
  });

  it("groups newest first by article, a later page joining a group already shown", () => {
    const groups = groupByArticle([of(1, "newest"), of(2, "second"), of(1, "third"), of(3, "fourth"), of(2, "last")]);
    expect(groups.map((g) => [g.article.id, g.highlights.map((h) => h.quote)])).toEqual([
      [1, ["newest", "third"]],
      [2, ["second", "last"]],
      [3, ["fourth"]],
    ]);
  });

  it("counts in words", () => {
    expect(highlightCountLabel(1)).toBe("1 highlight");
    expect(highlightCountLabel(3)).toBe("3 highlights");
    expect(highlightCountLabel(1200)).toBe("1,200 highlights");
  });
});
