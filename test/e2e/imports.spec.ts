import { expect, test } from "./fixtures";
import { createAccount, FIXTURE_ORIGIN, resendLostAppUploads, shot, signInWithToken } from "./helpers";

/** A Pocket export of `n` links to slow fixture pages (each takes 4 s to answer), plus a duplicate and a bad row. */
function pocketCsv(n: number): string {
  const rows = Array.from(
    { length: n },
    (_, i) => `"Slow, number ${i}",${FIXTURE_ORIGIN}/slow?ms=4000&n=${i},${1_700_000_000 + i},0,e2e|slow,unread`,
  );
  return [
    "title,url,time_added,cursor,tags,status",
    ...rows,
    `Again,${FIXTURE_ORIGIN}/slow?ms=4000&n=0&utm_source=pocket,1700000000,0,,archive`,
    "Broken,ftp://example.com/file,1700000000,0,,unread",
  ].join("\n");
}

test.describe("import from other apps", () => {
  // The upload goes out with XMLHttpRequest (for its progress), which the page-side resend does not cover.
  test.beforeEach(async ({ context }) => {
    await resendLostAppUploads(context);
  });

  test("settings uploads a Pocket file and shows its counts and bad rows; the dashboard shows progress", async ({
    page,
  }) => {
    // 40 pages that each take 4 s, processed 10 at a time behind interactive saves: generous for a busy machine.
    test.setTimeout(240_000);
    const { email } = await createAccount(page);
    await signInWithToken(page, email);
    await page.goto("/#/settings");

    const section = page.getByRole("region", { name: "Import" });
    await expect(section.getByLabel("Format")).toHaveValue("");
    await expect(section.getByLabel("Format").locator("option:checked")).toHaveText("Detect automatically");
    await section.getByLabel("File to import").setInputFiles({
      name: "part_000000.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(pocketCsv(40)),
    });
    await section.getByRole("button", { name: "Import", exact: true }).click();
    await expect(page.getByText("Import started: 42 rows")).toBeVisible();

    const job = section.getByRole("list", { name: "Imports" }).getByRole("listitem").first();
    await expect(job).toContainText("part_000000.csv from Pocket");
    await expect(job).toContainText("40 imported, 1 already saved, 1 invalid.");
    await job.getByText("1 row was not imported").click();
    await expect(job).toContainText("Row 42: url must start with http:// or https://");
    // Every row is stored while the slow pages are still processing: "Stored", not yet "Done".
    await expect(job.locator(".import-status")).toHaveText("Stored");

    // While the imported articles are processed, the dashboard says so and links back here.
    await page.goto("/#/dashboard");
    const banner = page.getByRole("status").filter({ hasText: "imported from Pocket" });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText("Stored. Processing articles imported from Pocket");
    await expect(page.getByRole("article").filter({ hasText: "Slow, number 39" }).first()).toBeVisible();
    await banner.getByRole("link", { name: "See the import" }).click();
    await expect(page).toHaveURL(/#\/settings$/);
    await page.goto("/#/dashboard");
    await expect(page.getByRole("status").filter({ hasText: "imported from Pocket" })).toBeHidden({ timeout: 180_000 });
    await page.goto("/#/settings");
    await expect(
      page.getByRole("region", { name: "Import" }).getByRole("listitem").first().locator(".import-status"),
    ).toHaveText("Done");
  });

  test("an unreadable file shows the server's reason and nothing is imported", async ({ page }) => {
    const { email } = await createAccount(page);
    await signInWithToken(page, email);
    await page.goto("/#/settings");
    const section = page.getByRole("region", { name: "Import" });
    await section.getByLabel("File to import").setInputFiles({
      name: "broken.csv",
      mimeType: "text/csv",
      buffer: Buffer.from('title,url,time_added,cursor,tags,status\n"never closed,https://example.com/a,1,0,,unread\n'),
    });
    await section.getByRole("button", { name: "Import", exact: true }).click();
    await expect(section.getByRole("alert")).toHaveText("Row 1: a quoted field is never closed");
    await expect(section.getByRole("list", { name: "Imports" })).toHaveCount(0);
  });

  test("the import states its size limits, and a file over them is refused before it is sent", async ({ page }) => {
    const { email } = await createAccount(page);
    await signInWithToken(page, email);
    const uploads: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().includes("/api/imports")) uploads.push(request.url());
    });
    await page.goto("/#/settings");
    const section = page.getByRole("region", { name: "Import" });
    const limits = "Up to 25 MB for a zip, 15 MB for a CSV, HTML, JSON or text file.";
    await expect(section.getByText(limits)).toBeVisible();
    await expect(section.getByLabel("File to import")).toHaveAccessibleDescription(limits);
    await section.getByLabel("File to import").setInputFiles({
      name: "omnivore-export.zip",
      mimeType: "application/zip",
      buffer: Buffer.alloc(25 * 1024 * 1024 + 1),
    });
    await section.getByRole("button", { name: "Import", exact: true }).click();
    await expect(section.getByRole("alert")).toHaveText(
      "This file is over 25 MB, the most an import takes; split it into parts.",
    );
    expect(uploads).toEqual([]);
    await section.screenshot({ path: test.info().outputPath("import-limits.png") });
  });
});

