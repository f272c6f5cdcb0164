import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { articleUrl, createAccount, openSignedIn, saveArticles } from "./helpers";

/**
 * Issue 50 item 2: the library and the viewer from the keyboard. Each shortcut is pressed and what it did is
 * checked on the page (and on the server where it writes), never the handler.
 */
const tag = () => Math.random().toString(36).slice(2, 8);

/** A fresh account with three processed articles, on the dashboard; titles in the order the cards show them. */
async function library(page: Page) {
  const run = tag();
  const account = await createAccount(page);
  const titles = ["Gardens", "Bicycles", "Kettles"].map((name) => `${name} by keyboard ${run}`);
  const { results } = await saveArticles(page, account.token, titles.map(articleUrl));
  const ids = results.map((result) => result.article.id);
  const auth = { headers: { Authorization: `Bearer ${account.token}` } };
  await expect
    .poll(async () => {
      const response = await page.request.post("/api/articles/batch/status", { ...auth, data: { article_ids: ids } });
      if (!response.ok()) return -1;
      const { statuses } = (await response.json()) as { statuses: { status: string }[] };
      return statuses.filter((s) => s.status === "completed").length;
    })
    .toBe(3);
  await openSignedIn(page, account.email, "/#/dashboard");
  const cards = page.locator(".article-grid > li[data-article-id]");
  await expect(cards).toHaveCount(3);
  const shown = await cards.locator(".card-title").allTextContents();
  const idOf = Object.fromEntries(titles.map((title, i) => [title, ids[i] as number]));
  return { ...account, auth, shown, idOf };
}

/** The title of the card the keyboard focus is in (or what else has the focus). */
const focusedCard = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    const card = active?.closest("li[data-article-id]");
    return card ? (card.querySelector(".card-title")?.textContent ?? "") : `${active?.localName}`;
  });

test("library: j and k move between cards, m, e, 1-3 and # act on the card, o opens it", async ({ page }) => {
  const { shown, idOf, auth } = await library(page);
  const [first, second, third] = shown as [string, string, string];

  await page.keyboard.press("j");
  expect(await focusedCard(page)).toBe(first);
  await page.keyboard.press("j");
  expect(await focusedCard(page)).toBe(second);
  await page.keyboard.press("j");
  await page.keyboard.press("k");
  expect(await focusedCard(page)).toBe(second);

  const card = (title: string) => page.getByRole("article", { name: title });
  await page.keyboard.press("m");
  await expect(card(second).getByText("Read", { exact: true })).toBeVisible();
  await page.keyboard.press("m");
  await expect(card(second).getByText("Read", { exact: true })).toBeHidden();
  await page.keyboard.press("e");
  await expect(card(second).getByText("Read", { exact: true })).toBeVisible();

  await page.keyboard.press("3");
  await expect(page.getByRole("status").filter({ hasText: "Rated Good" })).toBeVisible();
  const feedback = await page.request.get(`/api/articles/${idOf[second]}/feedback`, auth);
  expect((await feedback.json()).feedback_value).toBe(1);

  // Delete with undo: the card goes at once and comes back with Undo; the server still has the article.
  await page.keyboard.press("#");
  await expect(card(second)).toBeHidden();
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(card(second)).toBeVisible();
  expect((await page.request.get(`/api/articles/${idOf[second]}`, auth)).status()).toBe(200);
  // Without Undo, the delete reaches the server once its toast has gone.
  await card(third).getByRole("link").focus();
  await page.keyboard.press("d");
  await expect(card(third)).toBeHidden();
  await expect
    .poll(async () => (await page.request.get(`/api/articles/${idOf[third]}`, auth)).status(), { timeout: 30_000 })
    .toBe(404);

  await card(first).getByRole("link").focus();
  await page.keyboard.press("o");
  await expect(page.getByRole("heading", { level: 1, name: first })).toBeVisible();
  expect(new URL(page.url()).hash).toBe(`#/article/${idOf[first]}`);
});

