import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { OAuthClientInformationMixed, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import { CfWorkerJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/cfworker";
import { afterEach, describe, expect, it, vi } from "vitest";
import { api, registerUser, seedProcessedArticle } from "./helpers";
import {
  authorizeQuery,
  callTool,
  connect,
  decide,
  exchangeCode,
  mcpClient,
  ORIGIN,
  pkcePair,
  REDIRECT_URI,
  registerClient,
  tokenRequest,
  workerFetch,
} from "./oauth-helpers";

const mcpPing = (accessToken?: string) =>
  workerFetch(`${ORIGIN}/mcp`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Accept: "application/json, text/event-stream",
      ...(accessToken ? { Authorization: `Bearer ${accessToken}` } : {}),
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
  });

/** A raw POST to /mcp: one JSON-RPC message (or a batch) with the token and any extra headers. */
const mcpPost = (accessToken: string | undefined, body: unknown, headers: Record<string, string> = {}) =>
  workerFetch(`${ORIGIN}/mcp`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Accept: "application/json, text/event-stream",
      ...(accessToken ? { Authorization: `Bearer ${accessToken}` } : {}),
      ...headers,
    },
    body: JSON.stringify(body),
  });

const toolCall = (name: string, args: Record<string, unknown>, id = 1) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: { name, arguments: args },
});

afterEach(() => {
  vi.useRealTimers();
});

describe("OAuth discovery and the MCP challenge", () => {
  it("answers /mcp without a token with 401 and a WWW-Authenticate pointing at the resource metadata", async () => {
    const response = await mcpPing();
    expect(response.status).toBe(401);
    expect(response.headers.get("WWW-Authenticate")).toContain(
      `resource_metadata="${ORIGIN}/.well-known/oauth-protected-resource/mcp"`,
    );
    const bogus = await mcpPing("not-a-real-token");
    expect(bogus.status).toBe(401);
  });

  it("lists every scope in the resource metadata and challenges with the scopes a full connection needs", async () => {
    const resource = await (await workerFetch(`${ORIGIN}/.well-known/oauth-protected-resource/mcp`)).json<any>();
    expect(resource.scopes_supported).toEqual(["library:read", "articles:write", "articles:update"]);
    const challenge = (await mcpPing()).headers.get("WWW-Authenticate");
    expect(challenge).toContain('scope="library:read articles:write articles:update"');
  });

  it("publishes the authorization server and protected resource metadata, with S256 as the only PKCE method", async () => {
    const server = await (await workerFetch(`${ORIGIN}/.well-known/oauth-authorization-server`)).json<any>();
    expect(server.authorization_endpoint).toBe(`${ORIGIN}/authorize`);
    expect(server.token_endpoint).toBe(`${ORIGIN}/oauth/token`);
    expect(server.registration_endpoint).toBe(`${ORIGIN}/oauth/register`);
    expect(server.code_challenge_methods_supported).toEqual(["S256"]);
    expect(server.scopes_supported).toEqual(["library:read", "articles:write", "articles:update"]);
    const resource = await workerFetch(`${ORIGIN}/.well-known/oauth-protected-resource/mcp`);
    expect(resource.status).toBe(200);
    expect(await resource.json()).toMatchObject({ resource: `${ORIGIN}/mcp`, authorization_servers: [ORIGIN] });
    // Clients that look at the origin's well-known path without the resource's path find the same document.
    const bare = await workerFetch(`${ORIGIN}/.well-known/oauth-protected-resource`);
    expect(bare.status).toBe(200);
    expect(await bare.json()).toMatchObject({ resource: `${ORIGIN}/mcp` });
  });

  it("leaves the web API on its own tokens: an MCP access token is not accepted under /api", async () => {
    const { token } = await registerUser();
    const { accessToken } = await connect(token);
    expect((await api("GET", "/api/articles", { token: accessToken })).status).toBe(401);
  });
});

