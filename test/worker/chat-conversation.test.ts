import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, registerUser, seedProcessedArticle } from "./helpers";

const chat = (token: string, body: Record<string, unknown>) => api("POST", "/api/search/chat", { token, body });
const ids = (response: { body: { results: { article: { id: number } }[] } }) =>
  response.body.results.map((r) => r.article.id);

async function newSession(token: string): Promise<string> {
  return (await api("POST", "/api/search/session", { token, body: { action: "create" } })).body.session_id;
}

async function library(userId: number) {
  return {
    waggle: await seedProcessedArticle(userId, {
      title: "How honeybees dance",
      text: "Honeybees perform a waggle dance inside the hive to tell other bees where the pollen is.",
      domain: "theguardian.com",
    }),
    hive: await seedProcessedArticle(userId, {
      title: "Inside the honeybee hive",
      text: "A honeybee colony has one queen, thousands of workers and a few drones in the hive.",
      domain: "nature.example.com",
      isRead: true,
    }),
    glacier: await seedProcessedArticle(userId, {
      title: "Glaciers and honeybees in a warming climate",
      text: "Alpine glaciers are melting faster as the climate warms, and honeybees lose their mountain meadows.",
      domain: "nytimes.com",
    }),
    rust: await seedProcessedArticle(userId, {
      title: "Rust's borrow checker",
      text: "The Rust compiler checks ownership and lifetimes with its borrow checker.",
      domain: "code.example.com",
    }),
  };
}

async function setLanguage(id: number, language: string) {
  await env.DB.prepare("UPDATE articles SET language = ? WHERE id = ?").bind(language, id).run();
}

describe("chat follows the conversation", () => {
  it("resolves 'the second one', 'that article' and 'the one about X' against the previous results", async () => {
    const { token, user } = await registerUser();
    const articles = await library(user.id);
    const session_id = await newSession(token);
    const first = await chat(token, { query: "honeybees", session_id });
    const previous = ids(first);
    expect(previous.length).toBeGreaterThanOrEqual(3);

    const about = await chat(token, { query: "the one about glaciers", session_id });
    expect(ids(about)).toEqual([articles.glacier]);
    expect(about.body.refers_to).toBe(articles.glacier);
    // The turn before is now the single glacier article: "that article" is it.
    const that = await chat(token, { query: "summarise that article", session_id });
    expect(ids(that)).toEqual([articles.glacier]);

    expect(ids(await chat(token, { query: "honeybees", session_id }))).toEqual(previous);
    const second = await chat(token, { query: "tell me more about the second one", session_id });
    expect(second.status).toBe(200);
    expect(ids(second)).toEqual([previous[1]]);
    expect(second.body.refers_to).toBe(previous[1]);
    // Resolved, not searched: the two questions are never glued together.
    expect(second.body.effective_query).toBe("honeybees");
    expect(second.body.results[0].match_explanation).toMatch(/honeybee/i);
  });

  it("resolves 'der erste', 'le premier' and 'el primero' to the first result", async () => {
    const { token, user } = await registerUser();
    await library(user.id);
    for (const question of ["erzähl mir mehr über den ersten", "et le premier ?", "háblame del primero"]) {
      const session_id = await newSession(token);
      const first = ids(await chat(token, { query: "honeybees", session_id }));
      const followUp = await chat(token, { query: question, session_id });
      expect(ids(followUp), question).toEqual([first[0]]);
    }
  });

  it("'more like it' finds articles like the one it points at, not the article itself", async () => {
    const { token, user } = await registerUser();
    const articles = await library(user.id);
    const session_id = await newSession(token);
    expect(ids(await chat(token, { query: "waggle dance", session_id }))[0]).toBe(articles.waggle);
    const like = await chat(token, { query: "more like it", session_id });
    expect(like.body.refers_to).toBe(articles.waggle);
    expect(ids(like)).not.toContain(articles.waggle);
    expect(ids(like)[0]).toBe(articles.hive);
    expect(ids(like)).not.toContain(articles.rust);
  });

  it("says so when a follow-up points at a result the previous turn did not have", async () => {
    const { token, user } = await registerUser();
    await library(user.id);
    const session_id = await newSession(token);
    await chat(token, { query: "borrow checker", session_id });
    const fifth = await chat(token, { query: "the fifth one", session_id });
    expect(fifth.status).toBe(200);
    expect(fifth.body.results).toEqual([]);
    expect(fifth.body.notice).toMatch(/does not point at any result/);
  });

  it("narrows the previous results with a follow-up that has no words of its own", async () => {
    const { token, user } = await registerUser();
    const articles = await library(user.id);
    const session_id = await newSession(token);
    await chat(token, { query: "honeybees", session_id });
    const unread = await chat(token, { query: "only the unread ones", session_id });
    expect(unread.body.effective_query).toBe("honeybees");
    expect(ids(unread)).toContain(articles.waggle);
    expect(ids(unread)).not.toContain(articles.hive);
    expect(ids(unread)).not.toContain(articles.rust);
  });
});

