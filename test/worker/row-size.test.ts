import { env } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import { MAX_ARTICLE_ROW_BYTES } from "../../src/worker/domain/article-row-budget";
import { api, registerUser } from "./helpers";

/** D1 refuses a row over 2,000,000 bytes (SQLITE_TOOBIG); local D1 may allow more, so the bytes are measured. */
const D1_MAX_ROW_BYTES = 2_000_000;

async function waitForDone(token: string, id: number) {
  let article: Record<string, unknown> = {};
  await expect
    .poll(
      async () => {
        article = (await api("GET", `/api/articles/${id}`, { token })).body;
        return article.processing_status;
      },
      { timeout: 150_000, interval: 500 },
    )
    .toMatch(/^(completed|failed)$/);
  return article;
}

describe("an article stays within its body budget, with the body in R2 and the row small", () => {
  it("completes a 5 MB Chinese page, shortened by UTF-8 bytes across content and search text", async () => {
    const user = await registerUser();
    const saved = await api("POST", "/api/articles/", {
      token: user.token,
      body: { url: `${inject("fixtureOrigin")}/huge-cjk` },
    });
    expect(saved.status).toBe(201);
    const article = await waitForDone(user.token, saved.body.id);
    expect(article).toMatchObject({ processing_status: "completed", language: "zh", processing_error: null });

    // The body is in R2 (ARTICLE_BODIES); the row keeps only what is listed and searched.
    const row = await env.DB.prepare(
      `SELECT content, search_text, body_key,
              length(CAST(coalesce(summary, '') AS BLOB)) + length(CAST(coalesce(title, '') AS BLOB))
                + length(CAST(url AS BLOB)) + length(CAST(normalized_url AS BLOB)) AS other_bytes
       FROM articles WHERE id = ? AND user_id = ?`,
    )
      .bind(saved.body.id, user.user.id)
      .first<{ content: string | null; search_text: string | null; body_key: string | null; other_bytes: number }>();
    if (!row?.body_key) throw new Error("article row or its body key missing");
    expect(row.content).toBeNull();
    expect(row.search_text).toBeNull();
    expect(row.other_bytes).toBeLessThan(D1_MAX_ROW_BYTES);
    const object = await env.ARTICLE_BODIES.get(row.body_key);
    if (!object) throw new Error("body missing from R2");
    const body = JSON.parse(
      await new Response(
        new Blob([await object.arrayBuffer()]).stream().pipeThrough(new DecompressionStream("gzip")),
      ).text(),
    ) as { content: string; searchText: string };
    const bytes = (text: string) => new TextEncoder().encode(text).length;
    expect(bytes(body.content) + bytes(body.searchText)).toBeLessThanOrEqual(MAX_ARTICLE_ROW_BYTES);
    expect(body.content).toBe(article.content);
    // Shortened, not emptied: most of the budget is the article.
    expect(bytes(body.content)).toBeGreaterThan(1_000_000);
    // Cut between paragraphs, with a note at the end saying so.
    const content = String(article.content);
    expect(content).toMatch(/<p>第\d+段。[^<]*<\/p>/);
    expect(content).toContain("shortened");
    expect(content.trimEnd()).toMatch(/<\/p>\s*(<\/div>\s*)*$/);
  }, 180_000);
});
