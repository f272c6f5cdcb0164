import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { articleUrl, createAccount, signInWithToken } from "./helpers";

const tag = () => Math.random().toString(36).slice(2, 8);

async function openDashboard(page: Page) {
  const { email } = await createAccount(page);
  await signInWithToken(page, email);
  await page.goto("/#/dashboard");
  await expect(page.getByRole("heading", { name: "Articles", exact: true })).toBeVisible();
}

const urlBox = (page: Page) => page.getByLabel("Article URLs");
const cards = (page: Page) => page.getByRole("article");
const toast = (page: Page, text: string) => page.locator(".toast").filter({ hasText: text });

test("expands on focus, and Enter saves a box holding exactly one URL", async ({ page }) => {
  await openDashboard(page);
  await expect(urlBox(page)).toHaveAttribute("rows", "1");
  await urlBox(page).focus();
  await expect(urlBox(page)).toHaveAttribute("rows", "3");

  await urlBox(page).fill(articleUrl(`Enter saves ${tag()}`));
  await expect(page.getByText("Found 1 URL • Enter to save • Press Escape to cancel", { exact: true })).toBeVisible();
  await urlBox(page).press("Enter");
  await expect(toast(page, "Article saved! Processing in background...")).toBeVisible();
  await expect(urlBox(page)).toHaveValue("");
  await expect(cards(page)).toHaveCount(1);
});

test("with several URLs Enter starts a new line and Ctrl+Enter saves them all", async ({ page }) => {
  await openDashboard(page);
  const urls = [articleUrl(`Several one ${tag()}`), articleUrl(`Several two ${tag()}`)];
  await urlBox(page).fill(urls.join("\n"));
  await expect(
    page.getByText("Found 2 URLs • Ctrl+Enter to save all • Press Escape to cancel", { exact: true }),
  ).toBeVisible();

  await urlBox(page).press("End");
  await urlBox(page).press("Enter");
  await expect(urlBox(page)).toHaveValue(`${urls.join("\n")}\n`);
  await expect(cards(page)).toHaveCount(0);

  await urlBox(page).press("Control+Enter");
  const panel = page.getByRole("status").filter({ hasText: "Bulk Operation Results" });
  await expect(panel).toContainText("Successful: 2");
  await expect(cards(page)).toHaveCount(2);
});

test("the hint counts only the lines that are URLs and names the others apart", async ({ page }) => {
  await openDashboard(page);
  const url = articleUrl(`Counted ${tag()}`);
  // A host without a scheme is a URL (saved as https://); words are not.
  await urlBox(page).fill([url, "the story of it", "  ", "just words"].join("\n"));
  await expect(
    page.getByText("Found 1 URL • Ctrl+Enter to save • Press Escape to cancel", { exact: true }),
  ).toBeVisible();
  await expect(page.getByText('2 lines are not URLs: "the story of it", "just words"', { exact: true })).toBeVisible();
  await expect(page.locator(".add-article-submit")).toHaveText("Save");

  // One line, not a URL: Enter starts a new line instead of saving.
  await urlBox(page).fill("the story of it");
  await expect(page.getByText("Found 0 URLs • Press Escape to cancel", { exact: true })).toBeVisible();
  await expect(page.getByText('1 line is not a URL: "the story of it"', { exact: true })).toBeVisible();
  await urlBox(page).press("End");
  await urlBox(page).press("Enter");
  await expect(urlBox(page)).toHaveValue("the story of it\n");
  await expect(page.getByRole("alert")).toHaveCount(0);
});
