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

const HARBOUR_NOTES = [
  "Every morning the fishing boats leave the harbour before dawn, their engines coughing in the cold air while gulls",
  "circle above the breakwater. The skippers know the currents by heart: where the mackerel gather in late summer,",
  "which rocks hide lobster pots, how the tide turns against the wind near the lighthouse and raises a short, steep",
  "chop that tips careless crews into the water. By noon the market hall fills with buyers from inland restaurants,",
  "bargaining over crates of sardines, crabs and silver hake still glistening with ice. Children sell bait from",
  "buckets, retired sailors argue about weather forecasts outside the chandlery, and a painter sets up an easel on",
  "the quay to catch the light on the slate roofs. In winter storms close the port for days; nets are mended in",
  "sheds that smell of tar and rope, engines are rebuilt, and the village council debates a new pier, a school bus",
  "route and the price of diesel. Tourists arrive in spring with cameras, hiking boots and questions about the old",
  "smuggling tunnels, the shipwreck museum, the chapel bells and the best bakery for saffron buns and pasties.",
].join(" ");

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
    // Both bee articles are about honeybees; the waggle dance one says so most (title and text).
    const response = await chat(token, { query: "What have I saved about honeybees?" });
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
    // Only phrases or names make suggestions (see chat-conversation.test.ts), never the question's own words.
    for (const suggestion of response.body.suggestions) {
      expect(suggestion).toMatch(/^More about \S+ \S+|^More about \p{Lu}/u);
      expect(suggestion).not.toMatch(/honeybee/i);
    }

    // A narrower question puts the article that answers it first, and nothing off the subject comes along.
    const dancing = (await chat(token, { query: "What have I saved about honeybees dancing?" })).body.results;
    expect(dancing[0].article.id).toBe(ids.waggle);
    const shown = dancing.map((r: { article: { id: number } }) => r.article.id);
    expect(shown).not.toContain(ids.glacier);
    expect(shown).not.toContain(ids.rust);
  });

  it("finds by meaning a question that shares no word with the article, but not made-up words", async () => {
    const { token, user } = await registerUser();
    const ids = await bees(user.id);
    // A long text has many hashed features for made-up words to collide with.
    await seedProcessedArticle(user.id, { title: "Notes from the harbour", text: HARBOUR_NOTES });
    const meaning = await chat(token, { query: "insects" });
    expect(meaning.status).toBe(200);
    const found = meaning.body.results.map((r: { article: { id: number } }) => r.article.id);
    expect(found.length).toBeGreaterThan(0);
    expect([ids.waggle, ids.hive]).toContain(found[0]);
    expect(meaning.body.results[0].match_explanation).toMatch(/^No words in common with your question, but close/);
    // Made-up words share hashed features with some article by chance; none may pass for a meaning.
    const syllables = ["zor", "quix", "vel", "plon", "trak", "mib", "gru", "fesh"];
    const madeUp = syllables.flatMap((a) => syllables.map((b) => `${a}${b}`));
    for (let i = 0; i < madeUp.length; i += 2) {
      const nonsense = `${madeUp[i]} ${madeUp[i + 1]}`;
      const response = await chat(token, { query: nonsense });
      expect(response.status).toBe(200);
      expect(response.body.results, `"${nonsense}" means nothing`).toEqual([]);
    }
  });

  it("matches a short word's own forms, not longer words that start with it", async () => {
    const { token, user } = await registerUser();
    const painting = await seedProcessedArticle(user.id, {
      title: "A week of galleries",
      text: "Modern art fills the old warehouses by the river; the arts council pays for the lighting.",
    });
    const writing = await seedProcessedArticle(user.id, {
      title: "Writing for the web",
      text: "A good article starts with its point. Artificial padding and a wary tone lose readers.",
    });
    const response = await chat(token, { query: "art" });
    expect(response.status).toBe(200);
    const results: { article: { id: number }; match_explanation: string }[] = response.body.results;
    expect(results[0]?.article.id).toBe(painting);
    expect(results[0]?.match_explanation).toMatch(/^Mentions "art" in the summary and article: "Modern art fills/);
    const other = results.find((r) => r.article.id === writing);
    // "article" and "artificial" are not "art": the writing article is no text match (at most one by meaning).
    if (other) expect(other.match_explanation).toMatch(/^No words in common/);
  });

  it("matches a term's inflections in the languages of the library by their Snowball stems", async () => {
    const { token, user } = await registerUser();
    await bees(user.id);
    const hessen = await seedProcessedArticle(user.id, {
      title: "Die Wahl in Hessen",
      text: "Bei der Wahl am Sonntag gewann die Opposition knapp; die Auszählung dauerte bis in die Nacht.",
      language: "de",
    });
    const rome = await seedProcessedArticle(user.id, {
      title: "Il nuovo presidente",
      text: "Dopo l'elezione del presidente, il parlamento discute la legge di bilancio fino a tarda sera.",
      language: "it",
    });
    for (const [query, article, term] of [
      ["Wahlen", hessen, "wahlen"],
      ["elezioni", rome, "elezioni"],
    ] as const) {
      const response = await chat(token, { query });
      expect(response.status).toBe(200);
      const results: { article: { id: number }; match_explanation: string }[] = response.body.results;
      const found = results.find((r) => r.article.id === article);
      // A text match ("Wahl" is a form of "Wahlen"), not one by meaning alone; said in the question's language.
      expect(found?.match_explanation, query).toMatch(new RegExp(`^(?:Mentions|Erwähnt|Menziona) .${term}. `));
      expect(results[0]?.article.id, query).toBe(article);
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
    expect(followUp.body.effective_query).toBe("honeybees");
    const found = followUp.body.results.map((r: { article: { id: number } }) => r.article.id);
    expect(found).toContain(ids.waggle);
    expect(found).not.toContain(ids.hive);
    // Without the session, the same words have nothing to build on: nothing is searched, a search is offered.
    const alone = await chat(token, { query: "only the unread ones" });
    expect(alone.body.results).toEqual([]);
    expect(alone.body.suggestions).toEqual(["Unread articles"]);
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

type Result = { article: { id: number }; relevance_score: number; fit: string; match_explanation: string };
const resultIds = (results: Result[]) => results.map((r) => r.article.id);

describe("a match means a shared subject, never a shared function word", () => {
  it("'Was steht in meinen Artikeln über Streaming?' matches on 'streaming', never on 'über' or 'Artikeln'", async () => {
    const { token, user } = await registerUser();
    const nasa = await seedProcessedArticle(user.id, {
      title: "NASA-Nachrichten",
      text: "Die NASA berichtet über ihre neue Mondmission. Über den Start wird live berichtet, auch über das Streaming der Bilder.",
      language: "de",
    });
    const streaming = await seedProcessedArticle(user.id, {
      title: "Streaming-Dienste im Vergleich",
      text: "Streaming kostet immer mehr: Netflix, Disney und Amazon erhöhen die Preise für ihr Streaming-Angebot.",
      language: "de",
    });
    await seedProcessedArticle(user.id, {
      title: "Apfelwein aus Hessen",
      text: "Über den Apfelwein wird viel geredet. In meinen Artikeln über Hessen steht, welche Sorten es gibt.",
      language: "de",
    });
    const response = await chat(token, { query: "Was steht in meinen Artikeln über Streaming?" });
    expect(response.status).toBe(200);
    expect(response.body.language).toBe("de");
    const results: Result[] = response.body.results;
    expect(results[0]?.article.id).toBe(streaming);
    expect(resultIds(results)).toContain(nasa);
    // The one word each names as matched is the subject's, never "über", "Artikeln" or "steht".
    for (const result of results) expect(result.match_explanation).toMatch(/^Erwähnt „streaming“ (?:im|in) /);
    // The cider article says "über", "meinen Artikeln" and "steht" but nothing of streaming: no match at all.
    expect(results).toHaveLength(2);
    expect(response.body.answer.text).toMatch(/^Aus deinen Artikeln: „/);
  });

  it("'Welche Artikel handeln von Corona?' finds the Corona article, never a cider article for 'Welche'", async () => {
    const { token, user } = await registerUser();
    const corona = await seedProcessedArticle(user.id, {
      title: "Coronavirus: die neue Variante",
      text: "Die Corona-Zahlen steigen wieder. Ärzte raten zur Impfung gegen das Coronavirus vor dem Winter.",
      language: "de",
    });
    const cider = await seedProcessedArticle(user.id, {
      title: "Apfelwein aus Hessen",
      text: "Welche Äpfel für welchen Apfelwein? Welche Sorten handeln die Kelterer, und welche Artikel führt der Handel?",
      language: "de",
    });
    const response = await chat(token, { query: "Welche Artikel handeln von Corona?" });
    expect(response.body.effective_query).toBe("Welche Artikel handeln von Corona?");
    const results: Result[] = response.body.results;
    expect(resultIds(results)).toEqual([corona]);
    expect(resultIds(results)).not.toContain(cider);
    // It uses every subject word of the question ("corona"): at least 70%.
    expect(results[0]?.relevance_score).toBeGreaterThanOrEqual(0.7);
    expect(results[0]?.fit).toBe("match");
    // The one word it names as matched is the subject's.
    expect(results[0]?.match_explanation).toMatch(/^Erwähnt „corona“ (?:im|in) /);
  });

  it("'Quels articles parlent des retraites ?' is answered in French and never matched on 'quels' or 'parlent'", async () => {
    const { token, user } = await registerUser();
    const pensions = await seedProcessedArticle(user.id, {
      title: "La réforme des retraites",
      text: "La réforme des retraites repousse l'âge légal de départ. Les syndicats appellent à la grève contre les retraites à 64 ans.",
      language: "fr",
    });
    const cheese = await seedProcessedArticle(user.id, {
      title: "Quels fromages pour l'apéritif ?",
      text: "Quels fromages choisir, et quels articles acheter ? Les clients parlent de comté et parlent de brie.",
      language: "fr",
    });
    const response = await chat(token, { query: "Quels articles parlent des retraites ?" });
    expect(response.body.language).toBe("fr");
    const results: Result[] = response.body.results;
    expect(resultIds(results)).toEqual([pensions]);
    expect(resultIds(results)).not.toContain(cheese);
    expect(results[0]?.match_explanation).toMatch(/^Mentionne « retraites » dans le titre/);
    expect(response.body.answer.text).toMatch(/^D'après tes articles : « /);
  });

  it("'Which articles are about climate or emissions?' is answered in English, not in French for 'articles'", async () => {
    const { token, user } = await registerUser();
    const climate = await seedProcessedArticle(user.id, {
      title: "Emissions keep rising",
      text: "Global emissions of carbon dioxide rose again last year, and the climate goals of Paris slip further away.",
    });
    const which = await seedProcessedArticle(user.id, {
      title: "Which phone to buy",
      text: "Which phone is best? Articles about phones compare which cameras are about the same.",
    });
    const response = await chat(token, { query: "Which articles are about climate or emissions?" });
    expect(response.body.language).toBe("en");
    const results: Result[] = response.body.results;
    expect(resultIds(results)).toEqual([climate]);
    expect(resultIds(results)).not.toContain(which);
    expect(response.body.answer.text).toMatch(/^From your articles: “/);
    const rust = await chat(token, { query: "What do my articles say about Rust?" });
    expect(rust.body.language).toBe("en");
    expect(rust.body.answer.text).toBe("I found nothing about that in your library.");
  });

  it("a result with no word in common is a close one at a low match, and the answer says nothing fits, once", async () => {
    const { token, user } = await registerUser();
    await bees(user.id);
    const response = await chat(token, { query: "insects" });
    const results: Result[] = response.body.results;
    expect(results.length).toBeGreaterThan(0);
    for (const result of results) {
      expect(result.fit).toBe("close");
      // Its similarity above the library's average, at most half a match: not 50% for being the best of a poor set.
      expect(result.relevance_score).toBeLessThan(0.35);
      expect(result.match_explanation).toMatch(/^No words in common with your question, but close in meaning/);
    }
    expect(response.body.answer).toEqual({
      text: "I found nothing about that in your library.",
      found: false,
      citations: [],
    });

    // Results that fit are never headed by "found nothing": the answer quotes them, or there is none.
    const fits = await chat(token, { query: "honeybees and glaciers" });
    const shown: Result[] = fits.body.results;
    expect(shown.some((r) => r.fit === "match")).toBe(true);
    expect(fits.body.answer?.found ?? true).toBe(true);
    // Matches come first, each using at least half of the question's words.
    const firstClose = shown.findIndex((r) => r.fit === "close");
    if (firstClose >= 0) expect(shown.slice(firstClose).every((r) => r.fit === "close")).toBe(true);
  });
});
