import { type APIRequestContext, type APIResponse, type BrowserContext, expect, type Page } from "@playwright/test";

export const PASSWORD = "a-long-enough-password";

export function uniqueEmail(prefix = "reader"): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/**
 * `wrangler dev`'s ProxyWorker keeps a pool of connections to the Worker; when one closes just as a request is
 * written on it (both sides' 5 s idle timers: cloudflare/workers-sdk#15317, seen on a busy machine), it sends GET
 * and HEAD again but fails a POST with a 500 of its own. That request never reached the Worker, so sending it
 * again is safe; and this app's own errors are always JSON with a `detail`, so a 500 that is not JSON is the
 * proxy's. Tests of how the server answers bodies (body-limits.spec.ts) must not use this: there a 500 is the bug.
 */
function lostByDevProxy(status: number, contentType: string | null | undefined): boolean {
  return status === 500 && !(contentType ?? "").includes("application/json");
}

/**
 * A kept-alive connection to the dev server that the server closed just as the test's client sent on it: the request
 * fails with a reset before any answer (seen on a busy machine, a GET in a poll: "socket hang up (ECONNRESET)").
 */
function resetBeforeAnswer(error: unknown): boolean {
  return error instanceof Error && /ECONNRESET|socket hang up/.test(error.message);
}

/**
 * A test's own request through `page.request` or `request`, sent again if the dev server's proxy lost it or the
 * connection was reset before any answer.
 */
export async function resendIfLost(send: () => Promise<APIResponse>): Promise<APIResponse> {
  for (let attempt = 1; ; attempt++) {
    let response: APIResponse;
    try {
      response = await send();
    } catch (error) {
      if (resetBeforeAnswer(error) && attempt < 3) continue;
      throw error;
    }
    if (!lostByDevProxy(response.status(), response.headers()["content-type"]) || attempt === 3) return response;
  }
}

/** `fetch` for Node-side clients (the MCP SDK's transport) that sends a request again if the proxy lost it. */
export const resendingFetch: typeof fetch = async (input, init) => {
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(input, init);
    if (!lostByDevProxy(response.status, response.headers.get("content-type")) || attempt === 3) return response;
    await response.body?.cancel();
  }
};

/**
 * The same for the requests the app sends from the browser: a POST, PUT, PATCH or DELETE to the app's API that the
 * proxy lost is sent again from the page itself (busy run R lost a Revoke's DELETE). An init script wraps the page's
 * `fetch`, so nothing else changes: GET and HEAD pass straight through (the proxy sends those again itself), and a
 * test's own `page.route` still sees every request and answers it (its 500s are JSON, so they are not resent).
 * It is not a context route on purpose: a route makes Chromium stop every request of the page, assets included, and
 * ask Playwright what to do, which cost about a quarter of a spec's CPU time on a 2-core machine
 * (docs/testing.md). Uploads sent with XMLHttpRequest need `resendLostAppUploads`.
 */
export async function resendLostAppRequests(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const send = window.fetch.bind(window);
    const isLost = (response: Response) =>
      response.status === 500 && !(response.headers.get("content-type") ?? "").includes("application/json");
    window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : null;
      const url = new URL(request ? request.url : String(input), location.href);
      const method = (init?.method ?? request?.method ?? "GET").toUpperCase();
      const resendable =
        url.origin === location.origin &&
        url.pathname.startsWith("/api/") &&
        !["GET", "HEAD", "OPTIONS"].includes(method) &&
        !(init?.body instanceof ReadableStream);
      if (!resendable) return send(input, init);
      for (let attempt = 1; ; attempt++) {
        // (A cast: the e2e folder type-checks against the Workers types, whose clone() returns their own Request.)
        const response = await send(request ? (request.clone() as unknown as RequestInfo) : input, init);
        if (!isLost(response) || attempt === 3) return response;
        await response.body?.cancel();
      }
    };
  });
}

/**
 * The route-based resend, for a page that sends with XMLHttpRequest (the import upload, for its progress events),
 * which the page-side `resendLostAppRequests` does not wrap. A test's own `page.route` handler takes precedence.
 */
