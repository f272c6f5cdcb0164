import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { articleUrl, createAccount, FIXTURE_ORIGIN, resendIfLost, saveArticles, signInWithToken } from "./helpers";

const EMPTY_TEXTS = [
  "No statistics available",
  "No daily activity data available",
  "No processing data available",
  "No domains to show yet",
  "No recent activity",
];

const section = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

/** The figure shown under a label in a section's tiles (`<dt>` label, `<dd>` figure). */
const tile = (region: Locator, label: string) =>
  region
    .locator(".stats-tile", {
      has: region
        .page()
        .getByRole("term")
        .filter({ hasText: new RegExp(`^${label}$`) }),
    })
    .getByRole("definition");

async function waitUntilProcessed(page: Page, token: string, ids: number[]) {
  await expect
    .poll(
      async () => {
        const response = await resendIfLost(() =>
          page.request.post("/api/articles/batch/status", {
            data: { article_ids: ids },
            headers: { Authorization: `Bearer ${token}` },
          }),
        );
        const { statuses } = (await response.json()) as { statuses: { status: string }[] };
        return statuses.filter((s) => s.status === "completed" || s.status === "failed").length;
      },
      { timeout: 60_000, intervals: [500] },
    )
    .toBe(ids.length);
}

/** Opens /stats (after signInWithToken, the app's first load, signed in). */
async function openStats(page: Page) {
  await page.goto("/#/stats");
}

async function markRead(page: Page, token: string, id: number) {
  const response = await resendIfLost(() =>
    page.request.post(`/api/articles/${id}/mark-read`, {
      headers: { Authorization: `Bearer ${token}` },
    }),
  );
  expect(response.ok()).toBe(true);
}