describe("the answer above the cards, and follow-ups over the previous results", () => {
  it("quotes the results with citations, picks among them by recency, read state and subject, says when nothing fits", async () => {
    const { token, user } = await registerUser();
    const articles = await library(user.id);
    const savedAt = { [articles.waggle]: 3, [articles.hive]: 1, [articles.glacier]: 2 };
    for (const [id, daysAgo] of Object.entries(savedAt)) {
      await env.DB.prepare("UPDATE articles SET created_at = ? WHERE id = ?")
        .bind(Date.now() - daysAgo * 86_400_000, Number(id))
        .run();
    }
    const session_id = await newSession(token);
    const first = await chat(token, { query: "honeybees", session_id });
    const previous = ids(first);
    expect(previous).toEqual(expect.arrayContaining([articles.waggle, articles.hive, articles.glacier]));
    expect(first.body.answer.found).toBe(true);
    expect(first.body.answer.text).toContain(
      "perform a waggle dance inside the hive to tell other bees where the pollen is",
    );
    const place = previous.indexOf(articles.waggle) + 1;
    expect(first.body.answer.text).toContain(`[${place}]`);
    expect(first.body.answer.citations).toContainEqual({ number: place, article_id: articles.waggle });
    for (const { number, article_id } of first.body.answer.citations) expect(previous[number - 1]).toBe(article_id);

    const newest = await chat(token, { query: "welcher davon ist der neueste?", session_id });
    expect(ids(newest)).toEqual([articles.hive]);
    expect(newest.body.effective_query).toBe(first.body.effective_query);
    // The turn before is now the one newest article; back to the honeybees for the next follow-ups.
    await chat(token, { query: "honeybees", session_id });
    const unread = await chat(token, { query: "solo los no leídos", session_id });
    expect(new Set(ids(unread))).toEqual(new Set(previous.filter((id) => id !== articles.hive)));
    const about = await chat(token, { query: "lesquels parlent des glaciers ?", session_id });
    expect(ids(about)).toEqual([articles.glacier]);
    // A follow-up that leaves nothing of the results says so, with no answer and no results from elsewhere.
    const none = await chat(token, { query: "and which of those have I read?", session_id });
    expect(none.body.results).toEqual([]);
    expect(none.body.notice).toMatch(/None of your previous results/);

    const nothing = await chat(token, { query: "Was steht in meinen Artikeln über Vulkane?", session_id });
    expect(nothing.status).toBe(200);
    expect(nothing.body.answer).toEqual({
      text: "Dazu habe ich in deiner Bibliothek nichts gefunden.",
      found: false,
      citations: [],
    });
  });
});

