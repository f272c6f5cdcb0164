import { env } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import { createDatabase } from "../../src/worker/db/client";
import { createArticleBodiesRepository } from "../../src/worker/db/repositories/article-bodies-repository";
import { createArticlesRepository } from "../../src/worker/db/repositories/articles-repository";
import { createBodyMovesRepository } from "../../src/worker/db/repositories/body-moves-repository";
import { createSearchIndex } from "../../src/worker/db/repositories/search-index";
import { moveBodies } from "../../src/worker/jobs/body-mover";
import { runSearchIndexMerge } from "../../src/worker/jobs/search-index-merge";
import { api, registerUser, seedArticle, waitForProcessed } from "./helpers";

/** A word no fixture page, title or summary has: found only if the body's text is in the index. */
const BODY_WORD = "quokkaberries";

/** What R2 keeps under a prefix. */
async function keysUnder(prefix: string): Promise<string[]> {
  const listed = await env.ARTICLE_BODIES.list({ prefix });
  return listed.objects.map((object) => object.key);
}

async function row(userId: number, id: number) {
  return env.DB.prepare("SELECT content, search_text, body_key FROM articles WHERE id = ? AND user_id = ?")
    .bind(id, userId)
    .first<{ content: string | null; search_text: string | null; body_key: string | null }>();
}

async function searchIds(token: string, search: string): Promise<number[]> {
  const found = await api("GET", `/api/articles/?search=${encodeURIComponent(search)}`, { token });
  expect(found.status).toBe(200);
  return found.body.articles.map((article: { id: number }) => article.id);
}

/** Saves a fixture page whose last paragraph, far below what the summary quotes, holds BODY_WORD. */
async function saveWithBodyWord(token: string) {
  const body = [
    "Gardens are where the tomatoes grow, and the basil beside them, watered every morning before the heat.",
    ...Array.from({ length: 12 }, (_, i) => `Paragraph ${i + 2} is about bicycles, chains and tyres on long hills.`),
    `Near the end a ${BODY_WORD} bush appears, and nothing else in the article mentions it again.`,
  ].join("\n\n");
  const saved = await api("POST", "/api/articles/", {
    token,
    body: {
      url: `${inject("fixtureOrigin")}/article?title=${encodeURIComponent("Garden notes")}&body=${encodeURIComponent(body)}`,
    },
  });
  expect(saved.status).toBe(201);
  const article = await waitForProcessed(token, saved.body.id);
  expect(article.processing_status).toBe("completed");
  return article;
}

