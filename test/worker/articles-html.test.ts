import { env, introspectWorkflow } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import { api, registerUser, waitForProcessed } from "./helpers";

const origin = () => inject("fixtureOrigin");
/** Port 9 (discard) on loopback: nothing listens there, so any fetch of this URL fails. */
const UNREACHABLE = "http://127.0.0.1:9";

const PARAGRAPHS = [
  "Members of the harbour club get the tide tables a week early, with notes from the pilots who work the channel.",
  "This week the spring tides peak on Thursday, and the pilots advise waiting for slack water before crossing the bar.",
  "Small boats should keep to the marked channel on the ebb, where the current runs hardest past the breakwater.",
  "The club's volunteers have replaced two of the channel buoys after the storm moved them out of position.",
];

function pageHtml(title: string, paragraphs = PARAGRAPHS) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>
<body><nav>Members menu</nav><article><h1>${title}</h1>
${paragraphs.map((p) => `<p>${p}</p>`).join("\n")}
<script>document.title = "tracked"</script><img src="x" onerror="alert(1)">
</article></body></html>`;
}

async function storedSourceRows(articleId: number) {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM article_sources WHERE article_id = ?")
    .bind(articleId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

describe("saving with the page's own HTML", () => {
  it("extracts from the supplied HTML without fetching, sanitised, and drops the stored copy", async () => {
    await using workflows = await introspectWorkflow(env.ARTICLE_WORKFLOW);
    await workflows.modifyAll(async (m) => m.disableSleeps());
    const { token } = await registerUser();
    const url = `${UNREACHABLE}/members/tides-${crypto.randomUUID()}`;
    const saved = await api("POST", "/api/articles/", {
      token,
      body: { url, html: pageHtml("Tide tables for members") },
    });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ url, processing_status: "pending" });

    const article = await waitForProcessed(token, saved.body.id);
    expect(article).toMatchObject({
      processing_status: "completed",
      processing_error: null,
      processing_attempts: 1,
      title: "Tide tables for members",
      url,
    });
    expect(article.content).toContain("spring tides peak on Thursday");
    expect(article.content).not.toMatch(/<script|onerror|Members menu/i);
    expect(article.summary).toBeTruthy();
    expect(await storedSourceRows(saved.body.id)).toBe(0);

    // It counts in statistics like any other save.
    const stats = await api("GET", "/api/articles/stats/overview?timezone_offset=0", { token });
    expect(stats.body.total_articles).toBe(1);
  });

  it("stores the page's text without its NULs and each lone surrogate as one U+FFFD, and finds it by its words", async () => {
    await using workflows = await introspectWorkflow(env.ARTICLE_WORKFLOW);
    await workflows.modifyAll(async (m) => m.disableSleeps());
    const { token } = await registerUser();
    const page = pageHtml("Tide\u0000 tables", [
      "The <b>ha\u0000rbour</b> club's \ud800 notes come early.",
      ...PARAGRAPHS.slice(1),
    ]);
    const saved = await api("POST", "/api/articles/", {
      token,
      body: { url: `${UNREACHABLE}/nul-${crypto.randomUUID()}`, html: page },
    });
    expect(saved.status).toBe(201);
    const article = await waitForProcessed(token, saved.body.id);
    expect(article.processing_status).toBe("completed");
    const stored = JSON.stringify([article.title, article.summary, article.content]);
    expect(stored).not.toContain("\\u0000");
    expect(stored).not.toMatch(/\\ud[89ab]/i);
    expect(article.title).toBe("Tide tables");
    expect(article.content).toContain("<b>harbour</b> club's \uFFFD notes");
    // The full-text index holds the word whole, and a search for it answers (a NUL in one was a 500).
    const found = await api("GET", "/api/articles?search=harbour", { token });
    expect(found.body.articles.map((a: { id: number }) => a.id)).toEqual([saved.body.id]);

    // A field the user types keeps its text without the NUL too.
    const edited = await api("PUT", `/api/articles/${saved.body.id}`, { token, body: { title: "Rock\u0000 pools" } });
    expect(edited.body.title).toBe("Rock pools");
  });

  it("fetches the site normally on Re-fetch", async () => {
    await using workflows = await introspectWorkflow(env.ARTICLE_WORKFLOW);
    await workflows.modifyAll(async (m) => m.disableSleeps());
    const { token } = await registerUser();
    const url = `${origin()}/article?title=${encodeURIComponent("From the site")}&key=${crypto.randomUUID()}`;
    const browserCopy = pageHtml("From the browser", [
      ...PARAGRAPHS,
      "Only the copy in the reader's own browser has this closing paragraph about the lighthouse keeper.",
    ]);
    const saved = await api("POST", "/api/articles/", { token, body: { url, html: browserCopy } });
    expect(saved.status).toBe(201);
    const first = await waitForProcessed(token, saved.body.id);
    expect(first.content).toContain("lighthouse keeper");

    const refetched = await api("POST", `/api/articles/${saved.body.id}/refetch-content`, { token });
    expect(refetched.status).toBe(200);
    expect(refetched.body.processing_status).toBe("completed");
    expect(refetched.body.content).not.toContain("lighthouse keeper");
    expect(refetched.body.content).not.toContain("spring tides");
    expect(refetched.body.content).toMatch(/<p>/);
  });

  it("accepts HTML well over the usual 64 KB body and refuses more than 5 MB with 413, saving nothing", async () => {
    const { token } = await registerUser();
    const long = pageHtml(
      "A long page",
      Array.from({ length: 4000 }, (_, i) => `${PARAGRAPHS[i % 4]} (${i})`),
    );
    expect(long.length).toBeGreaterThan(400_000);
    const accepted = await api("POST", "/api/articles/", {
      token,
      body: { url: `${UNREACHABLE}/long-${crypto.randomUUID()}`, html: long },
    });
    expect(accepted.status).toBe(201);

    const tooBig = `<html><body><p>${"a".repeat(5 * 1024 * 1024)}</p></body></html>`;
    const refused = await api("POST", "/api/articles/", {
      token,
      body: { url: `${UNREACHABLE}/huge-${crypto.randomUUID()}`, html: tooBig },
    });
    expect(refused.status).toBe(413);
    expect(refused.body.detail).toBe("html is too large (the limit is 5 MB)");
    expect((await api("GET", "/api/articles/", { token })).body.total).toBe(1);
  });

  it("validates like any save: html type (422), the URL rules (422), duplicates (409 with the article)", async () => {
    const { token } = await registerUser();
    const url = `${UNREACHABLE}/dup-${crypto.randomUUID()}`;
    const wrongType = await api("POST", "/api/articles/", { token, body: { url, html: 42 } });
    expect(wrongType.status).toBe(422);
    expect(wrongType.body.detail).toBe("html: html must be a string");
    const badUrl = await api("POST", "/api/articles/", {
      token,
      body: { url: "ftp://example.com/x", html: "<p>x</p>" },
    });
    expect(badUrl.status).toBe(422);

    const first = await api("POST", "/api/articles/", { token, body: { url, html: pageHtml("First") } });
    expect(first.status).toBe(201);
    const again = await api("POST", "/api/articles/", {
      token,
      body: { url: `${url}#again`, html: pageHtml("Again") },
    });
    expect(again.status).toBe(409);
    expect(again.body.article.id).toBe(first.body.id);
    expect((await api("GET", "/api/articles/", { token })).body.total).toBe(1);
  });
});
