import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createD1VectorIndex } from "../../src/worker/adapters/local/d1-vector-index";
import { createLocalEmbedder } from "../../src/worker/adapters/local/local-embedder";
import { createDatabase } from "../../src/worker/db/client";
import { createAccountRepository } from "../../src/worker/db/repositories/account-repository";
import { createArticleBodiesRepository } from "../../src/worker/db/repositories/article-bodies-repository";
import { createSessionsRepository } from "../../src/worker/db/repositories/sessions-repository";
import type { VectorIndex } from "../../src/worker/ports/vector-index";
import { createAccountService } from "../../src/worker/services/account-service";
import { api, registerUser, seedArticle, seedProcessedArticle } from "./helpers";

/** Every table with a user_id column, found independently of the code under test. */
async function tablesWithUserId(): Promise<string[]> {
  const { results } = await env.DB.prepare(
    `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'
       AND upper(coalesce(sql, '')) NOT LIKE 'CREATE VIRTUAL%' ORDER BY name`,
  ).all<{ name: string }>();
  const withUserId: string[] = [];
  for (const { name } of results) {
    const columns = await env.DB.prepare(`SELECT name FROM pragma_table_info(?)`).bind(name).all<{ name: string }>();
    if (columns.results.some((c) => c.name === "user_id")) withUserId.push(name);
  }
  return withUserId;
}

async function rowsOf(userId: number): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await tablesWithUserId()) {
    const row = await env.DB.prepare(`SELECT count(*) AS n FROM "${table}" WHERE user_id = ?`)
      .bind(userId)
      .first<{ n: number }>();
    counts[table] = row?.n ?? 0;
  }
  return counts;
}

/** A user with a row in every kind of table: articles, vectors, tags, rating, topic, sources, tokens, sessions. */
async function fullAccount() {
  const registered = await registerUser();
  const { token, email, password } = registered;
  const userId = (await api("GET", "/api/auth/me", { token })).body.id as number;
  const articleIds = [
    await seedProcessedArticle(userId, { title: "Gardening", text: "Tomatoes like sun and water." }),
    await seedProcessedArticle(userId, { title: "Sailing", text: "Boats sail on the wind." }),
    await seedArticle(userId, { title: "Unprocessed" }),
  ];
  const [first] = articleIds as [number];
  await api("PUT", `/api/articles/${first}/tags`, { token, body: { tags: ["garden"] } });
  await api("POST", `/api/articles/${first}/feedback`, { token, body: { feedback: 1 } });
  const topic = await env.DB.prepare(
    `INSERT INTO topics (user_id, label, keywords, final_score, cluster_size, avg_recency_days, algorithm,
       silhouette_score, generated_from, created_at) VALUES (?, 'Garden', '[]', 1, 1, 1, 'test', 0, 'test', 0)
     RETURNING id`,
  )
    .bind(userId)
    .first<{ id: number }>();
  await env.DB.batch([
    env.DB.prepare("INSERT INTO topic_articles (topic_id, article_id, user_id, similarity) VALUES (?, ?, ?, 1)").bind(
      topic?.id,
      first,
      userId,
    ),
    env.DB.prepare("INSERT INTO article_sources (article_id, user_id, seq, chunk) VALUES (?, ?, 0, 'x')").bind(
      first,
      userId,
    ),
    env.DB.prepare(
      "INSERT INTO search_sessions (id, user_id, turns, created_at, updated_at) VALUES (?, ?, '[]', 0, 0)",
    ).bind(crypto.randomUUID(), userId),
    env.DB.prepare("INSERT INTO email_addresses (user_id, local_token, created_at) VALUES (?, ?, 0)").bind(
      userId,
      crypto.randomUUID(),
    ),
  ]);
  expect((await api("POST", "/api/tokens", { token, body: { name: "script" } })).status).toBe(201);
  // A signed-out session (a revoked token row) and a failed sign-in under the account's email.
  const other = await api("POST", "/api/auth/login", { body: { email, password } });
  expect((await api("POST", "/api/auth/logout", { token: other.body.access_token })).status).toBe(204);
  await api("POST", "/api/auth/login", { body: { email, password: "not the password" } });
  return { token, email, password, userId, articleIds };
}

async function storedVectors(userId: number, ids: number[]) {
  const index = createD1VectorIndex(createDatabase(env.DB), createLocalEmbedder(1024).name);
  return index.getVectors(
    userId,
    ids.map((id) => String(id)),
  );
}

