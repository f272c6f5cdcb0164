import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { Page } from "@playwright/test";
import { readEpub } from "../worker/epub-checks";
import { expect, test } from "./fixtures";
import { createAccount, FIXTURE_ORIGIN, openSignedIn, resendIfLost, saveArticles, shot } from "./helpers";

/**
 * E-books out: the Library's E-book menu and the viewer's EPUB button download books that pass the EPUB rules readers
 * rely on (and epubcheck, where it is installed); Settings → E-books makes the OPDS catalog address an e-reader app
 * browses without signing in, and revoking it makes it 404.
 */

/** epubcheck, the EPUB validator the W3C maintains (Java): Debian's package puts its jar here. */
const EPUBCHECK_JAR = "/usr/share/java/epubcheck.jar";

/** epubcheck's findings on a book (its report), or null where it is not installed. */
async function epubcheck(bytes: Uint8Array): Promise<string | null> {
  if (!existsSync(EPUBCHECK_JAR)) return null;
  // It tells a book by its file name's extension (the download's temporary file has none).
  const path = join(await mkdtemp(join(tmpdir(), "viberead-epubcheck-")), "book.epub");
  await writeFile(path, bytes);
  try {
    return execFileSync("java", ["-jar", EPUBCHECK_JAR, path], { encoding: "utf8", stdio: "pipe" });
  } catch (failure) {
    const { stdout, stderr } = failure as { stdout?: string; stderr?: string };
    return `${stdout ?? ""}${stderr ?? ""}`;
  }
}

/** Two processed articles with pictures, one with a highlight carrying a note. */
async function library(page: Page) {
  const stamp = Date.now();
  const { email, token } = await createAccount(page);
  const urls = [1, 2].map(
    (n) => `${FIXTURE_ORIGIN}/article?title=${encodeURIComponent(`E-book ${n} ${stamp}`)}&images=2`,
  );
  const saved = await saveArticles(page, token, urls);
  const ids = saved.results.map((r) => r.article.id);
  const auth = { Authorization: `Bearer ${token}` };
  for (const id of ids) {
    await expect
      .poll(
        async () => {
          const response = await page.request.get(`/api/articles/${id}`, { headers: auth });
          return response.ok() ? (await response.json()).processing_status : null;
        },
        { timeout: 90_000 },
      )
      .toBe("completed");
  }
  const highlight = await resendIfLost(() =>
    page.request.post(`/api/articles/${ids[0]}/highlights`, {
      headers: auth,
      data: { quote: "Tomatoes like the sun", note: "Plant them by the south wall", color: "yellow" },
    }),
  );
  expect(highlight.status()).toBe(201);
  return { email, token, ids, stamp };
}

/** Clicks `button` and answers the downloaded file's name, path and bytes. */
async function download(page: Page, click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent("download"), click()]);
  const path = await file.path();
  return { name: file.suggestedFilename(), bytes: new Uint8Array(await readFile(path)) };
}

/** The book's files unpacked to a folder, so Chromium opens a chapter with its style sheet and pictures. */
async function unpack(files: Record<string, Uint8Array>): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), "viberead-epub-"));
  for (const [path, bytes] of Object.entries(files)) {
    if (path.endsWith("/")) continue;
    await mkdir(dirname(join(folder, path)), { recursive: true });
    await writeFile(join(folder, path), bytes);
  }
  return folder;
}