describe("filters named in the question", () => {
  it("lists the articles in a language when the question names only the language", async () => {
    const { token, user } = await registerUser();
    const articles = await library(user.id);
    const french = await seedProcessedArticle(user.id, {
      title: "Les abeilles et la ruche",
      text: "Les abeilles dansent dans la ruche pour indiquer le pollen.",
    });
    await setLanguage(french, "fr");
    for (const id of Object.values(articles)) await setLanguage(id, "en");
    const response = await chat(token, { query: "Which articles are in French?" });
    expect(response.status).toBe(200);
    expect(ids(response)).toEqual([french]);
    expect(response.body.applied_filters.language).toBe("fr");
    expect(response.body.results[0].match_explanation).toMatch(/French/);
    const german = await chat(token, { query: "Artikel auf Deutsch" });
    expect(german.body.results).toEqual([]);
    // After another question, a question that names only a language is a new one, not a narrowing of it.
    const session_id = await newSession(token);
    await chat(token, { query: "honeybees", session_id });
    expect(ids(await chat(token, { query: "Which articles are in French?", session_id }))).toEqual([french]);
    const narrowed = await chat(token, { query: "and which of those are in French?", session_id });
    expect(narrowed.body.effective_query).toBe("Which articles ?");
    // Another language than the previous question's replaces it: the question is asked again, not narrowed.
    expect(ids(await chat(token, { query: "Which articles are in English?", session_id })).length).toBe(4);
    expect(ids(await chat(token, { query: "and in French?", session_id }))).toEqual([french]);
  });

  it("filters by a site named in words, a saving time and a read state; the filter words are not searched", async () => {
    const { token, user } = await registerUser();
    const articles = await library(user.id);
    const guardian = await chat(token, { query: "honeybees from the Guardian" });
    expect(ids(guardian)).toEqual([articles.waggle]);
    expect(guardian.body.applied_filters.domain).toBe("theguardian.com");
    expect(guardian.body.effective_query).toBe("honeybees");
    expect(ids(await chat(token, { query: "honeybees on nytimes.com" }))).toEqual([articles.glacier]);

    const old = await seedProcessedArticle(user.id, {
      title: "Honeybees in winter",
      text: "Honeybees cluster in winter to keep the queen warm.",
      createdAt: Date.now() - 40 * 86_400_000,
    });
    const recent = ids(await chat(token, { query: "honeybees saved this week" }));
    expect(recent.length).toBeGreaterThan(0);
    expect(recent).not.toContain(old);
    const unread = ids(await chat(token, { query: "honeybee articles I haven't read" }));
    expect(unread).toContain(articles.waggle);
    expect(unread).not.toContain(articles.hive);
    const read = ids(await chat(token, { query: "honeybees I have already read" }));
    expect(read).toEqual([articles.hive]);
  });
});

describe("minimum relevance and suggestions", () => {
  it("shows one right answer alone, not padded with articles that share a common word", async () => {
    const { token, user } = await registerUser();
    const right = await seedProcessedArticle(user.id, {
      title: "The Chernobyl disaster",
      text: "What happened at Chernobyl in 1986: the reactor exploded and the Chernobyl exclusion zone was evacuated.",
    });
    const others = [
      "A quiet week in the garden: nothing much happened, the tomatoes ripened and the roses bloomed.",
      "The match: what happened in the second half was a lesson in patience for the young team.",
      "Our trip to Lisbon: it happened to rain every day, so we ate pastries and rode the trams.",
      "Budget review: what happened to the savings plan after the kitchen was rebuilt.",
      "A short history of jazz: how it happened that New Orleans gave the world a new music.",
      "Learning the violin at forty: what happened in the first year of lessons and practice.",
    ];
    for (const [i, text] of others.entries()) await seedProcessedArticle(user.id, { title: `Notes ${i + 1}`, text });
    const response = await chat(token, { query: "What happened at Chernobyl?" });
    expect(ids(response)).toEqual([right]);
    expect(response.body.total_found).toBe(1);
  });

  it("suggests phrases or names from the results, never a single common word", async () => {
    const { token, user } = await registerUser();
    await library(user.id);
    const response = await chat(token, { query: "honeybees" });
    const suggestions: string[] = response.body.suggestions;
    expect(suggestions.length).toBeGreaterThan(0);
    expect(suggestions).toContain("More about waggle dance");
    for (const suggestion of suggestions) {
      const phrase = suggestion.replace(/^More about /, "");
      expect(phrase.includes(" ") || /^\p{Lu}/u.test(phrase), suggestion).toBe(true);
      expect(phrase.toLowerCase(), suggestion).not.toMatch(/honeybee/);
    }
  });
});

