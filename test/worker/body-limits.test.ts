import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDatabase } from "../../src/worker/db/client";
import { createArticleBodiesRepository } from "../../src/worker/db/repositories/article-bodies-repository";
import { createSearchIndex } from "../../src/worker/db/repositories/search-index";
import { api, registerUser } from "./helpers";
import { OUTCOME_WAIT_MS } from "./waits";

const ONE_MB = 1024 * 1024;
const LOGIN_LIMIT = "Request body is too large (the limit is 64 KB)";

/**
 * A JSON upload of about `bytes` bytes that records how much of it the server has taken. With
 * `declareLength` it goes out with a Content-Length (FixedLengthStream), otherwise chunked, as a client
 * streaming an upload sends it. `sent()` is true once the server has read it to the end: a refused body that
 * is left unread is what breaks the next request on a kept-alive connection in the local dev server.
 */
function upload(bytes: number, { declareLength }: { declareLength: boolean }) {
  const encoder = new TextEncoder();
  const head = encoder.encode('{"email":"someone@example.com","password":"');
  const tail = encoder.encode('"}');
  const chunk = encoder.encode("x".repeat(16 * 1024));
  const chunks = Math.ceil(bytes / chunk.byteLength);
  const total = head.byteLength + chunks * chunk.byteLength + tail.byteLength;
  const { readable, writable } = declareLength ? new FixedLengthStream(total) : new TransformStream<Uint8Array>();
  let done = false;
  const writing = (async () => {
    const writer = writable.getWriter();
    await writer.write(head);
    for (let i = 0; i < chunks; i += 1) await writer.write(chunk);
    await writer.write(tail);
    await writer.close();
    done = true;
  })();
  // A body the server never reads leaves this write pending (and a cancelled one rejects it): both count as unsent.
  writing.catch(() => {});
  return { body: readable, sent: () => done };
}

async function post(path: string, body: BodyInit, headers: Record<string, string> = {}) {
  const response = await exports.default.fetch(
    new Request(`http://localhost${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body,
    }),
  );
  const text = await response.text();
  let parsed: { detail?: string } | string = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON: keep the text so a failing assertion shows it.
  }
  return { status: response.status, body: parsed };
}

describe("over-limit request bodies", () => {
  it.each([
    { declareLength: true, kind: "with a Content-Length (refused up front)" },
    { declareLength: false, kind: "chunked (counted as it streams)" },
  ])("answers ten 1 MB bodies $kind with 413, reads each to its end, then answers normally", async ({
    declareLength,
  }) => {
    for (let i = 0; i < 10; i += 1) {
      const { body, sent } = upload(ONE_MB, { declareLength });
      const refused = await post("/api/auth/login", body);
      expect(refused, `over-limit body ${i + 1}`).toEqual({ status: 413, body: { detail: LOGIN_LIMIT } });
      await expect.poll(sent, { timeout: OUTCOME_WAIT_MS }).toBe(true);
    }
    const { email, password, token } = await registerUser();
    const login = await api("POST", "/api/auth/login", { body: { email, password } });
    expect(login.status).toBe(200);
    expect(login.body.user.email).toBe(email);
    const saved = await api("POST", "/api/articles/", { token, body: { url: "https://example.com/after-413" } });
    expect(saved.status).toBe(201);
    expect((await api("GET", "/api/articles/", { token })).body.total).toBe(1);
  });

  it("bulk saves keep their 1.5 MB limit, and a large body refused for another reason is read to its end", async () => {
    const { token } = await registerUser();
    const auth = { Authorization: `Bearer ${token}` };
    const tooBig = upload(2 * ONE_MB, { declareLength: true });
    expect(await post("/api/articles/bulk", tooBig.body, auth)).toEqual({
      status: 413,
      body: { detail: "Request body is too large (the limit is 1.5 MB)" },
    });
    await expect.poll(tooBig.sent, { timeout: OUTCOME_WAIT_MS }).toBe(true);

    // Within the bulk limit, but answered before any route reads the body: no token, then not JSON.
    const anonymous = upload(ONE_MB, { declareLength: true });
    expect((await post("/api/articles/bulk", anonymous.body)).status).toBe(401);
    await expect.poll(anonymous.sent, { timeout: OUTCOME_WAIT_MS }).toBe(true);
    const plainText = upload(ONE_MB, { declareLength: false });
    expect((await post("/api/articles/bulk", plainText.body, { ...auth, "Content-Type": "text/plain" })).status).toBe(
      415,
    );
    await expect.poll(plainText.sent, { timeout: OUTCOME_WAIT_MS }).toBe(true);

    // About 1 MB of JSON reaches validation (501 URLs is one too many); a small bulk save still works.
    const urls = Array.from({ length: 501 }, (_, i) => `https://example.com/${i}/${"a".repeat(2000)}`);
    const overCount = await api("POST", "/api/articles/bulk", { token, body: { urls } });
    expect(overCount.status).toBe(422);
    expect(overCount.body.detail).toMatch(/at most 500/);
    const saved = await api("POST", "/api/articles/bulk", { token, body: { urls: urls.slice(0, 2) } });
    expect(saved.body).toMatchObject({ successful: 2, failed: 0 });
  });
});

