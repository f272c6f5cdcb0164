import { describe, expect, it } from "vitest";
import { api, registerUser, seedArticle } from "./helpers";

/** Issue 32 item 4: each article's highlight count, and the "Has highlights" filter of the article list. */
async function reader() {
  const { token } = await registerUser();
  const user = (await api("GET", "/api/auth/me", { token })).body as { id: number };
  return { token, userId: user.id };
}

const paragraph = (words: string) => `<p>${words} Reading is slow, and that is the point of it.</p>`;

async function highlight(token: string, articleId: number, quote: string) {
  const response = await api("POST", `/api/articles/${articleId}/highlights`, { token, body: { quote } });
  expect(response.status).toBe(201);
  return response.body as { id: number };
}

type Item = { id: number; highlight_count: number };
const byId = (items: Item[]) => Object.fromEntries(items.map((a) => [a.id, a.highlight_count]));

describe("highlight counts and the has_highlights filter (issue 32)", () => {
  it("gives each list item and the article its highlight count, counting only the user's own", async () => {
    const { token, userId } = await reader();
    const other = await reader();
    const three = await seedArticle(userId, { title: "Three", content: paragraph("Gardens and tomatoes.") });
    const one = await seedArticle(userId, { title: "One", content: paragraph("Bicycles and chains.") });
    const none = await seedArticle(userId, { title: "None", content: paragraph("Nothing marked here.") });
    for (const quote of ["Gardens", "tomatoes", "the point"]) await highlight(token, three, quote);
    const removed = await highlight(token, one, "chains");
    await highlight(token, one, "Bicycles");
    expect((await api("DELETE", `/api/highlights/${removed.id}`, { token })).status).toBe(204);
    // Another reader's library never adds to these counts.
    const theirs = await seedArticle(other.userId, { content: paragraph("Gardens again.") });
    await highlight(other.token, theirs, "Gardens");

    const list = await api("GET", "/api/articles/", { token });
    expect(list.status).toBe(200);
    expect(byId(list.body.articles)).toEqual({ [three]: 3, [one]: 1, [none]: 0 });
    expect((await api("GET", `/api/articles/${three}`, { token })).body.highlight_count).toBe(3);
    expect((await api("GET", `/api/articles/${none}`, { token })).body.highlight_count).toBe(0);
  });

  it("lists only articles with highlights, combined with search, domain and tag", async () => {
    const { token, userId } = await reader();
    const marked = await seedArticle(userId, {
      title: "Marked gardens",
      domain: "garden.example",
      content: paragraph("Tomatoes like the sun."),
    });
    const markedElsewhere = await seedArticle(userId, {
      title: "Marked bicycles",
      domain: "bike.example",
      content: paragraph("Chains like oil."),
    });
    const plain = await seedArticle(userId, {
      title: "Plain gardens",
      domain: "garden.example",
      content: paragraph("Basil likes tomatoes."),
    });
    await highlight(token, marked, "Tomatoes");
    await highlight(token, markedElsewhere, "Chains");
    await api("PUT", `/api/articles/${markedElsewhere}/tags`, { token, body: { tags: ["Rides"] } });
    await api("PUT", `/api/articles/${plain}/tags`, { token, body: { tags: ["Rides"] } });

    const ids = async (query: string) => {
      const response = await api("GET", `/api/articles/?${query}`, { token });
      expect(response.status).toBe(200);
      return { ids: response.body.articles.map((a: Item) => a.id).sort(), total: response.body.total };
    };
    expect(await ids("has_highlights=true")).toEqual({ ids: [marked, markedElsewhere].sort(), total: 2 });
    expect((await ids("has_highlights=false")).total).toBe(3);
    expect(await ids("has_highlights=true&domain=garden.example")).toEqual({ ids: [marked], total: 1 });
    expect(await ids("has_highlights=true&tag=rides")).toEqual({ ids: [markedElsewhere], total: 1 });
    expect(await ids("has_highlights=true&search=gardens")).toEqual({ ids: [marked], total: 1 });
    expect(await ids("has_highlights=true&search=basil")).toEqual({ ids: [], total: 0 });

    // The filter follows the highlights as they come and go: a second one, then the last one deleted.
    const second = await highlight(token, plain, "Basil");
    const third = await highlight(token, plain, "tomatoes");
    expect((await ids("has_highlights=true")).total).toBe(3);
    expect((await api("DELETE", `/api/highlights/${second.id}`, { token })).status).toBe(204);
    expect((await ids("has_highlights=true")).total).toBe(3);
    expect((await api("DELETE", `/api/highlights/${third.id}`, { token })).status).toBe(204);
    expect(await ids("has_highlights=true")).toEqual({ ids: [marked, markedElsewhere].sort(), total: 2 });

    const bad = await api("GET", "/api/articles/?has_highlights=yes", { token });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toMatch(/has_highlights must be true or false/);
  });
});

