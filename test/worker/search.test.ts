import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, registerUser, seedProcessedArticle } from "./helpers";

async function bees(userId: number) {
  return {
    waggle: await seedProcessedArticle(userId, {
      title: "How honeybees dance",
      text: "Honeybees perform a waggle dance inside the hive to tell other bees where the pollen is.",
      domain: "bees.example.com",
    }),
    hive: await seedProcessedArticle(userId, {
      title: "Inside the hive",
      text: "A honeybee colony has one queen, thousands of workers and a few drones in the hive.",
      isRead: true,
      domain: "nature.example.com",
    }),
    glacier: await seedProcessedArticle(userId, {
      title: "Glaciers in retreat",
      text: "Alpine glaciers are melting faster as the climate warms and the icecap thins.",
      domain: "nature.example.com",
    }),
    rust: await seedProcessedArticle(userId, {
      title: "Rust's borrow checker",
      text: "The Rust compiler checks ownership and lifetimes with its borrow checker.",
      domain: "code.example.com",
    }),
  };
}

const chat = (token: string, body: Record<string, unknown>) => api("POST", "/api/search/chat", { token, body });

describe("search sessions", () => {
  it("creates and clears a session; a cleared or foreign session answers 404", async () => {
    const alice = await registerUser();
    const bob = await registerUser();
    const created = await api("POST", "/api/search/session", { token: alice.token, body: { action: "create" } });
    expect(created.status).toBe(201);
    const sessionId = created.body.session_id;
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await chat(bob.token, { query: "bees", session_id: sessionId })).status).toBe(404);
    expect(
      (await api("POST", "/api/search/session", { token: bob.token, body: { action: "clear", session_id: sessionId } }))
        .status,
    ).toBe(404);
    const cleared = await api("POST", "/api/search/session", {
      token: alice.token,
      body: { action: "clear", session_id: sessionId },
    });
    expect(cleared.status).toBe(200);
    expect((await chat(alice.token, { query: "bees", session_id: sessionId })).status).toBe(404);
    const bad = await api("POST", "/api/search/session", { token: alice.token, body: { action: "delete" } });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toMatch(/action must be 'create' or 'clear'/);
  });
});

