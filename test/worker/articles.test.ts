import { env, introspectWorkflow } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, registerUser, seedArticle } from "./helpers";
import { OUTCOME_WAIT_MS } from "./waits";

async function save(token: string, url: string) {
  return api("POST", "/api/articles/", { token, body: { url } });
}

describe("POST /api/articles/ (save one)", () => {
  it("stores the article as pending with the URL as given, and queues one processing job", async () => {
    const { token } = await registerUser();
    await using workflows = await introspectWorkflow(env.ARTICLE_WORKFLOW);
    const response = await save(token, "https://www.Example.com/Story?b=2&a=1&utm_source=x#top");
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      url: "https://www.Example.com/Story?b=2&a=1&utm_source=x#top",
      domain: "example.com",
      processing_status: "pending",
      status: "processing",
      is_read: false,
      processing_attempts: 0,
      title: null,
    });
    expect(typeof response.body.id).toBe("number");
    // The queue consumer turns the message into a Workflow instance.
    await expect.poll(async () => (await workflows.get()).length, { timeout: OUTCOME_WAIT_MS }).toBe(1);
  });

  it.each([
    "https://example.com/a/b/",
    "https://EXAMPLE.com/a/b",
    "https://example.com:443/a/b",
    "https://example.com/a/b#section-2",
    "https://example.com/a/b?utm_source=news&utm_medium=email",
    "https://example.com/a/b?fbclid=abc&gclid=def&mc_cid=1",
  ])("treats %s as a duplicate of https://example.com/a/b (409 with the existing article)", async (variant) => {
    const { token } = await registerUser();
    const first = await save(token, "https://example.com/a/b");
    expect(first.status).toBe(201);
    const again = await save(token, variant);
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe("This article is already in your library");
    expect(again.body.article.id).toBe(first.body.id);
  });

  it("keeps distinct query strings and schemes apart, and sorts parameters", async () => {
    const { token } = await registerUser();
    expect((await save(token, "https://example.com/p?a=1&b=2")).status).toBe(201);
    expect((await save(token, "https://example.com/p?b=2&a=1")).status).toBe(409);
    expect((await save(token, "https://example.com/p?a=2&b=2")).status).toBe(201);
    expect((await save(token, "http://example.com/p?a=1&b=2")).status).toBe(201);
  });

  it("lets two users save the same URL", async () => {
    const alice = await registerUser();
    const bob = await registerUser();
    expect((await save(alice.token, "https://example.com/shared")).status).toBe(201);
    expect((await save(bob.token, "https://example.com/shared")).status).toBe(201);
  });

  it.each([
    [{ url: "ftp://example.com/file" }, "url must start with http:// or https://"],
    [{ url: "javascript:alert(1)" }, "url must start with http:// or https://"],
    [{ url: "example.com/no-scheme" }, "url must start with http:// or https://"],
    [{ url: "https://" }, "url is not a valid web address"],
    [{ url: "https://user:pw@example.com/" }, "url must not contain a user name or password"],
    [{ url: `https://example.com/${"a".repeat(2049)}` }, "url is longer than 2,048 characters"],
    [{ url: "   " }, "url is required"],
    [{ url: 42 }, "url: url must be a string"],
    [{}, "url: url must be a string"],
  ])("rejects %j with 422: %s", async (body, detail) => {
    const { token } = await registerUser();
    const response = await api("POST", "/api/articles/", { token, body });
    expect(response.status).toBe(422);
    expect(response.body.detail).toBe(detail);
    const list = await api("GET", "/api/articles/", { token });
    expect(list.body.total).toBe(0);
  });

  it("answers 401 without a token", async () => {
    expect((await api("POST", "/api/articles/", { body: { url: "https://example.com" } })).status).toBe(401);
  });
});