describe("the authorize endpoint and consent", () => {
  it("sends a valid request to the consent screen, and shows an unknown redirect URI on its own page", async () => {
    const clientId = await registerClient();
    const { challenge } = await pkcePair();
    const ok = await workerFetch(`${ORIGIN}/authorize${authorizeQuery({ clientId, challenge })}`, {
      redirect: "manual",
    });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe(`${ORIGIN}/#/authorize${authorizeQuery({ clientId, challenge })}`);

    const wrong = authorizeQuery({ clientId, challenge, redirectUri: "https://evil.example/callback" });
    const refused = await workerFetch(`${ORIGIN}/authorize${wrong}`, { redirect: "manual" });
    expect(refused.status).toBe(400);
    expect(refused.headers.get("Location")).toBeNull();
    expect(await refused.text()).not.toContain("evil.example");
    const { token } = await registerUser();
    const decided = await decide(token, wrong);
    expect(decided.status).toBe(400);
    expect(JSON.stringify(decided.body)).not.toContain("code=");
  });

  it("refuses the plain PKCE method and a request without PKCE", async () => {
    const clientId = await registerClient();
    const { token } = await registerUser();
    const { verifier } = await pkcePair();
    const plain = await decide(token, authorizeQuery({ clientId, challenge: verifier, method: "plain" }));
    expect(plain.status).toBe(400);
    const none = await decide(token, authorizeQuery({ clientId }));
    expect(none.status).toBe(400);
  });

  it("describes the app, where access goes and what it may do, and Deny redirects with access_denied", async () => {
    const clientId = await registerClient(undefined, "Reading Buddy");
    const { token } = await registerUser();
    const { challenge } = await pkcePair();
    const query = authorizeQuery({ clientId, challenge, scope: "library:read", state: "xyz" });
    const described = await api("GET", `/api/oauth/consent?query=${encodeURIComponent(query)}`, { token });
    expect(described.status).toBe(200);
    expect(described.body).toMatchObject({ client_name: "Reading Buddy", redirect_host: "127.0.0.1" });
    expect(described.body.scopes.map((s: { scope: string }) => s.scope)).toEqual(["library:read"]);

    const denied = await decide(token, query, "deny");
    expect(denied.status).toBe(200);
    const redirect = new URL(denied.body.redirect_to);
    expect(`${redirect.origin}${redirect.pathname}`).toBe(REDIRECT_URI);
    expect(redirect.searchParams.get("error")).toBe("access_denied");
    expect(redirect.searchParams.get("state")).toBe("xyz");
    expect(redirect.searchParams.get("code")).toBeNull();
  });

  it("takes the approval only from a web session: no session, or a personal API token, cannot approve", async () => {
    const clientId = await registerClient();
    const { token } = await registerUser();
    const { challenge } = await pkcePair();
    const query = authorizeQuery({ clientId, challenge });
    expect((await api("POST", "/api/oauth/consent", { body: { query, decision: "approve" } })).status).toBe(401);
    const apiToken = (await api("POST", "/api/tokens", { token, body: { name: "script" } })).body.token;
    expect((await decide(apiToken, query)).status).toBe(403);
  });
});

describe("the token endpoint", () => {
  async function approvedCode() {
    const { token } = await registerUser();
    const clientId = await registerClient();
    const { verifier, challenge } = await pkcePair();
    const decided = await decide(token, authorizeQuery({ clientId, challenge }));
    expect(decided.status).toBe(200);
    const redirect = new URL(decided.body.redirect_to);
    expect(`${redirect.origin}${redirect.pathname}`).toBe(REDIRECT_URI);
    expect(redirect.searchParams.get("state")).toBe("state-123");
    return { clientId, verifier, code: redirect.searchParams.get("code") as string };
  }

  it("refuses a code without its PKCE verifier, or with a wrong one", async () => {
    const { clientId, code } = await approvedCode();
    expect((await exchangeCode(clientId, code)).status).toBe(400);
    const other = await approvedCode();
    const wrong = await exchangeCode(other.clientId, other.code, (await pkcePair()).verifier);
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe("invalid_grant");
  });

  it("exchanges a code once: the second use is refused", async () => {
    const { clientId, code, verifier } = await approvedCode();
    const first = await exchangeCode(clientId, code, verifier);
    expect(first.status).toBe(200);
    expect(first.body.token_type.toLowerCase()).toBe("bearer");
    const again = await exchangeCode(clientId, code, verifier);
    expect(again.status).toBe(400);
    expect(again.body.error).toBe("invalid_grant");
  });

  it("rotates refresh tokens: a used one is refused once its replacement has been used", async () => {
    const { token } = await registerUser();
    const { clientId, refreshToken: first } = await connect(token);
    const refresh = (refreshToken: string) =>
      tokenRequest({ grant_type: "refresh_token", client_id: clientId, refresh_token: refreshToken });
    const second = await refresh(first);
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first);
    expect((await mcpPing(second.body.access_token)).status).toBe(200);
    const third = await refresh(second.body.refresh_token);
    expect(third.status).toBe(200);
    const replayed = await refresh(first);
    expect(replayed.status).toBe(400);
    expect(replayed.body.error).toBe("invalid_grant");
  });

  it("refuses a revoked access token (RFC 7009) and an expired one", async () => {
    const { token } = await registerUser();
    const revoked = await connect(token);
    expect((await mcpPing(revoked.accessToken)).status).toBe(200);
    const revocation = await tokenRequest({ token: revoked.accessToken, client_id: revoked.clientId });
    expect(revocation.status).toBe(200);
    expect((await mcpPing(revoked.accessToken)).status).toBe(401);

    const expiring = await connect(token);
    expect((await mcpPing(expiring.accessToken)).status).toBe(200);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 61 * 60 * 1000);
    expect((await mcpPing(expiring.accessToken)).status).toBe(401);
  });
});

