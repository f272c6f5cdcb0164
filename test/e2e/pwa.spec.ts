import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { articleUrl, createAccount, saveArticles, shot, signInWithToken } from "./helpers";

// The installable app: manifest, service worker, offline reading, share target (docs/web-app.md "Installable app").
test.use({ serviceWorkers: "allow" });

/** Width and height from a PNG's IHDR chunk (bytes 16-23), after checking the PNG signature. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test("the manifest is served with its fields and icons, and index.html links it", async ({ request }) => {
  const response = await request.get("/manifest.webmanifest");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
  const manifest = await response.json();
  expect(manifest).toMatchObject({
    name: "VibeRead",
    short_name: "VibeRead",
    start_url: "/#/dashboard",
    display: "standalone",
    theme_color: "#4f46e5",
    share_target: {
      action: "/share",
      method: "POST",
      enctype: "multipart/form-data",
      params: { title: "title", text: "text", url: "url", files: [{ name: "file" }] },
    },
  });

  const icons = manifest.icons as { src: string; sizes: string; type: string; purpose?: string }[];
  for (const size of [192, 512]) expect(icons.some((icon) => icon.sizes === `${size}x${size}`)).toBe(true);
  expect(icons.some((icon) => icon.purpose === "maskable")).toBe(true);
  for (const icon of icons) {
    const image = await request.get(icon.src);
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toBe("image/png");
    const [width, height] = icon.sizes.split("x").map(Number);
    expect(pngSize(await image.body())).toEqual({ width, height });
  }

  const html = await (await request.get("/")).text();
  expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
});

/**
 * Signs in and opens the dashboard, then waits until a service worker is active and, after a reload, controls the
 * page.
 */
async function signedInUnderServiceWorker(page: Page, email: string) {
  await signInWithToken(page, email);
  await page.goto("/#/dashboard");
  await expect(page.getByRole("heading", { level: 2, name: "Articles" })).toBeVisible();
  await controlledByServiceWorker(page);
  await expect(page.getByRole("heading", { level: 2, name: "Articles" })).toBeVisible();
}

/** Waits until a service worker is active and, after a reload, controls the page. */
async function controlledByServiceWorker(page: Page) {
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(new URL(scope).pathname).toBe("/");
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null))
    .toMatch(/\/sw\.js$/);
}

/** Whether the service worker's API cache holds this path (any query). */
const cachedPaths = (page: Page) =>
  page.evaluate(async () => {
    const cache = await caches.open("viberead-api");
    return (await cache.keys()).map((request) => new URL(request.url).pathname);
  });