export async function resendLostAppUploads(context: BrowserContext): Promise<void> {
  await context.route(
    (url) => url.pathname.startsWith("/api/") && url.hostname === "localhost",
    async (route) => {
      const request = route.request();
      if (["GET", "HEAD", "OPTIONS"].includes(request.method())) return route.fallback();
      let response: APIResponse;
      try {
        // No deadline of its own: the browser's request has none, and a busy machine can take its time.
        response = await resendIfLost(() => route.fetch({ timeout: 0, maxRedirects: 0 }));
      } catch {
        // Not answered: the test or the page ended first, or the connection failed. The browser sees what it
        // would have without this route: a failed request.
        return route.abort().catch(() => {});
      }
      // The page may have gone while the answer came (its test ended): then there is no one to answer.
      return route.fulfill({ response }).catch(() => {});
    },
  );
}

/** Creates an account through the API (fast), returning its credentials. */
export async function createAccount(page: Page, email = uniqueEmail()) {
  const response = await resendIfLost(() =>
    page.request.post("/api/auth/register", { data: { email, password: PASSWORD } }),
  );
  expect(response.status()).toBe(201);
  const body = await response.json();
  return { email, password: PASSWORD, token: body.access_token as string };
}

/** Signs in through the login form. */
export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** The local article server Playwright starts next to the app (playwright.config.ts). */
export const FIXTURE_ORIGIN = `http://127.0.0.1:${process.env.E2E_FIXTURE_PORT || 8798}`;

/** A readable article page on the fixture server; `title` makes each URL distinct. */
export function articleUrl(title: string): string {
  return `${FIXTURE_ORIGIN}/article?title=${encodeURIComponent(title)}`;
}

/** Saves URLs through the API as the given token's user (fast set-up for UI tests). */
export async function saveArticles(page: Page, token: string, urls: string[]) {
  const response = await resendIfLost(() =>
    page.request.post("/api/articles/bulk", { data: { urls }, headers: { Authorization: `Bearer ${token}` } }),
  );
  expect(response.status()).toBe(200);
  return (await response.json()) as { results: { article: { id: number } }[] };
}

/**
 * Signs in through local storage, opens `hash`, and waits until the app shows that screen signed in. Until
 * /api/auth/me answers, the app sits on /login with a return target and then redirects there: a navigation made in
 * that window (a test's next `goto`) was overtaken by that redirect.
 */
export async function openSignedIn(page: Page, email: string, hash: string) {
  await signInWithToken(page, email);
  await page.goto(hash);
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  const screen = hash.replace(/^\/?#/, "").split("?")[0] as string;
  await expect.poll(() => new URL(page.url()).hash.replace(/^#/, "").split("?")[0]).toBe(screen);
}

/**
 * Signs in by putting a session straight into local storage, as the login page would. The storage is written on
 * `/api/health`, a page of the app's origin that runs no app, so the test's next `goto` to a screen is the app's
 * one and only load, and it starts signed in (loading the login page first and then reloading cost a whole app
 * start per test).
 */
export async function signInWithToken(page: Page, email: string, password = PASSWORD) {
  const response = await resendIfLost(() => page.request.post("/api/auth/login", { data: { email, password } }));
  const session = await response.json();
  await page.goto("/api/health");
  await page.evaluate(
    ({ token, user }) => {
      localStorage.setItem("authToken", token);
      localStorage.setItem("user", JSON.stringify(user));
    },
    { token: session.access_token as string, user: session.user },
  );
  return session.access_token as string;
}

/**
 * With E2E_SHOTS=<folder>, saves a full-page screenshot of what the test shows a person at this point, to look at
 * after the run (a reviewer's check of a screen's wording and layout); without it, does nothing.
 */
export async function shot(page: Page, name: string): Promise<void> {
  const folder = process.env.E2E_SHOTS;
  if (folder) await page.screenshot({ path: `${folder}/${name}.png`, fullPage: true });
}

/** The fields of `GET /api/articles/{id}` the specs read. */
export interface StoredArticle {
  processing_status: string;
  is_read: boolean;
  language: string | null;
  note: string | null;
  reading_position: number | null;
  reading_progress: number | null;
}

/** The article as the API stores it, for a test to check what reached the server. */
export async function readArticle(request: APIRequestContext, token: string, id: number): Promise<StoredArticle> {
  const response = await resendIfLost(() =>
    request.get(`/api/articles/${id}`, { headers: { Authorization: `Bearer ${token}` } }),
  );
  expect(response.status()).toBe(200);
  return (await response.json()) as StoredArticle;
}