describe("article bodies in R2", () => {
  it("keeps the body in R2 under the user's prefix, the row without text, and finds a word only in the body", async () => {
    const reader = await registerUser();
    const other = await registerUser();
    const article = await saveWithBodyWord(reader.token);
    expect(article.content).toContain(BODY_WORD);
    expect(`${article.title} ${article.summary ?? ""}`).not.toContain(BODY_WORD);

    const stored = await row(reader.user.id, article.id);
    expect(stored).toMatchObject({ content: null, search_text: null });
    expect(stored?.body_key).toMatch(new RegExp(`^users/${reader.user.id}/articles/${article.id}/body-`));
    expect(await keysUnder(`users/${reader.user.id}/`)).toEqual([stored?.body_key]);

    expect(await searchIds(reader.token, BODY_WORD)).toEqual([article.id]);
    expect(await searchIds(other.token, BODY_WORD)).toEqual([]);

    // A highlight's note, then a title edit, rewrite the index entry: the body's words (read back from R2) stay.
    const quote = "Gardens are where the tomatoes grow";
    const highlighted = await api("POST", `/api/articles/${article.id}/highlights`, {
      token: reader.token,
      body: { quote, note: "remember the marmalades" },
    });
    expect(highlighted.status).toBe(201);
    expect(await searchIds(reader.token, "marmalades")).toEqual([article.id]);
    expect(await searchIds(reader.token, BODY_WORD)).toEqual([article.id]);
    const renamed = await api("PUT", `/api/articles/${article.id}`, {
      token: reader.token,
      body: { title: "Orchard" },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.content).toContain(BODY_WORD);
    expect(await searchIds(reader.token, "orchard")).toEqual([article.id]);
    expect(await searchIds(reader.token, "notes")).toEqual([]);
    expect(await searchIds(reader.token, BODY_WORD)).toEqual([article.id]);

    // Exported as before: the content comes back from R2.
    const exported = await api("GET", "/api/export?format=json", { token: reader.token });
    expect(exported.status).toBe(200);
    expect(JSON.stringify(exported.body)).toContain(BODY_WORD);
  });

  it("deletes the body with its article, and every object of the user with the account", async () => {
    const reader = await registerUser();
    const first = await saveWithBodyWord(reader.token);
    const second = await api("POST", "/api/articles/", {
      token: reader.token,
      body: {
        url: `${inject("fixtureOrigin")}/article?title=Second`,
        html: "<html><body><p>Kept page</p></body></html>",
      },
    });
    await waitForProcessed(reader.token, second.body.id);
    expect(await keysUnder(`users/${reader.user.id}/articles/${first.id}/`)).toHaveLength(1);

    expect((await api("DELETE", `/api/articles/${first.id}`, { token: reader.token })).status).toBe(204);
    expect(await keysUnder(`users/${reader.user.id}/articles/${first.id}/`)).toEqual([]);
    expect(await searchIds(reader.token, BODY_WORD)).toEqual([]);
    expect(await keysUnder(`users/${reader.user.id}/`)).not.toEqual([]);

    const deleted = await api("DELETE", "/api/account", { token: reader.token, body: { password: reader.password } });
    expect(deleted.status).toBe(204);
    expect(await keysUnder(`users/${reader.user.id}/`)).toEqual([]);
  });
});

describe("the full-text entry when a body is replaced meanwhile", () => {
  it("keeps the new body's words when the body a re-index read the row for was replaced before it read the body", async () => {
    const reader = await registerUser();
    const id = await seedArticle(reader.user.id, { title: "Racing", content: "<p>Saved long ago</p>" });
    const db = createDatabase(env.DB);
    const bodies = createArticleBodiesRepository(env.ARTICLE_BODIES);
    const articles = createArticlesRepository(db, bodies, createSearchIndex(db, bodies));
    await articles.updateProcessing(reader.user.id, id, { content: "<p>First body</p>", searchText: "First body" });
    // A highlight's re-index reads the row (the first body's key), then processing stores a new body and deletes the
    // first before the re-index reads it.
    let raced = false;
    const racing: typeof bodies = {
      ...bodies,
      async readBody(userId, key) {
        if (!raced) {
          raced = true;
          await articles.updateProcessing(userId, id, { content: "<p>Zanzibar</p>", searchText: "Zanzibar" });
        }
        return bodies.readBody(userId, key);
      },
    };
    await createSearchIndex(db, racing).reindex(reader.user.id, id);
    expect(raced).toBe(true);
    expect(await searchIds(reader.token, "zanzibar")).toEqual([id]);
    expect(await searchIds(reader.token, "first")).toEqual([]);
  });
});

describe("the body's entry in the full-text index", () => {
  /** Saves a fixture page of these paragraphs and waits until it is processed. */
  async function saveParagraphs(token: string, title: string, paragraphs: string[]) {
    const saved = await api("POST", "/api/articles/", {
      token,
      body: {
        url: `${inject("fixtureOrigin")}/article?title=${encodeURIComponent(title)}&body=${encodeURIComponent(paragraphs.join("\n\n"))}`,
      },
    });
    expect(saved.status).toBe(201);
    const article = await waitForProcessed(token, saved.body.id);
    expect(article.processing_status).toBe("completed");
    return article as { id: number };
  }

  it("holds a word's repeats on a log scale, and still ranks and finds as the text says", async () => {
    const reader = await registerUser();
    const filler = Array.from(
      { length: 6 },
      (_, i) => `Paragraph ${i} is about bicycles, chains and the tyres on the hills.`,
    );
    const often = await saveParagraphs(reader.token, "Market day", [
      ...filler,
      "At dawn the farmers unload nectarinequeens from vans, and nectarinequeens fill every crate: nectarinequeens everywhere.",
      "By noon the buyers argue over nectarinequeens and plums; nectarinequeens sell out first, nectarinequeens at a premium.",
      "Cooks from the harbour take nectarinequeens for tarts, while nectarinequeens for jam go cheap, nectarinequeens by the box.",
      "At closing time the last nectarinequeens are given away; nobody wants bruised nectarinequeens or soft nectarinequeens.",
    ]);
    const once = await saveParagraphs(reader.token, "Harbour day", [
      ...filler,
      "One stall sells a nectarinequeens crate beside the pick-your-own orchard sign.",
    ]);

    // The entry holds the twelve nectarinequeens three times (1 + ⌊log3 12⌋): fts5vocab lists each place.
    await env.DB.exec(
      "CREATE VIRTUAL TABLE IF NOT EXISTS articles_fts_places USING fts5vocab(articles_fts, 'instance')",
    );
    const places = async (term: string) =>
      (
        await env.DB.prepare(
          "SELECT count(*) AS n FROM articles_fts_places WHERE term = ? AND doc = ? AND col = 'search_text'",
        )
          .bind(term, often.id)
          .first<{ n: number }>()
      )?.n;
    expect(await places("nectarinequeens")).toBe(3);

    // The cron's bounded merge (usermerge 2, migration 0037) leaves every entry findable.
    const config = await env.DB.prepare("SELECT v FROM articles_fts_config WHERE k = 'usermerge'").first<{
      v: number;
    }>();
    expect(config?.v).toBe(2);
    await runSearchIndexMerge(env);
    // The article that says it twelve times comes first; a hyphenated word is still found as a phrase.
    expect(await searchIds(reader.token, "nectarinequeens")).toEqual([often.id, once.id]);
    expect(await searchIds(reader.token, "pick-your-own")).toEqual([once.id]);
  });
});

describe("moving old bodies out of D1 (jobs/body-mover.ts)", () => {
  it("moves every body in resumable rounds, keeps what the reader sees and searches, and does nothing twice", async () => {
    const reader = await registerUser();
    const other = await registerUser();
    const ids: number[] = [];
    for (let i = 0; i < 23; i++) {
      ids.push(
        await seedArticle(reader.user.id, {
          title: `Old article ${i}`,
          content: `<p>Saved long ago, number ${i}, with the word ${i === 7 ? BODY_WORD : "plain"} inside.${i === 7 ? " Quince jam.".repeat(9) : ""}</p>`,
        }),
      );
    }
    const othersId = await seedArticle(other.user.id, { title: "Someone else's", content: "<p>Not yours</p>" });
    // The reader's words on an old article: its entry, written again as it moves, keeps them.
    await api("PUT", `/api/articles/${ids[3]}`, { token: reader.token, body: { note: "greengage season" } });
    await api("POST", `/api/articles/${ids[3]}/highlights`, {
      token: reader.token,
      body: { quote: "Saved long ago", note: "damson cheese" },
    });
    const before = (await api("GET", `/api/articles/${ids[7]}`, { token: reader.token })).body;
    expect(await searchIds(reader.token, BODY_WORD)).toEqual([ids[7]]);

    const db = createDatabase(env.DB);
    const moves = createBodyMovesRepository(db);
    const bodies = createArticleBodiesRepository(env.ARTICLE_BODIES);
    // A clock that runs out after two rounds: the run stops part way, as a cron run does when its minute is up.
    let ticks = 0;
    const clock = () => (ticks++ < 3 ? 0 : 1_000_000);
    const partial = await moveBodies(moves, bodies, { batch: 5, budgetMs: 1_000, now: clock });
    expect(partial).toMatchObject({ moved: 10, skipped: 0, remaining: 14 });

    // Meanwhile an old article is processed again: its new body must win over the mover's copy.
    const searchIndex = createSearchIndex(db, bodies);
    const articles = createArticlesRepository(db, bodies, searchIndex);
    const reprocessed = ids[20] as number;
    const next = await moves.next(100);
    expect(next.map((r) => r.id)).toContain(reprocessed);
    await articles.updateProcessing(reader.user.id, reprocessed, {
      content: "<p>Fetched again</p>",
      searchText: "Fetched again",
    });
    // The mover's copy of it, had it read the row before the new body: refused, so the new body stays.
    const stale = { id: reprocessed, userId: reader.user.id, bodyKey: "users/0/stale", indexedText: "quokkastale" };
    expect(await moves.markMoved([stale])).toEqual(new Set());
    expect(await searchIds(reader.token, "quokkastale")).toEqual([]);
    const rest = await moveBodies(moves, bodies, { batch: 5 });
    expect(rest).toMatchObject({ moved: 13, remaining: 0 });

    for (const id of ids) {
      const stored = await row(reader.user.id, id);
      expect(stored).toMatchObject({ content: null, search_text: null });
      expect(stored?.body_key?.startsWith(`users/${reader.user.id}/articles/${id}/`)).toBe(true);
    }
    expect((await row(other.user.id, othersId))?.body_key?.startsWith(`users/${other.user.id}/`)).toBe(true);
    // One object per article: nothing left over from the row that got a new body.
    expect(await keysUnder(`users/${reader.user.id}/articles/${reprocessed}/`)).toHaveLength(1);
    expect((await api("GET", `/api/articles/${reprocessed}`, { token: reader.token })).body.content).toBe(
      "<p>Fetched again</p>",
    );

    const after = (await api("GET", `/api/articles/${ids[7]}`, { token: reader.token })).body;
    expect(after.content).toBe(before.content);
    expect(await searchIds(reader.token, BODY_WORD)).toEqual([ids[7]]);
    for (const word of ["greengage", "damson"]) expect(await searchIds(reader.token, word), word).toEqual([ids[3]]);
    // Its entry was written again as the index is now given a body: "quince", 9 times in the text, 3 times.
    await env.DB.exec(
      "CREATE VIRTUAL TABLE IF NOT EXISTS articles_fts_places USING fts5vocab(articles_fts, 'instance')",
    );
    const places = await env.DB.prepare(
      "SELECT count(*) AS n FROM articles_fts_places WHERE term = 'quince' AND doc = ? AND col = 'search_text'",
    )
      .bind(ids[7])
      .first<{ n: number }>();
    expect(places?.n).toBe(3);
    expect(await moveBodies(moves, bodies)).toMatchObject({ moved: 0, skipped: 0, remaining: 0 });
  });
});
