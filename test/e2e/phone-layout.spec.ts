import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { articleUrl, createAccount, FIXTURE_ORIGIN, openSignedIn, saveArticles, shot } from "./helpers";

/**
 * Issue 50 item 3: on a phone the article shows. At 320, 375 and 414 px upright and on its side, the title and the
 * first line of the text are on the first screen, the actions are one row, the note, tags and highlights are one tap
 * away, and toasts never cover the text or the "Continue where you left off" bar.
 */
const SCREENS = [
  { width: 320, height: 568 },
  { width: 375, height: 812 },
  { width: 414, height: 896 },
  { width: 812, height: 375 },
];

const tag = () => Math.random().toString(36).slice(2, 8);

async function processedArticle(page: Page, url: string) {
  const account = await createAccount(page);
  const { results } = await saveArticles(page, account.token, [url]);
  const id = results[0]?.article.id as number;
  const auth = { headers: { Authorization: `Bearer ${account.token}` } };
  await expect
    .poll(async () => (await (await page.request.get(`/api/articles/${id}`, auth)).json()).processing_status)
    .toBe("completed");
  return { ...account, id, auth };
}

/** Where the first line of the summary's text starts, from the top of the window. */
const firstLineY = (page: Page) =>
  page.locator(".viewer-summary").evaluate((summary) => summary.firstElementChild?.getBoundingClientRect().top ?? -1);

const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  if (!found) throw new Error("not on screen");
  return found;
};
const overlaps = (a: { y: number; height: number }, b: { y: number; height: number }) =>
  a.y < b.y + b.height && b.y < a.y + a.height;

test("title and the first lines of the text on the first screen, at 320, 375 and 414 px and on its side", async ({
  page,
}) => {
  const title = `Why gardeners read in the evening and water in the morning ${tag()}`;
  const { email, id } = await processedArticle(page, articleUrl(title));
  for (const screen of SCREENS) {
    await page.setViewportSize(screen);
    await openSignedIn(page, email, `/#/article/${id}`);
    const heading = page.getByRole("heading", { level: 1, name: title });
    await expect(heading).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    const y = await firstLineY(page);
    console.log(`${screen.width} x ${screen.height}: first text line at y = ${Math.round(y)}`);
    // The first line starts on the first screen with room for it (a line is under 40 px at the default size).
    expect(y).toBeGreaterThan(0);
    expect(y).toBeLessThan(screen.height - 40);
    expect((await box(heading)).y).toBeGreaterThanOrEqual(0);

    // One row of actions; nothing wider than the window.
    const toolbar = await box(page.locator(".viewer-toolbar"));
    expect(toolbar.height).toBeLessThan(64);
    for (const name of ["Back", "Reader settings", "Mark as read", "Delete"]) {
      const button = await box(page.getByRole("button", { name, exact: true }));
      expect(button.y).toBeLessThan(toolbar.y + toolbar.height);
      expect(button.x + button.width).toBeLessThanOrEqual(screen.width);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    // No card inside a card: the viewer is the page.
    expect(await page.locator(".viewer").evaluate((v) => getComputedStyle(v).borderTopWidth)).toBe("0px");
    await shot(page, `phone-viewer-${screen.width}x${screen.height}`);
  }
});

test("on a phone the note, tags and highlights are one tap away", async ({ page }) => {
  const { email, id } = await processedArticle(page, articleUrl(`Folded extras ${tag()}`));
  await page.setViewportSize({ width: 375, height: 812 });
  await openSignedIn(page, email, `/#/article/${id}`);
  const note = page.getByRole("textbox", { name: /note/i });
  await expect(note).toBeHidden();
  await page.getByText("Note and tags").click();
  await expect(note).toBeVisible();
  await expect(page.getByRole("textbox", { name: /tag/i })).toBeVisible();
  await page.getByRole("button", { name: /^Highlights/ }).click();
  await expect(page.getByText("No highlights yet.")).toBeVisible();
});

test("toasts do not follow the reader into the viewer and never cover the text or the 'Continue' bar", async ({
  page,
}) => {
  const long = `${FIXTURE_ORIGIN}/article?title=${encodeURIComponent(`Long phone read ${tag()}`)}&repeat=60&numbered=1`;
  const { email, id, auth } = await processedArticle(page, long);
  const other = (
    await saveArticles(page, (auth.headers.Authorization as string).slice(7), [articleUrl(`Other ${tag()}`)])
  ).results[0]?.article.id as number;
  await page.setViewportSize({ width: 375, height: 812 });
  // Another device left the reader halfway through: the viewer will say so at the bottom.
  const progress = await page.request.put(`/api/articles/${id}/progress`, {
    ...auth,
    data: { position: 4_000, progress: 0.5 },
  });
  expect(progress.ok()).toBe(true);

  // A toast of the dashboard stays there.
  await openSignedIn(page, email, "/#/dashboard");
  const card = page.getByRole("article").filter({ has: page.locator(`a[href="#/article/${other}"]`) });
  await card.getByRole("button", { name: "Mark as read" }).click();
  const marked = page.getByRole("status").filter({ hasText: "Article marked as read!" });
  await expect(marked).toBeVisible();
  await page.goto(`/#/article/${id}`);
  const continueBar = page.getByRole("status").filter({ hasText: "Continue where you left off" });
  await expect(continueBar).toBeVisible();
  await expect(marked).toBeHidden();

  // A toast of the viewer keeps to the top.
  await page.keyboard.press("m");
  const toast = page.locator(".toast:not(.toast-leaving)").filter({ hasText: "Article marked as read!" });
  await expect(toast).toBeVisible();
  const toastBox = await box(toast);
  const toolbar = await box(page.locator(".viewer-toolbar"));
  expect(overlaps(toastBox, await box(continueBar))).toBe(false);
  // The toast sits over the toolbar's band at the top, not over the text under it.
  expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(Math.max(toolbar.y + toolbar.height, 100));
  await shot(page, "phone-viewer-toast-375");
});
