import { exports } from "cloudflare:workers";
import { type Schema, Validator } from "@cfworker/json-schema";
// The official OpenAPI 3.1 schema, as the maintained validator package ships it. The package's own validator
// compiles with ajv (code from strings), which workerd forbids; @cfworker/json-schema reads the same schema here.
import openApi31Schema from "@seriousme/openapi-schema-validator/schemas/v3.1/schema.json";
import type { Hono } from "hono";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { createApp } from "../../src/worker/app";
import { buildOpenApiDocument } from "../../src/worker/openapi/document";
import { api, registerUser, seedArticle } from "./helpers";
import { expectDeclared, type Json, METHODS, operationsOf, pointer } from "./openapi-helpers";

type Session = Awaited<ReturnType<typeof registerUser>>;

/**
 * Routes of the Hono app that are not API operations, and so have no place in the document. None today: the SPA's
 * files and its fallback are the assets binding's (wrangler.toml [assets]), not routes of the app, and unknown
 * /api paths are app.notFound, not a route. Add a route here only with the reason it is not part of the API.
 */
const NOT_API_ROUTES: string[] = [];

/** "GET /api/articles/:id" -> "get /api/articles/{id}", the document's spelling. */
function operationKey(method: string, honoPath: string): string {
  return `${method.toLowerCase()} ${honoPath.replace(/:(\w+)(\{[^}]*\})?\??/g, "{$1}")}`;
}

/** The app's routes (each handler and middleware of a route is an entry; `use` is ALL) as operation keys. */
function appOperations(app: Hono<any, any, any>): string[] {
  const keys = app.routes.filter((route) => route.method !== "ALL").map((r) => operationKey(r.method, r.path));
  return [...new Set(keys)].filter((key) => !NOT_API_ROUTES.includes(key));
}

/** Operations of the app the document has no summary and no success response for. */
function undocumented(app: Hono<any, any, any>, document: Json): string[] {
  return appOperations(app).filter((key) => {
    const [method, path] = key.split(" ") as [string, string];
    const operation = document.paths[path]?.[method];
    const succeeds = Object.keys(operation?.responses ?? {}).some((status) => /^[23]\d\d$/.test(status));
    return !operation?.summary || !succeeds;
  });
}

function refsIn(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) refsIn(item, found);
  else if (node && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) {
      if (key === "$ref" && typeof value === "string") found.push(value);
      else refsIn(value, found);
    }
  }
  return found;
}

let document: Json;
beforeAll(async () => {
  const response = await api("GET", "/api/openapi.json");
  expect(response.status).toBe(200);
  document = response.body;
});