test.describe("an import's encoding preview", () => {
  test.beforeEach(async ({ context }) => {
    await resendLostAppUploads(context);
  });

  test("a short Windows-1252 CSV is previewed as windows-1252, another encoding can be chosen, and nothing is stored before Import", async ({
    page,
  }) => {
    const { email, token } = await createAccount(page);
    await signInWithToken(page, email);
    await page.goto("/#/settings");
    const section = page.getByRole("region", { name: "Import" });
    const url = `${FIXTURE_ORIGIN}/article?title=${encodeURIComponent("Caf\u00e9 preview")}`;
    await section.getByLabel("File to import").setInputFiles({
      name: "excel.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(`url,title\r\n${url},Caf\u00e9 d\u00e9j\u00e0 vu\r\n`, "latin1"),
    });
    const preview = section.getByRole("group", { name: "Check the first rows" });
    const encoding = preview.getByLabel("Text encoding");
    await expect(encoding).toHaveValue("windows-1252");
    const rows = preview.getByRole("list", { name: "First rows of the file" });
    await expect(rows.getByRole("listitem")).toHaveText(["url,title", `${url},Caf\u00e9 d\u00e9j\u00e0 vu`]);
    await shot(page, "import-encoding-preview");
    await encoding.selectOption("iso-8859-2");
    await expect(rows.getByRole("listitem").nth(1)).toHaveText(`${url},Caf\u00e9 d\u00e9j\u0155 vu`);
    // Nothing is imported while the reader looks.
    const before = await page.request.get("/api/imports", { headers: { Authorization: `Bearer ${token}` } });
    expect((await before.json()).imports).toEqual([]);

    await encoding.selectOption("windows-1252");
    await section.getByRole("button", { name: "Import", exact: true }).click();
    await expect(page.getByText("Import started: 1 rows")).toBeVisible();
    const job = section.getByRole("list", { name: "Imports" }).getByRole("listitem").first();
    await expect(job).toContainText("1 imported");
    const list = await page.request.get("/api/articles/?per_page=5", { headers: { Authorization: `Bearer ${token}` } });
    expect((await list.json()).articles.map((a: { title: string }) => a.title)).toEqual([
      "Caf\u00e9 d\u00e9j\u00e0 vu",
    ]);
  });

  test("a UTF-8 file shows no preview", async ({ page }) => {
    const { email } = await createAccount(page);
    await signInWithToken(page, email);
    await page.goto("/#/settings");
    const section = page.getByRole("region", { name: "Import" });
    await section.getByLabel("File to import").setInputFiles({
      name: "utf8.csv",
      mimeType: "text/csv",
      buffer: Buffer.from("url,title\nhttps://example.com/a,Caf\u00e9 d\u00e9j\u00e0 vu\n", "utf8"),
    });
    await expect(section.getByRole("button", { name: "Import", exact: true })).toBeEnabled();
    await expect(section.getByRole("group", { name: "Check the first rows" })).toHaveCount(0);
  });
});