describe("POST /api/articles/bulk", () => {
  it("saves valid URLs, counts duplicates (existing and within the batch), invalid and failed, in input order", async () => {
    const { token } = await registerUser();
    const existing = await save(token, "https://example.com/known");
    const urls = [
      "https://example.com/one",
      "not a url",
      "https://example.com/known/",
      "https://example.com/two",
      "https://example.com/one#again",
      42,
      "ftp://example.com/x",
    ];
    const response = await api("POST", "/api/articles/bulk", { token, body: { urls } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ successful: 2, duplicates: 2, failed: 0, invalid: 3 });
    const results = response.body.results;
    expect(results.map((r: { url: unknown }) => r.url)).toEqual(urls);
    expect(results[0]).toMatchObject({ success: true, article: { url: "https://example.com/one" } });
    expect(results[1]).toMatchObject({ success: false, error: "url must start with http:// or https://" });
    expect(results[2]).toMatchObject({ success: false, duplicate: true, article: { id: existing.body.id } });
    expect(results[4]).toMatchObject({ success: false, duplicate: true, article: { id: results[0].article.id } });
    expect(results[5]).toMatchObject({ success: false, error: "url must be a string" });
    const list = await api("GET", "/api/articles/", { token });
    expect(list.body.total).toBe(3);
  });

  it("accepts 500 URLs and refuses 501, an empty list and a non-list", async () => {
    const { token } = await registerUser();
    const many = Array.from({ length: 500 }, (_, i) => `https://bulk.example.com/post/${i}`);
    const ok = await api("POST", "/api/articles/bulk", { token, body: { urls: many } });
    expect(ok.status).toBe(200);
    expect(ok.body.successful).toBe(500);
    expect(new Set(ok.body.results.map((r: { article: { id: number } }) => r.article.id)).size).toBe(500);

    const tooMany = await api("POST", "/api/articles/bulk", {
      token,
      body: { urls: [...many, "https://x.example.com"] },
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.detail).toBe("urls: urls may contain at most 500 URLs per request");
    expect((await api("POST", "/api/articles/bulk", { token, body: { urls: [] } })).body.detail).toMatch(
      /at least one/,
    );
    expect((await api("POST", "/api/articles/bulk", { token, body: { urls: "https://a.com" } })).status).toBe(422);
    expect((await api("GET", "/api/articles/", { token })).body.total).toBe(500);
  });
});

describe("GET /api/articles/ (list)", () => {
  it("puts unread first, then newest, and returns both pagination shapes", async () => {
    const { token, user } = await registerUser();
    const now = Date.now();
    const oldUnread = await seedArticle(user.id, { createdAt: now - 3000 });
    const newRead = await seedArticle(user.id, { createdAt: now - 1000, isRead: true });
    const newUnread = await seedArticle(user.id, { createdAt: now - 2000 });
    const oldRead = await seedArticle(user.id, { createdAt: now - 4000, isRead: true });
    const response = await api("GET", "/api/articles/?per_page=3", { token });
    expect(response.status).toBe(200);
    expect(response.body.articles.map((a: { id: number }) => a.id)).toEqual([newUnread, oldUnread, newRead]);
    expect(response.body).toMatchObject({ page: 1, per_page: 3, total: 4, total_pages: 2 });
    expect(response.body.pagination).toEqual({ page: 1, pages: 2, total: 4, per_page: 3 });
    expect(response.body.articles[0]).not.toHaveProperty("content");

    const second = await api("GET", "/api/articles?page=2&per_page=3", { token });
    expect(second.body.articles.map((a: { id: number }) => a.id)).toEqual([oldRead]);
    const beyond = await api("GET", "/api/articles/?page=3&per_page=3", { token });
    expect(beyond.status).toBe(200);
    expect(beyond.body).toMatchObject({ articles: [], total: 4, total_pages: 2 });
  });

  it("defaults to page 1 and 20 per page, and an empty library has zero pages", async () => {
    const { token } = await registerUser();
    const response = await api("GET", "/api/articles/", { token });
    expect(response.body).toMatchObject({ articles: [], page: 1, per_page: 20, total: 0, total_pages: 0 });
  });

  it.each([
    ["page=0", "page: page must be at least 1"],
    ["page=-1", "page: page must be at least 1"],
    ["page=abc", "page: page must be a whole number"],
    ["page=1.5", "page: page must be a whole number"],
    ["page=1000000000000", "page: page must be at most 100,000"],
    ["per_page=0", "per_page: per_page must be at least 1"],
    ["per_page=1000", "per_page: per_page must be at most 100"],
    [`search=${"x".repeat(201)}`, "search: search must be at most 200 characters"],
  ])("rejects %s with 422", async (query, detail) => {
    const { token } = await registerUser();
    const response = await api("GET", `/api/articles/?${query}`, { token });
    expect(response.status).toBe(422);
    expect(response.body.detail).toBe(detail);
  });

  it("filters by exact domain", async () => {
    const { token, user } = await registerUser();
    const a = await seedArticle(user.id, { domain: "news.example.com" });
    await seedArticle(user.id, { domain: "example.com" });
    await seedArticle(user.id, { domain: "news.example.com.evil" });
    const response = await api("GET", "/api/articles/?domain=News.Example.com", { token });
    expect(response.body.articles.map((x: { id: number }) => x.id)).toEqual([a]);
    expect(response.body.total).toBe(1);
  });

  it("searches title, summary, content, domain and author, best match first, within one user only", async () => {
    const alice = await registerUser();
    const bob = await registerUser();
    const inTitle = await seedArticle(alice.user.id, { title: "Octopus intelligence", content: "Cephalopods." });
    const inSummary = await seedArticle(alice.user.id, { title: "Sea life", summary: "An octopus can open jars." });
    const inContent = await seedArticle(alice.user.id, { title: "Reef", content: "Divers met an octopus at dusk." });
    const inAuthor = await seedArticle(alice.user.id, { title: "Essay", author: "Ada Lovelace" });
    const inDomain = await seedArticle(alice.user.id, { title: "Post", domain: "octopuslab.org" });
    await seedArticle(alice.user.id, { title: "Unrelated", content: "Mountains and rivers." });
    await seedArticle(bob.user.id, { title: "Octopus for Bob", content: "octopus octopus" });

    const octopus = await api("GET", "/api/articles/?search=octopus", { token: alice.token });
    const ids = octopus.body.articles.map((a: { id: number }) => a.id);
    expect(ids[0]).toBe(inTitle);
    // The last word matches as a prefix (search as you type), so the domain octopuslab.org matches too.
    expect(new Set(ids)).toEqual(new Set([inTitle, inSummary, inContent, inDomain]));
    expect(octopus.body.total).toBe(4);
    expect(
      (await api("GET", "/api/articles/?search=octopus%20can", { token: alice.token })).body.articles.map(
        (a: { id: number }) => a.id,
      ),
    ).toEqual([inSummary]);

    expect((await api("GET", "/api/articles/?search=lovelace", { token: alice.token })).body.articles[0].id).toBe(
      inAuthor,
    );
    expect((await api("GET", "/api/articles/?search=octopuslab.org", { token: alice.token })).body.articles[0].id).toBe(
      inDomain,
    );
    // Prefix matching on the last word, accents folded, case ignored.
    expect((await api("GET", "/api/articles/?search=OCTO", { token: alice.token })).body.total).toBe(4);
    // Words are ANDed.
    expect(
      (await api("GET", "/api/articles/?search=octopus%20jars", { token: alice.token })).body.articles,
    ).toHaveLength(1);
  });

  it("lists a search of more than 1,000 matches newest first, its total a lower bound; ranks a narrower one", async () => {
    const alice = await registerUser();
    const bob = await registerUser();
    const bobs = await seedArticle(bob.user.id, { title: "Common for Bob", content: "common common" });
    // 1,005 articles with "common" in their text; "rare" in three of them, once in a title; four on their own site.
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1005)
       INSERT INTO articles (user_id, url, normalized_url, title, search_text, domain, processing_status, created_at,
         updated_at)
       SELECT ?1, 'https://bulk.example.com/' || i, 'https://bulk.example.com/' || i,
         CASE WHEN i = 7 THEN 'A rare find' ELSE 'Bulk ' || i END,
         'a common word ' || CASE WHEN i IN (3, 500) THEN 'and a rare one' ELSE '' END,
         CASE WHEN i % 250 = 0 THEN 'few.example.com' ELSE 'bulk.example.com' END, 'completed', 1, 1 FROM n`,
    )
      .bind(alice.user.id)
      .run();
    const ids = (
      await env.DB.prepare("SELECT id FROM articles WHERE user_id = ? ORDER BY id DESC").bind(alice.user.id).all<{
        id: number;
      }>()
    ).results.map((row) => row.id);
    const bulk = (i: number) => ids[1005 - i];
    const idsOf = (body: { articles: { id: number }[] }) => body.articles.map((a) => a.id);
    const search = (query: string) => api("GET", `/api/articles/?${query}`, { token: alice.token });

    const first = await search("search=common");
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 1000, total_exact: false, total_pages: 50 });
    expect(idsOf(first.body)).toEqual(ids.slice(0, 20));
    expect(idsOf((await search("search=common&page=2")).body)).toEqual(ids.slice(20, 40));
    // Past the first 1,000 the pages go on, newest first, to the last match; then an empty page, total unchanged.
    const deep = await search("search=common&page=51");
    expect(idsOf(deep.body)).toEqual(ids.slice(1000));
    expect(idsOf(deep.body)).not.toContain(bobs);
    expect((await search("search=common&page=52")).body).toMatchObject({
      articles: [],
      total: 1000,
      total_exact: false,
    });

    // Fewer matches: ranked best first (the title's match), counted exactly.
    const rare = await search("search=rare");
    expect(rare.body).toMatchObject({ total: 3, total_exact: true, total_pages: 1 });
    expect(idsOf(rare.body)[0]).toBe(bulk(7));
    // Another filter narrows the matches below the limit: ranked and exact again.
    const few = await search("search=common&domain=few.example.com");
    expect(few.body).toMatchObject({ total: 4, total_exact: true });
    expect(new Set(idsOf(few.body))).toEqual(new Set([bulk(250), bulk(500), bulk(750), bulk(1000)]));
    // A page past the end of a narrow search still counts its matches.
    expect((await search("search=rare&page=2")).body).toMatchObject({ articles: [], total: 3, total_exact: true });
    // A list without a search is always counted exactly.
    expect((await search("per_page=5")).body).toMatchObject({ total: 1005, total_exact: true });
  });

  it.each([
    '"',
    '"unterminated',
    "NEAR(octopus jars)",
    "octopus OR mountains",
    "NOT octopus",
    "title:octopus",
    "user_id:1",
    "*",
    "(",
    "a AND",
    "^octopus",
    "-octopus",
    "🙂",
    "'; DROP TABLE articles; --",
  ])("treats %j as plain text: 200, never another user's article", async (search) => {
    const alice = await registerUser();
    const bob = await registerUser();
    await seedArticle(alice.user.id, { title: "Octopus", summary: "jars and mountains" });
    const bobs = await seedArticle(bob.user.id, { title: "Octopus title user_id", content: "octopus jars" });
    const response = await api("GET", `/api/articles/?search=${encodeURIComponent(search)}`, { token: alice.token });
    expect(response.status).toBe(200);
    expect(response.body.articles.map((a: { id: number }) => a.id)).not.toContain(bobs);
    const count = await env.DB.prepare("SELECT count(*) AS n FROM articles").first<{ n: number }>();
    expect(count?.n).toBeGreaterThan(0);
  });
});

describe("one article: get, update, delete, mark, feedback", () => {
  it("gets the full article including content", async () => {
    const { token, user } = await registerUser();
    const id = await seedArticle(user.id, { title: "T", content: "<p>Body</p>" });
    const response = await api("GET", `/api/articles/${id}`, { token });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id, title: "T", content: "<p>Body</p>", status: "completed" });
  });

  it("marks read (keeping the first read time) and unread (clearing it)", async () => {
    const { token, user } = await registerUser();
    const id = await seedArticle(user.id);
    const read = await api("POST", `/api/articles/${id}/mark-read`, { token });
    expect(read.status).toBe(200);
    expect(read.body.is_read).toBe(true);
    const readAt = read.body.read_at;
    expect(Date.parse(readAt)).toBeGreaterThan(Date.now() - 60_000);
    const again = await api("POST", `/api/articles/${id}/mark-read`, { token });
    expect(again.body.read_at).toBe(readAt);
    const unread = await api("POST", `/api/articles/${id}/mark-unread`, { token });
    expect(unread.body).toMatchObject({ is_read: false, read_at: null });
  });

  it("updates title, author and is_read; refuses read-only and unknown fields", async () => {
    const { token, user } = await registerUser();
    const id = await seedArticle(user.id, { title: "Old", summary: "S" });
    const updated = await api("PUT", `/api/articles/${id}`, {
      token,
      body: { title: "  New title ", author: "Me", is_read: true },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ title: "New title", author: "Me", is_read: true });
    expect(updated.body.read_at).not.toBeNull();
    // The full-text index follows the new title.
    expect((await api("GET", "/api/articles/?search=new%20title", { token })).body.total).toBe(1);

    const cleared = await api("PUT", `/api/articles/${id}`, { token, body: { title: "", is_read: false } });
    expect(cleared.body).toMatchObject({ title: null, is_read: false, read_at: null });

    const readOnly = await api("PUT", `/api/articles/${id}`, {
      token,
      body: { summary: "hacked", processing_status: "completed" },
    });
    expect(readOnly.status).toBe(422);
    expect(readOnly.body.detail).toBe(
      "summary, processing_status: cannot be changed (editable fields: title, author, is_read, note)",
    );
    expect((await api("PUT", `/api/articles/${id}`, { token, body: {} })).body.detail).toBe(
      "Provide at least one field to change: title, author, is_read, note",
    );
    expect((await api("PUT", `/api/articles/${id}`, { token, body: { is_read: "yes" } })).status).toBe(422);
    expect((await api("PUT", `/api/articles/${id}`, { token, body: { title: "x".repeat(501) } })).status).toBe(422);
    expect((await api("GET", `/api/articles/${id}`, { token })).body.summary).toBe("S");
  });

  it("deletes (204), after which the article is gone", async () => {
    const { token, user } = await registerUser();
    const id = await seedArticle(user.id);
    expect((await api("DELETE", `/api/articles/${id}`, { token })).status).toBe(204);
    expect((await api("GET", `/api/articles/${id}`, { token })).status).toBe(404);
    expect((await api("DELETE", `/api/articles/${id}`, { token })).status).toBe(404);
  });

  it("rates an article -1, 0 or 1, reads it back, and answers 200 with no rating before any rating", async () => {
    const { token, user } = await registerUser();
    const id = await seedArticle(user.id);
    const none = await api("GET", `/api/articles/${id}/feedback`, { token });
    expect(none.status).toBe(200);
    expect(none.body).toEqual({
      id: null,
      user_id: user.id,
      article_id: id,
      feedback_value: null,
      created_at: null,
      updated_at: null,
    });
    for (const value of [1, -1, 0]) {
      const set = await api("POST", `/api/articles/${id}/feedback`, { token, body: { feedback: value } });
      expect(set.status).toBe(200);
      expect(set.body).toMatchObject({ article_id: id, user_id: user.id, feedback_value: value });
    }
    const got = await api("GET", `/api/articles/${id}/feedback`, { token });
    expect(got.body.feedback_value).toBe(0);
    for (const bad of [2, -2, "1", 0.5, null]) {
      const response = await api("POST", `/api/articles/${id}/feedback`, { token, body: { feedback: bad } });
      expect(response.status).toBe(422);
      expect(response.body.detail).toBe("feedback: feedback must be -1 (poor), 0 (alright) or 1 (good)");
    }
    expect((await api("GET", `/api/articles/${id}/feedback`, { token })).body.feedback_value).toBe(0);
  });

  it.each(["abc", "0", "-5", "1.5", "99999999999999999999"])("answers 422 for the id %s", async (id) => {
    const { token } = await registerUser();
    const response = await api("GET", `/api/articles/${id}`, { token });
    expect(response.status).toBe(422);
    expect(response.body.detail).toBe("id: must be a positive whole number");
  });
});

describe("isolation: another user's article answers 404 on every call and is left unchanged", () => {
  it("covers get, update, delete, mark-read, mark-unread, feedback and batch status", async () => {
    const owner = await registerUser();
    const intruder = await registerUser();
    const id = await seedArticle(owner.user.id, { title: "Private" });
    const calls: [string, string, unknown?][] = [
      ["GET", `/api/articles/${id}`],
      ["PUT", `/api/articles/${id}`, { title: "Mine now" }],
      ["POST", `/api/articles/${id}/mark-read`],
      ["POST", `/api/articles/${id}/mark-unread`],
      ["POST", `/api/articles/${id}/feedback`, { feedback: 1 }],
      ["GET", `/api/articles/${id}/feedback`],
      ["DELETE", `/api/articles/${id}`],
    ];
    for (const [method, path, body] of calls) {
      const response = await api(method, path, { token: intruder.token, body });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    // A poll answers for what it can: someone else's id is listed as missing, exactly like one that never existed.
    const polled = await api("POST", "/api/articles/batch/status", {
      token: intruder.token,
      body: { article_ids: [id] },
    });
    expect(polled.body).toEqual({ statuses: [], missing_ids: [id] });
    const still = await api("GET", `/api/articles/${id}`, { token: owner.token });
    expect(still.body).toMatchObject({ title: "Private", is_read: false });
    expect((await api("GET", `/api/articles/${id}/feedback`, { token: owner.token })).body.feedback_value).toBeNull();
    expect((await api("GET", "/api/articles/", { token: intruder.token })).body.total).toBe(0);
  });
});

describe("POST /api/articles/batch/status", () => {
  it("returns the statuses of the given articles, and an empty list for no ids", async () => {
    const { token, user } = await registerUser();
    const done = await seedArticle(user.id, { title: "Done", processingStatus: "completed" });
    const waiting = await seedArticle(user.id, { processingStatus: "retrying" });
    const response = await api("POST", "/api/articles/batch/status", {
      token,
      body: { article_ids: [done, waiting, done] },
    });
    expect(response.status).toBe(200);
    expect(response.body.statuses).toHaveLength(2);
    expect(response.body.statuses[0]).toMatchObject({
      article_id: done,
      status: "completed",
      title: "Done",
      attempts: 0,
    });
    expect(response.body.statuses[1]).toMatchObject({
      article_id: waiting,
      status: "retrying",
      display_status: "processing",
    });
    expect(response.body.missing_ids).toEqual([]);
    expect((await api("POST", "/api/articles/batch/status", { token, body: { article_ids: [] } })).body).toEqual({
      statuses: [],
      missing_ids: [],
    });
  });

  it("answers 200 for the articles that exist and lists deleted, unknown and other users' ids as missing", async () => {
    const { token, user } = await registerUser();
    const other = await registerUser();
    const kept = await seedArticle(user.id, { title: "Kept", processingStatus: "processing" });
    const deleted = await seedArticle(user.id, { title: "Deleted in another tab" });
    const theirs = await seedArticle(other.user.id, { title: "Not yours" });
    expect((await api("DELETE", `/api/articles/${deleted}`, { token })).status).toBe(204);
    const neverExisted = theirs + 1_000_000;
    const response = await api("POST", "/api/articles/batch/status", {
      token,
      body: { article_ids: [deleted, kept, theirs, neverExisted, deleted] },
    });
    expect(response.status).toBe(200);
    expect(response.body.statuses).toEqual([expect.objectContaining({ article_id: kept, title: "Kept" })]);
    expect(response.body.missing_ids).toEqual([deleted, theirs, neverExisted]);
    // Nothing in the answer tells the other user's id from one that never existed.
    expect(JSON.stringify(response.body)).not.toContain("Not yours");
  });

  it("refuses 51 ids, non-numbers and a missing list with 422", async () => {
    const { token } = await registerUser();
    const ids = Array.from({ length: 51 }, (_, i) => i + 1);
    const response = await api("POST", "/api/articles/batch/status", { token, body: { article_ids: ids } });
    expect(response.status).toBe(422);
    expect(response.body.detail).toBe("article_ids: article_ids may contain at most 50 ids per request");
    expect((await api("POST", "/api/articles/batch/status", { token, body: { article_ids: ["1"] } })).status).toBe(422);
    expect((await api("POST", "/api/articles/batch/status", { token, body: {} })).status).toBe(422);
  });
});

describe("bad bodies change nothing", () => {
  it("answers malformed JSON with 400 and a body over the save limit (6 MB, for the page's HTML) with 413", async () => {
    const { token } = await registerUser();
    const malformed = await api("POST", "/api/articles/", { token, rawBody: '{"url": "https://example.com"' });
    expect(malformed.status).toBe(400);
    const huge = await api("POST", "/api/articles/", {
      token,
      body: { url: `https://example.com/${"a".repeat(6_500_000)}` },
    });
    expect(huge.status).toBe(413);
    expect(huge.body.detail).toBe("Request body is too large (the limit is 6 MB)");
    const overUrlLimit = await api("POST", "/api/articles/", {
      token,
      body: { url: `https://example.com/${"a".repeat(1_000_000)}` },
    });
    expect(overUrlLimit.status).toBe(422);
    const hugeBulk = await api("POST", "/api/articles/bulk", { token, body: { urls: ["x".repeat(1_600_000)] } });
    expect(hugeBulk.status).toBe(413);
    expect((await api("GET", "/api/articles/", { token })).body.total).toBe(0);
  });
});
