import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { articleUrl, createAccount, resendIfLost, saveArticles, shot, signInWithToken } from "./helpers";

/**
 * Issue 32 items 3 and 4: the article note, the viewer's highlights panel, the library's /#/highlights screen and
 * the dashboard's highlight counts. Highlights are made through the API (the selection menu has its own tests).
 */

type Reader = { token: string; page: Page };

async function api(reader: Reader, method: "GET" | "POST" | "PUT" | "DELETE", path: string, data?: unknown) {
  const response = await resendIfLost(() =>
    reader.page.request.fetch(path, { method, data, headers: { Authorization: `Bearer ${reader.token}` } }),
  );
  expect(response.ok(), `${method} ${path}: ${response.status()}`).toBe(true);
  return response.status() === 204 ? null : await response.json();
}

/** A new account with fixture articles saved and processed, signed in in the browser. */
async function readerWith(page: Page, titles: string[]) {
  const { email, token } = await createAccount(page);
  const { results } = await saveArticles(page, token, titles.map(articleUrl));
  const reader = { token, page };
  const ids = results.map((result) => result.article.id);
  for (const id of ids) {
    await expect
      .poll(async () => (await api(reader, "GET", `/api/articles/${id}`)).processing_status, { timeout: 60_000 })
      .toBe("completed");
  }
  await signInWithToken(page, email);
  return { ...reader, ids };
}

const highlight = (reader: Reader, id: number, body: Record<string, unknown>) =>
  api(reader, "POST", `/api/articles/${id}/highlights`, body) as Promise<{ id: number; quote: string }>;

