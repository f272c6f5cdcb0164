import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import {
  articleUrl,
  createAccount,
  FIXTURE_ORIGIN,
  resendIfLost,
  saveArticles,
  shot,
  signInWithToken,
} from "./helpers";

const tag = () => Math.random().toString(36).slice(2, 8);

/** A fresh account with `urls` saved, signed in, with the app opened on `start`. */
async function userWith(page: Page, urls: string[], start = "/#/dashboard") {
  const { email, token } = await createAccount(page);
  const { results } = urls.length > 0 ? await saveArticles(page, token, urls) : { results: [] };
  await signInWithToken(page, email);
  await page.goto(start);
  return { token, ids: results.map((r) => r.article.id) };
}

/** Processing is real (fetch, extract, summarise): wait until the article has finished, either way. */
async function waitUntilFinished(page: Page, token: string, id: number) {
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/api/articles/${id}`, {
          headers: { Authorization: `Bearer ${token}` },
        });
        return (await response.json()).processing_status;
      },
      { timeout: 30_000 },
    )
    .toMatch(/^(completed|failed)$/);
}

/** The heading the keyboard focus is on, as "h1: text" (or what else holds the focus). */
const focusedHeading = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    return active ? `${active.localName}: ${active.textContent?.trim()}` : "none";
  });

test("card previews show the summary as plain text, without markdown debris", async ({ page }) => {
  const title = `Preview debris ${tag()}`;
  // Short sentences, so the bullets of the summary fall within the card's 150 characters.
  const body = [
    "Honey bees dance to show the way. Worker bees follow that dance closely.",
    "The hive hums all day in the summer. Guard bees watch the narrow door.",
    "Bees turn nectar into honey slowly. Honey feeds the hive in the winter.",
    "In spring the colony grows again. New queens leave with half the hive.",
  ].join("\n\n");
  const url = `${articleUrl(title)}&body=${encodeURIComponent(body)}`;
  const { token, ids } = await userWith(page, [url]);
  await waitUntilFinished(page, token, ids[0] as number);
  await page.reload();
  const summary = page.getByRole("article", { name: title }).locator(".card-summary");
  await expect(summary).toHaveText(/\w/);
  // The local summariser writes a bold gist and "- " bullets: none of that markup may reach the card.
  await expect(summary).not.toHaveText(/ - |\*\*|^- |#|\]\(/);
});

test("Recent Activity items on /stats link to their articles", async ({ page }) => {
  const { ids } = await userWith(page, [`${FIXTURE_ORIGIN}/status/404?recent=${tag()}`], "/#/stats");
  const id = ids[0] as number;
  const recent = page.getByRole("region", { name: "Recent Activity" });
  // Without a title yet, the article is named by its address, as its card is.
  const link = recent.getByRole("link", { name: `${new URL(FIXTURE_ORIGIN).host}/status/404` });
  await expect(link).toHaveAttribute("href", `#/article/${id}`);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`#/article/${id}$`));
});

test("at 375 px the signed-in header is under 120 px tall", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await userWith(page, []);
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  const header = await page.locator(".app-header").boundingBox();
  expect(header?.height).toBeLessThan(120);
  await expect(page.locator(".welcome")).toContainText("Welcome,");
});

test("at 375 px no viewer meta line starts with a separator", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  // An Arabic article, marked read: host, Read and language badges, date and reading time on one meta line.
  const { token, ids } = await userWith(page, [`${FIXTURE_ORIGIN}/rtl?meta=${tag()}`]);
  const id = ids[0] as number;
  await waitUntilFinished(page, token, id);
  const read = await resendIfLost(() =>
    page.request.post(`/api/articles/${id}/mark-read`, {
      headers: { Authorization: `Bearer ${token}` },
    }),
  );
  expect(read.ok()).toBe(true);
  await page.goto(`/#/article/${id}`);
  await expect(page.locator(".viewer-meta")).toContainText("Read");

  // The text each visual line of the meta starts with (a ::before dot counts as text).
  const lineStarts = await page.locator(".viewer-meta").evaluate((meta) => {
    const starts: string[] = [];
    let previous: DOMRect | null = null;
    for (const item of Array.from(meta.children)) {
      const box = item.getBoundingClientRect();
      if (!previous || box.top >= previous.bottom - 2) {
        const before = getComputedStyle(item, "::before").content;
        const dot = before && before !== "none" && before !== "normal" ? before.replace(/^"|"$/g, "") : "";
        starts.push(`${dot}${item.textContent ?? ""}`.trim());
      }
      previous = box;
    }
    return starts;
  });
  expect(lineStarts.length).toBeGreaterThan(1);
  for (const start of lineStarts) expect(start).not.toMatch(/^[·•|-]/);
});

