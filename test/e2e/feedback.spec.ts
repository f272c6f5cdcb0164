import type { Page, Route } from "@playwright/test";
import { expect, test } from "./fixtures";
import { articleUrl, createAccount, FIXTURE_ORIGIN, saveArticles, signInWithToken } from "./helpers";

/** Issue 19 item 6: feedback that tells the truth (bulk completions, long jobs, deleting, card statuses). */

const tag = () => Math.random().toString(36).slice(2, 8);
const toast = (page: Page, text: string | RegExp) => page.locator(".toast").filter({ hasText: text });
const cards = (page: Page) => page.getByRole("article");

async function openDashboard(page: Page) {
  const { email, token } = await createAccount(page);
  await signInWithToken(page, email);
  await page.goto("/#/dashboard");
  await expect(page.getByRole("heading", { name: "Articles", exact: true })).toBeVisible();
  return { token };
}

async function statusOf(page: Page, token: string, id: number): Promise<string | undefined> {
  const response = await page.request.get(`/api/articles/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  return response.ok() ? (await response.json()).processing_status : undefined;
}

async function waitUntilFinished(page: Page, token: string, ids: number[]) {
  for (const id of ids) {
    await expect.poll(() => statusOf(page, token, id), { timeout: 30_000 }).toMatch(/^(completed|failed)$/);
  }
}

async function listIds(page: Page, token: string): Promise<number[]> {
  const response = await page.request.get("/api/articles/?page=1&per_page=50", {
    headers: { Authorization: `Bearer ${token}` },
  });
  return ((await response.json()).articles as { id: number }[]).map((a) => a.id);
}

test("articles of a bulk save that finish together give one toast, not one each", async ({ page }) => {
  const { token } = await openDashboard(page);
  const titles = [1, 2, 3].map((n) => `Bulk ${n} ${tag()}`);
  await page.getByLabel("Article URLs").fill(titles.map(articleUrl).join("\n"));

  // The page sees them unfinished, then hears nothing until all three are done: they finish "together".
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let holding = false;
  const hold = async (route: Route) => {
    if (holding) await held;
    await route.continue();
  };
  await page.route("**/api/articles/?*", hold);
  await page.route("**/api/articles/batch/status", hold);
  await page.getByRole("button", { name: "Save 3 Articles" }).click();
  await expect(cards(page)).toHaveCount(3);
  await expect(cards(page).filter({ hasText: /Queued\.\.\.|Processing\.\.\./ })).toHaveCount(3);
  holding = true;
  await waitUntilFinished(page, token, await listIds(page, token));
  release();

  await expect(toast(page, "3 articles finished processing")).toBeVisible({ timeout: 15_000 });
  await expect(toast(page, "finished processing!")).toHaveCount(0);
  for (const title of titles) await expect(page.getByRole("article", { name: title, exact: true })).toBeVisible();
});

test("a card shows 'Processing...' while its article is processed", async ({ page }) => {
  await openDashboard(page);
  await page.getByLabel("Article URLs").fill(`${FIXTURE_ORIGIN}/slow?ms=12000&k=${tag()}`);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first().locator(".card-status")).toHaveText("Processing...", { timeout: 12_000 });
});

test("a failed card shows the saved host and path and the reason as text", async ({ page }) => {
  const { token } = await openDashboard(page);
  const marker = tag();
  const url = `${FIXTURE_ORIGIN}/status/404?failing=${marker}`;
  const [saved] = (await saveArticles(page, token, [url])).results;
  await waitUntilFinished(page, token, [saved?.article.id as number]);
  const card = cards(page).first();
  const host = new URL(FIXTURE_ORIGIN).host;
  // The failed status line, not the title link: an untitled article's title is the same host and path.
  await expect(card.getByText(`Failed to process ${host}/status/404`)).toBeVisible();
  await expect(card.getByText("The site answered 404 Not Found")).toBeVisible();
});

test("deleting from a card and from the viewer confirm with the same toast", async ({ page }) => {
  const { email, token } = await createAccount(page);
  const titles = [`Delete card ${tag()}`, `Delete viewer ${tag()}`];
  const { results } = await saveArticles(page, token, titles.map(articleUrl));
  await waitUntilFinished(
    page,
    token,
    results.map((r) => r.article.id),
  );
  await signInWithToken(page, email);
  await page.goto("/#/dashboard");

  const fromCard = page.getByRole("article", { name: titles[0], exact: true });
  await fromCard.hover();
  // Each card's buttons are named with its article ("Delete 'Delete card ...'").
  await fromCard.getByRole("button", { name: `Delete '${titles[0]}'`, exact: true }).click();
  await fromCard.getByRole("button", { name: `Delete '${titles[0]}'`, exact: true }).click();
  await expect(fromCard).toHaveCount(0);
  await expect(toast(page, "Article deleted")).toBeVisible();
  await toast(page, "Article deleted").getByRole("button", { name: "Dismiss notification" }).click();
  await expect(toast(page, "Article deleted")).toHaveCount(0);

  await page.goto(`/#/article/${results[1]?.article.id}`);
  await expect(page.getByRole("heading", { level: 1, name: titles[1] })).toBeVisible();
  await page.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("alertdialog", { name: "Delete article" }).getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(/#\/dashboard$/);
  await expect(toast(page, "Article deleted")).toBeVisible();
});

test("Re-summarize says when it is done, and a re-fetch answered early says so when the run ends", async ({ page }) => {
  // Two long jobs on a machine that may be loaded: room for both, each step waiting on what the page shows.
  test.setTimeout(180_000);
  const { token } = await openDashboard(page);
  const title = `Long jobs ${tag()}`;
  const [saved] = (await saveArticles(page, token, [articleUrl(title)])).results;
  const id = saved?.article.id as number;
  await waitUntilFinished(page, token, [id]);
  await page.goto(`/#/article/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

  // The summary's answer is held until the test has seen the "may take" note: a fast answer would take the note
  // away before a loaded machine gets to look for it.
  let answer: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => {
    answer = resolve;
  });
  await page.route(`**/api/articles/${id}/regenerate-summary`, async (route) => {
    const response = await route.fetch();
    await answered;
    await route.fulfill({ response });
  });
  await page.getByRole("button", { name: "Re-summarize" }).click();
  await expect(toast(page, "This may take 30-120 seconds")).toBeVisible();
  answer();
  await expect(toast(page, "Summary regenerated!")).toBeVisible({ timeout: 60_000 });
  // Done is done: the "may take" note does not linger next to it.
  await expect(toast(page, "This may take 30-120 seconds")).toHaveCount(0);

  // The server stops waiting before the run ends (its answer still says "processing"), and the run goes on
  // until the test has seen the page say so: every read of the article reports "processing" until then. Without
  // this hold the page's next poll may already see the run finished and replace the toast within milliseconds.
  const stillProcessing = (article: object) => ({ ...article, processing_status: "processing", status: "processing" });
  let runGoesOn = true;
  await page.route(`**/api/articles/${id}/refetch-content`, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ status: 200, json: stillProcessing(await response.json()) });
  });
  await page.route(`**/api/articles/${id}`, async (route) => {
    if (!runGoesOn || route.request().method() !== "GET") return route.continue();
    const response = await route.fetch();
    await route.fulfill({ status: 200, json: stillProcessing(await response.json()) });
  });
  await page.getByRole("tab", { name: "Content" }).click();
  await page.getByRole("button", { name: "Re-fetch Content" }).click();
  await expect(toast(page, "This may take 1-5 minutes")).toBeVisible();
  await expect(toast(page, "Content is still being processed")).toBeVisible({ timeout: 60_000 });
  await expect(toast(page, "This may take 1-5 minutes")).toHaveCount(0);
  // The run ends: the page's next poll sees it finished and says so in place of the waiting note.
  runGoesOn = false;
  await expect(toast(page, "Content re-fetched!")).toBeVisible({ timeout: 60_000 });
  await expect(toast(page, "Content is still being processed")).toHaveCount(0);
  await expect(toast(page, "This may take 1-5 minutes")).toHaveCount(0);
});

test("Re-summarize that the model could not do says so, never 'Summary regenerated!'", async ({ page }) => {
  test.setTimeout(120_000);
  const { token } = await openDashboard(page);
  const title = `Model away ${tag()}`;
  const [saved] = (await saveArticles(page, token, [articleUrl(title)])).results;
  const id = saved?.article.id as number;
  await waitUntilFinished(page, token, [id]);
  await page.goto(`/#/article/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

  // The local summariser never fails, so its answer is marked the way the API marks a failed model
  // (docs/api.md: the article as it was, `degraded: true` and a `notice`).
  const notice = "The summary could not be written right now: the language model is unavailable. Try again later.";
  await page.route(`**/api/articles/${id}/regenerate-summary`, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), degraded: true, notice } });
  });
  await page.getByRole("button", { name: "Re-summarize" }).click();
  await expect(toast(page, `Failed to regenerate summary: ${notice}`)).toBeVisible({ timeout: 60_000 });
  await expect(toast(page, "Summary regenerated!")).toHaveCount(0);
});