async function openArticle(page: Page, id: number, title: string) {
  await page.goto(`/#/article/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
}

const panel = (page: Page) => page.locator(".highlights-panel");

test.describe("highlights in the library (issue 32)", () => {
  test("the article note is saved as you type, also when leaving at once, and is there after a reload", async ({
    page,
  }) => {
    const title = `Note taking ${Date.now()}`;
    const reader = await readerWith(page, [title]);
    const id = reader.ids[0] as number;
    await openArticle(page, id, title);

    const note = page.getByRole("textbox", { name: "Your note" });
    await note.fill("# Why\nRead *slowly*, then **write**.");
    await expect(page.locator(".article-note-status")).toHaveText("Saved");
    await page.reload();
    // Markdown is kept as typed, not rendered.
    await expect(note).toHaveValue("# Why\nRead *slowly*, then **write**.");
    await shot(page, "note-1280");

    // Typed and left at once (before the pause that saves): the text is not lost.
    await note.fill("Left before the pause");
    await page.getByRole("link", { name: "Topics" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Topics" })).toBeVisible();
    await expect.poll(async () => (await api(reader, "GET", `/api/articles/${id}`)).note).toBe("Left before the pause");

    // Near the limit a counter shows; the field stops at 10,000 characters.
    await openArticle(page, id, title);
    await note.fill("x".repeat(10_050));
    await expect(page.getByText("10,000 / 10,000")).toBeVisible();
    await expect(page.locator(".article-note-status")).toHaveText("Saved");
    expect((await api(reader, "GET", `/api/articles/${id}`)).note).toHaveLength(10_000);
  });

  test("the panel lists highlights in reading order; a click opens the tab, scrolls there and flashes it", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const title = `Panel order ${Date.now()}`;
    const reader = await readerWith(page, [title]);
    const id = reader.ids[0] as number;
    const article = await api(reader, "GET", `/api/articles/${id}`);
    const summaryWord = (article.summary as string).match(/[A-Za-z]{6,}/)?.[0] as string;
    // Made out of order: the panel puts them in reading order (title, summary, content by position).
    const late = await highlight(reader, id, { quote: "Tyres lose pressure slowly", color: "blue", note: "bikes" });
    await highlight(reader, id, { quote: "Tomatoes like the sun", color: "green" });
    await highlight(reader, id, { target: "summary", quote: summaryWord, color: "pink" });
    await highlight(reader, id, { target: "title", quote: "Panel order" });

    await openArticle(page, id, title);
    const toggle = panel(page).getByRole("button", { name: /^Highlights/ });
    await expect(toggle).toHaveText(/4/);
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const entries = panel(page).locator("button.hl-panel-entry");
    await expect(entries).toHaveCount(4);
    await expect(entries.locator(".hl-panel-quote")).toHaveText([
      "Panel order",
      summaryWord,
      "Tomatoes like the sun",
      "Tyres lose pressure slowly",
    ]);
    await expect(entries.nth(3)).toContainText("bikes");
    await shot(page, "panel-1280");

    await entries.nth(3).click();
    await expect(page.getByRole("tab", { name: "Content" })).toHaveAttribute("aria-selected", "true");
    const drawn = page.locator(`[data-highlight-id="${late.id}"]`).first();
    // The viewer draws each highlight as [data-highlight-id] elements; the panel flashes the first.
    await expect(drawn).toHaveClass(/highlight-flash/);
    await expect(drawn).toBeInViewport();
    await expect(drawn).not.toHaveClass(/highlight-flash/, { timeout: 5_000 });
  });

  test("at 375 px the panel is a closed section that opens; highlights no longer in the text are listed apart", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    const title = `Orphaned passages ${Date.now()}`;
    const reader = await readerWith(page, [title]);
    const id = reader.ids[0] as number;
    await highlight(reader, id, { quote: "A careful gardener waters in the morning" });
    const gone = await highlight(reader, id, { target: "title", quote: "Orphaned passages", note: "the old title" });
    // A new title no longer has the quote: the highlight stays, "no longer in the text".
    await api(reader, "PUT", `/api/articles/${id}`, { title: `Renamed ${title.slice(-13)}` });
    const status = async () =>
      (await api(reader, "GET", `/api/articles/${id}/highlights`)).highlights.find(
        (h: { id: number }) => h.id === gone.id,
      ).anchor_status;
    await expect.poll(status).toBe("orphaned");

    await page.goto(`/#/article/${id}`);
    const toggle = panel(page).getByRole("button", { name: /^Highlights/ });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toHaveText(/2/);
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const orphaned = panel(page).getByRole("region", { name: "No longer in the text" });
    await expect(orphaned).toContainText("Orphaned passages");
    await expect(orphaned).toContainText("the old title");
    await expect(panel(page).locator("button.hl-panel-entry")).toHaveText(/A careful gardener/);
    await shot(page, "panel-orphaned-375");

    await orphaned.getByRole("button", { name: "Delete" }).click();
    await orphaned.getByRole("button", { name: "Delete" }).click();
    await expect(page.locator(".toast").filter({ hasText: "Highlight deleted" })).toBeVisible();
    await expect(orphaned).toBeHidden();
    await expect(toggle).toHaveText(/1/);
  });

  test("/#/highlights: grouped by article, newest first, filtered by colour and tag, searched, loaded in pages", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const stamp = Date.now();
    const gardens = `Gardens library ${stamp}`;
    const bicycles = `Bicycles library ${stamp}`;
    const reader = await readerWith(page, [gardens, bicycles]);
    const [gardensId, bicyclesId] = reader.ids as [number, number];

    await page.goto("/#/dashboard");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Highlights" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Highlights" })).toBeVisible();
    await expect(page).toHaveTitle(/Highlights \| VibeRead/);
    await expect(page.getByRole("heading", { name: "No highlights yet" })).toBeVisible();

    // 31 highlights: one more than a page. The oldest is in the bicycles article, the rest in the gardens one.
    await highlight(reader, bicyclesId, { quote: "A well-oiled chain is quiet", color: "blue", note: "oil it" });
    const words = ["Reading", "slow", "web", "fast", "fixture", "article", "exists", "tests", "fetch", "page"];
    for (let i = 0; i < 30; i++) {
      const quote = words[i % words.length] as string;
      await highlight(reader, gardensId, { quote, color: i === 29 ? "pink" : "yellow" });
    }
    await api(reader, "PUT", `/api/articles/${bicyclesId}/tags`, { tags: ["Rides"] });

    await page.reload();
    const groups = page.locator(".highlight-group");
    await expect(groups).toHaveCount(1);
    await expect(groups.first().getByRole("heading", { name: gardens })).toBeVisible();
    await expect(page.locator(".library-highlight")).toHaveCount(30);
    await shot(page, "library-1280");
    await page.getByRole("button", { name: "Load more" }).click();
    await expect(page.locator(".library-highlight")).toHaveCount(31);
    await expect(groups).toHaveCount(2);
    await expect(page.getByRole("button", { name: "Load more" })).toBeHidden();

    // The article title leads to the viewer.
    await groups.nth(1).getByRole("link", { name: bicycles }).click();
    await expect(page.getByRole("heading", { level: 1, name: bicycles })).toBeVisible();
    await page.goBack();

    await page.getByRole("button", { name: "Pink" }).click();
    await expect(page.locator(".library-highlight")).toHaveCount(1);
    await expect(page.getByRole("button", { name: "Pink" })).toHaveAttribute("aria-pressed", "true");
    await page.getByRole("button", { name: "All" }).click();
    await page.getByLabel("Filter by tag").selectOption("Rides");
    await expect(page.locator(".library-highlight")).toHaveCount(1);
    await expect(page.locator(".library-quote")).toHaveText("A well-oiled chain is quiet");
    await page.getByLabel("Filter by tag").selectOption("");

    // Full text over notes as well as quotes.
    await page.getByLabel("Search highlights").fill("oil");
    await expect(page.locator(".library-highlight")).toHaveCount(1);
    await expect(page.locator(".library-note")).toHaveText("Note: oil it");
    await page.getByLabel("Search highlights").fill("zeppelin");
    await expect(page.getByRole("heading", { name: "No highlights match" })).toBeVisible();
    await page.setViewportSize({ width: 375, height: 740 });
    await page.getByRole("button", { name: "Clear filters" }).click();
    // Both pages loaded before are shown again.
    await expect(page.locator(".library-highlight")).toHaveCount(31);
    await shot(page, "library-375");
  });

  test("/#/highlights: a quote opens the article at that highlight, article notes are listed, the page exports what it shows", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 560 });
    const stamp = Date.now();
    const gardens = `Noted gardens ${stamp}`;
    const rivers = `Noted rivers ${stamp}`;
    const reader = await readerWith(page, [gardens, rivers]);
    const [gardensId, riversId] = reader.ids as [number, number];
    const tyres = await highlight(reader, gardensId, { quote: "Tyres lose pressure slowly", color: "green" });
    await highlight(reader, gardensId, { quote: "A well-oiled chain is quiet", note: "oil it" });
    await api(reader, "PUT", `/api/articles/${gardensId}`, { note: "Check the bicycle before spring" });
    // An article with a note and no highlight is listed too.
    await api(reader, "PUT", `/api/articles/${riversId}`, { note: "Rivers need rain" });

    await page.goto("/#/highlights");
    const groups = page.locator(".highlight-group");
    await expect(groups).toHaveCount(2);
    await expect(page.getByText("2 highlights and 2 article notes in 2 articles")).toBeVisible();
    const gardensGroup = page.getByRole("article", { name: gardens });
    await expect(gardensGroup.getByRole("region", { name: "Article note" })).toContainText(
      "Check the bicycle before spring",
    );
    await expect(
      page.getByRole("article", { name: rivers }).getByRole("region", { name: "Article note" }),
    ).toContainText("Rivers need rain");
    await shot(page, "library-notes-1280");

    // Each download holds what the page shows.
    const download = async (format: string) => {
      const [file] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: `Export as ${format}` }).click(),
      ]);
      const stream = await file.createReadStream();
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return { name: file.suggestedFilename(), text: Buffer.concat(chunks).toString("utf8") };
    };
    const markdown = await download("Markdown");
    expect(markdown.name).toMatch(/^viberead-highlights-\d{4}-\d\d-\d\d\.md$/);
    expect(markdown.text).toContain(`## ${gardens}`);
    expect(markdown.text).toContain("> Check the bicycle before spring");
    expect(markdown.text).toContain("> Tyres lose pressure slowly\n\n#highlight/green");
    expect(markdown.text).toContain("> Rivers need rain");
    const csv = await download("CSV");
    expect(csv.text.trim().split("\r\n")).toHaveLength(5);

    // Filtered, the page and its export hold the same.
    await page.getByLabel("Search highlights").fill("tyres");
    await expect(page.locator(".library-highlight")).toHaveCount(1);
    await expect(groups).toHaveCount(1);
    const json = JSON.parse((await download("JSON")).text);
    expect(json.filters).toMatchObject({ search: "tyres" });
    expect(json.articles).toHaveLength(1);
    expect(json.articles[0]).toMatchObject({ title: gardens, note: "Check the bicycle before spring" });
    expect(json.articles[0].highlights.map((h: { quote: string }) => h.quote)).toEqual(["Tyres lose pressure slowly"]);

    // A quote opens the article at that highlight: its tab, scrolled to it, not the top.
    await page.getByRole("link", { name: "Tyres lose pressure slowly" }).click();
    await expect(page).toHaveURL(new RegExp(`#/article/${gardensId}\\?highlight=${tyres.id}$`));
    await expect(page.getByRole("tab", { name: "Content" })).toHaveAttribute("aria-selected", "true");
    const mark = page.locator(`.viewer-content mark[data-highlight-id="${tyres.id}"]`).first();
    await expect(mark).toBeInViewport();
    await expect(mark).toBeFocused();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await shot(page, "library-quote-opens-highlight");
  });

  test("dashboard cards show their highlight count and the list filters to articles with highlights", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const stamp = Date.now();
    const marked = `Marked card ${stamp}`;
    const plain = `Plain card ${stamp}`;
    const reader = await readerWith(page, [marked, plain]);
    const markedId = reader.ids[0] as number;
    for (const quote of ["Tomatoes like the sun", "basil likes the tomatoes", "slugs like everything"]) {
      await highlight(reader, markedId, { quote });
    }

    await page.goto("/#/dashboard");
    const card = (title: string) => page.locator(".article-card").filter({ hasText: title });
    await expect(card(marked)).toContainText("3 highlights");
    await expect(card(plain)).toBeVisible();
    await expect(card(plain)).not.toContainText("highlight");

    await page.getByRole("checkbox", { name: "Has highlights" }).check();
    await expect(card(plain)).toBeHidden();
    await expect(card(marked)).toBeVisible();
    await expect(page).toHaveURL(/highlighted=1/);
    await shot(page, "dashboard-1280");
    await page.setViewportSize({ width: 375, height: 740 });
    await shot(page, "dashboard-375");
    // Kept in the URL: a reload shows the same filtered list.
    await page.reload();
    await expect(page.getByRole("checkbox", { name: "Has highlights" })).toBeChecked();
    await expect(card(plain)).toBeHidden();
    // The app's root keeps the filter on its way to the dashboard.
    await page.goto("/#/?highlighted=1");
    await expect(page).toHaveURL(/#\/dashboard\?highlighted=1$/);
    await expect(page.getByRole("checkbox", { name: "Has highlights" })).toBeChecked();
    await expect(card(marked)).toBeVisible();
    await expect(card(plain)).toBeHidden();
  });
});
