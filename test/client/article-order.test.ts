import { describe, expect, it } from "vitest";
import type { Article, BatchStatusItem } from "../../src/client/api/types";
import { applyStatusUpdates, isUnfinished, sortArticles } from "../../src/client/lib/article-order";

function article(id: number, fields: Partial<Article> = {}): Article {
  return {
    id,
    url: `https://example.com/${id}`,
    title: null,
    summary: null,
    author: null,
    domain: "example.com",
    language: null,
    text_direction: "ltr",
    publish_date: null,
    site_name: null,
    image_url: null,
    word_count: null,
    reading_time_minutes: null,
    is_read: false,
    read_at: null,
    processing_status: "pending",
    processing_error: null,
    processing_attempts: 0,
    processed_at: null,
    status: "processing",
    created_at: `2026-01-0${Math.min(id, 9)}T10:00:00.000Z`,
    updated_at: "2026-01-01T10:00:00.000Z",
    ...fields,
  };
}

function status(article_id: number, fields: Partial<BatchStatusItem>): BatchStatusItem {
  return {
    article_id,
    status: "pending",
    display_status: "processing",
    error: null,
    attempts: 0,
    processed_at: null,
    title: null,
    summary: null,
    domain: null,
    author: null,
    language: null,
    ...fields,
  };
}

const ids = (list: { id: number }[]) => list.map((a) => a.id);

describe("sortArticles (unread first, then newest)", () => {
  it("puts unread before read, each newest first", () => {
    const list = [article(1), article(2, { is_read: true }), article(3), article(4, { is_read: true })];
    expect(ids(sortArticles(list))).toEqual([3, 1, 4, 2]);
  });

  it("breaks a tie in created_at by the higher id, and leaves the input alone", () => {
    const same = "2026-02-01T00:00:00.000Z";
    const list = [article(5, { created_at: same }), article(7, { created_at: same }), article(6, { created_at: same })];
    expect(ids(sortArticles(list))).toEqual([7, 6, 5]);
    expect(ids(list)).toEqual([5, 7, 6]);
  });
});

describe("applyStatusUpdates", () => {
  it("takes status and content fields only from items whose status changed", () => {
    const list = [article(1), article(2, { processing_status: "processing" }), article(3)];
    const { articles, changes } = applyStatusUpdates(list, [
      status(1, {
        status: "completed",
        title: "Done",
        summary: "Short",
        domain: "news.example",
        author: "Ann",
        language: "fr",
        attempts: 1,
        processed_at: "2026-01-05T00:00:00.000Z",
      }),
      status(2, { status: "processing", title: "Ignored" }),
      status(3, { status: "failed", error: "HTTP 404", attempts: 3 }),
    ]);
    expect(changes.map((c) => [c.before.processing_status, c.after.processing_status])).toEqual([
      ["pending", "completed"],
      ["pending", "failed"],
    ]);
    const byId = new Map(articles.map((a) => [a.id, a]));
    expect(byId.get(1)).toMatchObject({
      processing_status: "completed",
      status: "completed",
      title: "Done",
      summary: "Short",
      domain: "news.example",
      author: "Ann",
      language: "fr",
      processing_attempts: 1,
      processed_at: "2026-01-05T00:00:00.000Z",
    });
    expect(byId.get(2)?.title).toBeNull();
    expect(byId.get(3)).toMatchObject({ status: "failed", processing_error: "HTTP 404", processing_attempts: 3 });
    expect(byId.get(3)?.domain).toBe("example.com");
  });

  it("keeps the order after an update, and changes nothing without news", () => {
    const list = [article(1, { is_read: true }), article(2)];
    expect(ids(applyStatusUpdates(list, [status(1, { status: "completed" })]).articles)).toEqual([2, 1]);
    const unchanged = applyStatusUpdates(list, [status(2, { status: "pending" })]);
    expect(unchanged.changes).toEqual([]);
    expect(unchanged.articles).toEqual(list);
  });

  it("marks retrying as still processing", () => {
    const { articles } = applyStatusUpdates([article(1)], [status(1, { status: "retrying", attempts: 2 })]);
    expect(articles[0]).toMatchObject({ processing_status: "retrying", status: "processing" });
    expect(isUnfinished(articles[0]!)).toBe(true);
  });
});

describe("isUnfinished", () => {
  it("is true for pending, processing and retrying only", () => {
    const statuses = ["pending", "processing", "retrying", "completed", "failed"] as const;
    expect(statuses.map((s) => isUnfinished({ processing_status: s }))).toEqual([true, true, true, false, false]);
  });
});