describe("DELETE /api/account (issue 23)", () => {
  it("deletes every row of the user in every user_id table, vectors included, and signs the user out", async () => {
    const doomed = await fullAccount();
    const bystander = await fullAccount();
    const before = await rowsOf(doomed.userId);
    // The setup reaches the tables that matter, so "empty afterwards" means something.
    for (const table of [
      "articles",
      "article_tags",
      "article_feedback",
      "article_sources",
      "topics",
      "topic_articles",
      "search_sessions",
      "email_addresses",
      "api_tokens",
      "revoked_tokens",
      "local_vectors",
    ]) {
      expect(before[table], table).toBeGreaterThan(0);
    }
    expect(await storedVectors(doomed.userId, doomed.articleIds)).toHaveLength(2);
    const bystanderBefore = await rowsOf(bystander.userId);

    const deleted = await api("DELETE", "/api/account", { token: doomed.token, body: { password: doomed.password } });
    expect(deleted.status).toBe(204);

    const after = await rowsOf(doomed.userId);
    expect(Object.keys(after).length).toBeGreaterThanOrEqual(11);
    expect(Object.entries(after).filter(([, n]) => n > 0)).toEqual([]);
    expect(await env.DB.prepare("SELECT id FROM users WHERE id = ?").bind(doomed.userId).first()).toBeNull();
    const failures = await env.DB.prepare("SELECT count(*) AS n FROM login_failures WHERE email = ?")
      .bind(doomed.email)
      .first<{ n: number }>();
    expect(failures?.n).toBe(0);
    expect(await storedVectors(doomed.userId, doomed.articleIds)).toEqual([]);
    // The full-text index follows the articles (a trigger removes each entry with its row). The index is contentless:
    // entries are found by MATCH on their user_id column, not by reading it back.
    const indexed = async (userId: number) =>
      (
        await env.DB.prepare("SELECT count(*) AS n FROM articles_fts WHERE articles_fts MATCH ?")
          .bind(`user_id : "${userId}"`)
          .first<{ n: number }>()
      )?.n;
    expect(await indexed(doomed.userId)).toBe(0);
    expect(await indexed(bystander.userId)).toBeGreaterThan(0);

    expect((await api("GET", "/api/auth/me", { token: doomed.token })).status).toBe(401);
    const relogin = await api("POST", "/api/auth/login", { body: { email: doomed.email, password: doomed.password } });
    expect(relogin.status).toBe(401);

    // The other user keeps everything.
    expect(await rowsOf(bystander.userId)).toEqual(bystanderBefore);
    expect(await storedVectors(bystander.userId, bystander.articleIds)).toHaveLength(2);
    expect((await api("GET", "/api/articles/", { token: bystander.token })).body.total).toBe(3);
  });

  it("with a wrong password answers 403 with a clear message and deletes nothing", async () => {
    const account = await fullAccount();
    const before = await rowsOf(account.userId);
    const refused = await api("DELETE", "/api/account", { token: account.token, body: { password: "wrong one" } });
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe("Incorrect password. Nothing was deleted.");
    expect(await rowsOf(account.userId)).toEqual(before);
    expect((await api("GET", "/api/auth/me", { token: account.token })).status).toBe(200);

    const missing = await api("DELETE", "/api/account", { token: account.token, body: {} });
    expect(missing.status).toBe(422);
    expect(missing.body.detail).toMatch(/password/);
  });

  it("throttles password guessing like sign-in: after 10 wrong passwords even the right one gets 429", async () => {
    const account = await fullAccount();
    // fullAccount made one failed sign-in under this email already.
    for (let i = 0; i < 9; i += 1) {
      const wrong = await api("DELETE", "/api/account", { token: account.token, body: { password: `guess ${i}` } });
      expect(wrong.status).toBe(403);
    }
    const throttled = await api("DELETE", "/api/account", {
      token: account.token,
      body: { password: account.password },
    });
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get("retry-after")).toBe("900");
    expect((await api("GET", "/api/articles/", { token: account.token })).body.total).toBe(3);
  });

  it("refuses an API token (403): only a signed-in web session can delete the account", async () => {
    const account = await fullAccount();
    const created = await api("POST", "/api/tokens", { token: account.token, body: { name: "leaked" } });
    const refused = await api("DELETE", "/api/account", {
      token: created.body.token,
      body: { password: account.password },
    });
    expect(refused.status).toBe(403);
    expect((await api("GET", "/api/articles/", { token: account.token })).body.total).toBe(3);
  });

  it("removes vectors through the index port in batches of at most 100 ids, and keeps everything if it fails", async () => {
    const { userId, password } = await fullAccount();
    const statements = Array.from({ length: 230 }, (_, i) =>
      env.DB.prepare(
        "INSERT INTO articles (user_id, url, normalized_url, created_at, updated_at) VALUES (?, ?, ?, 0, 0)",
      ).bind(userId, `https://many.example.com/${i}`, `https://many.example.com/${i}`),
    );
    await env.DB.batch(statements);
    const user = await env.DB.prepare(
      "SELECT id, email, password_hash AS passwordHash, created_at AS createdAt FROM users WHERE id = ?",
    )
      .bind(userId)
      .first<{ id: number; email: string; passwordHash: string; createdAt: number }>();
    const account = createAccountRepository(createDatabase(env.DB));

    // Vectorize unreachable: the deletion stops before any row is touched.
    const down: VectorIndex = {
      name: "down",
      upsert: async () => {},
      query: async () => [],
      getVectors: async () => [],
      remove: async () => {
        throw new Error("index unavailable");
      },
    };
    const before = await rowsOf(userId);
    const service = (vectorIndex: VectorIndex) =>
      createAccountService({
        account,
        bodies: createArticleBodiesRepository(env.ARTICLE_BODIES),
        vectorIndex,
        sessions: createSessionsRepository(createDatabase(env.DB)),
        throttle: { maxFailuresPerEmail: 10, maxFailuresPerClient: 10, windowMinutes: 15 },
      });
    await expect(service(down).deleteAccount(user as never, password, "192.0.2.1")).rejects.toThrow(
      /Nothing was deleted/,
    );
    expect(await rowsOf(userId)).toEqual(before);

    const calls: { userId: number; ids: string[] }[] = [];
    const recording: VectorIndex = { ...down, remove: async (owner, ids) => void calls.push({ userId: owner, ids }) };
    await service(recording).deleteAccount(user as never, password, "192.0.2.1");
    expect(calls.every((call) => call.userId === userId && call.ids.length <= 100)).toBe(true);
    expect(calls.flatMap((call) => call.ids)).toHaveLength(233);
    expect(Object.values(await rowsOf(userId)).every((n) => n === 0)).toBe(true);
  });
});
