import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, registerUser } from "./helpers";

async function createToken(sessionToken: string, name = "My script") {
  const created = await api("POST", "/api/tokens", { token: sessionToken, body: { name } });
  expect(created.status).toBe(201);
  return created.body as { id: number; name: string; token: string; created_at: string };
}

describe("personal API tokens", () => {
  it("creates a named token shown once, lists it without the secret, and it works as a bearer token", async () => {
    const { token: session } = await registerUser();
    const created = await createToken(session, "  Reading script  ");
    expect(created.name).toBe("Reading script");
    expect(created.token).toMatch(/^vr_[A-Za-z0-9_-]{43}$/);
    expect(Number.isNaN(Date.parse(created.created_at))).toBe(false);

    const listed = await api("GET", "/api/tokens", { token: session });
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([
      { id: created.id, name: "Reading script", created_at: created.created_at, last_used_at: null },
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(created.token);

    const saved = await api("POST", "/api/articles/", {
      token: created.token,
      body: { url: `https://token.example.com/${crypto.randomUUID()}` },
    });
    expect(saved.status).toBe(201);
    const mine = await api("GET", "/api/articles/", { token: session });
    expect(mine.body.articles.map((a: { id: number }) => a.id)).toContain(saved.body.id);

    const after = await api("GET", "/api/tokens", { token: session });
    expect(after.body[0].last_used_at).not.toBeNull();
  });

  it("stores only a hash of the token", async () => {
    const { token: session } = await registerUser();
    const created = await createToken(session);
    const row = await env.DB.prepare("SELECT * FROM api_tokens WHERE id = ?")
      .bind(created.id)
      .first<Record<string, unknown>>();
    expect(row).not.toBeNull();
    expect(Object.values(row ?? {})).not.toContain(created.token);
    expect(String(row?.token_hash)).toMatch(/^[0-9a-f]{64}$/);
  });

  it("revokes a token: 204, then the token gets 401 and leaves the list", async () => {
    const { token: session } = await registerUser();
    const created = await createToken(session);
    expect((await api("GET", "/api/articles/", { token: created.token })).status).toBe(200);
    expect((await api("DELETE", `/api/tokens/${created.id}`, { token: session })).status).toBe(204);
    const refused = await api("GET", "/api/articles/", { token: created.token });
    expect(refused.status).toBe(401);
    expect(refused.body.detail).toBe("Invalid API token");
    expect((await api("GET", "/api/tokens", { token: session })).body).toEqual([]);
  });

  it("refuses to let an API token create, list or revoke tokens, or sign out (403)", async () => {
    const { token: session } = await registerUser();
    const created = await createToken(session);
    const calls = [
      await api("POST", "/api/tokens", { token: created.token, body: { name: "another" } }),
      await api("GET", "/api/tokens", { token: created.token }),
      await api("DELETE", `/api/tokens/${created.id}`, { token: created.token }),
      await api("POST", "/api/auth/logout", { token: created.token }),
    ];
    for (const call of calls) {
      expect(call.status).toBe(403);
      expect(call.body.detail).toMatch(/API tokens cannot manage tokens/);
    }
    expect((await api("GET", "/api/tokens", { token: session })).body).toHaveLength(1);
  });

  it("answers 404 for another user's token id and leaves it working", async () => {
    const alice = await registerUser();
    const bob = await registerUser();
    const bobs = await createToken(bob.token);
    const attempt = await api("DELETE", `/api/tokens/${bobs.id}`, { token: alice.token });
    expect(attempt.status).toBe(404);
    expect((await api("GET", "/api/tokens", { token: alice.token })).body).toEqual([]);
    expect((await api("GET", "/api/articles/", { token: bobs.token })).status).toBe(200);
  });

  it("validates the name (required, at most 100 characters) with 422", async () => {
    const { token: session } = await registerUser();
    for (const body of [{}, { name: "   " }, { name: "x".repeat(101) }, { name: 5 }]) {
      const response = await api("POST", "/api/tokens", { token: session, body });
      expect(response.status).toBe(422);
      expect(response.body.detail).toMatch(/^name: /);
    }
    expect((await api("POST", "/api/tokens", { token: session, body: { name: "x".repeat(100) } })).status).toBe(201);
  });

  it("caps a user at 50 tokens with 409", async () => {
    const { token: session, user } = await registerUser();
    const statements = Array.from({ length: 50 }, (_, i) =>
      env.DB.prepare("INSERT INTO api_tokens (user_id, name, token_hash, created_at) VALUES (?, ?, ?, ?)").bind(
        user.id,
        `seeded ${i}`,
        `seed-${user.id}-${i}`,
        Date.now(),
      ),
    );
    await env.DB.batch(statements);
    const refused = await api("POST", "/api/tokens", { token: session, body: { name: "one more" } });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toMatch(/50 API tokens/);
  });

  it("throttles guessing: invalid API tokens from one address get 429 past the sign-in threshold", async () => {
    const headers = { "cf-connecting-ip": "198.51.100.44" };
    const now = Date.now();
    // 99 recent failures seeded (going through HTTP 99 times would only slow the suite), then the 100th by HTTP.
    await env.DB.batch(
      Array.from({ length: 99 }, () =>
        env.DB.prepare("INSERT INTO login_failures (email, client_address, created_at) VALUES (?, ?, ?)").bind(
          "(api token)",
          "198.51.100.44",
          now - 1000,
        ),
      ),
    );
    const guess = () => api("GET", "/api/articles/", { token: `vr_${crypto.randomUUID()}`, headers });
    expect((await guess()).status).toBe(401);
    const blocked = await guess();
    expect(blocked.status).toBe(429);
    expect(blocked.body.detail).toMatch(/Too many failed sign-in attempts/);
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await api("GET", "/api/articles/", { token: `vr_${crypto.randomUUID()}` })).status).toBe(401);
  });
});