describe("connected apps", () => {
  it("lists the user's grants with the app name and scopes, and Revoke ends the app's access", async () => {
    const { token } = await registerUser();
    const other = await registerUser();
    const { accessToken } = await connect(token, "library:read");
    const listed = await api("GET", "/api/oauth/grants", { token });
    expect(listed.status).toBe(200);
    expect(listed.body).toHaveLength(1);
    expect(listed.body[0]).toMatchObject({ client_name: "Test Assistant", scopes: [{ scope: "library:read" }] });
    expect(Math.abs(Date.parse(listed.body[0].connected_at) - Date.now())).toBeLessThan(10 * 60 * 1000);
    expect((await api("GET", "/api/oauth/grants", { token: other.token })).body).toEqual([]);

    const id = listed.body[0].id;
    expect((await api("DELETE", `/api/oauth/grants/${id}`, { token: other.token })).status).toBe(404);
    expect((await mcpPing(accessToken)).status).toBe(200);
    expect((await api("DELETE", `/api/oauth/grants/${id}`, { token })).status).toBe(204);
    expect((await api("GET", "/api/oauth/grants", { token })).body).toEqual([]);
    expect((await mcpPing(accessToken)).status).toBe(401);
  });
});

describe("account deletion", () => {
  it("revokes every connected app with the account: their tokens stop working", async () => {
    const { token, password } = await registerUser();
    const first = await connect(token, "library:read");
    const second = await connect(token);
    expect((await mcpPing(first.accessToken)).status).toBe(200);
    expect((await api("DELETE", "/api/account", { token, body: { password } })).status).toBe(204);
    expect((await mcpPing(first.accessToken)).status).toBe(401);
    expect((await mcpPing(second.accessToken)).status).toBe(401);
    const refreshed = await tokenRequest({
      grant_type: "refresh_token",
      client_id: second.clientId,
      refresh_token: second.refreshToken,
    });
    expect(refreshed.status).toBe(400);
  });
});

