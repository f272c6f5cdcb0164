import { describe, expect, inject, it } from "vitest";
import { contentText, summaryText } from "../../src/worker/domain/highlights/article-text";
import { api, registerUser, seedArticle } from "./helpers";
import { SLOW_TEST_MS } from "./waits";

const CONTENT =
  "<h2>Slow reading</h2><p>Reading is slow, and that is the point of it.</p>" +
  "<ul><li>First, <em>take your time</em>.</li><li>Then <a href='https://example.com/'>follow a link</a>.</li></ul>";

async function reader() {
  const { token } = await registerUser();
  const user = (await api("GET", "/api/auth/me", { token })).body as { id: number };
  return { token, userId: user.id };
}

describe("highlights (issue 32)", () => {
  it("stores W3C selectors, lists them in reading order and anchors a quote given alone", async () => {
    const { token, userId } = await reader();
    const id = await seedArticle(userId, { title: "On slow reading", content: CONTENT });
    // The text is the content's textContent: "Slow reading" + "Reading is slow, and " puts the quote at 33.
    const byQuote = await api("POST", `/api/articles/${id}/highlights`, {
      token,
      body: { quote: "that is the point", color: "green", note: "the *thesis*" },
    });
    expect(byQuote.status).toBe(201);
    expect(byQuote.body).toMatchObject({
      article_id: id,
      target: "content",
      quote: "that is the point",
      color: "green",
      note: "the *thesis*",
      anchor_status: "anchored",
      selectors: [
        { type: "TextQuoteSelector", exact: "that is the point", prefix: "low readingReading is slow, and " },
        { type: "TextPositionSelector", start: 33, end: 50 },
      ],
    });
    const title = await api("POST", `/api/articles/${id}/highlights`, {
      token,
      body: {
        target: "title",
        selectors: [
          { type: "TextQuoteSelector", exact: "slow", prefix: "On ", suffix: " reading" },
          { type: "TextPositionSelector", start: 3, end: 7 },
        ],
      },
    });
    expect(title.status).toBe(201);
    expect(title.body.color).toBe("yellow");

    const listed = await api("GET", `/api/articles/${id}/highlights`, { token });
    expect(listed.body.highlights.map((h: { quote: string }) => h.quote)).toEqual(["slow", "that is the point"]);
  });

  it("refuses bad input with a clear 422 or 404 and stores nothing", async () => {
    const { token, userId } = await reader();
    const other = await reader();
    const id = await seedArticle(userId, { content: CONTENT });
    const post = (body: unknown, articleId = id, as = token) =>
      api("POST", `/api/articles/${articleId}/highlights`, { token: as, body });

    expect((await post({ quote: "slow" }, 999_999)).status).toBe(404);
    expect((await post({ quote: "slow" }, id, other.token)).status).toBe(404);
    const oversize = await post({ quote: "x".repeat(5_001) });
    expect(oversize.status).toBe(422);
    expect(oversize.body.detail).toMatch(/quote must be 1 to 5,000 characters/);
    const missing = await post({ quote: "a sentence that is nowhere in the article" });
    expect(missing.status).toBe(422);
    expect(missing.body.detail).toMatch(/not in the article's text/);
    const noQuote = await post({ selectors: [{ type: "TextPositionSelector", start: 0, end: 4 }] });
    expect(noQuote.status).toBe(422);
    expect(noQuote.body.detail).toMatch(/exactly one TextQuoteSelector/);
    const wrongSpan = await post({
      selectors: [
        { type: "TextQuoteSelector", exact: "slow" },
        { type: "TextPositionSelector", start: 0, end: 9 },
      ],
    });
    expect(wrongSpan.body.detail).toMatch(/as many characters as the quote/);
    expect((await post({ quote: "slow", color: "red" })).body.detail).toMatch(/color must be one of/);
    expect((await post({ quote: "slow", note: "n".repeat(10_001) })).body.detail).toMatch(
      /note must be at most 10,000/,
    );

    expect((await api("GET", `/api/articles/${id}/highlights`, { token })).body.highlights).toEqual([]);
  });

  it("changes colour and note, deletes, and keeps another user's highlight out of reach", async () => {
    const { token, userId } = await reader();
    const other = await reader();
    const id = await seedArticle(userId, { content: CONTENT });
    const made = (await api("POST", `/api/articles/${id}/highlights`, { token, body: { quote: "take your time" } }))
      .body;

    expect(
      (await api("PATCH", `/api/highlights/${made.id}`, { token: other.token, body: { color: "blue" } })).status,
    ).toBe(404);
    expect((await api("DELETE", `/api/highlights/${made.id}`, { token: other.token })).status).toBe(404);
    const patched = await api("PATCH", `/api/highlights/${made.id}`, { token, body: { color: "pink", note: "nice" } });
    expect(patched.body).toMatchObject({ color: "pink", note: "nice" });
    // A change made earlier on a device that was offline loses to the newer one.
    const stale = await api("PATCH", `/api/highlights/${made.id}`, {
      token,
      body: { note: "older", client_updated_at: Date.parse(patched.body.updated_at) - 60_000 },
    });
    expect(stale.body.note).toBe("nice");
    expect((await api("DELETE", `/api/highlights/${made.id}`, { token })).status).toBe(204);
    expect((await api("DELETE", `/api/highlights/${made.id}`, { token })).status).toBe(404);
  });

  it("keeps every edit made while the highlight was still being saved: a colour, then a note", async () => {
    const { token, userId } = await reader();
    const id = await seedArticle(userId, { content: CONTENT });
    const made = (await api("POST", `/api/articles/${id}/highlights`, { token, body: { quote: "take your time" } }))
      .body;
    // The viewer stamps each edit with the time the reader made it, and sends it once the creation has answered:
    // both times are before the server stored the highlight.
    const createdAt = Date.parse(made.created_at);
    const patch = (body: object) => api("PATCH", `/api/highlights/${made.id}`, { token, body });
    expect((await patch({ color: "green", client_updated_at: createdAt - 200 })).body.color).toBe("green");
    expect((await patch({ note: "Brakes first.", client_updated_at: createdAt - 100 })).body).toMatchObject({
      color: "green",
      note: "Brakes first.",
    });
    const [stored] = (await api("GET", `/api/articles/${id}/highlights`, { token })).body.highlights;
    expect(stored).toMatchObject({ color: "green", note: "Brakes first." });
  });

  it("searches the library's highlights by quote and note, filters by colour, pages with a cursor", async () => {
    const { token, userId } = await reader();
    const id = await seedArticle(userId, {
      title: "Lesen",
      content: "<p>Die Straße ist lang und die Nacht ist kühl.</p>",
    });
    await api("POST", `/api/articles/${id}/highlights`, { token, body: { quote: "Die Straße ist lang" } });
    await api("POST", `/api/articles/${id}/highlights`, {
      token,
      body: { quote: "Nacht", color: "blue", note: "dunkel" },
    });
    await api("POST", `/api/articles/${id}/highlights`, { token, body: { quote: "kühl", color: "blue" } });

    const search = await api("GET", "/api/highlights?search=stra%C3%9Fe", { token });
    expect(search.body.highlights.map((h: { quote: string }) => h.quote)).toEqual(["Die Straße ist lang"]);
    expect(search.body.highlights[0].article).toMatchObject({ id, title: "Lesen" });
    expect((await api("GET", "/api/highlights?search=dunkel", { token })).body.highlights[0].quote).toBe("Nacht");
    const blue = await api("GET", "/api/highlights?color=blue&limit=1", { token });
    expect(blue.body.highlights.map((h: { quote: string }) => h.quote)).toEqual(["kühl"]);
    const next = await api("GET", `/api/highlights?color=blue&limit=1&cursor=${blue.body.next_cursor}`, { token });
    expect(next.body.highlights.map((h: { quote: string }) => h.quote)).toEqual(["Nacht"]);
    expect(next.body.next_cursor).toBeNull();
    expect((await api("GET", "/api/highlights?cursor=abc", { token })).status).toBe(422);
  });

  it("keeps the article note and the reading position, newest write wins", async () => {
    const { token, userId } = await reader();
    const id = await seedArticle(userId, { content: CONTENT });
    const noted = await api("PUT", `/api/articles/${id}`, { token, body: { note: "# Why\nread *slowly*" } });
    expect(noted.status).toBe(200);
    expect(noted.body.note).toBe("# Why\nread *slowly*");

    const put = await api("PUT", `/api/articles/${id}/progress`, { token, body: { position: 40, progress: 0.4 } });
    expect(put.body).toMatchObject({ reading_position: 40, reading_progress: 0.4 });
    const older = await api("PUT", `/api/articles/${id}/progress`, {
      token,
      body: { position: 5, progress: 0.05, client_updated_at: Date.now() - 3_600_000 },
    });
    expect(older.body).toMatchObject({ reading_position: 40, reading_progress: 0.4 });
    const article = (await api("GET", `/api/articles/${id}`, { token })).body;
    expect(article).toMatchObject({ reading_position: 40, reading_progress: 0.4 });
    expect(
      (await api("PUT", `/api/articles/${id}/progress`, { token, body: { position: 1, progress: 2 } })).status,
    ).toBe(422);
  });
});

describe("highlights found again after the text changes (issue 32 item 2)", () => {
  const quotes = (list: { quote: string; anchor_status: string }[]) =>
    Object.fromEntries(list.map((h) => [h.quote, h.anchor_status]));

  it(
    "re-anchors after a re-fetch: a reworded quote and a moved one anchor, a dropped one is kept as orphaned, a pending one anchors",
    async () => {
      const { token, userId } = await reader();
      // The page now serves the fixture's stock paragraphs; the stored content is an older version of it.
      const url = `${inject("fixtureOrigin")}/article?title=Gardens`;
      const old =
        "<p>Reading is slow, and the web is fast.</p>" +
        "<p>The second paragraph talks about gardens. Tomatoes love the sun, basil likes the tomatoes, and slugs like everything.</p>" +
        "<p>An old paragraph about kites, which the new version of the page dropped entirely.</p>" +
        "<p>The third paragraph is about bicycles. A well-oiled chain is quiet; a dry one announces itself on every hill.</p>";
      const id = await seedArticle(userId, { url, title: "Gardens", content: old, processingStatus: "failed" });
      for (const quote of [
        "Tomatoes love the sun, basil likes the tomatoes",
        "An old paragraph about kites, which the new version",
        "A well-oiled chain is quiet",
      ]) {
        expect((await api("POST", `/api/articles/${id}/highlights`, { token, body: { quote } })).status).toBe(201);
      }
      await api("POST", `/api/articles/${id}/highlights`, { token, body: { quote: "Gardens", target: "title" } });
      // An article whose text has not arrived yet keeps an imported highlight pending.
      const bare = await seedArticle(userId, { url: `${url}&v=2`, content: null, processingStatus: "failed" });
      const pending = await api("POST", `/api/articles/${bare}/highlights`, {
        token,
        body: { quote: "slugs like everything" },
      });
      expect(pending.body.anchor_status).toBe("pending");

      const refetched = await api("POST", `/api/articles/${id}/refetch-content`, { token });
      expect(refetched.body.processing_status).toBe("completed");
      const text = contentText(refetched.body.content);
      const after = (await api("GET", `/api/articles/${id}/highlights`, { token })).body.highlights;
      expect(quotes(after)).toEqual({
        "Tomatoes love the sun, basil likes the tomatoes": "anchored",
        "An old paragraph about kites, which the new version": "orphaned",
        "A well-oiled chain is quiet": "anchored",
        Gardens: "anchored",
      });
      const chain = after.find((h: { quote: string }) => h.quote === "A well-oiled chain is quiet");
      expect(chain.selectors[1]).toEqual({
        type: "TextPositionSelector",
        start: text.indexOf("A well-oiled chain is quiet"),
        end: text.indexOf("A well-oiled chain is quiet") + 27,
      });
      const reworded = after.find((h: { quote: string }) => h.quote.startsWith("Tomatoes"));
      expect(text.slice(reworded.selectors[1].start, reworded.selectors[1].end)).toMatch(/^Tomatoes like the sun/);
      // The orphaned one is listed with its quote, in the library too.
      const library = (await api("GET", "/api/highlights?search=kites", { token })).body.highlights;
      expect(library.map((h: { anchor_status: string }) => h.anchor_status)).toEqual(["orphaned"]);

      expect((await api("POST", `/api/articles/${bare}/refetch-content`, { token })).body.processing_status).toBe(
        "completed",
      );
      const anchored = (await api("GET", `/api/articles/${bare}/highlights`, { token })).body.highlights;
      expect(anchored).toMatchObject([{ quote: "slugs like everything", anchor_status: "anchored" }]);
    },
    SLOW_TEST_MS,
  );

  it("re-anchors title highlights on a title edit: orphaned when the words go, anchored again when they return", async () => {
    const { token, userId } = await reader();
    const id = await seedArticle(userId, { title: "Slow reading, fast web", content: CONTENT });
    await api("POST", `/api/articles/${id}/highlights`, { token, body: { target: "title", quote: "fast web" } });
    const status = async () =>
      (await api("GET", `/api/articles/${id}/highlights`, { token })).body.highlights.map(
        (h: { anchor_status: string; selectors: unknown[] }) => [h.anchor_status, h.selectors[1] ?? null],
      );
    await api("PUT", `/api/articles/${id}`, { token, body: { title: "Reading slowly" } });
    expect(await status()).toEqual([["orphaned", null]]);
    await api("PUT", `/api/articles/${id}`, { token, body: { title: "On the fast web" } });
    expect(await status()).toEqual([["anchored", { type: "TextPositionSelector", start: 7, end: 15 }]]);
  });

  it("re-anchors summary highlights after Re-summarize, by the new summary's text", async () => {
    const { token, userId } = await reader();
    const id = await seedArticle(userId, {
      title: "On slow reading",
      content: "<p>Reading is slow, and that is the point of it. Fast reading skims; slow reading keeps.</p>",
      summary: "An older summary that says reading is slow on purpose.",
    });
    const made = await api("POST", `/api/articles/${id}/highlights`, {
      token,
      body: { target: "summary", quote: "reading is slow on purpose" },
    });
    expect(made.body.anchor_status).toBe("anchored");
    const regenerated = await api("POST", `/api/articles/${id}/regenerate-summary`, { token });
    expect(regenerated.status).toBe(200);
    const [after] = (await api("GET", `/api/articles/${id}/highlights`, { token })).body.highlights;
    const stillThere = summaryText(regenerated.body.summary).includes("reading is slow on purpose");
    expect(regenerated.body.summary).not.toBe("An older summary that says reading is slow on purpose.");
    expect(after.anchor_status).toBe(stillThere ? "anchored" : "orphaned");
  });
});

describe("notes and highlights are searchable (issue 32 item 3)", () => {
  it("finds an article by a word only in a highlight's note or the article note: dashboard, library search and MCP", async () => {
    const { token, userId } = await reader();
    const stranger = await reader();
    const id = await seedArticle(userId, {
      title: "Lesen",
      content: "<p>Die Straße ist lang und die Nacht ist kühl. La route est longue et la nuit est fraîche.</p>",
    });
    await seedArticle(userId, { title: "Unrelated", content: "<p>Nothing about puzzles or dusk here.</p>" });
    const german = await api("POST", `/api/articles/${id}/highlights`, {
      token,
      body: { quote: "Die Straße ist lang", note: "Wie ein Zauberwürfel" },
    });
    await api("POST", `/api/articles/${id}/highlights`, {
      token,
      body: { quote: "la nuit est fraîche", note: "le crépuscule arrive" },
    });
    await api("PUT", `/api/articles/${id}`, { token, body: { note: "Über die Dämmerung: Schmetterlingsflügel" } });

    const dashboard = async (word: string, as = token) =>
      (await api("GET", `/api/articles/?search=${encodeURIComponent(word)}`, { token: as })).body.articles.map(
        (a: { id: number }) => a.id,
      );
    const library = async (word: string) =>
      (await api("POST", "/api/search/chat", { token, body: { query: word } })).body.results.map(
        (r: { article: { id: number } }) => r.article.id,
      );
    // German (with and without its umlaut), French, and the article note.
    for (const word of ["Zauberwürfel", "zauberwurfel", "crépuscule", "Schmetterlingsflügel"]) {
      expect(await dashboard(word)).toEqual([id]);
      expect(await library(word)).toContain(id);
    }
    expect(await dashboard("Zauberwürfel", stranger.token)).toEqual([]);
    // The library search says where it found the word, quoting the reader's note.
    const chat = await api("POST", "/api/search/chat", { token, body: { query: "Zauberwürfel" } });
    const result = chat.body.results.find((r: { article: { id: number } }) => r.article.id === id);
    expect(result.match_explanation).toMatch(/in the notes and highlights: ".*Wie ein Zauberwürfel/);
    const { connect, mcpClient, callTool } = await import("./oauth-helpers");
    const client = await mcpClient((await connect(token)).accessToken);
    for (const query of ["Zauberwürfel", "crépuscule", "Schmetterlingsflügel"]) {
      expect((await callTool(client, "search_articles", { query })).text).toContain(`[${id}]`);
    }

    // A note changed or a highlight deleted is no longer found.
    await api("PATCH", `/api/highlights/${german.body.id}`, { token, body: { note: "Rubik" } });
    expect(await dashboard("Zauberwürfel")).toEqual([]);
    expect(await dashboard("Rubik")).toEqual([id]);
    await api("DELETE", `/api/highlights/${german.body.id}`, { token });
    expect(await dashboard("Rubik")).toEqual([]);
    expect(await dashboard("crépuscule")).toEqual([id]);
  });

  it("finds an article by a highlight's quote and note and by its note, in both searches, until they are gone", async () => {
    const { token, userId } = await reader();
    // No text yet: the highlight waits for it (pending), so its quote's words are in the index only as a quote.
    const id = await seedArticle(userId, { title: "Waiting", processingStatus: "pending" });
    const other = await seedArticle(userId, { title: "Another", content: "<p>Nothing to see.</p>" });
    const highlight = await api("POST", `/api/articles/${id}/highlights`, {
      token,
      body: { quote: "the coelacanth surfaced", note: "hummingbirds everywhere" },
    });
    expect(highlight.status).toBe(201);
    await api("PUT", `/api/articles/${id}`, { token, body: { note: "zeppelins overhead" } });

    const found = async (word: string) => ({
      dashboard: (await api("GET", `/api/articles/?search=${encodeURIComponent(word)}`, { token })).body.articles.map(
        (a: { id: number }) => a.id,
      ),
      chat: (await api("POST", "/api/search/chat", { token, body: { query: word } })).body.results.map(
        (r: { article: { id: number } }) => r.article.id,
      ),
    });
    const everywhere = { dashboard: [id], chat: [id] };
    const nowhere = { dashboard: [], chat: [] };
    for (const word of ["coelacanth", "hummingbirds", "zeppelins"]) expect(await found(word), word).toEqual(everywhere);
    // A colour leaves the words as they were (the entry is not written again), and they are still found.
    await api("PATCH", `/api/highlights/${highlight.body.id}`, { token, body: { color: "blue" } });
    expect(await found("coelacanth")).toEqual(everywhere);
    const chat = await api("POST", "/api/search/chat", { token, body: { query: "coelacanth" } });
    expect(chat.body.results[0].match_explanation).toMatch(/in the notes and highlights: ".*coelacanth surfaced/);

    // Deleting the highlight takes its quote and note out of both searches; the article note stays.
    expect((await api("DELETE", `/api/highlights/${highlight.body.id}`, { token })).status).toBe(204);
    for (const word of ["coelacanth", "hummingbirds"]) expect(await found(word), word).toEqual(nowhere);
    expect(await found("zeppelins")).toEqual(everywhere);
    await api("PUT", `/api/articles/${id}`, { token, body: { note: null } });
    expect(await found("zeppelins")).toEqual(nowhere);
    expect((await found("nothing")).dashboard).toEqual([other]);
  });
});

describe("highlights API: bad input, other users, API tokens, retries (issue 32 item 8)", () => {
  async function owned() {
    const me = await reader();
    const id = await seedArticle(me.userId, { title: "On slow reading", content: CONTENT });
    const made = await api("POST", `/api/articles/${id}/highlights`, {
      token: me.token,
      body: { quote: "take your time", note: "mine" },
    });
    return { ...me, id, highlight: made.body as { id: number; updated_at: string } };
  }

  it("answers 404 for an unknown article or highlight and for another user's, on every route, and changes nothing", async () => {
    const { token, id, highlight } = await owned();
    const other = await reader();
    const calls = (article: number, hl: number, as: string) => [
      api("GET", `/api/articles/${article}/highlights`, { token: as }),
      api("POST", `/api/articles/${article}/highlights`, { token: as, body: { quote: "slow" } }),
      api("PATCH", `/api/highlights/${hl}`, { token: as, body: { color: "blue", note: "theirs" } }),
      api("DELETE", `/api/highlights/${hl}`, { token: as }),
      api("PUT", `/api/articles/${article}/progress`, { token: as, body: { position: 10, progress: 0.5 } }),
      api("PUT", `/api/articles/${article}`, { token: as, body: { note: "theirs" } }),
    ];
    for (const response of await Promise.all([
      ...calls(id, highlight.id, other.token),
      ...calls(999_999_999, 999_999_999, token),
    ])) {
      expect(response.status).toBe(404);
      expect(response.body.detail).toMatch(/^(Article|Highlight) not found$/);
    }
    const [listed] = (await api("GET", `/api/articles/${id}/highlights`, { token })).body.highlights;
    expect(listed).toMatchObject({ id: highlight.id, color: "yellow", note: "mine" });
    expect((await api("GET", `/api/articles/${id}/highlights`, { token })).body.highlights).toHaveLength(1);
    const article = (await api("GET", `/api/articles/${id}`, { token })).body;
    expect(article).toMatchObject({ note: null, reading_position: null, reading_progress: null });
    expect((await api("GET", "/api/highlights", { token: other.token })).body.highlights).toEqual([]);
  });

  it("refuses every malformed field with a 422 naming it, and stores nothing", async () => {
    const { token, id, highlight } = await owned();
    const quote = { type: "TextQuoteSelector", exact: "slow" };
    const cases: [string, string, unknown, RegExp][] = [
      ["POST", "h", "not json", /JSON object/],
      ["POST", "h", {}, /Provide selectors .* or a quote/],
      ["POST", "h", { quote: 42 }, /^quote: quote must be a string/],
      ["POST", "h", { quote: "   " }, /^quote: quote must contain text/],
      ["POST", "h", { quote: "x".repeat(5_001) }, /^quote: quote must be 1 to 5,000 characters/],
      ["POST", "h", { quote: "slow", target: "footer" }, /^target: target must be one of content, summary, title/],
      ["POST", "h", { quote: "slow", color: "red" }, /^color: color must be one of yellow, green, blue, pink/],
      ["POST", "h", { quote: "slow", color: 1 }, /^color: color must be one of/],
      ["POST", "h", { quote: "slow", note: 7 }, /^note: note must be a string or null/],
      ["POST", "h", { quote: "slow", note: "n".repeat(10_001) }, /^note: note must be at most 10,000 characters/],
      ["POST", "h", { quote: "slow", client_id: "short" }, /^client_id: client_id must be 8 to 64/],
      ["POST", "h", { quote: "slow", colour: "blue" }, /colour/],
      ["POST", "h", { selectors: "TextQuoteSelector" }, /^selectors: selectors must be a list/],
      ["POST", "h", { selectors: [] }, /^selectors: selectors must contain a TextQuoteSelector/],
      [
        "POST",
        "h",
        { selectors: [{ type: "RangeSelector" }] },
        /^selectors\.0\.type: each selector must be a TextQuoteSelector or a TextPositionSelector/,
      ],
      ["POST", "h", { selectors: [{ ...quote, exact: 5 }] }, /^selectors\.0\.exact: exact must be a string/],
      ["POST", "h", { selectors: [{ ...quote, prefix: "p".repeat(257) }] }, /prefix must be at most 256/],
      ["POST", "h", { selectors: [{ ...quote, suffix: "s".repeat(257) }] }, /suffix must be at most 256/],
      ["POST", "h", { selectors: [{ ...quote, extra: true }] }, /^selectors\.0: .*"extra"/],
      ["POST", "h", { selectors: [quote, quote] }, /exactly one TextQuoteSelector/],
      [
        "POST",
        "h",
        { selectors: [quote, { type: "TextPositionSelector", start: -1, end: 3 }] },
        /^selectors\.1\.start: start must be at least 0/,
      ],
      [
        "POST",
        "h",
        { selectors: [quote, { type: "TextPositionSelector", start: 1.5, end: 5.5 }] },
        /^selectors\.1\.start: start must be a whole number/,
      ],
      [
        "POST",
        "h",
        { selectors: [quote, { type: "TextPositionSelector", start: 9, end: 5 }] },
        /end must be greater than start/,
      ],
      [
        "POST",
        "h",
        { selectors: [quote, { type: "TextPositionSelector", start: 5, end: 5 }] },
        /end must be greater than start/,
      ],
      [
        "POST",
        "h",
        { selectors: [quote, { type: "TextPositionSelector", start: "0", end: 4 }] },
        /^selectors\.1\.start: start must be a whole number/,
      ],
      ["PATCH", "p", {}, /Provide at least one field to change: color, note/],
      ["PATCH", "p", { color: "red" }, /^color: color must be one of/],
      ["PATCH", "p", { note: "n".repeat(10_001) }, /^note: note must be at most 10,000/],
      ["PATCH", "p", { note: ["a"] }, /^note: note must be a string or null/],
      ["PATCH", "p", { quote: "changed" }, /quote/],
      ["PATCH", "p", { color: "blue", client_updated_at: "yesterday" }, /^client_updated_at: /],
      ["PUT", "note", { note: "n".repeat(10_001) }, /^note: note must be at most 10,000/],
      ["PUT", "note", { note: 3 }, /^note: note must be a string or null/],
      ["PUT", "progress", { position: -1, progress: 0.5 }, /^position: position must be at least 0/],
      ["PUT", "progress", { position: 1.5, progress: 0.5 }, /^position: position must be a whole number/],
      ["PUT", "progress", { position: 3, progress: "half" }, /^progress: progress must be a number from 0 to 1/],
      ["PUT", "progress", { position: 3 }, /^progress: /],
      ["PUT", "progress", { position: 3, progress: 0.5, scroll_y: 200 }, /scroll_y/],
    ];
    const paths: Record<string, string> = {
      h: `/api/articles/${id}/highlights`,
      p: `/api/highlights/${highlight.id}`,
      note: `/api/articles/${id}`,
      progress: `/api/articles/${id}/progress`,
    };
    const wrong = [];
    for (const [method, path, body, detail] of cases) {
      const response = await api(method, paths[path] as string, { token, body });
      if (response.status !== 422 || !detail.test(response.body.detail)) {
        wrong.push({ body, status: response.status, detail: response.body.detail });
      }
    }
    expect(wrong).toEqual([]);
    for (const query of [
      "cursor=abc",
      "cursor=1.2.3",
      `cursor=${"9".repeat(41)}`,
      "limit=0",
      "limit=101",
      "limit=ten",
      "color=red",
      `search=${"s".repeat(201)}`,
    ]) {
      const response = await api("GET", `/api/highlights?${query}`, { token });
      expect(response.status).toBe(422);
      expect(response.body.detail).toMatch(/^(cursor|limit|color|search)\b/);
    }
    expect((await api("PATCH", "/api/highlights/abc", { token, body: { color: "blue" } })).status).toBe(422);

    const listed = (await api("GET", `/api/articles/${id}/highlights`, { token })).body.highlights;
    expect(listed).toMatchObject([
      { id: highlight.id, color: "yellow", note: "mine", updated_at: highlight.updated_at },
    ]);
    const article = (await api("GET", `/api/articles/${id}`, { token })).body;
    expect(article).toMatchObject({ note: null, reading_position: null, reading_progress: null });
  });

  it("works with a personal API token on every verb", async () => {
    const { token, id } = await owned();
    const apiToken = (await api("POST", "/api/tokens", { token, body: { name: "script" } })).body.token as string;
    expect(apiToken).toMatch(/^vr_/);
    const made = await api("POST", `/api/articles/${id}/highlights`, {
      token: apiToken,
      body: { quote: "follow a link", color: "blue" },
    });
    expect(made.status).toBe(201);
    expect((await api("GET", `/api/articles/${id}/highlights`, { token: apiToken })).body.highlights).toHaveLength(2);
    expect((await api("GET", "/api/highlights?color=blue", { token: apiToken })).body.highlights).toHaveLength(1);
    const patched = await api("PATCH", `/api/highlights/${made.body.id}`, { token: apiToken, body: { note: "n" } });
    expect(patched.body.note).toBe("n");
    const progress = await api("PUT", `/api/articles/${id}/progress`, {
      token: apiToken,
      body: { position: 12, progress: 0.25 },
    });
    expect(progress.body).toMatchObject({ reading_position: 12, reading_progress: 0.25 });
    const noted = await api("PUT", `/api/articles/${id}`, { token: apiToken, body: { note: "from a script" } });
    expect(noted.body.note).toBe("from a script");
    expect((await api("DELETE", `/api/highlights/${made.body.id}`, { token: apiToken })).status).toBe(204);
    expect((await api("GET", `/api/articles/${id}/highlights`, { token })).body.highlights).toHaveLength(1);
  });

  it("stores one highlight for concurrent retries of the same offline create (client_id)", async () => {
    const { token, id } = await owned();
    const body = { quote: "Reading is slow", client_id: "device-1-highlight-42" };
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => api("POST", `/api/articles/${id}/highlights`, { token, body })),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(6).fill(201));
    expect(new Set(responses.map((r) => r.body.id)).size).toBe(1);
    const listed = (await api("GET", `/api/articles/${id}/highlights`, { token })).body.highlights;
    expect(listed.filter((h: { client_id: string | null }) => h.client_id === body.client_id)).toHaveLength(1);
    // The same client_id from another user is another highlight: ids are per user.
    const other = await reader();
    const theirs = await seedArticle(other.userId, { content: CONTENT });
    const again = await api("POST", `/api/articles/${theirs}/highlights`, { token: other.token, body });
    expect(again.status).toBe(201);
    expect(again.body.id).not.toBe(responses[0]?.body.id);
  });
});