describe("follow-ups only where there is something to follow", () => {
  it("after a question that found nothing, 'the first one' searches nothing and offers a search instead", async () => {
    const { token, user } = await registerUser();
    await library(user.id);
    // An article that says "first": searched as a word, "the first one" listed it.
    await seedProcessedArticle(user.id, {
      title: "First steps in beekeeping",
      text: "The first year with a hive is the hardest; the first honey comes in the second summer.",
    });
    const session_id = await newSession(token);
    const nothing = await chat(token, { query: "zzqqxx plortk", session_id });
    expect(nothing.body.results).toEqual([]);
    const first = await chat(token, { query: "tell me more about the first one", session_id });
    expect(first.status).toBe(200);
    expect(first.body.results).toEqual([]);
    expect(first.body.answer).toBeNull();
    expect(first.body.notice).toMatch(/^There are no previous results to refer to/);
    expect(first.body.effective_query).not.toBe("first");

    // With no session at all: the same, in the question's language, and the filters it names offered as a question.
    const german = await chat(token, { query: "und die von letzter Woche?" });
    expect(german.body.results).toEqual([]);
    expect(german.body.language).toBe("de");
    expect(german.body.notice).toMatch(/^Es gibt keine bisherigen Ergebnisse/);
    expect(german.body.suggestions).toEqual(["Artikel von letzter Woche"]);
    const unread = await chat(token, { query: "only the unread ones" });
    expect(unread.body.results).toEqual([]);
    expect(unread.body.suggestions).toEqual(["Unread articles"]);
    // The offered question is one of its own: it lists the unread articles.
    const offered = await chat(token, { query: "Unread articles" });
    expect(offered.body.results.length).toBeGreaterThan(0);
    // A question that only names filters is no follow-up without previous results: it lists what passes.
    expect((await chat(token, { query: "What did I save this week?" })).body.results.length).toBeGreaterThan(0);
  });

  it("says how many results there were when a follow-up points past them, and which dates they have when none fits", async () => {
    const { token, user } = await registerUser();
    const articles = await library(user.id);
    const longAgo = Date.UTC(2026, 8, 14, 12);
    await env.DB.prepare("UPDATE articles SET created_at = ? WHERE user_id = ?").bind(longAgo, user.id).run();
    const session_id = await newSession(token);
    const rust = await chat(token, { query: "borrow checker", session_id });
    expect(ids(rust)).toEqual([articles.rust]);
    const fifth = await chat(token, { query: "the fifth one", session_id });
    expect(fifth.body.results).toEqual([]);
    expect(fifth.body.notice).toBe(
      "That does not point at any result of your previous question: it found only 1 article.",
    );

    await chat(token, { query: "honeybees", session_id });
    const lastWeek = await chat(token, { query: "die von letzter Woche", session_id });
    expect(lastWeek.body.results).toEqual([]);
    expect(lastWeek.body.notice).toBe(
      "Keines deiner bisherigen Ergebnisse passt dazu. Sie wurden am 14. Sept. 2026 gespeichert.",
    );
    await chat(token, { query: "honeybees", session_id });
    const english = await chat(token, { query: "those from last week", session_id });
    expect(english.body.notice).toBe("None of your previous results fits that. They were saved on Sep 14, 2026.");
  });
});

describe("the question's language, from its words, the session and the interface", () => {
  it("answers a question with no telling words in the session's language, else the interface's", async () => {
    const { token, user } = await registerUser();
    await library(user.id);
    const session_id = await newSession(token);
    const german = await chat(token, { query: "Was sagen meine Artikel über Honigbienen?", session_id });
    expect(german.body.language).toBe("de");
    // A word alone says nothing of its language: the conversation is in German.
    const next = await chat(token, { query: "honeybees", session_id });
    expect(next.body.language).toBe("de");
    expect(next.body.answer.text).toMatch(/^Aus deinen Artikeln:/);
    expect(next.body.suggestions.every((s: string) => s.startsWith("Mehr über "))).toBe(true);
    expect(next.body.results[0].match_explanation).toMatch(/^Erwähnt „honeybees“/);

    const french = await chat(token, { query: "honeybees", interface_language: "fr-CH" });
    expect(french.body.language).toBe("fr");
    // A question that says its language keeps it, whatever the interface.
    const english = await chat(token, { query: "What do my articles say about honeybees?", interface_language: "de" });
    expect(english.body.language).toBe("en");

    const invalid = await chat(token, { query: "honeybees", interface_language: "not a language!" });
    expect(invalid.status).toBe(422);
    expect(invalid.body.detail).toMatch(/interface_language/);
  });
});