describe("the MCP tools", () => {
  it("lists every tool with a description and an input schema", async () => {
    const { token } = await registerUser();
    const client = await mcpClient((await connect(token)).accessToken);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(
      [
        "add_highlight",
        "get_article",
        "get_topic",
        "list_highlights",
        "list_articles",
        "list_feed_items",
        "list_subscriptions",
        "list_topics",
        "mark_read",
        "mark_unread",
        "rate_article",
        "reading_stats",
        "save_articles",
        "save_feed_item",
        "search_articles",
        "subscribe_to_feeds",
      ].sort(),
    );
    for (const tool of tools) {
      expect(tool.description?.length).toBeGreaterThan(30);
      expect(tool.inputSchema.type).toBe("object");
    }
  });

  it("reads, filters and changes only the caller's own articles", async () => {
    const { token, user } = await registerUser();
    const other = await registerUser();
    const mine = await seedProcessedArticle(user.id, {
      title: "Sourdough starters explained",
      text: "A sourdough starter is flour and water fermented by wild yeast and bacteria.",
      domain: "bread.example.com",
    });
    const theirs = await seedProcessedArticle(other.user.id, {
      title: "Secret sourdough notes",
      text: "Private sourdough notes of another reader.",
    });
    const client = await mcpClient((await connect(token)).accessToken);

    const found = await callTool(client, "search_articles", { query: "sourdough" });
    expect(found.text).toContain(`[${mine}]`);
    expect(found.text).not.toContain("Secret");

    const article = await callTool(client, "get_article", { id: mine });
    expect(article.text).toContain("# Sourdough starters explained");
    expect(article.text).toContain("wild yeast");
    const stranger = await callTool(client, "get_article", { id: theirs });
    expect(stranger).toEqual({ isError: true, text: "Article not found" });

    expect((await callTool(client, "mark_read", { ids: [mine, theirs] })).text).toMatch(
      new RegExp(`\\[${mine}\\].*read\\n- \\[${theirs}\\]: Article not found`),
    );
    const theirsAfter = await api("GET", `/api/articles/${theirs}`, { token: other.token });
    expect(theirsAfter.body.is_read).toBe(false);
    expect((await callTool(client, "list_articles", { status: "read" })).text).toContain(`[${mine}]`);
    expect((await callTool(client, "list_articles", { status: "unread" })).text).toBe("No articles match.");
    expect((await api("PUT", `/api/articles/${mine}/tags`, { token, body: { tags: ["Baking"] } })).status).toBe(200);
    expect((await callTool(client, "list_articles", { tag: "baking" })).text).toContain(`[${mine}]`);
    expect((await callTool(client, "list_articles", { tag: "knitting" })).text).toBe("No articles match.");
    expect((await callTool(client, "mark_unread", { ids: [mine] })).text).toContain("unread");
    expect((await callTool(client, "rate_article", { id: mine, rating: 1 })).text).toContain("good");
    expect((await api("GET", `/api/articles/${mine}/feedback`, { token })).body.feedback_value).toBe(1);
    expect((await callTool(client, "rate_article", { id: theirs, rating: -1 })).isError).toBe(true);
    expect((await callTool(client, "reading_stats")).text).toContain("Articles: 1 (0 read, 1 unread)");
  });

  it("answers a call beyond a read-only connection with 403 insufficient_scope naming the scope, and changes nothing", async () => {
    const { token, user } = await registerUser();
    const id = await seedProcessedArticle(user.id, { title: "Tea", text: "Green tea and black tea." });
    const { accessToken, scope } = await connect(token, "library:read");
    expect(scope).toBe("library:read");
    const client = await mcpClient(accessToken);

    const save = await mcpPost(accessToken, toolCall("save_articles", { urls: ["https://example.com/new"] }));
    expect(save.status).toBe(403);
    const challenge = save.headers.get("WWW-Authenticate") ?? "";
    expect(challenge).toMatch(/^Bearer /);
    expect(challenge).toContain('error="insufficient_scope"');
    expect(challenge).toContain('scope="articles:write"');
    expect(challenge).toContain(`resource_metadata="${ORIGIN}/.well-known/oauth-protected-resource/mcp"`);
    expect((await save.json<any>()).error).toBe("insufficient_scope");
    for (const [name, args] of [
      ["mark_read", { ids: [id] }],
      ["rate_article", { id, rating: 1 }],
    ] as const) {
      const refused = await mcpPost(accessToken, toolCall(name, args));
      expect(refused.status, name).toBe(403);
      expect(refused.headers.get("WWW-Authenticate"), name).toContain('scope="articles:update"');
    }

    const library = await api("GET", "/api/articles", { token });
    expect(library.body.total).toBe(1);
    expect(library.body.articles[0].is_read).toBe(false);
    expect((await callTool(client, "list_articles")).text).toContain(`[${id}]`);
  });

  it("saves URLs through the bulk save, with its URL checks", async () => {
    const { token } = await registerUser();
    const client = await mcpClient((await connect(token)).accessToken);
    const saved = await callTool(client, "save_articles", {
      urls: ["https://example.com/saved-by-mcp", "ftp://example.com/file", "https://example.com/saved-by-mcp"],
    });
    expect(saved.isError).toBe(false);
    expect(saved.text).toMatch(/^Saved 1, already saved 1, failed 1\./);
    const library = await api("GET", "/api/articles", { token });
    expect(library.body.articles.map((a: { url: string }) => a.url)).toEqual(["https://example.com/saved-by-mcp"]);
  });
});

