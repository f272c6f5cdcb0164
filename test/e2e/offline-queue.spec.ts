import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { articleUrl, createAccount, FIXTURE_ORIGIN, saveArticles, shot, signInWithToken } from "./helpers";

// The unread queue on the device (issue 50, docs/web-app.md): the newest unread articles and their pictures are kept
// for offline reading without being opened. Under the service worker, as the installed app runs.
test.use({ serviceWorkers: "allow" });

const PICTURES = 2;

async function articleOf(page: Page, token: string, id: number) {
  const response = await page.request.get(`/api/articles/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  return (await response.json()) as { processing_status: string; title: string; images?: Record<string, string> };
}

test("in airplane mode, ten unread articles never opened on the device open with their pictures", async ({
  page,
  context,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now();
  const titles = Array.from({ length: 10 }, (_, i) => `Train reading ${i + 1} ${stamp}`);
  const readTitle = `Already read ${stamp}`;
  const { email, token } = await createAccount(page);
  const { results } = await saveArticles(page, token, [
    ...titles.map((title) => `${articleUrl(title)}&images=${PICTURES}`),
    `${articleUrl(readTitle)}&images=${PICTURES}`,
    `${FIXTURE_ORIGIN}/status/404?queue=${stamp}`,
  ]);
  const ids = results.map((result) => result.article.id);
  const unread = ids.slice(0, 10);
  const readId = ids[10] as number;
  for (const id of ids) {
    await expect
      .poll(async () => (await articleOf(page, token, id)).processing_status, { timeout: 120_000 })
      .toMatch(/^(completed|failed)$/);
  }
  expect((await articleOf(page, token, unread[0] as number)).images).toBeDefined();
  await page.request.put(`/api/articles/${readId}`, {
    data: { is_read: true },
    headers: { Authorization: `Bearer ${token}` },
  });
  // A highlight in the first: drawn offline too.
  const highlighted = await page.request.post(`/api/articles/${unread[0]}/highlights`, {
    data: { quote: "Tyres lose pressure slowly" },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(highlighted.status()).toBe(201);

  // Signed in once under the service worker; nothing is opened: the queue fills on its own.
  await signInWithToken(page, email);
  await page.goto("/#/settings");
  await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  const section = page.getByRole("region", { name: "Offline reading" });
  await expect(section.getByLabel("Unread articles kept on this device")).toHaveValue("50");
  const status = section.getByRole("status");
  await expect(status).toHaveText(/^10 articles kept, [\d.]+ (KB|MB); refreshed just now\.$/, { timeout: 120_000 });
  console.log(`unread queue: ${await status.textContent()}`);
  await shot(page, "settings-offline-reading");

  await context.setOffline(true);
  await page.reload();
  for (const [index, id] of unread.entries()) {
    await page.goto(`/#/article/${id}`);
    await expect(page.getByRole("heading", { level: 1, name: titles[index] })).toBeVisible();
    await expect(page.getByText("Offline — showing the copy saved on this device")).toBeVisible();
    await page.getByRole("tab", { name: "Content" }).click();
    const pictures = page.locator(".viewer-content img");
    await expect(pictures).toHaveCount(PICTURES);
    for (let i = 0; i < PICTURES; i++) {
      const picture = pictures.nth(i);
      await expect(picture).toHaveAttribute("src", /^\/api\/images\//);
      await picture.scrollIntoViewIfNeeded();
      // Decoded from the device's copy: the site and the server are out of reach.
      await expect
        .poll(() => picture.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
        .toBeGreaterThan(0);
    }
    if (index === 0) {
      await expect(page.locator(".viewer-content mark[data-highlight-id]")).toHaveText("Tyres lose pressure slowly");
      await shot(page, "offline-article-with-pictures");
    }
  }

  // A read article was not kept: it says so.
  await page.goto(`/#/article/${readId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Not Available Offline" })).toBeVisible();
  await context.setOffline(false);
});

test("the queue's size is a setting: None lets go of the pictures kept", async ({ page }) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const { email, token } = await createAccount(page);
  const { results } = await saveArticles(page, token, [`${articleUrl(`Kept then let go ${stamp}`)}&images=1`]);
  const id = results[0]?.article.id as number;
  await expect
    .poll(async () => (await articleOf(page, token, id)).processing_status, { timeout: 60_000 })
    .toBe("completed");
  await signInWithToken(page, email);
  await page.goto("/#/settings");
  await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  await page.reload();
  const section = page.getByRole("region", { name: "Offline reading" });
  const status = section.getByRole("status");
  await expect(status).toHaveText(/^1 article kept/, { timeout: 60_000 });
  const pictures = () => page.evaluate(async () => (await (await caches.open("viberead-images")).keys()).length);
  expect(await pictures()).toBe(1);
  await section.getByLabel("Unread articles kept on this device").selectOption("0");
  await expect(status).toHaveText("No articles are kept on this device.");
  await expect.poll(pictures).toBe(0);
});