describe("POST /api/search/chat", () => {
  it("ranks by text and meaning, explains every result and suggests follow-ups", async () => {
    const { token, user } = await registerUser();
    const ids = await bees(user.id);
    const response = await chat(token, { query: "What have I saved about honeybees dancing?" });
    expect(response.status).toBe(200);
    const results = response.body.results;
    expect(results[0].article.id).toBe(ids.waggle);
    expect(results.map((r: { article: { id: number } }) => r.article.id)).toContain(ids.hive);
    const scores = results.map((r: { relevance_score: number }) => r.relevance_score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    for (const score of scores) {
      expect(score).toBeGreaterThan(0);
      expect(score).toBeLessThanOrEqual(1);
    }
    expect(results[0].match_explanation).toMatch(/^Mentions "honeybees"/);
    expect(results[0].match_explanation).toContain("waggle dance");
    expect(response.body.total_found).toBe(results.length);
    expect(typeof response.body.search_time_ms).toBe("number");
    expect(response.body.suggestions.length).toBeGreaterThan(0);
    for (const suggestion of response.body.suggestions) {
      expect(suggestion).toMatch(/^More about \S+$/);
      expect(suggestion).not.toMatch(/honeybee|danc/);
    }
  });

  it("explains a match that lies past the start of a long article with the passage where it occurs", async () => {
    const { token, user } = await registerUser();
    const filler = "<p>The tide came in over the flats and went out again, as it does every day.</p>".repeat(400);
    const id = await seedProcessedArticle(user.id, {
      title: "A year on the coast",
      text: "A long essay about the sea and the shore.",
      summary: "**A long essay about the sea.**\n\n- Tides come and go.",
      content: `${filler}<p>At dusk the <em>lighthouse</em> keeper counted the ships.</p>${filler}`,
    });
    const response = await chat(token, { query: "lighthouse" });
    expect(response.status).toBe(200);
    expect(response.body.results[0].article.id).toBe(id);
    expect(response.body.results[0].match_explanation).toBe(
      'Mentions "lighthouse" in the article: "At dusk the lighthouse keeper counted the ships."',
    );
  });

  it("searches the words of an article, not its markup", async () => {
    const { token, user } = await registerUser();
    const id = await seedProcessedArticle(user.id, {
      title: "Tides",
      text: "The moon pulls the sea.",
      content:
        '<figure><img src="https://example.com/moon.png" alt=""><figcaption>The <strong>moon</strong> at dusk</figcaption></figure><p class="lead">The moon pulls the sea.</p>',
    });
    for (const markup of ["figure", "strong", "href", "src", "lead", "png"]) {
      const list = await api("GET", `/api/articles/?search=${markup}`, { token });
      expect(list.body.articles, `"${markup}" is markup, not a word of the article`).toEqual([]);
      // Nor is the one article of the library a match by meaning just because nothing else is there.
      const response = await chat(token, { query: markup });
      expect(response.body.results, `chat search for "${markup}"`).toEqual([]);
    }
    const list = await api("GET", "/api/articles/?search=dusk", { token });
    expect(list.body.articles.map((a: { id: number }) => a.id)).toEqual([id]);
    const words = await chat(token, { query: "dusk" });
    expect(words.body.results[0].match_explanation).toBe('Mentions "dusk" in the article: "The moon at dusk"');
  });

  it("explains an article indexed before plain text was stored, from its HTML, without tags", async () => {
    const { token, user } = await registerUser();
    const id = await seedProcessedArticle(user.id, {
      title: "Harbours",
      text: "Old ports.",
      content: "<h2>Harbours</h2><p>The <em>pilot</em> boat met the ferry at the breakwater.</p>",
    });
    // As migration 0011 left rows saved before it: their HTML copied into search_text.
    await env.DB.prepare("UPDATE articles SET search_text = content WHERE id = ?").bind(id).run();
    const response = await chat(token, { query: "breakwater" });
    expect(response.body.results[0].match_explanation).toBe(
      'Mentions "breakwater" in the article: "Harbours The pilot boat met the ferry at the breakwater."',
    );
  });

  it("reads a follow-up question together with the previous turn of the session", async () => {
    const { token, user } = await registerUser();
    const ids = await bees(user.id);
    const { session_id } = (await api("POST", "/api/search/session", { token, body: { action: "create" } })).body;
    const first = await chat(token, { query: "honeybees", session_id });
    expect(first.body.results.length).toBeGreaterThanOrEqual(2);
    const followUp = await chat(token, { query: "only the unread ones", session_id });
    expect(followUp.body.effective_query).toBe("honeybees only the unread ones");
    const found = followUp.body.results.map((r: { article: { id: number } }) => r.article.id);
    expect(found).toContain(ids.waggle);
    expect(found).not.toContain(ids.hive);
    // Without the session, the same words have nothing to build on.
    expect((await chat(token, { query: "only the unread ones" })).body.effective_query).toBe("only the unread ones");
  });

  it("applies filters and never shows another user's articles", async () => {
    const alice = await registerUser();
    const bob = await registerUser();
    const ids = await bees(alice.user.id);
    const bobs = await bees(bob.user.id);
    const byDomain = await chat(alice.token, { query: "honeybees hive", filters: { domain: "nature.example.com" } });
    expect(byDomain.body.results.map((r: { article: { id: number } }) => r.article.id)).toEqual([ids.hive]);
    const read = await chat(alice.token, { query: "honeybees hive", filters: { is_read: true } });
    expect(read.body.results.map((r: { article: { id: number } }) => r.article.id)).toEqual([ids.hive]);
    const all = await chat(alice.token, { query: "honeybees glaciers rust compiler", limit: 50 });
    for (const result of all.body.results) expect(Object.values(bobs)).not.toContain(result.article.id);
  });

  it.each([
    '"',
    "NEAR(bees hive)",
    "*",
    "user_id:1 OR bees",
    "🙂🙂",
    "'; DROP TABLE articles; --",
    "a".repeat(500),
  ])("answers the hostile query %j with 200", async (query) => {
    const { token, user } = await registerUser();
    await bees(user.id);
    const response = await chat(token, { query });
    expect(response.status).toBe(200);
    expect(Array.isArray(response.body.results)).toBe(true);
  });

  it.each([
    [{ query: "" }, "query: query is required"],
    [{ query: "   " }, "query: query is required"],
    [{ query: "a".repeat(501) }, "query: query must be at most 500 characters"],
    [{ query: 5 }, "query: query must be a string"],
    [{ query: "bees", limit: 0 }, "limit: limit must be at least 1"],
    [{ query: "bees", session_id: "nope" }, "session_id: session_id is not a valid session id"],
  ])("refuses %j with 422", async (body, detail) => {
    const { token } = await registerUser();
    const response = await chat(token, body);
    expect(response.status).toBe(422);
    expect(response.body.detail).toBe(detail);
  });
});