test("an empty account shows every empty text, the title and the way back to the dashboard", async ({ page }) => {
  const { email } = await createAccount(page);
  await signInWithToken(page, email);
  await openStats(page);

  await expect(page).toHaveTitle("[DEV] Statistics | VibeRead");
  await expect(page.getByRole("heading", { level: 1, name: "Reading statistics" })).toBeVisible();
  for (const text of EMPTY_TEXTS) await expect(page.getByText(text, { exact: true })).toBeVisible();
  await expect(page.getByRole("progressbar")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Refresh" })).toBeEnabled();

  await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Dashboard" }).click();
  await expect(page).toHaveURL(/#\/dashboard$/);
});

test("shows the figures of processed articles, and Refresh picks up a new read", async ({ page }) => {
  test.setTimeout(120_000);
  const { email, token } = await createAccount(page);
  const titles = ["Stats alpha", "Stats beta", "Stats gamma"];
  const saved = await saveArticles(page, token, [...titles.map(articleUrl), `${FIXTURE_ORIGIN}/status/404`]);
  const ids = saved.results.map((r) => r.article.id);
  await waitUntilProcessed(page, token, ids);
  await markRead(page, token, ids[0]!);

  await signInWithToken(page, email);
  await openStats(page);

  const overview = section(page, "Overview");
  await expect(tile(overview, "Total Articles")).toHaveText("4");
  // The failed article (the 404) is in the total, not among the unread: there is nothing in it to read.
  await expect(tile(overview, "Unread")).toHaveText("2");
  await expect(tile(overview, "Read")).toHaveText("1");
  await expect(tile(overview, "Read this week")).toHaveText("1");

  const progress = page.getByRole("progressbar", { name: "Articles read" });
  await expect(progress).toHaveAttribute("aria-valuenow", "25");
  await expect(section(page, "Progress")).toContainText("25%");
  await expect(section(page, "Progress")).toContainText("1 of 4 articles read");

  const activity = section(page, "Activity");
  await expect(tile(activity, "Saved this month")).toHaveText("4");
  await expect(tile(activity, "Reading streak")).toHaveText("1 day");

  // Daily activity: 30 days drawn as paired bars, today's with today's figures, and the same in a table.
  const daily = section(page, "Daily Activity");
  const legend = daily.getByRole("list");
  await expect(legend.getByRole("listitem")).toHaveText(["Saved", "Read"]);
  const bars = daily.locator(".stats-chart-day");
  await expect(bars).toHaveCount(30);
  await expect(bars.last().locator(".stats-chart-bar-saved")).toHaveAttribute("data-value", "4");
  await expect(bars.last().locator(".stats-chart-bar-read")).toHaveAttribute("data-value", "1");
  expect((await bars.last().locator(".stats-chart-bar-saved").boundingBox())?.height).toBeGreaterThan(50);
  expect((await bars.first().locator(".stats-chart-bar-saved").boundingBox())?.height ?? 0).toBe(0);
  const table = daily.getByRole("table", { name: "Articles saved and read per day, last 30 days" });
  await expect(table.getByRole("row")).toHaveCount(31);
  await expect(table.getByRole("row").last().getByRole("cell")).toHaveText(["4", "1"]);
  await expect(daily).toContainText("Last 30 days: 4 saved, 1 read.");

  // Processing: only the statuses above 0.
  const processing = section(page, "Processing Status");
  await expect(processing.getByRole("listitem")).toHaveCount(2);
  await expect(processing.getByRole("listitem").filter({ hasText: "Ready to Read" })).toContainText("3");
  await expect(processing.getByRole("listitem").filter({ hasText: "Failed" })).toContainText("1");
  await expect(processing.getByText("Processing", { exact: true })).toHaveCount(0);
  await expect(processing.getByText("Pending", { exact: true })).toHaveCount(0);

  const sources = section(page, "Top Sources");
  await expect(sources.getByRole("listitem").first()).toContainText("127.0.0.1");
  await expect(sources.getByRole("listitem").first()).toContainText(/\d+ articles?/);

  const recent = section(page, "Recent Activity");
  for (const title of titles) await expect(recent.getByText(title, { exact: true }).first()).toBeVisible();
  await expect(recent.getByRole("listitem").filter({ has: page.getByText("read", { exact: true }) })).toContainText(
    "Stats alpha",
  );
  await expect(recent.getByRole("listitem").first()).toContainText("127.0.0.1");

  for (const text of EMPTY_TEXTS) await expect(page.getByText(text, { exact: true })).toHaveCount(0);

  // Marked read elsewhere: the cached figures stay until Refresh bypasses the cache.
  await markRead(page, token, ids[1]!);
  await expect(progress).toHaveAttribute("aria-valuenow", "25");
  await page.getByRole("button", { name: "Refresh" }).click();
  await expect(progress).toHaveAttribute("aria-valuenow", "50");
  await expect(tile(overview, "Read")).toHaveText("2");
  await expect(tile(overview, "Unread")).toHaveText("1");
  await expect(bars.last().locator(".stats-chart-bar-read")).toHaveAttribute("data-value", "2");
});

test("a failed load says so with the server's detail, and Try again recovers", async ({ page }) => {
  const { email } = await createAccount(page);
  await signInWithToken(page, email);
  let fail = true;
  await page.route("**/api/articles/stats/overview*", async (route) => {
    if (fail) await route.fulfill({ status: 503, json: { detail: "Statistics are resting" } });
    else await route.continue();
  });
  await openStats(page);

  const alert = page.getByRole("alert");
  await expect(alert).toContainText("Failed to load statistics");
  await expect(alert).toContainText("Statistics are resting");
  fail = false;
  await alert.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("alert")).toHaveCount(0);
  await expect(page.getByText("No statistics available", { exact: true })).toBeVisible();
});

test.describe("at 375 px", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("every section fits the width, without sideways scrolling", async ({ page }) => {
    const { email, token } = await createAccount(page);
    const saved = await saveArticles(page, token, [articleUrl("A narrow screen article with a longer title")]);
    const ids = saved.results.map((r) => r.article.id);
    await waitUntilProcessed(page, token, ids);
    await markRead(page, token, ids[0]!);
    await signInWithToken(page, email);
    await openStats(page);

    await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");
    const names = ["Overview", "Progress", "Activity", "Daily Activity", "Processing Status", "Top Sources"];
    for (const name of [...names, "Recent Activity"]) {
      const box = await section(page, name).boundingBox();
      expect(box, name).not.toBeNull();
      expect(box!.x, name).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, name).toBeLessThanOrEqual(375);
    }
    const dates = section(page, "Daily Activity").locator(".stats-chart-date");
    await expect(dates).toHaveCount(5);
    for (const date of await dates.all()) {
      const box = await date.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    }
    const overflowing = await page.evaluate(() =>
      [...document.querySelectorAll("body *")]
        .filter((el) => !el.closest(".visually-hidden") && el.getBoundingClientRect().right > 375.5)
        .map((el) => `${el.tagName}.${el.className} ${Math.round(el.getBoundingClientRect().right)}`),
    );
    expect(overflowing).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expect(page.getByRole("button", { name: "Refresh" })).toBeInViewport();
  });
});