test("after a route change and after 'Done reading', focus is on the new page's heading", async ({ page }) => {
  const title = `Focus ${tag()}`;
  const { token, ids } = await userWith(page, [articleUrl(title)]);
  const id = ids[0] as number;
  await waitUntilFinished(page, token, id);
  await page.reload();

  await page.getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeFocused();

  await page.getByRole("button", { name: "Done reading" }).click();
  await expect(page).toHaveURL(/#\/dashboard$/);
  await expect.poll(() => focusedHeading(page)).toBe("h1: Your library");

  await page.getByRole("link", { name: /^Weekly Reads/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Reading statistics" })).toBeFocused();
});

test("the client's second pass strips what a tampered response smuggles into article HTML", async ({ page }) => {
  const { ids } = await userWith(page, [`${FIXTURE_ORIGIN}/status/404?tampered=${tag()}`], "/#/terms");
  const id = ids[0] as number;
  const evil = [
    "<h1>Heading</h1>",
    '<p onclick="window.__pwned=1">Para <a href="javascript:window.__pwned=2">js link</a>',
    ' <a href="https://example.com/ok" style="color:red">ok link</a></p>',
    '<img src="x" onerror="window.__pwned=3"><img src="https://example.com/i.png" alt="fine" width="9e9" height="40">',
    "<script>window.__pwned=4</script><svg><script>window.__pwned=5</script></svg>",
    '<math><mtext><table><mglyph><style><img src=x onerror="window.__pwned=6"></style></mglyph></table></mtext></math>',
    '<form><button formaction="javascript:alert(1)">press</button></form><table><tr><td colspan="2">cell</td></tr></table>',
  ].join("");
  await page.route(`**/api/articles/${id}`, async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    await route.fulfill({ response, json: { ...body, content: evil } });
  });
  await page.goto(`/#/article/${id}`);
  await page.getByRole("tab", { name: "Content" }).click();
  const content = page.locator(".viewer-content");
  await expect(content.getByRole("heading", { level: 2, name: "Heading" })).toBeVisible();
  await expect(content.getByRole("link", { name: "ok link" })).toHaveAttribute("target", "_blank");
  await expect(content.getByRole("link", { name: "ok link" })).toHaveAttribute("rel", "noopener noreferrer nofollow");
  await expect(content.getByText("js link")).toBeVisible();
  await expect(content.getByRole("link", { name: "js link" })).toHaveCount(0);
  await expect(content.getByRole("cell", { name: "cell" })).toHaveAttribute("colspan", "2");
  const html = await content.innerHTML();
  for (const banned of [
    "<script",
    "onerror",
    "onclick",
    "javascript:",
    "<svg",
    "<math",
    "<form",
    "<button",
    "style=",
  ]) {
    expect(html).not.toContain(banned);
  }
  await expect(content.locator("img")).toHaveCount(1);
  await expect(content.locator("img")).toHaveAttribute("loading", "lazy");
  await expect(content.locator("img")).not.toHaveAttribute("width", /./);
  await expect(content.locator("img")).toHaveAttribute("height", "40");
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned ?? 0)).toBe(0);
});

