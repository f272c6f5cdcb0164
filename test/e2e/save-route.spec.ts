import { expect, test } from "./fixtures";
import { articleUrl, createAccount, openSignedIn, signIn } from "./helpers";

function saveRoute(params: Record<string, string>): string {
  return `/#/save?${new URLSearchParams(params)}`;
}

test.describe("/#/save", () => {
  test("signed in: saves, then says Already saved with a link to the same article", async ({ page }) => {
    const { email, token } = await createAccount(page);
    await openSignedIn(page, email, "/#/dashboard");
    const title = `Save route ${Date.now()}`;
    const url = articleUrl(title);

    await page.goto(saveRoute({ url, title }));
    await expect(page.getByRole("heading", { name: "Saved" })).toBeVisible();
    await expect(page.getByText(title)).toBeVisible();
    const open = page.getByRole("link", { name: "Open the article" });
    const articleHref = await open.getAttribute("href");
    expect(articleHref).toMatch(/#\/article\/\d+$/);
    await expect(page.getByRole("link", { name: "Go to the dashboard" })).toBeVisible();

    const list = await page.request.get("/api/articles/", { headers: { Authorization: `Bearer ${token}` } });
    const body = await list.json();
    expect(body.total).toBe(1);
    expect(body.articles[0].url).toBe(url);

    // The same link again, as a second click on the bookmarklet would open it.
    await page.getByRole("link", { name: "Go to the dashboard" }).click();
    await expect(page).toHaveURL(/#\/dashboard$/);
    await page.goto(saveRoute({ url, title }));
    await expect(page.getByRole("heading", { name: "Already saved" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Open the article" })).toHaveAttribute("href", articleHref ?? "");
    await page.getByRole("link", { name: "Open the article" }).click();
    await expect(page).toHaveURL(/#\/article\/\d+$/);
  });

  test("signed in: takes the first link from shared text, and explains an invalid or missing URL", async ({ page }) => {
    const { email, token } = await createAccount(page);
    await openSignedIn(page, email, "/#/dashboard");
    const url = articleUrl(`Shared ${Date.now()}`);
    await page.goto(saveRoute({ title: "Shared", text: `Look at this: ${url}` }));
    await expect(page.getByRole("heading", { name: "Saved" })).toBeVisible();

    await page.goto(saveRoute({ url: "ftp://example.com/file" }));
    await expect(page.getByRole("heading", { name: "Not saved" })).toBeVisible();
    await expect(page.getByRole("alert")).toHaveText("Please enter a valid URL (must start with http:// or https://)");

    await page.goto(saveRoute({ title: "Nothing" }));
    await expect(page.getByRole("heading", { name: "Not saved" })).toBeVisible();
    await expect(page.getByRole("alert")).toContainText("There is no link to save");

    // The server's own rule (length) comes back as its detail.
    await page.goto(saveRoute({ url: `https://example.com/${"a".repeat(2100)}` }));
    await expect(page.getByRole("heading", { name: "Not saved" })).toBeVisible();
    await expect(page.getByRole("alert")).toHaveText("url is longer than 2,048 characters");

    const list = await page.request.get("/api/articles/", { headers: { Authorization: `Bearer ${token}` } });
    expect((await list.json()).total).toBe(1);
  });

  test("signed out: goes through login and back, then saves", async ({ page }) => {
    const { email, token } = await createAccount(page);
    const title = `After login ${Date.now()}`;
    const url = articleUrl(title);
    await page.goto(saveRoute({ url, title }));
    await expect(page).toHaveURL(/#\/login\?return=/);
    await signIn(page, email);
    await expect(page.getByRole("heading", { name: "Saved" })).toBeVisible();
    expect(new URL(page.url()).hash).toBe(saveRoute({ url, title }).slice(1));
    const list = await page.request.get("/api/articles/", { headers: { Authorization: `Bearer ${token}` } });
    expect((await list.json()).articles.map((a: { url: string }) => a.url)).toEqual([url]);
  });
});