describe("the /mcp transport", () => {
  it("answers GET and DELETE with 405 and Allow, and any path below /mcp with 404", async () => {
    const { token } = await registerUser();
    const { accessToken } = await connect(token);
    for (const method of ["GET", "DELETE"]) {
      for (const auth of [undefined, accessToken]) {
        const response = await workerFetch(`${ORIGIN}/mcp`, {
          method,
          headers: { Accept: "text/event-stream", ...(auth ? { Authorization: `Bearer ${auth}` } : {}) },
        });
        expect(response.status, `${method} ${auth ? "with" : "without"} a token`).toBe(405);
        expect(response.headers.get("Allow")).toBe("POST, OPTIONS");
      }
    }
    for (const path of ["/mcp/anything", "/mcp/"]) {
      expect((await workerFetch(`${ORIGIN}${path}`, { method: "POST", body: "{}" })).status, path).toBe(404);
      const withToken = await workerFetch(`${ORIGIN}${path}`, {
        method: "POST",
        headers: { Authorization: `Bearer ${accessToken}`, "Content-Type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
      });
      expect(withToken.status, path).toBe(404);
      expect((await withToken.json<any>()).detail).toContain(path);
    }
  });

  it("refuses a browser origin that is neither the app nor the connected client with 403", async () => {
    const { token } = await registerUser();
    const { accessToken } = await connect(token);
    const list = { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} };
    const foreign = await mcpPost(accessToken, list, { Origin: "https://evil.example" });
    expect(foreign.status).toBe(403);
    expect((await foreign.json<any>()).detail).toContain("https://evil.example");
    expect((await mcpPost(accessToken, list, { Origin: "http://localhost" })).status).toBe(200);
    // The connected client registered http://127.0.0.1:33418/callback: a page of its own origin may call.
    expect((await mcpPost(accessToken, list, { Origin: "http://127.0.0.1:33418" })).status).toBe(200);
    expect((await mcpPost(accessToken, list, { Origin: "http://127.0.0.1:9999" })).status).toBe(403);
  });

  it("refuses a JSON-RPC batch under protocol versions without batching, and answers one under 2025-03-26", async () => {
    const { token } = await registerUser();
    const { accessToken } = await connect(token);
    const batch = [
      { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} },
      { jsonrpc: "2.0", id: 2, method: "tools/list", params: {} },
    ];
    for (const version of ["2025-06-18", "2025-11-25"]) {
      const refused = await mcpPost(accessToken, batch, { "MCP-Protocol-Version": version });
      expect(refused.status, version).toBe(400);
      expect((await refused.json<any>()).error).toMatchObject({ code: -32600 });
    }
    const old = await mcpPost(accessToken, batch, { "MCP-Protocol-Version": "2025-03-26" });
    expect(old.status).toBe(200);
    expect(await old.json()).toHaveLength(2);
  });
});