test("a failed card offers Retry, which re-fetches the article and shows it running", async ({ page }) => {
  const { token, ids } = await userWith(page, [`${FIXTURE_ORIGIN}/status/404?retry=${tag()}`]);
  const id = ids[0] as number;
  await waitUntilFinished(page, token, id);
  await page.reload();
  const failed = page.getByRole("article").filter({ hasText: "Failed to process" });
  const retry = failed.getByRole("button", { name: "Retry" });
  await expect(retry).toBeVisible();

  // The re-fetch is held until its progress has been seen on the card.
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let refetched = 0;
  await page.route(`**/api/articles/${id}/refetch-content`, async (route) => {
    refetched++;
    await released;
    await route.fallback();
  });
  await shot(page, "retry-card");
  await retry.click();
  await expect(failed.getByRole("button", { name: "Retrying..." })).toBeDisabled();
  expect(refetched).toBe(1);
  await shot(page, "retry-card-running");
  release();
  // The page still answers 404: the run ends failed again, and says so.
  await expect(page.getByText(/^Failed to refetch content/)).toBeVisible();
  await expect(failed.getByRole("button", { name: "Retry" })).toBeEnabled();
});

test("a normal visit logs no console errors or warnings: an unrated article's rating loads, the manifest is clean", async ({
  page,
}) => {
  const problems: string[] = [];
  page.on("console", (message) => {
    // Playwright's own note that it blocks the service worker (playwright.config.ts) is not the app's.
    if (message.text().includes("blocked by Playwright")) return;
    if (["error", "warning"].includes(message.type())) problems.push(`${message.type()}: ${message.text()}`);
  });
  const title = `Quiet console ${tag()}`;
  const { token, ids } = await userWith(page, [articleUrl(title)]);
  const id = ids[0] as number;
  await waitUntilFinished(page, token, id);
  await page.reload();
  const loaded = page.waitForResponse((r) => r.url().endsWith(`/api/articles/${id}/feedback`));
  await page.getByRole("link", { name: title }).click();
  const rating = page.getByRole("group", { name: "Rate this article" });
  await expect(rating.getByRole("button", { name: "Good" })).toHaveAttribute("aria-pressed", "false");
  expect((await loaded).status()).toBe(200);
  // What Chromium finds wrong in the web manifest it also logs as a console warning on every page.
  const cdp = await page.context().newCDPSession(page);
  const manifest = await cdp.send("Page.getAppManifest");
  expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
  expect(manifest.errors).toEqual([]);
  await page.goto("/#/dashboard");
  await expect(page.getByRole("link", { name: title })).toBeVisible();
  expect(problems).toEqual([]);
});

test("an article without a title is named by its URL's host and path, on its card and in the viewer", async ({
  page,
}) => {
  // Issue 31 item 8: queued cards all read "Untitled Article". These two never get a title (the site answers an
  // error), so they keep the name while queued, processing and after; neither holds the queue for long.
  const gone = `${FIXTURE_ORIGIN}/status/410?named=${tag()}`;
  const missing = `${FIXTURE_ORIGIN}/status/404?named=${tag()}`;
  const { ids } = await userWith(page, [gone, missing]);
  const host = new URL(FIXTURE_ORIGIN).host;
  const cardOf = (id: number | undefined) =>
    page.getByRole("article").filter({ has: page.locator(`a[href="#/article/${id}"]`) });
  await expect(cardOf(ids[0]).getByRole("heading", { name: `${host}/status/410`, exact: true })).toBeVisible();
  await expect(cardOf(ids[1]).getByRole("heading", { name: `${host}/status/404`, exact: true })).toBeVisible();
  await expect(page.getByText("Untitled Article")).toHaveCount(0);

  await cardOf(ids[0])
    .getByRole("link", { name: `${host}/status/410` })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: `${host}/status/410`, exact: true })).toBeVisible();
  await expect(page).toHaveTitle(`[DEV] ${host}/status/410 | VibeRead`);
});

