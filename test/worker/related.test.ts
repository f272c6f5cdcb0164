import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, registerUser, seedArticle, seedProcessedArticle } from "./helpers";
import { library, recluster } from "./topics-helpers";

const processedArticle = (userId: number, title: string, text: string, isRead = false) =>
  seedProcessedArticle(userId, { title, text, isRead });

describe("GET /api/articles/{id}/related", () => {
  it("returns the user's nearest articles, best first, without the article itself or another subject, scores in [0, 1]", async () => {
    const alice = await registerUser();
    const bob = await registerUser();
    const bees = await processedArticle(alice.user.id, "Honeybees dance", "honeybees waggle dance hive pollen flowers");
    const hives = await processedArticle(alice.user.id, "Inside the hive", "hive honeybees queen pollen workers dance");
    const pollen = await processedArticle(alice.user.id, "Pollen season", "pollen flowers spring bees allergy");
    const tax = await processedArticle(alice.user.id, "Tax reform", "corporate tax rates budget deficit parliament");
    const bobsBees = await processedArticle(bob.user.id, "Bees again", "honeybees waggle dance hive pollen flowers");

    const response = await api("GET", `/api/articles/${bees}/related`, { token: alice.token });
    expect(response.status).toBe(200);
    const ids = response.body.related.map((r: { id: number }) => r.id);
    expect(ids).not.toContain(bees);
    expect(ids).not.toContain(bobsBees);
    expect(ids.slice(0, 2)).toEqual([hives, pollen]);
    // Another subject shares no more with it than made-up words would: not listed as "0% similar".
    expect(ids).not.toContain(tax);
    const scores = response.body.related.map((r: { similarity_score: number }) => r.similarity_score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    for (const score of scores) {
      expect(score).toBeGreaterThanOrEqual(0);
      expect(score).toBeLessThanOrEqual(1);
    }
    expect(response.body.related[0]).toMatchObject({ id: hives, title: "Inside the hive", is_read: false });
  });

  it("once a topics run stored the library's mean, ranks inside the library and leaves other subjects out", async () => {
    const { token, user } = await registerUser();
    // A fixed draw of words: with some others (some user ids) no article of another subject scored above 0 even
    // before the library's mean, and the first assertion below failed (seen once in the shared runtime).
    const ids = await library(user.id, 5, 3);
    const [article, ...sameSubject] = ids.bees as number[];
    const before = await api("GET", `/api/articles/${article}/related?limit=20`, { token });
    const plainScores = new Map<number, number>(
      before.body.related.map((r: { id: number; similarity_score: number }) => [r.id, r.similarity_score]),
    );
    const others = [...(ids.ice as number[]), ...(ids.code as number[])];
    // Plain cosines: the word-vector half makes articles of other subjects look somewhat alike.
    expect(others.filter((id) => (plainScores.get(id) ?? 0) > 0).length).toBeGreaterThan(0);

    await recluster(user.id);
    const stored = await env.DB.prepare("SELECT library_mean FROM users WHERE id = ?").bind(user.id).first();
    expect(stored?.library_mean).toMatch(/^f32:local-glove-hashing-v3:/);

    const after = await api("GET", `/api/articles/${article}/related?limit=20`, { token });
    const related: { id: number; similarity_score: number }[] = after.body.related;
    // Only the same subject: the other subjects' articles score under MIN_LIBRARY_SIMILARITY (0 here).
    expect(new Set(related.map((r) => r.id))).toEqual(new Set(sameSubject));
    const scores = related.map((r) => r.similarity_score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    for (const r of related) expect(r.similarity_score).toBeGreaterThan(0.2);
  });

  it("lists nothing for an article whose subject no other article shares (the travel blog among games and browsers)", async () => {
    const { token, user } = await registerUser();
    // A fixed draw of words: with some others (some user ids) no article of another subject scored above 0 even
    // before the library's mean, and the first assertion below failed (seen once in the shared runtime).
    const ids = await library(user.id, 5, 3);
    await processedArticle(
      user.id,
      "Halo Infinite review: the Xbox shooter's multiplayer",
      "The Xbox Series X shooter Halo Infinite has a free multiplayer mode, battle pass, maps and weapons for console players.",
    );
    await processedArticle(
      user.id,
      "Firefox 120 adds private browsing protections",
      "Mozilla released Firefox 120 with cookie banner blocking, tracking protection and a faster JavaScript engine for the browser.",
    );
    await processedArticle(
      user.id,
      "Minecraft update brings armadillos and crafters",
      "The Minecraft update adds armadillos, wolf armor, the crafter block and trial chambers to the sandbox game.",
    );
    const travel = await processedArticle(
      user.id,
      "Three weeks backpacking through Vietnam",
      "Our travel diary: street food in Hanoi, a boat cruise in Ha Long Bay, the night train to Hue, hostels, beaches in Hoi An and a motorbike trip on the Hai Van pass.",
    );
    await recluster(user.id);
    const response = await api("GET", `/api/articles/${travel}/related`, { token });
    expect(response.status).toBe(200);
    expect(response.body.related).toEqual([]);
    // The floor hides only what is unrelated: an article of a shared subject still has its neighbours.
    const bees = await api("GET", `/api/articles/${ids.bees?.[0]}/related`, { token });
    expect(bees.body.related.length).toBeGreaterThan(0);
  });

  it("filters by read status and honours the limit", async () => {
    const { token, user } = await registerUser();
    const main = await processedArticle(user.id, "Rivers", "rivers floods water valleys rain");
    const readOne = await processedArticle(user.id, "Floods", "floods rivers rain water", true);
    const unreadOne = await processedArticle(user.id, "Rain", "rain water rivers valleys");
    await processedArticle(user.id, "Valleys", "valleys rivers mountains water");
    const unread = await api("GET", `/api/articles/${main}/related?status=unread&limit=1`, { token });
    expect(unread.body.related.map((r: { id: number }) => r.id)).toEqual([unreadOne]);
    const read = await api("GET", `/api/articles/${main}/related?status=read&limit=5`, { token });
    expect(read.body.related.map((r: { id: number }) => r.id)).toEqual([readOne]);
  });

  it("answers an empty list for an article not embedded yet, 404 for another user's, 422 for bad parameters", async () => {
    const { token, user } = await registerUser();
    const pending = await seedArticle(user.id, { title: "Not yet", processingStatus: "pending" });
    expect((await api("GET", `/api/articles/${pending}/related`, { token })).body.related).toEqual([]);
    const other = await registerUser();
    expect((await api("GET", `/api/articles/${pending}/related`, { token: other.token })).status).toBe(404);
    expect((await api("GET", `/api/articles/${pending}/related?status=new`, { token })).body.detail).toBe(
      "status: status must be unread or read",
    );
    expect((await api("GET", `/api/articles/${pending}/related?limit=500`, { token })).status).toBe(422);
  });
});