describe("OAuth hardening", () => {
  it("revokes the grant when a rotated refresh token is presented again (RFC 9700)", async () => {
    const { token } = await registerUser();
    const { clientId, refreshToken: first } = await connect(token);
    const refresh = (refreshToken: string) =>
      tokenRequest({ grant_type: "refresh_token", client_id: clientId, refresh_token: refreshToken });
    const second = await refresh(first);
    expect(second.status).toBe(200);
    expect((await mcpPing(second.body.access_token)).status).toBe(200);
    // The first token again, before its replacement was ever used: a stolen copy, or a replay.
    const replayed = await refresh(first);
    expect(replayed.status).toBe(400);
    expect(replayed.body.error).toBe("invalid_grant");
    // The whole grant is gone: the replacement refresh token and its access token stop working too.
    expect((await refresh(second.body.refresh_token)).status).toBe(400);
    expect((await mcpPing(second.body.access_token)).status).toBe(401);
    expect((await api("GET", "/api/oauth/grants", { token })).body).toEqual([]);
  });

  it("answers a refresh asking for a scope the grant does not hold with invalid_scope", async () => {
    const { token } = await registerUser();
    const { clientId, refreshToken } = await connect(token, "library:read");
    const wider = await tokenRequest({
      grant_type: "refresh_token",
      client_id: clientId,
      refresh_token: refreshToken,
      scope: "library:read articles:write",
    });
    expect(wider.status).toBe(400);
    expect(wider.body.error).toBe("invalid_scope");
    // The token was not used up: the same refresh without widening still works, and keeps the scope.
    const same = await tokenRequest({ grant_type: "refresh_token", client_id: clientId, refresh_token: refreshToken });
    expect(same.status).toBe(200);
    expect(same.body.scope).toBe("library:read");
  });

  it("lets a native client register and use a private-use redirect scheme (RFC 8252)", async () => {
    const redirectUri = "com.example.reader:/oauth/callback";
    const clientId = await registerClient([redirectUri]);
    const { token } = await registerUser();
    const { verifier, challenge } = await pkcePair();
    const decided = await decide(token, authorizeQuery({ clientId, challenge, redirectUri }));
    expect(decided.status).toBe(200);
    expect(decided.body.redirect_to).toMatch(/^com\.example\.reader:\/oauth\/callback\?/);
    const code = new URL(decided.body.redirect_to).searchParams.get("code") as string;
    const tokens = await exchangeCode(clientId, code, verifier, redirectUri);
    expect(tokens.status).toBe(200);
    expect((await mcpPing(tokens.body.access_token)).status).toBe(200);
    // Still refused: remote http and dangerous schemes.
    for (const refused of ["http://reader.example/callback", "javascript:alert(1)"]) {
      const response = await workerFetch(`${ORIGIN}/oauth/register`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ client_name: "x", redirect_uris: [refused], token_endpoint_auth_method: "none" }),
      });
      expect(response.status, refused).toBe(400);
    }
  });

  it("refuses oversized registration metadata with a 400 JSON error naming the field", async () => {
    const register = (metadata: Record<string, unknown>) =>
      workerFetch(`${ORIGIN}/oauth/register`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: "none", ...metadata }),
      });
    const cases: [Record<string, unknown>, string][] = [
      [{ client_name: "a".repeat(100_000) }, "client_name"],
      [{ client_name: "ok", logo_uri: `https://example.com/${"l".repeat(5000)}` }, "logo_uri"],
      [{ client_name: "ok", contacts: Array.from({ length: 500 }, (_, i) => `c${i}@example.com`) }, "contacts"],
      [
        { client_name: "ok", redirect_uris: Array.from({ length: 100 }, (_, i) => `http://127.0.0.1:${i + 1000}/cb`) },
        "redirect_uris",
      ],
    ];
    for (const [metadata, field] of cases) {
      const response = await register(metadata);
      expect(response.status, field).toBe(400);
      const body = await response.json<any>();
      expect(body.error, field).toBe("invalid_client_metadata");
      expect(body.detail, field).toContain(field);
    }
    expect((await register({ client_name: "A reasonable name" })).status).toBe(201);
  });
});

/**
 * The MCP SDK's client with its built-in OAuth, as an assistant runs it: the provider below stands in for the
 * assistant's storage and its browser, where the signed-in user approves the consent screen.
 */
function sdkOAuthProvider(session: string) {
  let client: OAuthClientInformationMixed | undefined;
  let tokens: OAuthTokens | undefined;
  let verifier = "";
  const state = { authorizationUrls: [] as URL[], codes: [] as string[] };
  const provider: OAuthClientProvider = {
    get redirectUrl() {
      return REDIRECT_URI;
    },
    get clientMetadata() {
      return {
        client_name: "SDK Assistant",
        redirect_uris: [REDIRECT_URI],
        grant_types: ["authorization_code", "refresh_token"],
        response_types: ["code"],
        token_endpoint_auth_method: "none",
      };
    },
    clientInformation: () => client,
    saveClientInformation: (info) => {
      client = info;
    },
    tokens: () => tokens,
    saveTokens: (saved) => {
      tokens = saved;
    },
    saveCodeVerifier: (saved) => {
      verifier = saved;
    },
    codeVerifier: () => verifier,
    // The user's browser: the consent screen approves with the user's session, and the redirect carries the code.
    redirectToAuthorization: async (url) => {
      state.authorizationUrls.push(url);
      const decided = await decide(session, url.search);
      if (decided.status !== 200) throw new Error(`consent failed: ${JSON.stringify(decided.body)}`);
      state.codes.push(new URL(decided.body.redirect_to).searchParams.get("code") as string);
    },
  };
  return { provider, state, dropRefreshToken: () => tokens && delete tokens.refresh_token };
}

