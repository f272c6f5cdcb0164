import { describe, expect, it } from "vitest";
import { api, registerUser, seedArticle, seedProcessedArticle } from "./helpers";

describe("tags on articles (issue 23)", () => {
  it("sets tags, returns them on the article and in the list, and counts them in GET /api/tags", async () => {
    const { token } = await registerUser();
    const { user } = { user: (await api("GET", "/api/auth/me", { token })).body };
    const first = await seedArticle(user.id, { title: "First" });
    const second = await seedArticle(user.id, { title: "Second" });

    const set = await api("PUT", `/api/articles/${first}/tags`, {
      token,
      body: { tags: [" Rust ", "rust", "Web  dev", ""] },
    });
    expect(set.status).toBe(200);
    expect(set.body.tags).toEqual(["Rust", "Web dev"]);
    await api("PUT", `/api/articles/${second}/tags`, { token, body: { tags: ["rust"] } });

    expect((await api("GET", `/api/articles/${first}`, { token })).body.tags).toEqual(["Rust", "Web dev"]);
    const listed = await api("GET", "/api/articles/", { token });
    const byId = new Map(listed.body.articles.map((a: { id: number; tags: string[] }) => [a.id, a.tags]));
    expect(byId.get(first)).toEqual(["Rust", "Web dev"]);
    expect(byId.get(second)).toEqual(["rust"]);

    const tags = await api("GET", "/api/tags", { token });
    expect(tags.status).toBe(200);
    expect(tags.body.tags).toEqual([
      { tag: "Rust", count: 2 },
      { tag: "Web dev", count: 1 },
    ]);

    // An empty list removes them all.
    const cleared = await api("PUT", `/api/articles/${first}/tags`, { token, body: { tags: [] } });
    expect(cleared.body.tags).toEqual([]);
    expect((await api("GET", "/api/tags", { token })).body.tags).toEqual([{ tag: "rust", count: 1 }]);
  });

  it("filters the list by tag, case-insensitively, also with a search or a domain", async () => {
    const { token } = await registerUser();
    const user = (await api("GET", "/api/auth/me", { token })).body;
    const tagged = await seedArticle(user.id, { title: "Tagged gardening notes", content: "<p>gardening</p>" });
    const untagged = await seedArticle(user.id, { title: "Untagged gardening notes", content: "<p>gardening</p>" });
    await api("PUT", `/api/articles/${tagged}/tags`, { token, body: { tags: ["Garden"] } });

    const ids = async (query: string) =>
      (await api("GET", `/api/articles/?${query}`, { token })).body.articles.map((a: { id: number }) => a.id);
    expect(await ids("tag=garden")).toEqual([tagged]);
    expect(await ids("tag=Garden&search=gardening")).toEqual([tagged]);
    expect(await ids("tag=garden&domain=seed.example.com")).toEqual([tagged]);
    expect(await ids("tag=nothing")).toEqual([]);
    expect((await ids("")).sort()).toEqual([tagged, untagged].sort());
    const filtered = await api("GET", "/api/articles/?tag=garden", { token });
    expect(filtered.body.total).toBe(1);

    // The total of a tag alone is counted from the tags, the same as with another filter, and a deleted
    // article leaves both.
    const other = await seedArticle(user.id, { title: "More garden notes" });
    await api("PUT", `/api/articles/${other}/tags`, { token, body: { tags: ["garden"] } });
    const total = async (query: string) => (await api("GET", `/api/articles/?${query}`, { token })).body.total;
    expect([await total("tag=garden"), await total("tag=garden&search=gardening")]).toEqual([2, 1]);
    expect((await api("DELETE", `/api/articles/${other}`, { token })).status).toBe(204);
    expect([await total("tag=garden"), await total("tag=garden&search=gardening")]).toEqual([1, 1]);
  });

  it("validates tags (at most 50, each at most 64 characters) with 422", async () => {
    const { token } = await registerUser();
    const user = (await api("GET", "/api/auth/me", { token })).body;
    const id = await seedArticle(user.id);
    const tooMany = await api("PUT", `/api/articles/${id}/tags`, {
      token,
      body: { tags: Array.from({ length: 51 }, (_, i) => `t${i}`) },
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.detail).toMatch(/at most 50/);
    const tooLong = await api("PUT", `/api/articles/${id}/tags`, { token, body: { tags: ["x".repeat(65)] } });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.detail).toMatch(/64 characters/);
    expect((await api("PUT", `/api/articles/${id}/tags`, { token, body: { tags: "rust" } })).status).toBe(422);
    expect((await api("GET", `/api/articles/?tag=${"x".repeat(65)}`, { token })).status).toBe(422);
  });

  it("never reaches another user's articles or tags", async () => {
    const owner = await registerUser();
    const ownerUser = (await api("GET", "/api/auth/me", { token: owner.token })).body;
    const id = await seedArticle(ownerUser.id);
    await api("PUT", `/api/articles/${id}/tags`, { token: owner.token, body: { tags: ["private"] } });
    const other = await registerUser();
    const attempt = await api("PUT", `/api/articles/${id}/tags`, { token: other.token, body: { tags: ["mine"] } });
    expect(attempt.status).toBe(404);
    expect((await api("GET", "/api/tags", { token: other.token })).body.tags).toEqual([]);
    expect((await api("GET", "/api/articles/?tag=private", { token: other.token })).body.articles).toEqual([]);
    expect((await api("GET", `/api/articles/${id}`, { token: owner.token })).body.tags).toEqual(["private"]);
  });

  it("search results carry their articles' tags, as the list does", async () => {
    const { token, user } = await registerUser();
    const id = await seedProcessedArticle(user.id, {
      title: "Sourdough starters",
      text: "A sourdough starter is flour and water fermented by wild yeast and lactic bacteria.",
    });
    await api("PUT", `/api/articles/${id}/tags`, { token, body: { tags: ["Baking"] } });
    const found = await api("POST", "/api/search/chat", { token, body: { query: "sourdough starter" } });
    expect(found.status).toBe(200);
    expect(found.body.results[0].article).toMatchObject({ id, tags: ["Baking"] });
  });
});
