import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createAccount, FIXTURE_ORIGIN, PASSWORD, saveArticles, signIn, signInWithToken } from "./helpers";

/** A distinct word per test run, so URLs never meet another test's articles. */
const tag = () => Math.random().toString(36).slice(2, 8);

// Saving and processing a page of articles can take minutes on a loaded CI machine.
test.describe.configure({ timeout: 240_000 });

/** How many of the account's articles are not yet completed or failed. */
async function unfinishedCount(page: Page, token: string): Promise<number> {
  const response = await page.request.get("/api/articles/?page=1&per_page=50", {
    headers: { Authorization: `Bearer ${token}` },
  });
  if (!response.ok()) return -1;
  const { articles } = (await response.json()) as { articles: { processing_status: string }[] };
  return articles.filter((a) => !["completed", "failed"].includes(a.processing_status)).length;
}

/** A fresh account with `count` articles (fast-failing URLs: no processing to wait for), on the dashboard. */
async function openDashboardWith(page: Page, count: number) {
  const { email, token } = await createAccount(page);
  const run = tag();
  const urls = Array.from({ length: count }, (_, i) => `${FIXTURE_ORIGIN}/status/404?nav=${run}-${i}`);
  const saved = await saveArticles(page, token, urls);
  // Even failing fast, two dozen articles take a while on a loaded machine: open the dashboard once they are all
  // done, so its cards no longer change (status, height) under the test.
  await expect
    .poll(() => unfinishedCount(page, token), { timeout: 120_000, message: "every saved article has finished" })
    .toBe(0);
  await signInWithToken(page, email);
  await page.goto("/#/dashboard");
  await expect(page.getByRole("heading", { name: "Articles", exact: true })).toBeVisible();
  return { email, ids: saved.results.map((r) => r.article.id) };
}

const pagination = (page: Page) => page.getByRole("navigation", { name: "Pagination" });
const cards = (page: Page) => page.getByRole("article");

test("the 'Show' selector stays when everything fits on one page, so a smaller page size can be chosen again", async ({
  page,
}) => {
  await openDashboardWith(page, 26);
  const nav = pagination(page);
  await expect(nav.getByText("Showing 1 - 20 of 26 articles")).toBeVisible();

  await page.getByLabel("Show").selectOption("50");
  await expect(cards(page)).toHaveCount(26);
  await expect(nav.getByText("Showing 1 - 26 of 26 articles")).toBeVisible();
  // One page: no page buttons, but the way back to a smaller size is still there.
  await expect(nav.getByRole("button", { name: /^Page \d+$/ })).toHaveCount(0);
  await page.getByLabel("Show").selectOption("10");
  await expect(cards(page)).toHaveCount(10);
  await expect(nav.getByText("Showing 1 - 10 of 26 articles")).toBeVisible();
  await expect(nav.getByRole("button", { name: "Page 3" })).toBeVisible();
});

test("Back from an article returns to the same dashboard page and scroll position", async ({ page }) => {
  // A short window, so the ten cards of a page scroll.
  await page.setViewportSize({ width: 1000, height: 500 });
  await openDashboardWith(page, 25);
  const nav = pagination(page);
  await page.getByLabel("Show").selectOption("10");
  await nav.getByRole("button", { name: "Page 2" }).click();
  await expect(nav.getByText("Showing 11 - 20 of 25 articles")).toBeVisible();
  await expect(page).toHaveURL(/#\/dashboard\?page=2&per_page=10$/);
  // Until page 2 arrives, page 1's cards stay on screen, and the list says it is busy (busy run P: the test took
  // page 1's last card, which was replaced while it scrolled to it).
  await expect(page.locator("section.library")).toHaveAttribute("aria-busy", "false");
  // Cards change height when processing ends: measure only once the page shows every card finished.
  // (A failed card reads "Failed to process <host/path>", so match the cards that say it, not the exact text.)
  await expect(cards(page).filter({ hasText: "Failed to process" })).toHaveCount(10, { timeout: 30_000 });

  const last = cards(page).last();
  await last.scrollIntoViewIfNeeded();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  const offset = await page.evaluate(() => window.scrollY);
  const href = await last.getByRole("link").getAttribute("href");
  await last.getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole("button", { name: "Back" })).toBeVisible();

  await page.getByRole("button", { name: "Back" }).click();
  await expect(nav.getByText("Showing 11 - 20 of 25 articles")).toBeVisible();
  await expect(page.getByLabel("Show")).toHaveValue("10");
  await expect(nav.getByRole("button", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(offset - 5);
  expect(await page.evaluate(() => window.scrollY)).toBeLessThan(offset + 5);
});

test("a dashboard URL with a page opens that page, and a malformed one the first", async ({ page }) => {
  await openDashboardWith(page, 12);
  await page.goto("/#/dashboard?page=2&per_page=10");
  await page.reload();
  await expect(pagination(page).getByText("Showing 11 - 12 of 12 articles")).toBeVisible();
  // An address edited in place (no reload) is followed too; nonsense in it means the first page.
  await page.goto("/#/dashboard?page=x&per_page=7");
  await expect(pagination(page).getByText("Showing 1 - 12 of 12 articles")).toBeVisible();
});

test("a return target survives signing out: a later visit to /#/topics comes back there after signing in", async ({
  page,
}) => {
  const { email } = await createAccount(page);
  await page.goto("/#/login");
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/#\/dashboard$/);

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/#\/login$/);

  // Same tab, same page load: only the hash changes.
  await page.goto("/#/topics");
  await expect(page).toHaveURL(/#\/login\?return=%2Ftopics$/);
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/#\/topics$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});
