import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { articleUrl, createAccount, openSignedIn, PASSWORD, resendIfLost, saveArticles } from "./helpers";

async function setTags(page: Page, token: string, id: number, tags: string[]) {
  const response = await page.request.put(`/api/articles/${id}/tags`, {
    data: { tags },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
}

test.describe("tags, export and account deletion (issue 23)", () => {
  test("tags show on cards, filter the dashboard through the URL, and are edited in the viewer", async ({ page }) => {
    const { email, token } = await createAccount(page);
    const saved = await saveArticles(page, token, [
      articleUrl(`Tagged ${Date.now()}`),
      articleUrl(`Plain ${Date.now()}`),
    ]);
    const [tagged, plain] = saved.results.map((r) => r.article.id) as [number, number];
    await setTags(page, token, tagged, ["Gardening", "Slow reads"]);

    await openSignedIn(page, email, "/#/dashboard");
    const grid = page.locator(".article-grid");
    await expect(grid.getByRole("listitem").filter({ has: page.getByRole("list", { name: "Tags" }) })).toHaveCount(1);
    const cardTags = grid.getByRole("list", { name: "Tags" });
    await expect(cardTags.getByRole("listitem")).toHaveText(["Gardening", "Slow reads"]);
    await expect(grid.locator(":scope > li")).toHaveCount(2);

    await page.getByLabel("Filter by tag").selectOption("Gardening");
    await expect(page).toHaveURL(/[?&]tag=Gardening/);
    await expect(grid.locator(":scope > li")).toHaveCount(1);
    await expect(grid).toContainText("Gardening");

    // The filter lives in the URL: a reload keeps it, and a link to it opens filtered.
    await page.reload();
    await expect(page.getByLabel("Filter by tag")).toHaveValue("Gardening");
    await expect(grid.locator(":scope > li")).toHaveCount(1);
    await page.getByLabel("Filter by tag").selectOption("");
    await expect(grid.locator(":scope > li")).toHaveCount(2);

    // The viewer: add a tag, remove one.
    await page.goto(`/#/article/${plain}`);
    const viewerTags = page.getByRole("region", { name: "Tags" });
    await expect(viewerTags).toContainText("No tags yet.");
    await viewerTags.getByLabel("Add a tag").fill("  Later  ");
    await viewerTags.getByRole("button", { name: "Add" }).click();
    await expect(viewerTags.getByRole("listitem")).toHaveText(["Later×"]);
    await page.goto(`/#/article/${tagged}`);
    await viewerTags.getByRole("button", { name: "Remove tag Slow reads" }).click();
    await expect(viewerTags.getByRole("button", { name: "Remove tag Slow reads" })).toHaveCount(0);
    await expect(viewerTags.getByRole("button", { name: "Remove tag Gardening" })).toBeVisible();

    const stored = await page.request.get("/api/tags", { headers: { Authorization: `Bearer ${token}` } });
    expect((await stored.json()).tags).toEqual([
      { tag: "Gardening", count: 1 },
      { tag: "Later", count: 1 },
    ]);
  });

  test("the Export buttons download the library as JSON, CSV, bookmarks HTML, a Markdown zip and highlights only", async ({
    page,
  }) => {
    const { email, token } = await createAccount(page);
    const saved = await saveArticles(page, token, [
      articleUrl(`Export one ${Date.now()}`),
      articleUrl(`Export two ${Date.now()}`),
    ]);
    await setTags(page, token, saved.results[0]?.article.id as number, ["kept"]);
    await openSignedIn(page, email, "/#/settings");
    const section = page.getByRole("region", { name: "Export" });

    async function download(label: string) {
      const [file] = await Promise.all([
        page.waitForEvent("download"),
        section.getByRole("button", { name: `Export as ${label}` }).click(),
      ]);
      return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) };
    }

    const json = await download("JSON");
    expect(json.name).toMatch(/^viberead-export-\d{4}-\d{2}-\d{2}\.json$/);
    const body = JSON.parse(json.bytes.toString("utf8"));
    expect(body.format).toBe("viberead");
    expect(body.articles).toHaveLength(2);
    expect(body.articles.map((a: { tags: string[] }) => a.tags)).toContainEqual(["kept"]);

    const csv = await download("CSV");
    expect(csv.name).toMatch(/\.csv$/);
    expect(csv.bytes.toString("utf8").split("\r\n")[0]).toMatch(/^title,url,time_added,cursor,tags,status,/);

    const html = await download("Bookmarks (HTML)");
    expect(html.name).toMatch(/\.html$/);
    expect(html.bytes.toString("utf8")).toMatch(/^<!DOCTYPE NETSCAPE-Bookmark-file-1>/);

    const zip = await download("Markdown (zip)");
    expect(zip.name).toMatch(/\.md\.zip$/);
    expect(zip.bytes.subarray(0, 2).toString("latin1")).toBe("PK");
    await expect(page.getByText(/Downloaded viberead-export-.*\.md\.zip/)).toBeVisible();

    // Issue 32: only what the reader kept, one Markdown file per article with highlights or a note.
    const first = saved.results[0]?.article.id as number;
    await page.request.put(`/api/articles/${first}`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { note: "Worth keeping" },
    });
    const kept = await download("Highlights only (Markdown)");
    expect(kept.name).toMatch(/^viberead-highlights-\d{4}-\d{2}-\d{2}\.md\.zip$/);
    expect(kept.bytes.subarray(0, 2).toString("latin1")).toBe("PK");
    expect(kept.bytes.toString("latin1")).toContain(`-${first}.md`);
  });

  test("Delete account: a wrong password deletes nothing; the right one, confirmed, deletes and signs out", async ({
    page,
  }) => {
    const { email, token } = await createAccount(page);
    await saveArticles(page, token, [articleUrl(`Doomed ${Date.now()}`)]);
    await openSignedIn(page, email, "/#/settings");
    const section = page.getByRole("region", { name: "Delete account" });
    const dialog = page.getByRole("alertdialog", { name: "Delete your account?" });

    await section.getByRole("button", { name: "Delete my account" }).click();
    await expect(section.getByText("Enter your password to delete your account")).toBeVisible();

    await section.getByLabel("Your password").fill("not my password");
    await section.getByRole("button", { name: "Delete my account" }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await section.getByRole("button", { name: "Delete my account" }).click();
    await dialog.getByRole("button", { name: "Delete everything" }).click();
    await expect(section.getByText("Incorrect password. Nothing was deleted.")).toBeVisible();
    await expect(page).toHaveURL(/#\/settings$/);
    const stillThere = await page.request.get("/api/articles/", { headers: { Authorization: `Bearer ${token}` } });
    expect((await stillThere.json()).total).toBe(1);

    await section.getByLabel("Your password").fill(PASSWORD);
    await section.getByRole("button", { name: "Delete my account" }).click();
    await dialog.getByRole("button", { name: "Delete everything" }).click();
    await expect(page).toHaveURL(/#\/login$/);
    await expect(page.getByText("Your account and everything in it have been deleted")).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("authToken"))).toBeNull();
    const login = await resendIfLost(() =>
      page.request.post("/api/auth/login", { data: { email, password: PASSWORD } }),
    );
    expect(login.status()).toBe(401);
  });
});