describe("bodies outside /api", () => {
  it.each([
    { path: "/mcp", bytes: 6 * ONE_MB, limit: "1.5 MB" },
    { path: "/oauth/token", bytes: 6 * ONE_MB, limit: "64 KB" },
    { path: "/oauth/token", bytes: 256 * 1024, limit: "64 KB" },
    { path: "/oauth/register", bytes: 6 * ONE_MB, limit: "128 KB" },
    // The share target's POST may carry a shared document (issue 54): the documents' limit.
    { path: "/share", bytes: 51 * ONE_MB, limit: "50.1 MB" },
    { path: "/authorize", bytes: ONE_MB, limit: "64 KB" },
  ])("answers $bytes bytes to $path with a JSON 413, read to its end, like /api", async ({ path, bytes, limit }) => {
    for (const declareLength of [true, false]) {
      const { body, sent } = upload(bytes, { declareLength });
      const refused = await post(path, body);
      expect(refused.status, `${path} ${declareLength ? "with a length" : "chunked"}`).toBe(413);
      expect((refused.body as { detail: string }).detail).toBe(`Request body is too large (the limit is ${limit})`);
      await expect.poll(sent, { timeout: OUTCOME_WAIT_MS }).toBe(true);
    }
    expect(
      (await exports.default.fetch(new Request("http://localhost/.well-known/oauth-authorization-server"))).status,
    ).toBe(200);
  });

  it("answers an OAuth client's errors in OAuth's shape too, and never a stack trace", async () => {
    const token = await post("/oauth/token", upload(ONE_MB, { declareLength: true }).body);
    expect(token.body).toMatchObject({ error: "invalid_request", detail: expect.stringContaining("too large") });
    const register = await post("/oauth/register", "{not json");
    expect(register.status).toBe(400);
    expect(register.body).toMatchObject({ error: "invalid_request", detail: expect.any(String) });
    // A share target's POST that is not a form is a share of nothing: the bare save screen.
    const share = await exports.default.fetch(
      new Request("http://localhost/share", { method: "POST", body: "x", redirect: "manual" }),
    );
    expect(share.status).toBe(303);
    expect(share.headers.get("Location")).toBe("/#/save");
  });
});

/** A JSON body as raw bytes, so that it can hold bytes that are not UTF-8. */
function rawJson(path: string, method: string, parts: (string | number[])[], token?: string) {
  const bytes = parts.flatMap((part) => (typeof part === "string" ? [...new TextEncoder().encode(part)] : part));
  return exports.default.fetch(
    new Request(`http://localhost${path}`, {
      method,
      headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: new Uint8Array(bytes),
    }),
  );
}