test.describe("e-books out", () => {
  test("the Library's E-book menu and the viewer's EPUB button download valid books with pictures and highlights", async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000);
    const { email, ids, stamp } = await library(page);
    await openSignedIn(page, email, "/#/dashboard");
    await expect(page.getByRole("heading", { name: `E-book 2 ${stamp}` })).toBeVisible();

    await page.getByText("E-book", { exact: true }).click();
    await shot(page, "ebooks-library-menu");
    const queue = await download(page, () =>
      page.getByRole("button", { name: "Download Unread queue as EPUB" }).click(),
    );
    expect(queue.name).toMatch(/^viberead-unread-\d{4}-\d{2}-\d{2}\.epub$/);
    await expect(page.getByText(`Downloaded ${queue.name}`)).toBeVisible();
    const book = readEpub(queue.bytes);
    expect(book.toc.map((entry) => entry.label)).toEqual([`E-book 2 ${stamp}`, `E-book 1 ${stamp}`]);
    // Two pictures each, through the Worker's image fetcher, typed by their bytes.
    expect(book.images).toHaveLength(4);
    const chapter = book.chapters[1];
    expect(chapter?.text).toContain("Tomatoes like the sun");
    expect(chapter?.xhtml).toContain('<mark class="highlight highlight-yellow">Tomatoes like the sun</mark>');
    expect(chapter?.text).toContain("1 Plant them by the south wall");
    const findings = await epubcheck(queue.bytes);
    if (findings !== null) expect(findings).toContain("No errors or warnings detected.");

    // The book as an e-reader shows a chapter: its XHTML with the book's style sheet and pictures.
    const folder = await unpack(book.files);
    for (const [width, name] of [
      [1280, "ebook-chapter-1280"],
      [375, "ebook-chapter-375"],
    ] as const) {
      const reader = await browser.newPage({ viewport: { width, height: width === 375 ? 812 : 900 } });
      await reader.goto(`file://${join(folder, chapter?.path ?? "")}`);
      await expect(reader.getByRole("heading", { level: 1, name: `E-book 1 ${stamp}` })).toBeVisible();
      await expect(reader.locator("img").first()).toHaveJSProperty("complete", true);
      expect(
        await reader
          .locator("img")
          .first()
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      ).toBeGreaterThan(0);
      await shot(reader, name);
      await reader.close();
    }

    await page.goto(`/#/article/${ids[0]}`);
    await page.getByRole("button", { name: "Reader settings" }).click();
    const single = await download(page, () =>
      page.getByRole("dialog", { name: "Reader settings" }).getByRole("button", { name: "Download as EPUB" }).click(),
    );
    expect(single.name).toBe(`e-book-1-${stamp}.epub`);
    expect(readEpub(single.bytes).chapters).toHaveLength(1);
  });

  test("Settings makes an OPDS catalog address an e-reader app browses and downloads from; Revoke makes it 404", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const { email, ids, stamp } = await library(page);
    await openSignedIn(page, email, "/#/settings");
    const section = page.getByRole("region", { name: "E-books" });
    await section.getByText("How to add it in KOReader").click();
    await expect(section.getByText("OPDS catalog", { exact: true })).toBeVisible();
    await section.getByRole("button", { name: "Make a catalog address" }).click();
    const secret = section.getByRole("status", { name: "New e-reader catalog" }).locator("code");
    const address = (await secret.textContent()) ?? "";
    expect(address).toMatch(/\/api\/opds\/[\w-]{43}$/);
    if (process.env.E2E_SHOTS) await section.screenshot({ path: `${process.env.E2E_SHOTS}/ebooks-settings.png` });

    // As an e-reader app asks: no sign-in, the address is the permission.
    const catalog = await page.request.get(address);
    expect(catalog.status()).toBe(200);
    expect(catalog.headers()["content-type"]).toContain("profile=opds-catalog;kind=acquisition");
    const xml = await catalog.text();
    expect(xml).toContain(`<title>E-book 1 ${stamp}</title>`);
    const link = new RegExp(`href="([^"]+/articles/${ids[0]}\\.epub)"`).exec(xml)?.[1] as string;
    const book = await page.request.get(link);
    expect(book.status()).toBe(200);
    expect(book.headers()["content-type"]).toBe("application/epub+zip");
    expect(readEpub(new Uint8Array(await book.body())).title).toBe(`E-book 1 ${stamp}`);

    await section.getByRole("button", { name: "Done" }).click();
    const list = section.getByRole("list", { name: "Your e-reader catalogs" });
    await list.getByRole("button", { name: "Revoke E-reader catalog: your unread queue" }).click();
    await page
      .getByRole("alertdialog", { name: "Revoke this catalog?" })
      .getByRole("button", { name: "Revoke" })
      .click();
    await expect(section.getByText("You have no catalog address.")).toBeVisible();
    expect((await page.request.get(address)).status()).toBe(404);
    expect((await page.request.get(link)).status()).toBe(404);
  });
});