describe("GET /api/openapi.json", () => {
  it("is public and cacheable, and served as JSON", async () => {
    const response = await api("GET", "/api/openapi.json");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("cache-control")).toBe("public, max-age=300");
  });

  it("is a valid OpenAPI 3.1 document (the official schema)", () => {
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    const result = new Validator(openApi31Schema as Schema, "2020-12", false).validate(document);
    expect(result.errors.map((e) => `${e.instanceLocation} ${e.keywordLocation} ${e.error}`)).toEqual([]);
  });

  it("resolves every $ref inside the document", () => {
    const refs = [...new Set(refsIn(document))];
    expect(refs.length).toBeGreaterThan(20);
    expect(refs.filter((ref) => pointer(document, ref) === undefined)).toEqual([]);
  });

  it("gives every operation a summary, a tag, a success response and the auth that applies", () => {
    const tagNames = new Set(document.tags.map((tag: Json) => tag.name));
    const schemes = new Set(Object.keys(document.components.securitySchemes));
    for (const [path, item] of Object.entries<Json>(document.paths)) {
      for (const method of METHODS.filter((m) => item[m])) {
        const operation = item[method];
        const where = `${method} ${path}`;
        expect(operation.summary, where).toBeTruthy();
        expect(operation.tags?.length, where).toBeGreaterThan(0);
        for (const tag of operation.tags) expect(tagNames.has(tag), `${where}: tag ${tag}`).toBe(true);
        expect(
          Object.keys(operation.responses).some((s) => /^[23]\d\d$/.test(s)),
          where,
        ).toBe(true);
        expect(Array.isArray(operation.security), `${where} says which auth applies`).toBe(true);
        for (const way of operation.security) {
          for (const scheme of Object.keys(way)) expect(schemes.has(scheme), `${where}: ${scheme}`).toBe(true);
        }
      }
    }
  });

  it("documents the auth each kind of route really needs", () => {
    expect(document.paths["/api/articles"].get.security).toEqual([{ session: [] }, { apiToken: [] }]);
    expect(document.paths["/api/articles"].get.responses["401"]).toBeDefined();
    // API tokens cannot manage tokens, connected apps or the account (403).
    expect(document.paths["/api/tokens"].post.security).toEqual([{ session: [] }]);
    expect(document.paths["/api/account"].delete.security).toEqual([{ session: [] }]);
    expect(document.paths["/api/oauth/grants"].get.responses["403"]).toBeDefined();
    expect(document.paths["/api/health"].get.security).toEqual([]);
    expect(document.paths["/api/auth/login"].post.security).toEqual([]);
    expect(document.paths["/mcp"].post.security).toEqual([
      { oauth2: ["library:read", "articles:write", "articles:update"] },
    ]);
  });

  it("shares one error shape, and each validated route declares the 422 it answers", () => {
    expect(document.components.schemas.Error.required).toEqual(["detail"]);
    expect(document.components.responses.ValidationError.content["application/json"].schema).toEqual({
      $ref: "#/components/schemas/Error",
    });
    expect(document.components.responses.TooManyRequests.headers["Retry-After"]).toBeDefined();
    expect(document.paths["/api/articles"].post.responses["422"]).toEqual({
      $ref: "#/components/responses/ValidationError",
    });
    expect(document.paths["/api/articles"].post.responses["413"]).toBeDefined();
  });

  it("has what standard tools need: unique operationIds, servers, real schemas, a 4xx on every operation", () => {
    const operations = operationsOf(document);
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(ids.every((id) => typeof id === "string" && id.length > 0)).toBe(true);
    expect(document.servers?.length).toBeGreaterThan(0);
    // No schema is only a reference to itself (OAuthError was: Redocly refused the document, ajv overflowed).
    for (const [name, schema] of Object.entries<Json>(document.components.schemas)) {
      expect(schema.$ref, name).not.toBe(`#/components/schemas/${name}`);
    }
    expect(Object.keys(document.components.schemas.OAuthError.properties)).toEqual([
      "error",
      "error_description",
      "detail",
    ]);
    for (const { key, operation } of operations) {
      expect(
        Object.keys(operation.responses).some((status) => status.startsWith("4")),
        key,
      ).toBe(true);
    }
  });

  it("states each body limit, the import's and the token endpoint's among them, and the email format", () => {
    const limitOf = (path: string, method = "post") => document.paths[path][method].responses["413"].description;
    expect(limitOf("/api/imports")).toContain("Up to 25 MB for a zip, 15 MB for a CSV, HTML, JSON or text file.");
    expect(document.paths["/api/imports"].post.description).toContain("Up to 25 MB");
    expect(limitOf("/api/articles")).toContain("6 MB");
    expect(limitOf("/api/articles/bulk")).toContain("1.5 MB");
    expect(limitOf("/api/auth/login")).toContain("64 KB");
    expect(limitOf("/oauth/token")).toContain("64 KB");
    expect(limitOf("/oauth/register")).toContain("128 KB");
    expect(limitOf("/mcp")).toContain("1.5 MB");
    const email = document.paths["/api/auth/register"].post.requestBody.content["application/json"].schema;
    expect(email.properties.email).toMatchObject({ type: "string", format: "email", maxLength: 254 });
    expect(document.components.schemas.User.properties.email.format).toBe("email");
  });

  it("says what each filter of the two list routes does", () => {
    const described = (path: string) =>
      Object.fromEntries(
        (document.paths[path].get.parameters as Json[])
          .filter((parameter) => parameter.in === "query")
          .map((parameter) => [parameter.name, Boolean(parameter.description ?? parameter.schema?.description)]),
      );
    expect(described("/api/articles")).toEqual({
      page: true,
      per_page: true,
      search: true,
      domain: true,
      tag: true,
      has_highlights: true,
    });
    expect(described("/api/highlights")).toEqual({ search: true, color: true, tag: true, cursor: true, limit: true });
  });
});

