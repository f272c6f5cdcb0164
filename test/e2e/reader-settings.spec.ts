import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { articleUrl, createAccount, openSignedIn, saveArticles, signInWithToken } from "./helpers";

const tag = () => Math.random().toString(36).slice(2, 8);

/** The theme drawn on the page, and the page's own background colour (what a reader sees). */
const drawn = (page: Page) =>
  page.evaluate(() => ({
    theme: document.documentElement.dataset.theme,
    background: getComputedStyle(document.documentElement).backgroundColor,
  }));

/** The type of the article's summary text as the browser lays it out. */
const summaryType = (page: Page) =>
  page.locator(".viewer-summary").evaluate((element) => {
    const style = getComputedStyle(element);
    return { font: style.fontFamily, size: style.fontSize, align: style.textAlign };
  });

async function openArticle(page: Page) {
  const title = `Type and theme ${tag()}`;
  const account = await createAccount(page);
  const { results } = await saveArticles(page, account.token, [articleUrl(title)]);
  const id = results[0]?.article.id as number;
  await openSignedIn(page, account.email, `/#/article/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.locator(".viewer-summary")).toBeVisible();
  return { ...account, id, title };
}

test("the 'Aa' panel applies type and theme at once, and they hold after a reload and on a second device", async ({
  page,
  browser,
}) => {
  const { email, id } = await openArticle(page);
  expect((await drawn(page)).theme).toBe("light");

  await page.getByRole("button", { name: "Reader settings" }).click();
  const panel = page.getByRole("dialog", { name: "Reader settings" });
  await panel.getByRole("radio", { name: "Dark" }).check();
  await expect.poll(async () => (await drawn(page)).theme).toBe("dark");
  expect((await drawn(page)).background).toBe("rgb(17, 19, 24)");

  await panel.getByRole("radio", { name: "Serif" }).check();
  await panel.getByRole("slider", { name: "Text size" }).fill("5");
  await panel.getByRole("radio", { name: "Justified" }).check();
  await expect
    .poll(() => summaryType(page))
    .toEqual({
      font: expect.stringMatching(/^"Literata Variable"/),
      size: "24px",
      align: "justify",
    });

  // Escape closes the panel and gives the keyboard back to the button.
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(page.getByRole("button", { name: "Reader settings" })).toBeFocused();

  await page.reload();
  await expect(page.locator(".viewer-summary")).toBeVisible();
  expect((await drawn(page)).theme).toBe("dark");
  expect(await summaryType(page)).toMatchObject({ size: "24px", align: "justify" });

  // Another device: the settings came from the server, not from this browser's storage.
  const other = await browser.newContext({ serviceWorkers: "block" });
  const second = await other.newPage();
  await openSignedIn(second, email, `/#/article/${id}`);
  await expect(second.locator(".viewer-summary")).toBeVisible();
  await expect.poll(async () => (await drawn(second)).theme).toBe("dark");
  await expect.poll(() => summaryType(second)).toMatchObject({ size: "24px", align: "justify" });
  await other.close();
});

test("a change made offline applies at once and reaches the account when the device is back online", async ({
  page,
  context,
  browser,
}) => {
  const { email } = await openArticle(page);
  await context.setOffline(true);
  await page.getByRole("button", { name: "Reader settings" }).click();
  await page.getByRole("dialog", { name: "Reader settings" }).getByRole("radio", { name: "Sepia" }).check();
  await expect.poll(async () => (await drawn(page)).theme).toBe("sepia");

  const saved = page.waitForResponse(
    (response) => response.url().endsWith("/api/reader-settings") && response.request().method() === "PUT",
  );
  await context.setOffline(false);
  expect((await saved).status()).toBe(200);

  const other = await browser.newContext({ serviceWorkers: "block" });
  const second = await other.newPage();
  await openSignedIn(second, email, "/#/dashboard");
  await expect.poll(async () => (await drawn(second)).theme).toBe("sepia");
  await other.close();
});

test("the theme follows the device's dark mode until the reader picks one, on every screen", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/#/login");
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  expect((await drawn(page)).theme).toBe("dark");

  const { email } = await createAccount(page);
  await signInWithToken(page, email);
  await page.goto("/#/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  const reading = page.getByRole("region", { name: "Reading and theme" });
  await expect(reading.getByRole("radio", { name: "System" })).toBeChecked();
  expect((await drawn(page)).theme).toBe("dark");

  await page.emulateMedia({ colorScheme: "light" });
  await expect.poll(async () => (await drawn(page)).theme).toBe("light");

  await reading.getByRole("radio", { name: "Sepia" }).check();
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/#/dashboard");
  await expect(page.getByRole("heading", { name: "Articles", exact: true })).toBeVisible();
  expect((await drawn(page)).theme).toBe("sepia");
});