describe("article notes beside the highlights (issue 50)", () => {
  const writeNote = async (token: string, id: number, note: string) => {
    const response = await api("PUT", `/api/articles/${id}`, { token, body: { note } });
    expect(response.status).toBe(200);
  };

  it("lists the articles' notes, newest first, a page at a time, only the reader's own", async () => {
    const { token, userId } = await reader();
    const other = await reader();
    const first = await seedArticle(userId, { title: "First", content: paragraph("Gardens.") });
    const second = await seedArticle(userId, { title: "Second", content: paragraph("Bicycles.") });
    const third = await seedArticle(userId, { title: "Third", content: paragraph("Rivers.") });
    await seedArticle(userId, { title: "No note", content: paragraph("Nothing.") });
    await writeNote(token, first, "Tomatoes need the sun");
    await writeNote(token, second, "Chains need oil");
    await writeNote(token, third, "Rivers need rain");
    const theirs = await seedArticle(other.userId, { title: "Theirs" });
    await writeNote(other.token, theirs, "Not yours to see");

    const page = await api("GET", "/api/highlights/notes?limit=2", { token });
    expect(page.status).toBe(200);
    expect(page.body.notes.map((n: { note: string }) => n.note)).toEqual(["Rivers need rain", "Chains need oil"]);
    expect(page.body.notes[0]).toMatchObject({
      article: { id: third, title: "Third", url: expect.any(String), domain: "seed.example.com" },
      note_updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const next = await api("GET", `/api/highlights/notes?limit=2&cursor=${page.body.next_cursor}`, { token });
    expect(next.body).toEqual({
      notes: [
        expect.objectContaining({ note: "Tomatoes need the sun", article: expect.objectContaining({ id: first }) }),
      ],
      next_cursor: null,
    });
  });

  it("finds notes by their words and by tag; a highlight carries its article's note", async () => {
    const { token, userId } = await reader();
    const garden = await seedArticle(userId, { title: "Garden", content: paragraph("Gardens and tomatoes.") });
    const bike = await seedArticle(userId, { title: "Bike", content: paragraph("Bicycles and chains.") });
    await writeNote(token, garden, "Water the TOMATOES at dawn");
    await writeNote(token, bike, "Oil the chain at dusk");
    expect((await api("PUT", `/api/articles/${bike}/tags`, { token, body: { tags: ["cycling"] } })).status).toBe(200);

    const words = await api("GET", "/api/highlights/notes?search=tomatoes%20dawn", { token });
    expect(words.body.notes.map((n: { article: { id: number } }) => n.article.id)).toEqual([garden]);
    expect((await api("GET", "/api/highlights/notes?search=tomatoes%20dusk", { token })).body.notes).toEqual([]);
    const tagged = await api("GET", "/api/highlights/notes?tag=Cycling", { token });
    expect(tagged.body.notes.map((n: { article: { id: number } }) => n.article.id)).toEqual([bike]);
    expect((await api("GET", "/api/highlights/notes?cursor=nonsense", { token })).status).toBe(422);

    await highlight(token, garden, "tomatoes");
    const library = await api("GET", "/api/highlights", { token });
    expect(library.body.highlights[0].article).toMatchObject({ id: garden, note: "Water the TOMATOES at dawn" });
  });
});
