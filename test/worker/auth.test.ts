import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { PBKDF2_ITERATIONS } from "../../src/worker/domain/password";
import { api, registerUser, uniqueEmail } from "./helpers";

describe("POST /api/auth/register", () => {
  it("creates the account and signs in at once", async () => {
    const email = uniqueEmail();
    const response = await api("POST", "/api/auth/register", { body: { email, password: "longenough" } });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ token_type: "bearer", user: { email } });
    expect(typeof response.body.access_token).toBe("string");
    expect(new Date(response.body.user.created_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const me = await api("GET", "/api/auth/me", { token: response.body.access_token });
    expect(me.status).toBe(200);
    expect(me.body).toEqual(response.body.user);
  });

  it("trims and lower-cases the email, so case variants are the same account (409)", async () => {
    const email = uniqueEmail("Mixed");
    const first = await api("POST", "/api/auth/register", {
      body: { email: `  ${email.toUpperCase()} `, password: "longenough" },
    });
    expect(first.status).toBe(201);
    expect(first.body.user.email).toBe(email.toLowerCase());
    const again = await api("POST", "/api/auth/register", { body: { email, password: "otherpassword" } });
    expect(again.status).toBe(409);
    expect(again.body.detail).toMatch(/already exists/);
  });

  it("stores a salted PBKDF2 hash with 100,000 iterations, never the password", async () => {
    const a = await registerUser(uniqueEmail(), "same password 1");
    const b = await registerUser(uniqueEmail(), "same password 1");
    const rows = await env.DB.prepare("SELECT email, password_hash FROM users WHERE email IN (?, ?)")
      .bind(a.email, b.email)
      .all<{ email: string; password_hash: string }>();
    expect(rows.results).toHaveLength(2);
    const [hashA, hashB] = rows.results.map((r) => r.password_hash);
    expect(PBKDF2_ITERATIONS).toBe(100_000);
    expect(hashA).toMatch(/^pbkdf2-sha256\$100000\$/);
    expect(hashA).not.toContain("same password");
    expect(hashA).not.toBe(hashB);
  });

  it.each([
    [{ password: "longenough" }, /^email: /],
    [{ email: "", password: "longenough" }, /^email: email is required/],
    [{ email: "not-an-email", password: "longenough" }, /^email: email must be a valid email address/],
    [{ email: 42, password: "longenough" }, /^email: email must be a string/],
    [{ email: "a@example.com" }, /^password: /],
    [{ email: "a@example.com", password: "short" }, /at least 8 characters/],
    [{ email: "a@example.com", password: "x".repeat(257) }, /at most 256 characters/],
    [{ email: "a@example.com", password: 12345678 }, /password must be a string/],
    [[], /Request body must be a JSON object/],
    ["text", /Request body must be a JSON object/],
    [null, /Request body must be a JSON object/],
  ])("rejects %j with 422 naming the field", async (body, detail) => {
    const response = await api("POST", "/api/auth/register", { body });
    expect(response.status).toBe(422);
    expect(response.body.detail).toMatch(detail);
  });

  it("rejects malformed JSON with 400 and creates nothing", async () => {
    const response = await api("POST", "/api/auth/register", { rawBody: '{"email": "x@example.com", "password": ' });
    expect(response.status).toBe(400);
    expect(response.body.detail).toMatch(/JSON/i);
    const count = await env.DB.prepare("SELECT count(*) AS n FROM users WHERE email = 'x@example.com'").first<{
      n: number;
    }>();
    expect(count?.n).toBe(0);
  });

  it("rejects a body that is not sent as JSON with 415, and control characters in the email with 422", async () => {
    const body = JSON.stringify({ email: uniqueEmail(), password: "longenough" });
    const plain = await api("POST", "/api/auth/register", { rawBody: body, headers: { "Content-Type": "text/plain" } });
    expect(plain.status).toBe(415);
    expect(plain.body.detail).toMatch(/Content-Type: application\/json/);
    const control = await api("POST", "/api/auth/register", {
      body: { email: "a\u0000b@example.com", password: "longenough" },
    });
    expect(control.status).toBe(422);
    expect(control.body.detail).toMatch(/^email: /);
  });

  it("rejects a huge body with 413", async () => {
    const response = await api("POST", "/api/auth/register", {
      body: { email: uniqueEmail(), password: "p".repeat(1024 * 1024) },
    });
    expect(response.status).toBe(413);
    expect(response.body.detail).toMatch(/too large/);
  });
});

