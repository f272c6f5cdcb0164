import { describe, expect, it } from "vitest";
import { api, registerUser, seedArticle } from "./helpers";

/**
 * Issue 31 item 6: a staging or production bundle (no word vectors) served by the local runtime, with the local
 * adapters. This project swaps the table the way vite.config.ts does for those builds (vitest.config.ts). Before,
 * /api/health said "ok" and related articles answered [] with `degraded: false`.
 */
describe("the local embedder without its word vectors is a loud, visible degraded state", () => {
  it("health says degraded with a detail naming what is off and why", async () => {
    const response = await api("GET", "/api/health");
    expect(response.status).toBe(200);
    expect(response.body.status).toBe("degraded");
    expect(response.body.detail).toMatch(/^Search by meaning, related articles and topics are off: /);
    expect(response.body.detail).toContain("no word vectors");
    expect(response.body.adapters.embedder).toBe("local-glove-hashing-v3");
    // Which part, and what it takes down (issue 35 item 7).
    expect(response.body.degraded_parts).toEqual([
      {
        part: "embedder",
        detail: expect.stringContaining("no word vectors"),
        affects: ["related", "topics", "search"],
      },
    ]);
  });

  it("topics say degraded with the reason, and no topics run is asked for that would find nothing", async () => {
    const { token, user } = await registerUser();
    await seedArticle(user.id, { title: "Honeybees and their hives", content: "<p>Honeybees keep hives.</p>" });
    const listed = await api("GET", "/api/topics/", { token });
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ topics: [], total: 0, degraded: true });
    expect(listed.body.notice).toMatch(/^Search by meaning, related articles and topics are off: .*no word vectors/);
  });

  it("related articles and search say degraded, with the same reason", async () => {
    const { token, user } = await registerUser();
    const article = await seedArticle(user.id, {
      title: "Honeybees and their hives",
      content: "<p>Honeybees keep hives.</p>",
    });
    await seedArticle(user.id, { title: "Wild bees", content: "<p>Wild bees nest alone.</p>" });

    const related = await api("GET", `/api/articles/${article}/related`, { token });
    expect(related.status).toBe(200);
    expect(related.body).toMatchObject({ related: [], degraded: true });
    expect(related.body.notice).toContain("no word vectors");

    const search = await api("POST", "/api/search/chat", { token, body: { query: "bees in hives" } });
    expect(search.status).toBe(200);
    expect(search.body.degraded).toBe(true);
    expect(search.body.notice).toContain("Search by meaning, related articles and topics are off");
  });
});