test("the header links to Topics and Stats, and marks the screen shown", async ({ page }) => {
  await userWith(page, []);
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("link", { name: "Topics", exact: true }).click();
  await expect(page).toHaveURL(/#\/topics$/);
  await expect(nav.getByRole("link", { name: "Topics", exact: true })).toHaveAttribute("aria-current", "page");
  await nav.getByRole("link", { name: "Stats", exact: true }).click();
  await expect(page).toHaveURL(/#\/stats$/);
  await expect(nav.getByRole("link", { name: "Stats", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "Settings", exact: true })).toHaveAttribute("href", "#/settings");
});

test("at 375 px the viewer's Read and language badges are whole beside a long site name", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const site = "The Extraordinarily Long Name Of A Daily Newspaper";
  const url = `${articleUrl(`Badges ${tag()}`)}&lang=de&site=${encodeURIComponent(site)}&body=${encodeURIComponent(
    "Das ist ein deutscher Artikel über das Lesen, die Bibliothek und die Zeit, die man dafür braucht.",
  )}`;
  const { token, ids } = await userWith(page, [url]);
  const id = ids[0] as number;
  await waitUntilFinished(page, token, id);
  const read = await resendIfLost(() =>
    page.request.post(`/api/articles/${id}/mark-read`, { headers: { Authorization: `Bearer ${token}` } }),
  );
  expect(read.ok()).toBe(true);
  // From the dashboard, as a reader gets there: its styles (a .badge that cuts with an ellipsis) are loaded too.
  await page.reload();
  await page.locator(`a[href="#/article/${id}"]`).first().click();
  await expect(page.locator(".viewer-meta")).toContainText(site);
  const badges = page.locator(".viewer-meta .badge");
  await expect(badges.filter({ hasText: "Read" })).toBeVisible();
  const cut = await badges.evaluateAll((all) =>
    all.filter((badge) => badge.scrollWidth > badge.clientWidth + 1).map((badge) => badge.textContent),
  );
  expect(cut).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test("at 375 px the article list starts above the fold, and the Topics panel is still there below it", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const { ids } = await userWith(page, [articleUrl(`Above the fold ${tag()}`)]);
  const card = page.getByRole("article").filter({ has: page.locator(`a[href="#/article/${ids[0]}"]`) });
  await expect(card).toBeVisible();
  const top = (await card.boundingBox())?.y ?? Number.POSITIVE_INFINITY;
  expect(top).toBeLessThan(812 - 100);
  await expect(page.getByRole("textbox", { name: "Search with AI" })).toBeInViewport();
  await expect(page.getByRole("heading", { name: "Topics", exact: true })).toBeAttached();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test("a server whose health says degraded shows why on the signed-in screens", async ({ page }) => {
  // Issue 31 item 6: a local app serving a production bundle (no word vectors) answers this way; building one to
  // serve here would take minutes, so the real answer is amended (the worker test covers the answer itself).
  const detail =
    "Search by meaning, related articles and topics are off: This build has no word vectors for the local embedder.";
  await page.route("**/api/health", async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), status: "degraded", detail } });
  });
  await userWith(page, []);
  await expect(page.getByRole("alert").filter({ hasText: detail })).toBeVisible();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Stats" }).click();
  await expect(page.getByRole("alert").filter({ hasText: detail })).toBeVisible();
});

test("degraded topics show the server's notice and promise no topics in a minute", async ({ page }) => {
  // Issue 35 item 7: the topics answer of a server without an embedder (the worker test covers the answer itself).
  const notice =
    "Search by meaning, related articles and topics are off: This build has no word vectors for the local embedder.";
  await page.route("**/api/topics/?*", async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), degraded: true, notice } });
  });
  await userWith(page, []);
  // The dashboard's panel says why instead of "Topics appear here once articles are processed".
  await expect(page.getByRole("status").filter({ hasText: notice })).toBeVisible();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Topics" }).click();
  await expect(page.getByRole("heading", { name: "No topics found" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: notice })).toBeVisible();
  await expect(page.getByText(/about a minute/)).toHaveCount(0);
  await expect(page.getByText("They cannot be made until the problem above is fixed.")).toBeVisible();
});