describe("text that is not text", () => {
  it("refuses lone surrogates and bytes that are not UTF-8 with a 422 naming the field, and stores nothing", async () => {
    const { token } = await registerUser();
    const saved = await api("POST", "/api/articles", { token, body: { url: "https://example.com/clean" } });
    expect(saved.status).toBe(201);
    const id = saved.body.id;

    const cases: [string, string, (string | number[])[], string][] = [
      ["PUT", `/api/articles/${id}`, ['{"title":"Caf', [0xe9], " d", [0xe9], "j", [0xe0], ' vu"}'], "title"],
      ["PUT", `/api/articles/${id}`, ['{"title":"half \\ud83d of an emoji"}'], "title"],
      ["PUT", `/api/articles/${id}/tags`, ['{"tags":["fine","bad \\udc00 tag"]}'], "tags.1"],
      ["PUT", `/api/articles/${id}/tags`, ['{"tags":["', [0xff, 0xfe], '"]}'], "tags.0"],
      ["POST", "/api/articles", ['{"url":"https://example.com/', [0xc3, 0x28], '"}'], "url"],
      ["POST", "/api/articles/bulk", ['{"urls":["https://example.com/ok","https://example.com/\\ud800"]}'], "urls.1"],
      ["POST", "/api/auth/register", ['{"email":"caf', [0xe9], '@example.com","password":"long enough pw"}'], "email"],
    ];
    for (const [method, path, parts, field] of cases) {
      const response = await rawJson(path, method, parts, token);
      expect(response.status, `${method} ${path} ${field}`).toBe(422);
      expect((await response.json<{ detail: string }>()).detail).toMatch(
        new RegExp(`^${field.replace(".", "\\.")}: .*UTF-8`),
      );
    }
    const article = await api("GET", `/api/articles/${id}`, { token });
    expect(article.body.title ?? "").not.toContain("\uFFFD");
    expect(article.body.tags ?? []).toEqual([]);
    expect((await api("GET", "/api/articles", { token })).body.total).toBe(1);

    // Well-formed text passes, astral characters (a surrogate pair) and a real U+FFFD included.
    const fine = await rawJson(`/api/articles/${id}`, "PUT", ['{"title":"Café 😀 \\ud83d\\ude00 � ok"}'], token);
    expect(fine.status).toBe(200);
    expect((await fine.json<{ title: string }>()).title).toBe("Café 😀 😀 � ok");

    // A page the browser serialised (bookmarklet, extension) may hold a lone surrogate: the save is kept.
    const page = await rawJson(
      "/api/articles",
      "POST",
      [
        '{"url":"https://example.com/page-html","html":"<html><body><p>A page \\ud800 with a lone unit</p></body></html>"}',
      ],
      token,
    );
    expect(page.status).toBe(201);
  });

  it("never lets two URLs that differ only in such characters collide, and refuses a URL with a NUL", async () => {
    const { token } = await registerUser();
    for (const url of ["https://example.com/a\ud800", "https://example.com/a\udbff", "https://example.com/a\udc00"]) {
      const response = await api("POST", "/api/articles", { token, body: { url } });
      expect(response.status, JSON.stringify(url)).toBe(422);
      expect(response.body.detail).toMatch(/^url: /);
    }
    for (const url of ["https://example.com/a\u0000b", "https://example.com/a\u0000"]) {
      const response = await api("POST", "/api/articles", { token, body: { url } });
      expect(response.status, JSON.stringify(url)).toBe(422);
      expect(response.body.detail).toBe("url must not contain control characters");
    }
    const bulk = await api("POST", "/api/articles/bulk", { token, body: { urls: ["https://example.com/b\u0000"] } });
    expect(bulk.body).toMatchObject({ successful: 0, invalid: 1 });
    expect((await api("GET", "/api/articles", { token })).body.total).toBe(0);
  });

  it("stores no NUL and no lone surrogate, whoever writes, and hands none to an FTS5 query", async () => {
    const { token, user } = await registerUser();
    const saved = await api("POST", "/api/articles", { token, body: { url: "https://example.com/nul-title" } });
    const db = createDatabase(env.DB);
    await db.run(sql`UPDATE articles SET title = ${"Tide\u0000 \ud800pools"} WHERE id = ${saved.body.id}`);
    // The full-text entry is the app's to write since the index is contentless (migration 0028), as it does after
    // every write of an indexed column; it reads the stored title back, through the same client.
    await createSearchIndex(db, createArticleBodiesRepository(env.ARTICLE_BODIES)).reindex(user.id, saved.body.id);
    expect((await api("GET", `/api/articles/${saved.body.id}`, { token })).body.title).toBe("Tide \uFFFDpools");
    // The database itself would take the NUL into an FTS5 query and fail on it ("unterminated string").
    // The MATCH pins the user (a contentless index returns no column values to filter on, only rowid and rank).
    const match = (query: string) => sql`SELECT rowid FROM articles_fts WHERE articles_fts MATCH ${query}`;
    const withNul = `user_id : "${user.id}" AND ("Tide\u0000"*)`;
    await expect(
      env.DB.prepare(`SELECT rowid FROM articles_fts WHERE articles_fts MATCH ?`).bind(withNul).all(),
    ).rejects.toThrow(/unterminated string/);
    expect(await db.all(match(withNul))).toHaveLength(1);
  });

  it("refuses such text in an MCP call and in a client registration too", async () => {
    const mcp = await rawJson("/mcp", "POST", [
      '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x\\ud800"}}',
    ]);
    expect(mcp.status).toBe(422);
    expect((await mcp.json<{ detail: string }>()).detail).toMatch(/^params\.name: /);
    const register = await rawJson("/oauth/register", "POST", [
      '{"client_name":"Assistant ',
      [0xe9],
      '","redirect_uris":["http://127.0.0.1:1/cb"],"token_endpoint_auth_method":"none"}',
    ]);
    expect(register.status).toBe(400);
    expect(await register.json()).toMatchObject({
      error: "invalid_client_metadata",
      detail: expect.stringMatching(/^client_name: /),
    });
  });
});