test("offline, the installed app opens, shows the articles opened before, and says which are not on the device", async ({
  page,
  context,
}) => {
  const stamp = Date.now();
  const opened = `Reading on the train ${stamp}`;
  const unopened = `Never opened ${stamp}`;
  const { email, token } = await createAccount(page);
  const { results } = await saveArticles(page, token, [articleUrl(opened), articleUrl(unopened)]);
  const [openedId, unopenedId] = results.map((result) => result.article.id);
  // Read already: the device keeps only unread articles it was not asked to open (offline-queue.spec.ts).
  const read = await page.request.put(`/api/articles/${unopenedId}`, {
    data: { is_read: true },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(read.status()).toBe(200);
  await signedInUnderServiceWorker(page, email);

  // Processing is real: the viewer shows the title once the article has been fetched and extracted.
  await page.goto(`/#/article/${openedId}`);
  await expect(page.getByRole("heading", { level: 1, name: opened })).toBeVisible({ timeout: 60_000 });
  await expect.poll(() => cachedPaths(page)).toContain(`/api/articles/${openedId}`);
  await page.goto("/#/dashboard");
  await expect(page.getByRole("link", { name: new RegExp(unopened) })).toBeVisible({ timeout: 60_000 });
  await expect.poll(() => cachedPaths(page)).toContain("/api/articles/");
  await expect(page.getByRole("status").filter({ hasText: /^⚡ Offline/ })).toHaveCount(0);

  await context.setOffline(true);
  await page.reload();
  // The app shell comes from the precache; the last list from the API cache, under an offline banner.
  await expect(page.getByText("Offline — showing the list saved on this device")).toBeVisible();
  await expect(page.getByRole("link", { name: new RegExp(opened) })).toBeVisible();

  await page.goto(`/#/article/${openedId}`);
  await expect(page.getByRole("heading", { level: 1, name: opened })).toBeVisible();
  await expect(page.getByText("Offline — showing the copy saved on this device")).toBeVisible();
  // The copy comes from the service worker's cache, which says so in a header (what lib/offline.ts reads).
  const served = await page.evaluate(
    async ({ id, bearer }) => {
      const response = await fetch(`/api/articles/${id}`, { headers: { Authorization: `Bearer ${bearer}` } });
      return { status: response.status, offline: response.headers.get("X-VibeRead-Offline") };
    },
    { id: openedId, bearer: token },
  );
  expect(served).toEqual({ status: 200, offline: "1" });

  await page.goto(`/#/article/${unopenedId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Not Available Offline" })).toBeVisible();
  await expect(page.getByText(/has not been opened on this device yet/)).toBeVisible();

  // Back online, the marker goes.
  await context.setOffline(false);
  await page.goto(`/#/article/${openedId}`);
  await expect(page.getByRole("heading", { level: 1, name: opened })).toBeVisible();
  await expect(page.getByText("Offline — showing the copy saved on this device")).toHaveCount(0);
});

test("offline, the dashboard shows the stored stats under a quiet note; a save waits on the device and is sent when back online", async ({
  page,
  context,
}) => {
  const stamp = Date.now();
  const first = `Before the tunnel ${stamp}`;
  const { email, token } = await createAccount(page);
  await saveArticles(page, token, [articleUrl(first)]);
  await signedInUnderServiceWorker(page, email);
  const stats = page.getByRole("navigation", { name: "Reading statistics" });
  const total = stats.getByRole("link", { name: /Total Articles/ });
  await expect(total).toContainText("1");
  await expect(page.getByRole("link", { name: new RegExp(first) })).toBeVisible({ timeout: 60_000 });
  await expect
    .poll(() => cachedPaths(page))
    .toEqual(expect.arrayContaining(["/api/articles/", "/api/articles/stats/overview", "/api/topics/"]));

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText("Offline — showing the list saved on this device")).toBeVisible();
  await expect(total).toContainText("1");
  // Nothing on the screen is an error: being offline is expected, not a failure.
  await expect(page.getByRole("link", { name: new RegExp(first) })).toBeVisible();
  await expect(page.getByRole("alert")).toHaveCount(0);

  // A save made now is kept on this device and shown as a card, and still there after a reload. (The suite sends
  // the app's writes from Node, which Playwright's offline mode does not reach: they fail here as offline would.)
  await page.route(/\/api\/articles\/(bulk)?$/, (route) =>
    route.request().method() === "POST" ? route.abort("internetdisconnected") : route.fallback(),
  );
  const later = articleUrl(`Saved in the tunnel ${stamp}`);
  await page.getByLabel("Article URLs").fill(later);
  await page.getByRole("button", { name: "Save" }).click();
  const queued = page.getByRole("article").filter({ hasText: "Saved on this device. Sent when you are back online." });
  await expect(queued).toHaveCount(1);
  await expect(queued).toContainText(new URL(later).host + new URL(later).pathname);
  await page.reload();
  await expect(queued).toHaveCount(1);
  await expect(page.getByRole("alert")).toHaveCount(0);
  await shot(page, "offline-dashboard");

  // Back online, it is sent on its own: the server has it, and the waiting card goes.
  await page.unrouteAll();
  await context.setOffline(false);
  await expect(page.getByText("The article saved while offline was sent")).toBeVisible();
  await expect(queued).toHaveCount(0);
  await expect
    .poll(async () => {
      const response = await page.request.get("/api/articles/?per_page=50", {
        headers: { Authorization: `Bearer ${token}` },
      });
      return ((await response.json()).articles as { url: string }[]).map((article) => article.url);
    })
    .toContain(later);
  await expect(total).toContainText("2");
});

test("signing out deletes the articles kept for offline reading", async ({ page }) => {
  const title = `Cleared on sign-out ${Date.now()}`;
  const { email, token } = await createAccount(page);
  const { results } = await saveArticles(page, token, [articleUrl(title)]);
  const id = results[0]?.article.id as number;
  await signedInUnderServiceWorker(page, email);
  await page.goto(`/#/article/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible({ timeout: 60_000 });
  await expect.poll(() => cachedPaths(page)).toContain(`/api/articles/${id}`);

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/#\/login/);
  expect(await cachedPaths(page)).toEqual([]);
});

test("a document shared to the installed app is kept by the service worker and uploaded by the save screen", async ({
  page,
}) => {
  const { email } = await createAccount(page);
  await signedInUnderServiceWorker(page, email);
  // The share sheet's post, as a form the page submits (the service worker answers it like the real share).
  await page.evaluate(() =>
    document.body.insertAdjacentHTML(
      "beforeend",
      '<form method="post" action="/share" enctype="multipart/form-data"><input type="file" name="file" id="shared-file"></form>',
    ),
  );
  await page.setInputFiles("#shared-file", {
    name: "notes.md",
    mimeType: "text/markdown",
    buffer: Buffer.from("# Shared notes\n\nThe bees are back, and the clover is out in the meadow again.\n"),
  });
  await page.locator('form[action="/share"]').evaluate((form) => (form as unknown as { submit(): void }).submit());
  await expect(page).toHaveURL(/\/#\/save\?shared_file=[\w-]+/);
  await expect(page.getByRole("heading", { level: 1, name: "Saved" })).toBeVisible();
  await expect(page.getByText("Shared notes")).toBeVisible();
  expect(await page.evaluate(async () => (await (await caches.open("viberead-shared-files")).keys()).length)).toBe(0);
});

test("a link shared to the app from a phone's share sheet lands on the save screen", async ({ page }) => {
  const { email } = await createAccount(page);
  await signInWithToken(page, email);
  await page.goto("/#/dashboard");
  await expect(page.getByRole("heading", { level: 2, name: "Articles" })).toBeVisible();
  await page.goto("/share?text=Look%20http%3A%2F%2Fexample.com%2Fstory&title=A%20story");
  await expect(page).toHaveURL(/\/#\/save\?/);
  const search = new URLSearchParams(new URL(page.url()).hash.split("?")[1]);
  expect(Object.fromEntries(search)).toEqual({ text: "Look http://example.com/story", title: "A story" });
});
