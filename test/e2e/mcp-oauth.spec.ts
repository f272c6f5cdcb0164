import { createHash, randomBytes } from "node:crypto";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import {
  articleUrl,
  createAccount,
  resendIfLost,
  resendingFetch,
  saveArticles,
  shot,
  signIn,
  signInWithToken,
} from "./helpers";

/** The assistant's local callback: a loopback address nothing listens on, answered by the test itself. */
const CALLBACK = "http://127.0.0.1:8959/callback";

async function registerClient(page: Page, name: string) {
  const response = await resendIfLost(() =>
    page.request.post("/oauth/register", {
      data: { client_name: name, redirect_uris: [CALLBACK], token_endpoint_auth_method: "none" },
    }),
  );
  expect(response.status()).toBe(201);
  return ((await response.json()) as { client_id: string }).client_id;
}

function pkce() {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

function authorizePath(baseURL: string, clientId: string, challenge: string, state: string) {
  const query = new URLSearchParams({
    response_type: "code",
    client_id: clientId,
    redirect_uri: CALLBACK,
    scope: "library:read articles:write articles:update",
    state,
    code_challenge: challenge,
    code_challenge_method: "S256",
    resource: `${baseURL}/mcp`,
  });
  return `/authorize?${query}`;
}

/** Answers the callback in the browser and resolves with the URL it was called with. */
async function catchCallback(page: Page): Promise<() => Promise<URL>> {
  let resolve: (url: URL) => void = () => {};
  const called = new Promise<URL>((r) => {
    resolve = r;
  });
  await page.route(`${CALLBACK}**`, async (route) => {
    resolve(new URL(route.request().url()));
    await route.fulfill({ status: 200, contentType: "text/html", body: "<h1>Connected</h1>" });
  });
  return () => called;
}

async function mcpClient(baseURL: string, accessToken: string) {
  const client = new Client({ name: "playwright-assistant", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${baseURL}/mcp`), {
      requestInit: { headers: { Authorization: `Bearer ${accessToken}` } },
      fetch: resendingFetch,
    }),
  );
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = await client.callTool({ name, arguments: args });
  const text = (result.content as { text: string }[]).map((part) => part.text).join("\n");
  expect(result.isError, `${name}: ${text}`).not.toBe(true);
  return text;
}

test.describe("connecting an AI assistant (OAuth 2.1 + MCP)", () => {
  test("registers a client, signs in and consents in the browser, then uses every MCP tool", async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const origin = baseURL as string;
    const { email, token } = await createAccount(page);
    const saved = await saveArticles(page, token, [articleUrl("Octopus intelligence")]);
    const articleId = saved.results[0]?.article.id as number;

    const clientId = await registerClient(page, "Playwright Assistant");
    const { verifier, challenge } = pkce();
    const callback = await catchCallback(page);

    // Signed out at the authorize endpoint: through /login, and back to the consent screen.
    await page.goto(authorizePath(origin, clientId, challenge, "st-1"));
    await expect(page).toHaveURL(/#\/login\?return=/);
    await signIn(page, email);
    await expect(page.getByRole("heading", { name: "Connect Playwright Assistant?" })).toBeVisible();
    await expect(page.getByText("Access will be sent to 127.0.0.1")).toBeVisible();
    const abilities = page.getByRole("list", { name: "What the app may do" });
    await expect(abilities).toContainText("Read your library");
    await expect(abilities).toContainText("Save new articles to your library");
    await expect(abilities).toContainText("Mark articles read or unread, rate them and highlight passages in them");
    await page.getByRole("button", { name: "Approve" }).click();

    const redirected = await callback();
    expect(`${redirected.origin}${redirected.pathname}`).toBe(CALLBACK);
    expect(redirected.searchParams.get("state")).toBe("st-1");
    const code = redirected.searchParams.get("code") as string;
    expect(code).toBeTruthy();

    const exchanged = await resendIfLost(() =>
      page.request.post("/oauth/token", {
        form: {
          grant_type: "authorization_code",
          code,
          client_id: clientId,
          redirect_uri: CALLBACK,
          code_verifier: verifier,
        },
      }),
    );
    expect(exchanged.status()).toBe(200);
    const tokens = await exchanged.json();
    expect(tokens.scope).toBe("library:read articles:write articles:update");

    // The article is searchable once processed.
    await expect
      .poll(
        async () =>
          (
            await (
              await page.request.get(`/api/articles/${articleId}`, { headers: { Authorization: `Bearer ${token}` } })
            ).json()
          ).processing_status,
        { timeout: 60_000 },
      )
      .toBe("completed");

    const client = await mcpClient(origin, tokens.access_token);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      "add_highlight",
      "get_article",
      "get_topic",
      "list_articles",
      "list_feed_items",
      "list_highlights",
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
    ]);

    expect(await call(client, "search_articles", { query: "octopus" })).toContain(`[${articleId}]`);
    expect(await call(client, "get_article", { id: articleId })).toMatch(/## Summary[\s\S]+## Content/);
    expect(await call(client, "list_articles", { status: "unread" })).toContain(`[${articleId}]`);
    expect(await call(client, "mark_read", { ids: [articleId] })).toContain(": read");
    expect(await call(client, "list_articles", { status: "read" })).toContain(`[${articleId}]`);
    expect(await call(client, "mark_unread", { ids: [articleId] })).toContain(": unread");
    expect(await call(client, "rate_article", { id: articleId, rating: 1 })).toContain("good");
    expect(await call(client, "save_articles", { urls: [articleUrl("Saved by an assistant")] })).toMatch(/^Saved 1,/);
    expect(await call(client, "reading_stats")).toContain("Articles: 2");
    // Issue 32: a highlight added by its words is listed, and get_article shows it with its note.
    expect(
      await call(client, "add_highlight", { article_id: articleId, quote: "the web is fast", note: "so it is" }),
    ).toContain("the web is fast");
    expect(await call(client, "list_highlights", {})).toContain("the web is fast");
    expect(await call(client, "get_article", { id: articleId })).toMatch(/## Highlights[\s\S]+the web is fast/);
    const topics = await call(client, "list_topics");
    const topicId = /\[(\d+)\]/.exec(topics)?.[1];
    if (topicId) {
      expect(await call(client, "get_topic", { id: Number(topicId) })).toContain(`[${topicId}]`);
    } else {
      expect(topics).toContain("No topics yet");
      const missing = await client.callTool({ name: "get_topic", arguments: { id: 999_999 } });
      expect(missing.isError).toBe(true);
    }

    // Settings lists the connection; Revoke ends the assistant's access.
    await page.goto("/#/settings");
    const apps = page.getByRole("list", { name: "Your connected apps" });
    await expect(apps).toContainText("Playwright Assistant");
    await expect(apps).toContainText("Save new articles to your library");
    await apps.getByRole("button", { name: "Revoke Playwright Assistant" }).click();
    await page
      .getByRole("alertdialog", { name: "Disconnect app?" })
      .getByRole("button", { name: "Disconnect" })
      .click();
    await expect(page.getByText("No apps are connected.")).toBeVisible();
    const revoked = await resendIfLost(() =>
      page.request.post("/mcp", {
        headers: { Authorization: `Bearer ${tokens.access_token}`, Accept: "application/json, text/event-stream" },
        data: { jsonrpc: "2.0", id: 1, method: "tools/list", params: {} },
      }),
    );
    expect(revoked.status()).toBe(401);
    expect(revoked.headers()["www-authenticate"]).toContain(
      `resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp"`,
    );
  });

  test("the login page says an app is waiting, consent names the account, and Disconnect asks in the app's dialog", async ({
    page,
    baseURL,
  }) => {
    const { email } = await createAccount(page);
    const clientId = await registerClient(page, "Waiting Helper");
    const { verifier, challenge } = pkce();
    const callback = await catchCallback(page);

    await page.goto(authorizePath(baseURL as string, clientId, challenge, "st-w"));
    await expect(page).toHaveURL(/#\/login\?return=/);
    await expect(page.getByRole("note")).toHaveText(/An app is waiting to connect to your VibeRead library/);
    await shot(page, "login-app-waiting");
    await signIn(page, email);
    await expect(page.getByRole("heading", { name: "Connect Waiting Helper?" })).toBeVisible();
    await expect(page.getByText(`Signed in as ${email}.`)).toBeVisible();
    await expect(page.getByRole("button", { name: "Use another account" })).toBeVisible();
    await shot(page, "consent-signed-in-as");
    await page.getByRole("button", { name: "Approve" }).click();
    const code = (await callback()).searchParams.get("code") as string;
    await expect(page.getByRole("heading", { name: "Connected" })).toBeVisible();
    const exchanged = await resendIfLost(() =>
      page.request.post("/oauth/token", {
        form: {
          grant_type: "authorization_code",
          code,
          client_id: clientId,
          redirect_uri: CALLBACK,
          code_verifier: verifier,
        },
      }),
    );
    expect(exchanged.status()).toBe(200);

    await page.goto("/#/settings");
    const apps = page.getByRole("list", { name: "Your connected apps" });
    await apps.getByRole("button", { name: "Revoke Waiting Helper" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Disconnect app?" });
    await expect(confirm).toContainText('Disconnect "Waiting Helper"? It will no longer reach your library.');
    await shot(page, "confirm-disconnect-app");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(apps).toContainText("Waiting Helper");
    await apps.getByRole("button", { name: "Revoke Waiting Helper" }).click();
    await confirm.getByRole("button", { name: "Disconnect" }).click();
    await expect(page.getByText("No apps are connected.")).toBeVisible();

    await page.goto("/#/settings");
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByRole("heading", { name: "Sign in to your account" })).toBeVisible();
    await expect(page.getByRole("note")).toHaveCount(0);
  });

  test("Deny sends the user back to the app with access_denied and no code", async ({ page, baseURL }) => {
    const { email } = await createAccount(page);
    await signInWithToken(page, email);
    const clientId = await registerClient(page, "Curious Bot");
    const callback = await catchCallback(page);
    await page.goto(authorizePath(baseURL as string, clientId, pkce().challenge, "st-2"));
    await expect(page.getByRole("heading", { name: "Connect Curious Bot?" })).toBeVisible();
    await page.getByRole("button", { name: "Deny" }).click();
    const redirected = await callback();
    expect(redirected.searchParams.get("error")).toBe("access_denied");
    expect(redirected.searchParams.get("state")).toBe("st-2");
    expect(redirected.searchParams.get("code")).toBeNull();
  });

  test("/#/login?return=<another site> stays in the app, signed in or not", async ({ page, baseURL }) => {
    const { email } = await createAccount(page);
    await page.goto(`/#/login?return=${encodeURIComponent("https://evil.example/authorize?client_id=x")}`);
    await signIn(page, email);
    await expect(page).toHaveURL(`${baseURL}/#/dashboard`);
    await page.goto(`/#/login?return=${encodeURIComponent("https://evil.example")}`);
    await expect(page).toHaveURL(`${baseURL}/#/dashboard`);
    // Even on this origin, a full URL is followed only to the authorize endpoint, not to any page or API path.
    await page.goto(`/#/login?return=${encodeURIComponent(`${baseURL}/api/health`)}`);
    await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
    await expect(page).toHaveURL(`${baseURL}/#/dashboard`);
  });
});

// The installed app's service worker answers navigations with the app shell; the OAuth pages must stay the Worker's.
test.describe("under the service worker", () => {
  test.use({ serviceWorkers: "allow" });

  test("with the installed app's service worker in control, /authorize still reaches the Worker", async ({
    page,
    baseURL,
  }) => {
    const { email } = await createAccount(page);
    await signInWithToken(page, email);
    await page.goto("/#/dashboard");
    await expect(page.getByRole("heading", { level: 2, name: "Articles" })).toBeVisible();
    await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    await page.reload();
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
      .toMatch(/\/sw\.js$/);
    const clientId = await registerClient(page, "Offline Friend");
    await page.goto(authorizePath(baseURL as string, clientId, pkce().challenge, "st-3"));
    await expect(page.getByRole("heading", { name: "Connect Offline Friend?" })).toBeVisible();
  });
});