async function sdkConnect(transport: StreamableHTTPClientTransport) {
  const client = new Client(
    { name: "sdk-assistant", version: "1.0.0" },
    { jsonSchemaValidator: new CfWorkerJsonSchemaValidator() },
  );
  await client.connect(transport);
  return client;
}

describe("the MCP SDK client with its built-in OAuth", () => {
  it("asks for the write scopes from the challenge, gets them, and a write tool succeeds", async () => {
    const { token } = await registerUser();
    const { provider, state } = sdkOAuthProvider(token);
    const transport = new StreamableHTTPClientTransport(new URL(`${ORIGIN}/mcp`), {
      authProvider: provider,
      fetch: workerFetch,
    });
    // The first attempt discovers, registers and sends the user to consent; the assistant then takes the code.
    await expect(sdkConnect(transport)).rejects.toThrow(/Unauthorized/);
    expect(state.authorizationUrls).toHaveLength(1);
    expect(state.authorizationUrls[0]?.searchParams.get("scope")).toBe("library:read articles:write articles:update");
    await transport.finishAuth(state.codes[0] as string);

    const client = await sdkConnect(
      new StreamableHTTPClientTransport(new URL(`${ORIGIN}/mcp`), { authProvider: provider, fetch: workerFetch }),
    );
    const saved = await callTool(client, "save_articles", { urls: ["https://example.com/saved-by-the-sdk"] });
    expect(saved).toMatchObject({ isError: false });
    expect(saved.text).toMatch(/^Saved 1,/);
    const library = await api("GET", "/api/articles", { token });
    expect(library.body.articles.map((a: { url: string }) => a.url)).toEqual(["https://example.com/saved-by-the-sdk"]);
  });

  it("steps up from a read-only connection when a write tool answers 403 insufficient_scope", async () => {
    const { token } = await registerUser();
    const { provider, state, dropRefreshToken } = sdkOAuthProvider(token);
    // An assistant that connected read-only before (the way every client connected while the challenge said so).
    const clientId = await registerClient([REDIRECT_URI], "SDK Assistant");
    provider.saveClientInformation?.({ client_id: clientId, redirect_uris: [REDIRECT_URI] });
    const { verifier, challenge } = await pkcePair();
    const decided = await decide(token, authorizeQuery({ clientId, challenge, scope: "library:read" }));
    const code = new URL(decided.body.redirect_to).searchParams.get("code") as string;
    const readOnly = await exchangeCode(clientId, code, verifier);
    await provider.saveTokens(readOnly.body as OAuthTokens);
    // A refresh keeps the grant's scope, so only a new consent can widen it: the SDK goes there without one.
    dropRefreshToken();

    const transport = new StreamableHTTPClientTransport(new URL(`${ORIGIN}/mcp`), {
      authProvider: provider,
      fetch: workerFetch,
    });
    const client = await sdkConnect(transport);
    expect((await callTool(client, "list_articles")).text).toBe("No articles match.");
    await expect(callTool(client, "save_articles", { urls: ["https://example.com/stepped-up"] })).rejects.toThrow(
      /Unauthorized/,
    );
    expect(state.authorizationUrls.at(-1)?.searchParams.get("scope")).toBe("articles:write");
    await transport.finishAuth(state.codes.at(-1) as string);
    const saved = await callTool(client, "save_articles", { urls: ["https://example.com/stepped-up"] });
    expect(saved).toMatchObject({ isError: false });
    expect((await api("GET", "/api/articles", { token })).body.total).toBe(1);
  });
});