describe("POST /api/auth/login", () => {
  it("returns a session for the right password, with the email in any case", async () => {
    const { email, password } = await registerUser();
    const response = await api("POST", "/api/auth/login", { body: { email: email.toUpperCase(), password } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ token_type: "bearer", user: { email } });
    const me = await api("GET", "/api/auth/me", { token: response.body.access_token });
    expect(me.body.email).toBe(email);
  });

  it("answers 401 with the same detail for a wrong password and an unknown email", async () => {
    const { email } = await registerUser();
    const wrong = await api("POST", "/api/auth/login", { body: { email, password: "wrong password" } });
    const unknown = await api("POST", "/api/auth/login", {
      body: { email: uniqueEmail(), password: "wrong password" },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.detail).toBe("Incorrect email or password");
    expect(unknown.body.detail).toBe(wrong.body.detail);
  });

  it("throttles an email with 429 after 10 failures in the window, even for the right password", async () => {
    const { email, password } = await registerUser();
    for (let i = 0; i < 10; i++) {
      const attempt = await api("POST", "/api/auth/login", { body: { email, password: `wrong-${i}` } });
      expect(attempt.status).toBe(401);
    }
    const blocked = await api("POST", "/api/auth/login", { body: { email, password } });
    expect(blocked.status).toBe(429);
    expect(blocked.body.detail).toMatch(/Too many failed sign-in attempts/);
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Another account from another address is unaffected.
    const other = await registerUser();
    const ok = await api("POST", "/api/auth/login", {
      body: { email: other.email, password: other.password },
      headers: { "cf-connecting-ip": "203.0.113.9" },
    });
    expect(ok.status).toBe(200);
  });

  it("throttles one client address with 429 after 100 failures across emails", async () => {
    const headers = { "cf-connecting-ip": "198.51.100.7" };
    const now = Date.now();
    // Seed 100 recent failures directly: going through HTTP 100 times would only slow the suite down.
    const statements = Array.from({ length: 100 }, (_, i) =>
      env.DB.prepare("INSERT INTO login_failures (email, client_address, created_at) VALUES (?, ?, ?)").bind(
        `victim-${i}@example.com`,
        "198.51.100.7",
        now - 1000,
      ),
    );
    await env.DB.batch(statements);
    const { email, password } = await registerUser();
    const blocked = await api("POST", "/api/auth/login", { body: { email, password }, headers });
    expect(blocked.status).toBe(429);
    const elsewhere = await api("POST", "/api/auth/login", { body: { email, password } });
    expect(elsewhere.status).toBe(200);
  });

  it("requires both fields (422) and bounds the password length", async () => {
    expect((await api("POST", "/api/auth/login", { body: { email: "a@example.com" } })).status).toBe(422);
    expect((await api("POST", "/api/auth/login", { body: { email: "a@example.com", password: "" } })).status).toBe(422);
    expect((await api("POST", "/api/auth/login", { body: { password: "whatever1" } })).status).toBe(422);
    const long = await api("POST", "/api/auth/login", { body: { email: "a@example.com", password: "x".repeat(300) } });
    expect(long.status).toBe(422);
  });
});

describe("GET /api/auth/me and POST /api/auth/logout", () => {
  it("answers 401 without a token, with a malformed token and with a forged one", async () => {
    const { token } = await registerUser();
    const [header, payload] = token.split(".");
    const forged = `${header}.${payload}.${"A".repeat(43)}`;
    for (const auth of [undefined, "Bearer", "Bearer not.a.jwt", `Bearer ${forged}`, `Basic ${token}`]) {
      const response = await api("GET", "/api/auth/me", { headers: auth ? { Authorization: auth } : {} });
      expect(response.status, String(auth)).toBe(401);
      expect(typeof response.body.detail).toBe("string");
      expect(response.headers.get("WWW-Authenticate")).toBe("Bearer");
    }
  });

  it("revokes the token on logout; other sessions of the same user stay valid", async () => {
    const { email, password, token } = await registerUser();
    const second = await api("POST", "/api/auth/login", { body: { email, password } });
    const logout = await api("POST", "/api/auth/logout", { token });
    expect(logout.status).toBe(204);
    const after = await api("GET", "/api/auth/me", { token });
    expect(after.status).toBe(401);
    expect(after.body.detail).toMatch(/session has ended/);
    expect((await api("GET", "/api/auth/me", { token: second.body.access_token })).status).toBe(200);
    expect((await api("POST", "/api/auth/logout", { token })).status).toBe(401);
  });

  it("issues tokens that expire in 30 days", async () => {
    const { token } = await registerUser();
    const payload = JSON.parse(atob((token.split(".")[1] ?? "").replace(/-/g, "+").replace(/_/g, "/")));
    expect(payload.exp - payload.iat).toBe(30 * 24 * 60 * 60);
    expect(typeof payload.jti).toBe("string");
  });
});

describe("POST /api/auth/password", () => {
  it("changes the password with the current one; every other session ends, this device gets a new one", async () => {
    const { email, password, token } = await registerUser();
    const otherDevice = (await api("POST", "/api/auth/login", { body: { email, password } })).body.access_token;
    const apiToken = (await api("POST", "/api/tokens", { token, body: { name: "script" } })).body.token;

    const changed = await api("POST", "/api/auth/password", {
      token,
      body: { current_password: password, new_password: "a brand new passphrase" },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ token_type: "bearer", user: { email } });
    const fresh = changed.body.access_token as string;

    expect((await api("GET", "/api/auth/me", { token: fresh })).status).toBe(200);
    for (const ended of [token, otherDevice]) {
      const me = await api("GET", "/api/auth/me", { token: ended });
      expect(me.status).toBe(401);
      expect(me.body.detail).toBe("Your password was changed. Please sign in again.");
    }
    // A personal API token is a grant of its own, revoked in Settings: it keeps working.
    expect((await api("GET", "/api/articles/", { token: apiToken })).status).toBe(200);

    expect((await api("POST", "/api/auth/login", { body: { email, password } })).status).toBe(401);
    const again = await api("POST", "/api/auth/login", { body: { email, password: "a brand new passphrase" } });
    expect(again.status).toBe(200);
    expect((await api("GET", "/api/auth/me", { token: again.body.access_token })).status).toBe(200);
  });

  it("refuses a wrong current password with 403 and changes nothing; it counts as a failed sign-in", async () => {
    const { email, password, token } = await registerUser();
    const wrong = await api("POST", "/api/auth/password", {
      token,
      body: { current_password: "not my password", new_password: "a brand new passphrase" },
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body.detail).toBe("The current password is not correct. Nothing was changed.");
    expect((await api("GET", "/api/auth/me", { token })).status).toBe(200);
    const failures = await env.DB.prepare("SELECT count(*) AS n FROM login_failures WHERE email = ?")
      .bind(email)
      .first<{ n: number }>();
    expect(failures?.n).toBe(1);
    expect((await api("POST", "/api/auth/login", { body: { email, password } })).status).toBe(200);
  });

  it("checks the new password's rules, refuses the same password, and is refused to an API token", async () => {
    const { password, token } = await registerUser();
    const short = await api("POST", "/api/auth/password", {
      token,
      body: { current_password: password, new_password: "short" },
    });
    expect(short.status).toBe(422);
    expect(short.body.detail).toMatch(/new_password must be at least 8 characters/);
    const same = await api("POST", "/api/auth/password", {
      token,
      body: { current_password: password, new_password: password },
    });
    expect(same.status).toBe(422);
    expect(same.body.detail).toBe("new_password: must differ from the current password");
    const apiToken = (await api("POST", "/api/tokens", { token, body: { name: "script" } })).body.token;
    const byToken = await api("POST", "/api/auth/password", {
      token: apiToken,
      body: { current_password: password, new_password: "a brand new passphrase" },
    });
    expect(byToken.status).toBe(403);
    expect((await api("GET", "/api/auth/me", { token })).status).toBe(200);
  });
});