describe("GET /api/docs", () => {
  it("is the reference page, with its viewer from this origin and a CSP that allows nothing else", async () => {
    const response = await api("GET", "/api/docs");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(response.body).toContain('<script src="/api-docs/swagger-ui-bundle.js"></script>');
    expect(response.body).toContain('<script src="/api-docs/start.js"></script>');
    expect(response.body).not.toMatch(/<script>|https?:\/\//);
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
  });
});

describe("every route of the app is in the document", () => {
  it("has an operation with a summary and a success response for every route in app.routes", () => {
    const app = createApp();
    expect(appOperations(app).length).toBeGreaterThan(45);
    expect(undocumented(app, document)).toEqual([]);
  });

  it("finds a route added without a description (the check above can fail)", async () => {
    const app = createApp();
    app.get("/undocumented/:id", (c) => c.json({}));
    const fresh = await buildOpenApiDocument(app, "test");
    expect(undocumented(app, fresh)).toEqual(["get /api/undocumented/{id}"]);
  });

  it("documents the public paths the Worker answers outside the Hono app, and each answers", async () => {
    for (const path of [
      "/mcp",
      "/authorize",
      "/oauth/token",
      "/oauth/register",
      "/.well-known/oauth-authorization-server",
      "/.well-known/oauth-protected-resource/mcp",
      "/share",
    ]) {
      expect(document.paths[path], path).toBeDefined();
    }
    expect((await api("POST", "/mcp", { body: {} })).status).toBe(401);
    expect((await api("GET", "/.well-known/oauth-authorization-server")).status).toBe(200);
    expect((await api("GET", "/.well-known/oauth-protected-resource/mcp")).status).toBe(200);
    expect((await api("POST", "/oauth/register", { body: { redirect_uris: "not a list" } })).status).toBe(400);
    const share = new Request("http://localhost/share?url=https://example.com", { redirect: "manual" });
    expect((await exports.default.fetch(share)).status).toBe(302);
  });
});

describe("real responses match their declared schemas", () => {
  let user: Session;
  let articleId: number;

  beforeAll(async () => {
    user = await registerUser();
    articleId = await seedArticle(user.user.id, {
      title: "Tide pools",
      content: "<p>Tide pools hold anemones and small crabs between the tides.</p>",
      summary: "About tide pools.",
    });
  });

  it("health, register, me", async () => {
    expectDeclared(document, "get /api/health", await api("GET", "/api/health"), 200);
    const email = `schema-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const registered = await api("POST", "/api/auth/register", { body: { email, password: "correct horse battery" } });
    expectDeclared(document, "post /api/auth/register", registered, 201);
    expectDeclared(document, "get /api/auth/me", await api("GET", "/api/auth/me", { token: user.token }), 200);
  });

  it("articles: save, list, get, edit, mark read, statistics, batch status, related, feedback", async () => {
    const token = user.token;
    const saved = await api("POST", "/api/articles", { token, body: { url: "https://example.com/schema-check" } });
    expectDeclared(document, "post /api/articles", saved, 201);
    const again = await api("POST", "/api/articles", { token, body: { url: "https://example.com/schema-check" } });
    expectDeclared(document, "post /api/articles", again, 409);
    expectDeclared(document, "get /api/articles", await api("GET", "/api/articles?per_page=5", { token }), 200);
    expectDeclared(document, "get /api/articles/{id}", await api("GET", `/api/articles/${articleId}`, { token }), 200);
    const edited = await api("PUT", `/api/articles/${articleId}`, { token, body: { title: "Rock pools", note: "Go" } });
    expectDeclared(document, "put /api/articles/{id}", edited, 200);
    const read = await api("POST", `/api/articles/${articleId}/mark-read`, { token });
    expectDeclared(document, "post /api/articles/{id}/mark-read", read, 200);
    const stats = await api("GET", "/api/articles/stats/overview?timezone_offset=60", { token });
    expectDeclared(document, "get /api/articles/stats/overview", stats, 200);
    const statuses = await api("POST", "/api/articles/batch/status", {
      token,
      body: { article_ids: [articleId, saved.body.id, 999_999] },
    });
    expectDeclared(document, "post /api/articles/batch/status", statuses, 200);
    const related = await api("GET", `/api/articles/${articleId}/related`, { token });
    expectDeclared(document, "get /api/articles/{id}/related", related, 200);
    const unrated = await api("GET", `/api/articles/${articleId}/feedback`, { token });
    expectDeclared(document, "get /api/articles/{id}/feedback", unrated, 200);
    const rated = await api("POST", `/api/articles/${articleId}/feedback`, { token, body: { feedback: 1 } });
    expectDeclared(document, "post /api/articles/{id}/feedback", rated, 200);
    const bulk = await api("POST", "/api/articles/bulk", { token, body: { urls: ["https://example.com/b", "nope"] } });
    expectDeclared(document, "post /api/articles/bulk", bulk, 200);
  });

  it("tags", async () => {
    const token = user.token;
    const tagged = await api("PUT", `/api/articles/${articleId}/tags`, {
      token,
      body: { tags: ["sea", "Sea", "life"] },
    });
    expectDeclared(document, "put /api/articles/{id}/tags", tagged, 200);
    expectDeclared(document, "get /api/tags", await api("GET", "/api/tags", { token }), 200);
  });

  it("highlights and the reading position", async () => {
    const token = user.token;
    const created = await api("POST", `/api/articles/${articleId}/highlights`, {
      token,
      body: { quote: "anemones and small crabs", color: "green", note: "Look closer" },
    });
    expectDeclared(document, "post /api/articles/{id}/highlights", created, 201);
    const ofArticle = await api("GET", `/api/articles/${articleId}/highlights`, { token });
    expectDeclared(document, "get /api/articles/{id}/highlights", ofArticle, 200);
    const library = await api("GET", "/api/highlights?limit=5", { token });
    expectDeclared(document, "get /api/highlights", library, 200);
    const patched = await api("PATCH", `/api/highlights/${created.body.id}`, { token, body: { color: "blue" } });
    expectDeclared(document, "patch /api/highlights/{id}", patched, 200);
    const position = await api("PUT", `/api/articles/${articleId}/progress`, {
      token,
      body: { position: 12, progress: 0.25 },
    });
    expectDeclared(document, "put /api/articles/{id}/progress", position, 200);
  });

  it("search: a session and a question", async () => {
    const token = user.token;
    const session = await api("POST", "/api/search/session", { token, body: { action: "create" } });
    expectDeclared(document, "post /api/search/session", session, 201);
    const answer = await api("POST", "/api/search/chat", {
      token,
      body: { query: "tide pools", session_id: session.body.session_id },
    });
    expectDeclared(document, "post /api/search/chat", answer, 200);
    const cleared = await api("POST", "/api/search/session", {
      token,
      body: { action: "clear", session_id: session.body.session_id },
    });
    expectDeclared(document, "post /api/search/session", cleared, 200);
  });

  it("topics, the email address, API tokens", async () => {
    const token = user.token;
    expectDeclared(document, "get /api/topics", await api("GET", "/api/topics", { token }), 200);
    expectDeclared(document, "get /api/email-address", await api("GET", "/api/email-address", { token }), 200);
    const created = await api("POST", "/api/tokens", { token, body: { name: "schema check" } });
    expectDeclared(document, "post /api/tokens", created, 201);
    expectDeclared(document, "get /api/tokens", await api("GET", "/api/tokens", { token }), 200);
    // An API token may read the library, but not manage tokens: 403 in the shared error shape.
    expectDeclared(
      document,
      "get /api/articles",
      await api("GET", "/api/articles", { token: created.body.token }),
      200,
    );
    expectDeclared(document, "get /api/tokens", await api("GET", "/api/tokens", { token: created.body.token }), 403);
  });

  it("reader settings: the defaults, then a change", async () => {
    const token = user.token;
    expectDeclared(document, "get /api/reader-settings", await api("GET", "/api/reader-settings", { token }), 200);
    const body = { font: "legible", size: 20, line_height: "loose", width: "wide", align: "start", theme: "dark" };
    const saved = await api("PUT", "/api/reader-settings", { token, body });
    expectDeclared(document, "put /api/reader-settings", saved, 200);
  });

  it("feeds: subscribe, list, the Feed, an item, mark seen, save, OPML", async () => {
    const token = user.token;
    const url = `${inject("fixtureOrigin")}/feeds/file/feed.json?key=${crypto.randomUUID()}`;
    const subscribed = await api("POST", "/api/feeds/subscriptions", { token, body: { urls: [url, "nope"] } });
    expectDeclared(document, "post /api/feeds/subscriptions", subscribed, 200);
    expectDeclared(
      document,
      "get /api/feeds/subscriptions",
      await api("GET", "/api/feeds/subscriptions", { token }),
      200,
    );
    const id = subscribed.body.results[0].subscription.id;
    const renamed = await api("PATCH", `/api/feeds/subscriptions/${id}`, { token, body: { folder: "News" } });
    expectDeclared(document, "patch /api/feeds/subscriptions/{id}", renamed, 200);
    const page = await api("GET", "/api/feeds/items?limit=1", { token });
    expectDeclared(document, "get /api/feeds/items", page, 200);
    const itemId = page.body.items[0].id;
    expectDeclared(
      document,
      "get /api/feeds/items/{id}",
      await api("GET", `/api/feeds/items/${itemId}`, { token }),
      200,
    );
    const seen = await api("POST", `/api/feeds/items/${itemId}/seen`, { token });
    expectDeclared(document, "post /api/feeds/items/{id}/seen", seen, 200);
    const marked = await api("POST", "/api/feeds/items/mark-seen", { token, body: { up_to_item_id: itemId } });
    expectDeclared(document, "post /api/feeds/items/mark-seen", marked, 200);
    const saved = await api("POST", `/api/feeds/items/${itemId}/save`, { token });
    expectDeclared(document, "post /api/feeds/items/{id}/save", saved, 201);
    const opml = '<opml version="2.0"><body><outline text="A" xmlUrl="https://feeds.example.com/a.xml"/></body></opml>';
    expectDeclared(
      document,
      "post /api/feeds/opml",
      await api("POST", "/api/feeds/opml", { token, body: { opml } }),
      200,
    );
    const exported = await api("GET", "/api/feeds/opml", { token });
    expect(exported.status).toBe(200);
    expect(Object.keys(document.paths["/api/feeds/opml"].get.responses["200"].content)).toContain("text/x-opml");
  });

  it("an import job: upload, its progress, the list; and the export", async () => {
    const token = user.token;
    const form = new FormData();
    form.set("file", new File(["https://example.com/imported-one\nhttps://example.com/imported-two\n"], "links.txt"));
    const uploaded = await exports.default.fetch(
      new Request("http://localhost/api/imports", {
        method: "POST",
        headers: { Authorization: `Bearer ${token}` },
        body: form,
      }),
    );
    const started = { status: uploaded.status, body: await uploaded.json<Json>() };
    expectDeclared(document, "post /api/imports", started, 202);
    const job = await api("GET", `/api/imports/${started.body.id}`, { token });
    expectDeclared(document, "get /api/imports/{id}", job, 200);
    expectDeclared(document, "get /api/imports", await api("GET", "/api/imports", { token }), 200);

    const exported = await api("GET", "/api/export?format=csv", { token });
    expect(exported.status).toBe(200);
    const declared = Object.keys(document.paths["/api/export"].get.responses["200"].content);
    expect(declared).toContain(exported.headers.get("content-type")?.split(";")[0]);
  });

  it("errors: 401, 404, 422 and 413 in the shared shape", async () => {
    const token = user.token;
    expectDeclared(document, "get /api/articles", await api("GET", "/api/articles"), 401);
    expectDeclared(document, "get /api/articles/{id}", await api("GET", "/api/articles/999999", { token }), 404);
    const invalid = await api("GET", "/api/articles?per_page=1000", { token });
    expectDeclared(document, "get /api/articles", invalid, 422);
    expect(invalid.body.detail).toContain("per_page");
    const tooLarge = await api("PUT", `/api/articles/${articleId}`, { token, body: { title: "x".repeat(70_000) } });
    expectDeclared(document, "put /api/articles/{id}", tooLarge, 413);
  });
});
