import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { articleUrl, createAccount, FIXTURE_ORIGIN, PASSWORD, saveArticles, shot, signInWithToken } from "./helpers";

// What testers met in the web app (issue 50, item 6): a link without a scheme, card buttons named with their
// article, one toast for a bulk save, failed articles not counted as unread, the stats' Recent Activity naming
// its articles, and changing the password.

const tag = () => Math.random().toString(36).slice(2, 8);
const toasts = (page: Page, text: string | RegExp) => page.locator(".toast").filter({ hasText: text });

async function articlesOf(page: Page, token: string) {
  const response = await page.request.get("/api/articles/?per_page=50", {
    headers: { Authorization: `Bearer ${token}` },
  });
  return (await response.json()).articles as {
    id: number;
    url: string;
    title: string | null;
    processing_status: string;
  }[];
}

/** Processing is real (fetch, extract, summarise): wait until every article has finished, either way. */
async function waitUntilAllFinished(page: Page, token: string, count: number) {
  await expect
    .poll(
      async () => (await articlesOf(page, token)).filter((a) => /completed|failed/.test(a.processing_status)).length,
      {
        timeout: 60_000,
      },
    )
    .toBe(count);
}

test("a link typed without a scheme is saved as https://", async ({ page }) => {
  const { email, token } = await createAccount(page);
  await signInWithToken(page, email);
  await page.goto("/#/dashboard");
  const path = `example.com/article-${tag()}`;
  await page.getByLabel("Article URLs").fill(path);
  await expect(page.getByText("Found 1 URL • Enter to save")).toBeVisible();
  await page.getByLabel("Article URLs").press("Enter");
  await expect(toasts(page, "Article saved! Processing in background...")).toBeVisible();
  expect((await articlesOf(page, token)).map((a) => a.url)).toEqual([`https://${path}`]);
});

test("each card's buttons name their article for screen readers", async ({ page }) => {
  const { email, token } = await createAccount(page);
  const title = `Ein Albtraum ${tag()}`;
  await saveArticles(page, token, [articleUrl(title)]);
  await signInWithToken(page, email);
  await page.goto("/#/dashboard");
  const card = page.getByRole("article", { name: title });
  await expect(card.getByRole("button", { name: `Mark as read '${title}'`, exact: true })).toBeVisible();
  await card.getByRole("button", { name: `Delete '${title}'`, exact: true }).click();
  await expect(card.getByRole("button", { name: `Cancel deleting '${title}'`, exact: true })).toBeFocused();
  await expect(card.getByRole("button", { name: `Delete '${title}'`, exact: true })).toBeVisible();
});

test("a bulk save of three articles gives one toast when all three have finished", async ({ page }) => {
  const { email, token } = await createAccount(page);
  await signInWithToken(page, email);
  await page.goto("/#/dashboard");
  // Three pages that answer at different times, so they finish in different rounds of the list's loop.
  const urls = [1000, 4000, 7000].map((ms) => `${FIXTURE_ORIGIN}/slow?ms=${ms}&bulk=${tag()}`);
  const box = page.getByLabel("Article URLs");
  await box.click();
  await box.fill(urls.join("\n"));
  await box.press("Control+Enter");
  await expect(page.getByRole("status").filter({ hasText: "Bulk Operation Results" })).toBeVisible();
  await waitUntilAllFinished(page, token, 3);
  await expect(toasts(page, "3 articles finished processing")).toHaveCount(1);
  await shot(page, "bulk-save-one-toast");
  await expect(toasts(page, /finished processing/)).toHaveCount(1);
});

test("a failed article counts in the total but not as unread: stat cards, tab title, stats page", async ({ page }) => {
  const { email, token } = await createAccount(page);
  const title = `Readable ${tag()}`;
  const failing = `${FIXTURE_ORIGIN}/status/404?unread=${tag()}`;
  await saveArticles(page, token, [articleUrl(title), failing]);
  await waitUntilAllFinished(page, token, 2);
  await signInWithToken(page, email);
  await page.goto("/#/dashboard");
  const counters = page.getByRole("navigation", { name: "Reading statistics" });
  await expect(counters.getByRole("link", { name: /^Total Articles/ })).toHaveText(/Total Articles\s*2/);
  await expect(counters.getByRole("link", { name: /^Unread/ })).toHaveText(/Unread\s*1/);
  await expect(page).toHaveTitle(/VibeRead \(1\)$/);

  // Recent Activity names the failed article by its address, not "Untitled Article".
  await page.goto("/#/stats");
  const recent = page.getByRole("region", { name: "Recent Activity" });
  const failedName = `${new URL(FIXTURE_ORIGIN).host}/status/404`;
  await expect(recent.getByRole("link", { name: failedName })).toBeVisible();
  await expect(recent.getByRole("link", { name: title })).toBeVisible();
  await expect(recent.getByText("Untitled Article")).toHaveCount(0);
  await shot(page, "stats-failed-not-unread");
});

test("changing the password needs the current one and ends every other session; this one carries on", async ({
  page,
  browser,
}) => {
  const { email } = await createAccount(page);
  // Another device, signed in before the change.
  const other = await browser.newPage();
  await signInWithToken(other, email);
  await other.goto("/#/dashboard");
  await expect(other.getByRole("button", { name: "Sign out" })).toBeVisible();

  await signInWithToken(page, email);
  await page.goto("/#/settings");
  const section = page.getByRole("region", { name: "Password" });
  await section.getByLabel("Current password").fill("not the password");
  await section.getByLabel("New password", { exact: true }).fill("a new long password");
  await section.getByLabel("Confirm new password").fill("a new long passwort");
  await section.getByRole("button", { name: "Change password" }).click();
  await expect(section.getByText("Passwords do not match")).toBeVisible();
  await section.getByLabel("Confirm new password").fill("a new long password");
  await section.getByRole("button", { name: "Change password" }).click();
  await expect(section.getByRole("alert")).toHaveText("The current password is not correct. Nothing was changed.");

  await section.getByLabel("Current password").fill(PASSWORD);
  await section.getByRole("button", { name: "Change password" }).click();
  await expect(toasts(page, "Password changed. Every other session was signed out.")).toBeVisible();
  await shot(page, "settings-password-changed");

  // This device carries on with its new session.
  await page.goto("/#/dashboard");
  await page.reload();
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  // The other device is signed out at its next call to the server.
  await other.reload();
  await expect(other).toHaveURL(/#\/login/);
  await other.getByLabel("Email").fill(email);
  await other.getByLabel("Password").fill(PASSWORD);
  await other.getByRole("button", { name: "Sign in" }).click();
  await expect(other.getByRole("alert")).toContainText("Incorrect email or password");
  await other.getByLabel("Password").fill("a new long password");
  await other.getByRole("button", { name: "Sign in" }).click();
  await expect(other.getByRole("button", { name: "Sign out" })).toBeVisible();
  await other.close();
});
