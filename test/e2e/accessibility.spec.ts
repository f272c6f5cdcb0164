import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { articleUrl, createAccount, resendIfLost, saveArticles, signInWithToken } from "./helpers";

/**
 * Issue 50 item 1: contrast and the rest of WCAG 2.1 A and AA, checked by axe-core on every screen in every theme.
 * No serious or critical violation may remain. Each theme is set as a reader sets it (the account's settings for
 * the signed-in screens, the device's last ones for the signed-out screens).
 */
const THEMES = ["light", "sepia", "dark"] as const;
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

interface Screen {
  name: string;
  hash: string;
  signedIn: boolean;
  /** What shows once the screen has loaded. */
  ready: (page: Page) => Locator;
  /** Something to open before the check (a dialog, a panel). */
  open?: (page: Page) => Promise<void>;
}

const heading =
  (name: string | RegExp, level = 1) =>
  (page: Page) =>
    page.getByRole("heading", { level, name });

function screens(articleId: number, title: string): Screen[] {
  return [
    { name: "sign in", hash: "/#/login", signedIn: false, ready: heading("Sign in") },
    { name: "register", hash: "/#/register", signedIn: false, ready: heading(/create/i) },
    { name: "terms", hash: "/#/terms", signedIn: false, ready: heading(/terms/i) },
    { name: "privacy", hash: "/#/privacy", signedIn: false, ready: heading(/privacy/i) },
    { name: "not found", hash: "/#/no-such-screen", signedIn: false, ready: heading("Page Not Found") },
    {
      name: "dashboard",
      hash: "/#/dashboard",
      signedIn: true,
      ready: (page) => page.getByRole("article", { name: title }),
    },
    {
      name: "keyboard shortcuts dialog",
      hash: "/#/dashboard",
      signedIn: true,
      ready: (page) => page.getByRole("article", { name: title }),
      open: async (page) => {
        await page.keyboard.press("?");
        await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeVisible();
      },
    },
    {
      name: "AI search dialog",
      hash: "/#/dashboard",
      signedIn: true,
      ready: (page) => page.getByRole("article", { name: title }),
      // Last of the dashboard's: the conversation is kept open for the way back (docs/web-app.md).
      open: async (page) => {
        await page.getByRole("textbox", { name: "Search with AI" }).click();
        await expect(page.getByRole("dialog", { name: "Search Your Articles" })).toBeVisible();
      },
    },
    { name: "viewer", hash: `/#/article/${articleId}`, signedIn: true, ready: heading(title) },
    {
      name: "viewer, reader settings",
      hash: `/#/article/${articleId}`,
      signedIn: true,
      ready: heading(title),
      open: async (page) => {
        await page.getByRole("button", { name: "Reader settings" }).click();
        await expect(page.getByRole("dialog", { name: "Reader settings" })).toBeVisible();
      },
    },
    {
      name: "viewer, delete dialog",
      hash: `/#/article/${articleId}`,
      signedIn: true,
      ready: heading(title),
      open: async (page) => {
        await page.getByRole("button", { name: "Delete", exact: true }).click();
        await expect(page.getByRole("alertdialog", { name: "Delete article" })).toBeVisible();
      },
    },
    { name: "highlights", hash: "/#/highlights", signedIn: true, ready: (page) => page.getByText("gardener") },
    { name: "topics", hash: "/#/topics", signedIn: true, ready: heading("Topics") },
    { name: "topic not found", hash: "/#/topics/999999", signedIn: true, ready: heading("Topic Not Found") },
    { name: "stats", hash: "/#/stats", signedIn: true, ready: heading("Reading statistics") },
    { name: "settings", hash: "/#/settings", signedIn: true, ready: heading("Settings") },
  ];
}

/** Serious and critical violations of the page as shown, one line each. */
async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .flatMap((violation) =>
      violation.nodes.map((node) => `${violation.id} (${violation.impact}): ${node.target.join(" ")}`),
    );
}

test.describe("accessibility in every theme", () => {
  // Sixteen screens, each loaded and checked: a busy machine needs time, never a wait of its own.
  test.describe.configure({ timeout: 300_000 });

  for (const theme of THEMES) {
    test(`no serious or critical axe violations on any screen, ${theme} theme`, async ({ page }) => {
      const { email, token } = await createAccount(page);
      const title = `Accessible gardens ${theme}`;
      const { results } = await saveArticles(page, token, [articleUrl(title)]);
      const articleId = results[0]?.article.id as number;
      const auth = { headers: { Authorization: `Bearer ${token}` } };
      await expect
        .poll(
          async () => (await (await page.request.get(`/api/articles/${articleId}`, auth)).json()).processing_status,
          {
            timeout: 60_000,
          },
        )
        .toBe("completed");
      await resendIfLost(() =>
        page.request.post(`/api/articles/${articleId}/highlights`, {
          ...auth,
          data: { quote: "A careful gardener waters in the morning", color: "green", note: "Morning routine" },
        }),
      );
      const settings = { font: "sans", size: 18, line_height: "normal", width: "medium", align: "start", theme };
      expect((await page.request.put("/api/reader-settings", { ...auth, data: settings })).status()).toBe(200);

      const found: string[] = [];
      // Signed in once, when the first signed-in screen comes (after the signed-out ones, which clear the device);
      // every screen still starts from a page load elsewhere, so no dialog of the screen before stays open.
      let signedIn = false;
      for (const screen of screens(articleId, title)) {
        if (screen.signedIn) {
          if (signedIn) await page.goto("/api/health");
          else await signInWithToken(page, email);
          signedIn = true;
        } else {
          signedIn = false;
          await page.goto("/api/health");
          await page.evaluate((chosen) => {
            localStorage.clear();
            localStorage.setItem("viberead:reader-settings:device", JSON.stringify({ settings: chosen }));
          }, settings);
        }
        await page.goto(screen.hash);
        await expect(screen.ready(page).first()).toBeVisible();
        await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
        await screen.open?.(page);
        for (const line of await violations(page)) found.push(`${screen.name}: ${line}`);
      }
      console.log(`axe, ${theme} theme: ${found.length} serious or critical violations`);
      expect(found).toEqual([]);
    });
  }
});
