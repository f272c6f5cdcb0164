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

    const bad = await api("GET", "/api/articles/?has_highlights=yes", { token });
    expect(bad.status).toBe(422);
    expect(bad.body.detail).toMatch(/has_highlights must be true or false/);
  });
});