test("shortcuts never fire in a text field or with a modifier; /, a, s and ? open what they name", async ({ page }) => {
  const { shown } = await library(page);

  await page.keyboard.press("/");
  const search = page.getByRole("searchbox", { name: "Search articles" });
  await expect(search).toBeFocused();
  await page.keyboard.type("jm");
  await expect(search).toHaveValue("jm");
  expect(await focusedCard(page)).toBe("input");
  await search.fill("");

  await page.locator("body").click({ position: { x: 5, y: 400 } });
  await page.keyboard.press("Alt+j");
  await page.keyboard.press("Control+m");
  expect(await focusedCard(page)).not.toBe(shown[0]);
  await expect(page.getByRole("article", { name: shown[0] as string }).getByText("Read", { exact: true })).toBeHidden();

  await page.keyboard.press("a");
  await expect(page.getByRole("textbox", { name: "Article URLs" })).toBeFocused();
  await page.locator("body").click({ position: { x: 5, y: 400 } });

  await page.keyboard.press("s");
  const ai = page.getByRole("dialog", { name: "Search Your Articles" });
  await expect(ai).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(ai).toBeHidden();

  await page.keyboard.press("?");
  const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(help).toBeVisible();
  for (const label of ["Next article", "Open the article", "Delete (with undo)", "Search with AI", "Add a link"]) {
    await expect(help.getByText(label, { exact: true })).toBeVisible();
  }
  // The list's own keys do nothing behind it.
  await page.keyboard.press("j");
  expect(await focusedCard(page)).not.toBe(shown[0]);
  await page.keyboard.press("Escape");
  await expect(help).toBeHidden();
});

test("viewer: n and p follow the list's order, u and Escape go back, t opens the reader settings, e and 1-3", async ({
  page,
}) => {
  const { shown, idOf, auth } = await library(page);
  const [first, second, third] = shown as [string, string, string];
  const title = (name: string) => page.getByRole("heading", { level: 1, name });

  await page.getByRole("link", { name: second }).click();
  await expect(title(second)).toBeVisible();
  await page.keyboard.press("n");
  await expect(title(third)).toBeVisible();
  await page.keyboard.press("n");
  await expect(page.getByRole("status").filter({ hasText: "This is the last article in the list" })).toBeVisible();
  await page.keyboard.press("p");
  await expect(title(second)).toBeVisible();
  await page.keyboard.press("ArrowLeft");
  await expect(title(first)).toBeVisible();
  await page.keyboard.press("ArrowRight");
  await expect(title(second)).toBeVisible();

  await page.keyboard.press("t");
  const settings = page.getByRole("dialog", { name: "Reader settings" });
  await expect(settings).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(settings).toBeHidden();

  await page.keyboard.press("1");
  await expect(page.getByRole("button", { name: "Poor" })).toHaveAttribute("aria-pressed", "true");

  // Back goes to the list, not through the articles stepped through; the cursor is on the last one read.
  await page.keyboard.press("u");
  await expect(page.getByRole("heading", { name: "Articles", exact: true })).toBeVisible();
  await page.keyboard.press("j");
  expect(await focusedCard(page)).toBe(second);

  await page.keyboard.press("o");
  await expect(title(second)).toBeVisible();
  await page.keyboard.press("e");
  await expect(page.getByRole("heading", { name: "Articles", exact: true })).toBeVisible();
  await expect
    .poll(async () => (await (await page.request.get(`/api/articles/${idOf[second]}`, auth)).json()).is_read)
    .toBe(true);

  await page.getByRole("link", { name: first }).click();
  await expect(title(first)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("heading", { name: "Articles", exact: true })).toBeVisible();
});

test("the first card is one Tab and Enter away, and a heading focused at load shows no ring", async ({ page }) => {
  const { shown } = await library(page);
  await page.reload();
  await expect(page.getByRole("article", { name: shown[0] as string })).toBeVisible();

  let presses = 0;
  while (presses < 3 && (await page.evaluate(() => document.activeElement?.textContent)) !== "Skip to content") {
    await page.keyboard.press("Tab");
    presses += 1;
  }
  await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
  await page.keyboard.press("Enter");
  expect(await focusedCard(page)).toBe(shown[0]);
  console.log(`Tab presses to the first card: ${presses} (then Enter on 'Skip to content')`);
  expect(presses).toBeLessThanOrEqual(3);

  // The next Tab leaves the grid: the other cards are not tab stops (a roving focus).
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  expect(await focusedCard(page)).not.toBe(shown[1]);

  // Opened with the mouse, the viewer's heading takes the focus without a ring; by keyboard, it has one.
  await page.getByRole("link", { name: shown[1] as string }).click();
  const heading = page.getByRole("heading", { level: 1, name: shown[1] as string });
  await expect(heading).toBeFocused();
  expect(await heading.evaluate((h) => getComputedStyle(h).outlineStyle)).toBe("none");
  await page.keyboard.press("u");
  await page.keyboard.press("j");
  expect(await focusedCard(page)).toBe(shown[1]);
  await page.keyboard.press("Enter");
  const byKeyboard = page.getByRole("heading", { level: 1, name: shown[1] as string });
  await expect(byKeyboard).toBeFocused();
  expect(await byKeyboard.evaluate((h) => getComputedStyle(h).outlineStyle)).toBe("solid");
});
