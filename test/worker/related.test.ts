import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { seededRandom } from "../../src/worker/domain/clustering/vectors";
import { RELATED_FLOOR } from "../../src/worker/domain/similarity/library-profile";
import { api, registerUser, seedArticle, seedProcessedArticle } from "./helpers";
import { library, recluster, SUBJECTS } from "./topics-helpers";

const processedArticle = (userId: number, title: string, text: string) => seedProcessedArticle(userId, { title, text });

describe("GET /api/articles/{id}/related", () => {
  it("returns the user's nearest articles, best first, without the article itself, another user's or another subject, scores in [0, 1]", async () => {
    const alice = await registerUser();
    const bob = await registerUser();
    // The same draw of words for both: Bob's articles are copies of Alice's.
    const ids = await library(alice.user.id, 5, 3);
    const bobs = await library(bob.user.id, 5, 3);
    const [bees, ...otherBees] = ids.bees as number[];

    const response = await api("GET", `/api/articles/${bees}/related`, { token: alice.token });
    expect(response.status).toBe(200);
    const related: { id: number; similarity_score: number; is_read: boolean }[] = response.body.related;
    expect(related.length).toBeGreaterThan(0);
    for (const r of related) expect(otherBees).toContain(r.id);
    expect(related.map((r) => r.id)).not.toContain(bees);
    for (const id of Object.values(bobs).flat()) expect(related.map((r) => r.id)).not.toContain(id);
    const scores = related.map((r) => r.similarity_score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    for (const score of scores) {
      expect(score).toBeGreaterThanOrEqual(0);
      expect(score).toBeLessThanOrEqual(1);
    }
    expect(related[0]).toMatchObject({ is_read: false });
  });

  it("reads each similarity against the library: before its first topics run from the whole library, then from the profile the run stored", async () => {
    const { token, user } = await registerUser();
    // A fixed draw of words (see library).
    const ids = await library(user.id, 5, 3);
    const [article, ...sameSubject] = ids.bees as number[];
    const listed = async () => {
      const response = await api("GET", `/api/articles/${article}/related?limit=20`, { token });
      const related: { id: number; similarity_score: number }[] = response.body.related;
      expect(related.length).toBeGreaterThan(0);
      // Only the same subject, best first, at the floor or above.
      for (const r of related) expect(sameSubject).toContain(r.id);
      const scores = related.map((r) => r.similarity_score);
      expect([...scores].sort((a, b) => b - a)).toEqual(scores);
      for (const score of scores) expect(score).toBeGreaterThanOrEqual(RELATED_FLOOR);
      return related;
    };
    const before = await listed();

    await recluster(user.id);
    const stored = await env.DB.prepare("SELECT similarity_profile FROM users WHERE id = ?").bind(user.id).first();
    expect(JSON.parse(stored?.similarity_profile as string)).toMatchObject({
      space: "local-glove-hashing-v3",
      articles: 15,
    });
    // The run measured the same library the first answers were read against: the same percentages.
    expect(await listed()).toEqual(before);
  });

  it("never shows an article of another subject as closely related: two articles that share no subject with anything read under 50%", async () => {
    const { token, user } = await registerUser();
    const random = seededRandom(11);
    const subjects: Record<string, number[]> = { bees: [], ice: [] };
    for (const subject of ["bees", "ice"] as const) {
      const words = SUBJECTS[subject] as string[];
      for (let i = 0; i < 6; i++) {
        const text = Array.from({ length: 16 }, () => words[Math.floor(random() * words.length)]).join(" ");
        subjects[subject]?.push(await processedArticle(user.id, `${words[i]} ${words[i + 3]}`, text));
      }
    }
    const rust = await processedArticle(
      user.id,
      "What is Rust? A language empowering everyone to build reliable software",
      "Rust is a systems programming language: its compiler checks memory safety and ownership at compile time, with no garbage collector, and its package manager cargo builds and tests the code.",
    );
    const flint = await processedArticle(
      user.id,
      "Flint flake tool partially covered by birch tar adds to evidence of Neanderthal complex thinking",
      "Archaeologists found a flint flake in a cave whose edge was covered with birch tar: Neanderthals heated bark to make the glue and used it to haft their stone tools, which took planning.",
    );
    await recluster(user.id);
    const subjectOf = new Map(Object.entries(subjects).flatMap(([subject, ids]) => ids.map((id) => [id, subject])));
    for (const id of [rust, flint, ...subjectOf.keys()]) {
      const response = await api("GET", `/api/articles/${id}/related?limit=20`, { token });
      for (const r of response.body.related as { id: number; similarity_score: number }[]) {
        const sameSubject = subjectOf.has(id) && subjectOf.get(r.id) === subjectOf.get(id);
        if (!sameSubject) expect(r.similarity_score, `${id} -> ${r.id}`).toBeLessThan(0.5);
      }
    }
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
    const [main] = (await library(user.id, 5, 3)).bees as number[];
    const all = await api("GET", `/api/articles/${main}/related?limit=20`, { token });
    const [readOne, unreadOne] = all.body.related.map((r: { id: number }) => r.id);
    expect(unreadOne).toBeDefined();
    await api("POST", `/api/articles/${readOne}/mark-read`, { token });
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
