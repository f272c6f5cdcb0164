import type { Browser, BrowserContext, Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import {
  createAccount,
  FIXTURE_ORIGIN,
  resendIfLost,
  resendLostAppRequests,
  saveArticles,
  shot,
  signInWithToken,
} from "./helpers";

/** A page of the fixture server with a link, emphasis, a heading and a list, whose first sentence changes each fetch. */
function revisedUrl(title: string) {
  return `${FIXTURE_ORIGIN}/revised?key=${encodeURIComponent(title)}&title=${encodeURIComponent(title)}`;
}

interface Reader {
  id: number;
  token: string;
  title: string;
}

/** A new account with one processed article (real fetch, extraction, summary), signed in, its viewer open. */
async function openArticle(page: Page, name: string): Promise<Reader> {
  const title = `${name} ${Date.now()}`;
  const { email, token } = await createAccount(page);
  const { results } = await saveArticles(page, token, [revisedUrl(title)]);
  const id = (results[0] as { article: { id: number } }).article.id;
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/api/articles/${id}`, {
          headers: { Authorization: `Bearer ${token}` },
        });
        return response.ok() ? (await response.json()).processing_status : null;
      },
      { timeout: 90_000 },
    )
    .toBe("completed");
  await signInWithToken(page, email);
  await page.goto(`/#/article/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  return { id, token, title };
}

async function storedHighlights(page: Page, reader: Reader) {
  const response = await resendIfLost(() =>
    page.request.get(`/api/articles/${reader.id}/highlights`, {
      headers: { Authorization: `Bearer ${reader.token}` },
    }),
  );
  expect(response.status()).toBe(200);
  return (await response.json()).highlights as {
    id: number;
    quote: string;
    color: string;
    note: string | null;
    target: string;
    selectors: { type: string }[];
  }[];
}

const content = (page: Page) => page.locator(".viewer-content");
const summary = (page: Page) => page.locator(".viewer-summary");
const selectionMenu = (page: Page) => page.getByRole("menu", { name: "Selected text" });
const highlightMenu = (page: Page) => page.getByRole("menu", { name: "Highlight" });
/** A drawn highlight, by the start of its quote (its first piece is a button named "Highlight: ..."). */
const drawn = (scope: Page | Locator, quoteStart: string) =>
  scope.getByRole("button", { name: `Highlight: ${quoteStart}` });

/**
 * Selects the text of `container` from the start of `from` to the end of `to` (by default the end of `from`), the
 * way a drag does, and ends it as a mouse button's release over the last line (when the viewer reads a selection).
 * `release: false` only selects.
 */
async function selectPhrase(container: Locator, from: string, to = from, { release = true } = {}) {
  await container.evaluate(
    (element, { from, to, release }) => {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      const nodes: Text[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text);
      const text = nodes.map((node) => node.data).join("");
      const start = text.indexOf(from);
      const end = text.indexOf(to, start) + to.length;
      if (start < 0 || end < to.length) throw new Error(`"${from}" ... "${to}" is not in the text`);
      const locate = (offset: number, forEnd: boolean): [Text, number] => {
        let left = offset;
        for (const node of nodes) {
          if (forEnd ? left <= node.data.length : left < node.data.length) return [node, left];
          left -= node.data.length;
        }
        const last = nodes[nodes.length - 1] as Text;
        return [last, last.data.length];
      };
      const range = document.createRange();
      range.setStart(...locate(start, false));
      range.setEnd(...locate(end, true));
      const selection = document.getSelection() as Selection;
      selection.removeAllRanges();
      selection.addRange(range);
      if (!release) return;
      const rects = range.getClientRects();
      const last = rects[rects.length - 1] ?? range.getBoundingClientRect();
      const init = { bubbles: true, button: 0, clientX: last.right - 1, clientY: last.bottom - 2 };
      const target = document.elementFromPoint(init.clientX, init.clientY) ?? element;
      target.dispatchEvent(new PointerEvent("pointerup", { ...init, isPrimary: true, pointerType: "mouse" }));
      target.dispatchEvent(new MouseEvent("mouseup", init));
    },
    { from, to, release },
  );
}

/** The text of every drawn piece of the highlight whose first piece is `first`, joined. */
async function highlightText(first: Locator): Promise<string> {
  return first.evaluate((mark) => {
    const id = (mark as HTMLElement).dataset.highlightId;
    return Array.from(document.querySelectorAll(`mark[data-highlight-id="${id}"]`), (m) => m.textContent).join("");
  });
}

/** The window boxes of `locator`'s element and of the selection (or of another element): they must not overlap. */
async function expectClear(page: Page, menu: Locator, of: "selection" | Locator) {
  await expect(menu).toBeInViewport({ ratio: 1 });
  const box = await menu.boundingBox();
  if (!box) throw new Error("no menu box");
  // Read again until there are boxes: the marks are cleared and drawn anew whenever the article's highlights change
  // (use-highlight-layer.ts; the save's answer is such a change), and a mark found just before that is detached
  // when it is read, its id matching nothing (seen once: no boxes at all).
  const readRects = (): Promise<DOMRect[]> =>
    of === "selection"
      ? page.evaluate(() =>
          Array.from((document.getSelection() as Selection).getRangeAt(0).getClientRects(), (r) => r.toJSON()),
        )
      : of.evaluate((mark) => {
          const id = (mark as HTMLElement).dataset.highlightId;
          return Array.from(document.querySelectorAll(`mark[data-highlight-id="${id}"]`)).flatMap((m) =>
            Array.from(m.getClientRects(), (r) => r.toJSON()),
          );
        });
  let rects: DOMRect[] = [];
  await expect
    .poll(async () => {
      rects = await readRects();
      return rects.length;
    })
    .toBeGreaterThan(0);
  const covered = rects.filter(
    (rect: DOMRect) =>
      rect.x < box.x + box.width &&
      rect.x + rect.width > box.x &&
      rect.y < box.y + box.height &&
      rect.y + rect.height > box.y,
  );
  expect(covered).toEqual([]);
}

test.describe("Highlights in the viewer", () => {
  test("select, Highlight: drawn at once, saved with both selectors, in the same place after a reload", async ({
    page,
  }) => {
    const reader = await openArticle(page, "Highlight and reload");
    await page.getByRole("tab", { name: "Content" }).click();
    // Across a link's text and the plain text after it.
    await selectPhrase(content(page), "Tomatoes like the sun, basil likes");
    await expect(selectionMenu(page).getByRole("menuitem")).toHaveText([
      "Share as Image",
      "Copy Text",
      "Highlight",
      "Cancel",
    ]);
    await selectionMenu(page).getByRole("menuitem", { name: "Highlight" }).click();
    const mark = drawn(content(page), "Tomatoes like the sun, basil likes");
    await expect(mark).toBeVisible();
    await expect.poll(() => highlightText(mark)).toBe("Tomatoes like the sun, basil likes");
    await expect(mark).toHaveClass(/highlight-yellow/);
    await expect(selectionMenu(page)).toHaveCount(0);
    await expect(content(page).locator("a mark")).toHaveText("Tomatoes like the sun");

    await expect
      .poll(async () => (await storedHighlights(page, reader)).map((h) => h.quote))
      .toEqual(["Tomatoes like the sun, basil likes"]);
    const [stored] = await storedHighlights(page, reader);
    expect(stored?.target).toBe("content");
    expect(stored?.selectors.map((s) => s.type)).toEqual(["TextQuoteSelector", "TextPositionSelector"]);
    const before = await mark.boundingBox();
    await shot(page, "highlight-content-1280");

    await page.reload();
    await page.getByRole("tab", { name: "Content" }).click();
    const again = drawn(content(page), "Tomatoes like the sun, basil likes");
    await expect(again).toBeVisible();
    expect(await highlightText(again)).toBe("Tomatoes like the sun, basil likes");
    const after = await again.boundingBox();
    expect(after && before && Math.abs(after.x - before.x) < 1 && Math.abs(after.y - before.y) < 1).toBe(true);
  });

  test("a selection that starts or stops inside a word highlights the whole words", async ({ page }) => {
    const reader = await openArticle(page, "Whole words");
    await page.getByRole("tab", { name: "Content" }).click();
    // A drag that started one letter late and stopped one letter into "find".
    await selectPhrase(content(page), "ighlight what matters in it and f");
    await selectionMenu(page).getByRole("menuitem", { name: "Highlight" }).click();
    const mark = drawn(content(page), "highlight what matters in it and find");
    await expect(mark).toBeVisible();
    await expect.poll(() => highlightText(mark)).toBe("highlight what matters in it and find");
    await expect
      .poll(async () => (await storedHighlights(page, reader)).map((h) => h.quote))
      .toEqual(["highlight what matters in it and find"]);
  });

  test("a highlight across paragraphs, a heading and list items; in the title and the summary; in four colours", async ({
    page,
  }) => {
    const reader = await openArticle(page, "Across blocks");
    await page.getByRole("tab", { name: "Content" }).click();
    await selectPhrase(content(page), "slugs like everything", "Check the tyres");
    await selectionMenu(page).getByRole("menuitem", { name: "Highlight" }).click();
    const mark = drawn(content(page), "slugs like everything");
    await expect(mark).toBeVisible();
    // The emphasis, the rest of the paragraph, the heading, the next paragraph and the first list item.
    await expect(content(page).locator("em mark")).toHaveText("slugs like everything");
    await expect(content(page).locator("h2 mark")).toHaveText("Bicycles and their chains");
    await expect(content(page).locator("li mark")).toHaveText("Check the tyres");
    // Read until whole: the save's answer has the marks cleared and drawn anew, and a read between the two sees
    // only some of them (seen once in CI: the first test above polls for the same reason).
    await expect
      .poll(() => highlightText(mark))
      .toMatch(/^slugs like everything\. A careful gardener[\s\S]*Check the tyres$/);
    // Nothing of it is drawn in the blank between blocks, where a <mark> would be invalid (in a <ul>).
    await expect(content(page).locator("ul > mark")).toHaveCount(0);

    // Each colour from its menu; the swatch says which is chosen.
    await mark.click();
    await expect(highlightMenu(page)).toBeVisible();
    await expectClear(page, highlightMenu(page), mark);
    for (const [name, color] of [
      ["Green", "green"],
      ["Blue", "blue"],
      ["Pink", "pink"],
    ] as const) {
      await highlightMenu(page).getByRole("menuitemradio", { name }).click();
      await expect(mark).toHaveClass(new RegExp(`highlight-${color}`));
      await expect(highlightMenu(page).getByRole("menuitemradio", { name })).toHaveAttribute("aria-checked", "true");
    }
    await expect.poll(async () => (await storedHighlights(page, reader))[0]?.color).toBe("pink");
    await page.keyboard.press("Escape");
    await expect(highlightMenu(page)).toHaveCount(0);

    // The title.
    const heading = page.getByRole("heading", { level: 1 });
    await selectPhrase(heading, "Across blocks");
    await selectionMenu(page).getByRole("menuitem", { name: "Highlight" }).click();
    await expect(heading.locator("mark")).toHaveText("Across blocks");

    // The summary, whatever sentence the summariser wrote first.
    await page.getByRole("tab", { name: "Summary" }).click();
    // Its first 30 characters, cut at the end of the last whole word: a highlight covers whole words.
    const first = (await summary(page).innerText())
      .trim()
      .slice(0, 30)
      .replace(/\s+\S*$/, "")
      .trim();
    await selectPhrase(summary(page), first);
    await selectionMenu(page).getByRole("menuitem", { name: "Highlight" }).click();
    await expect(summary(page).locator("mark")).toHaveText(first);

    await expect
      .poll(async () => (await storedHighlights(page, reader)).map((h) => h.target).sort())
      .toEqual(["content", "summary", "title"]);
    await shot(page, "highlight-summary-title-1280");
    // Drawn again from what the server stored.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 }).locator("mark")).toHaveText("Across blocks");
    await expect(summary(page).locator("mark")).toHaveText(first);
  });

  test("keyboard: Shift+arrows then H highlights; Enter opens its menu; every action has a shortcut in its tooltip", async ({
    page,
  }) => {
    const reader = await openArticle(page, "Keyboard highlight");
    await page.getByRole("tab", { name: "Content" }).click();
    const paragraph = content(page).getByText("A well-oiled chain is quiet", { exact: false });
    await paragraph.click();
    await selectPhrase(content(page), "A well-oiled", "A well-oiled", { release: false });
    await page.keyboard.press("Shift+ArrowRight");
    await page.keyboard.press("Shift+ArrowRight");
    await expect(selectionMenu(page)).toBeVisible();
    const item = selectionMenu(page).getByRole("menuitem", { name: "Highlight" });
    await expect(item).toHaveAttribute("title", "Highlight (H)");
    await expect(item).toHaveAttribute("aria-keyshortcuts", "H");
    // The menu takes focus when it opens (its first item); its keys work from there.
    await expect(selectionMenu(page).getByRole("menuitem").first()).toBeFocused();
    await page.keyboard.press("h");
    // The new highlight takes focus: Enter opens its menu. It covers whole words: "c" grew to "chain".
    const mark = drawn(content(page), "A well-oiled chain");
    await expect(mark).toBeFocused();
    // Polled: the mark is redrawn once the server's id replaces the temporary one.
    await expect.poll(() => highlightText(mark)).toBe("A well-oiled chain");
    await page.keyboard.press("Enter");
    await expect(highlightMenu(page)).toBeVisible();
    const expected: [string, string, string][] = [
      ["Yellow", "Yellow (Y)", "Y"],
      ["Green", "Green (G)", "G"],
      ["Blue", "Blue (B)", "B"],
      ["Pink", "Pink (P)", "P"],
      ["Add note", "Add note (N)", "N"],
      ["Share as Image", "Share as Image (S)", "S"],
      ["Copy", "Copy (C)", "C"],
      ["Delete", "Delete (D or Delete)", "D Delete"],
    ];
    const items = highlightMenu(page).locator("[role^=menuitem]");
    await expect(items).toHaveCount(expected.length);
    for (const [index, [name, title, keys]] of expected.entries()) {
      await expect(items.nth(index)).toHaveAccessibleName(name);
      await expect(items.nth(index)).toHaveAttribute("title", title);
      await expect(items.nth(index)).toHaveAttribute("aria-keyshortcuts", keys);
    }
    await expect(items.nth(0)).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expect(items.nth(1)).toBeFocused();
    await page.keyboard.press("b");
    await expect(mark).toHaveClass(/highlight-blue/);
    await expect.poll(async () => (await storedHighlights(page, reader))[0]?.color).toBe("blue");
    // Escape gives focus back to the highlight.
    await page.keyboard.press("Escape");
    await expect(highlightMenu(page)).toHaveCount(0);
    await expect(drawn(content(page), "A well-oiled chain")).toBeFocused();
  });

  test("a note: added, saved when the field loses focus, edited and saved with Ctrl+Enter, kept after a reload; shared as the caption; Copy", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const reader = await openArticle(page, "Noted");
    await page.getByRole("tab", { name: "Content" }).click();
    await selectPhrase(content(page), "Oil the chain after riding in the rain.");
    await selectionMenu(page).getByRole("menuitem", { name: "Highlight" }).click();
    const mark = drawn(content(page), "Oil the chain");
    await mark.click();
    await highlightMenu(page).getByRole("menuitem", { name: "Add note" }).click();
    const note = page.getByRole("textbox", { name: "Note", exact: true });
    await expect(note).toBeFocused();
    await note.fill("Rain washes the oil off.");
    await expect(note).toHaveAttribute("maxlength", "10000");
    await shot(page, "highlight-note-1280");
    // Clicking elsewhere closes the menu; the note is saved.
    await page.getByRole("heading", { level: 1 }).click();
    await expect(highlightMenu(page)).toHaveCount(0);
    await expect.poll(async () => (await storedHighlights(page, reader))[0]?.note).toBe("Rain washes the oil off.");
    await expect(mark).toHaveClass(/highlight-noted/);

    await mark.click();
    await highlightMenu(page).getByRole("menuitem", { name: "Edit note" }).click();
    await expect(note).toHaveValue("Rain washes the oil off.");
    await note.fill("Rain washes the oil off; oil it again.");
    await page.keyboard.press("Control+Enter");
    await expect(note).toHaveCount(0);
    await expect
      .poll(async () => (await storedHighlights(page, reader))[0]?.note)
      .toBe("Rain washes the oil off; oil it again.");

    await page.reload();
    await page.getByRole("tab", { name: "Content" }).click();
    await drawn(content(page), "Oil the chain").click();
    await highlightMenu(page).getByRole("menuitem", { name: "Edit note" }).click();
    await expect(page.getByRole("textbox", { name: "Note", exact: true })).toHaveValue(
      "Rain washes the oil off; oil it again.",
    );
    await page.keyboard.press("Escape");
    await expect(highlightMenu(page)).toHaveCount(0);

    // 'Share as Image' offers the note as the card's caption.
    await drawn(content(page), "Oil the chain").click();
    await highlightMenu(page).getByRole("menuitem", { name: "Share as Image" }).click();
    const dialog = page.getByRole("dialog", { name: "Share as Image" });
    const card = dialog.getByTestId("share-card");
    await expect(card.locator(".share-card-quote")).toHaveText("Oil the chain after riding in the rain.");
    await expect(card.locator(".share-card-caption")).toHaveText("Rain washes the oil off; oil it again.");
    await dialog.getByRole("checkbox", { name: "Include note" }).uncheck();
    await expect(card.locator(".share-card-caption")).toHaveCount(0);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);

    // 'Copy' copies the quote (C from the keyboard).
    await drawn(content(page), "Oil the chain").focus();
    await page.keyboard.press("Enter");
    await page.keyboard.press("c");
    await expect(highlightMenu(page)).toHaveCount(0);
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toBe("Oil the chain after riding in the rain.");
  });

  test("Delete takes it away; Undo in the toast brings it back with its colour and note", async ({ page }) => {
    const reader = await openArticle(page, "Undo delete");
    // A slow connection: the colour and the note are chosen before the server has stored the highlight, and
    // both must hold.
    let firstCreation = true;
    await page.route(/\/api\/articles\/\d+\/highlights$/, async (route) => {
      if (route.request().method() === "POST" && firstCreation) {
        firstCreation = false;
        await new Promise((resolve) => setTimeout(resolve, 1_500));
      }
      await route.continue();
    });
    await page.getByRole("tab", { name: "Content" }).click();
    await selectPhrase(content(page), "Keep the brakes adjusted");
    await selectionMenu(page).getByRole("menuitem", { name: "Highlight" }).click();
    const mark = drawn(content(page), "Keep the brakes adjusted");
    await mark.click();
    await highlightMenu(page).getByRole("menuitemradio", { name: "Green" }).click();
    await highlightMenu(page).getByRole("menuitem", { name: "Add note" }).click();
    await page.getByRole("textbox", { name: "Note", exact: true }).fill("Brakes first.");
    await page.keyboard.press("Control+Enter");
    await expect.poll(async () => (await storedHighlights(page, reader))[0]?.note).toBe("Brakes first.");
    const [original] = await storedHighlights(page, reader);

    await highlightMenu(page).getByRole("menuitem", { name: "Delete" }).click();
    await expect(mark).toHaveCount(0);
    await expect(page.getByRole("status").filter({ hasText: "Highlight deleted" })).toBeVisible();
    await expect.poll(async () => (await storedHighlights(page, reader)).length).toBe(0);

    await page.getByRole("button", { name: "Undo" }).click();
    await expect(mark).toBeVisible();
    await expect(mark).toHaveClass(/highlight-green/);
    await expect.poll(async () => (await storedHighlights(page, reader)).length).toBe(1);
    const [restored] = await storedHighlights(page, reader);
    expect(restored?.id).not.toBe(original?.id);
    expect(restored).toMatchObject({
      quote: original?.quote,
      color: "green",
      note: "Brakes first.",
      selectors: original?.selectors,
    });
  });

  test("a re-fetch that changes the text before it keeps the highlight on its words", async ({ page }) => {
    const reader = await openArticle(page, "Refetched");
    await page.getByRole("tab", { name: "Content" }).click();
    await expect(content(page)).toContainText("This page was fetched once.");
    await selectPhrase(content(page), "A well-oiled chain is quiet");
    await selectionMenu(page).getByRole("menuitem", { name: "Highlight" }).click();
    await expect(drawn(content(page), "A well-oiled chain is quiet")).toBeVisible();
    await expect.poll(async () => (await storedHighlights(page, reader)).length).toBe(1);

    await page.getByRole("button", { name: "Re-fetch Content" }).first().click();
    // Every character after the first sentence moved.
    await expect(content(page)).toContainText("This page was fetched 2 times, and it grew.", { timeout: 90_000 });
    const mark = drawn(content(page), "A well-oiled chain is quiet");
    await expect(mark).toBeVisible();
    expect(await highlightText(mark)).toBe("A well-oiled chain is quiet");
    await page.reload();
    await page.getByRole("tab", { name: "Content" }).click();
    await expect(content(page)).toContainText("fetched 2 times");
    expect(await highlightText(drawn(content(page), "A well-oiled chain is quiet"))).toBe(
      "A well-oiled chain is quiet",
    );
  });

  test("at 375 px with touch: a long-press selection shows the menu clear of the text; a tap on a highlight opens its menu", async ({
    browser,
    page,
  }) => {
    const reader = await openArticle(page, "Touch");
    const phone = await phoneContext(browser, page);
    const touch = await phone.newPage();
    await touch.goto(`/#/article/${reader.id}`);
    await expect(touch.getByRole("heading", { level: 1, name: reader.title })).toBeVisible();
    await touch.getByRole("tab", { name: "Content" }).tap();
    const paragraph = content(touch).getByText("A well-oiled chain is quiet", { exact: false });
    await paragraph.scrollIntoViewIfNeeded();
    await longPress(touch, paragraph);
    await expect(selectionMenu(touch)).toBeVisible();
    await expectClear(touch, selectionMenu(touch), "selection");
    await shot(touch, "highlight-touch-selection-375");
    const word = (await touch.evaluate(() => String(document.getSelection()))).trim();
    expect(word.length).toBeGreaterThan(2);
    await selectionMenu(touch).getByRole("menuitem", { name: "Highlight" }).tap();
    const mark = drawn(content(touch), word);
    await expect(mark).toBeVisible();
    await mark.tap();
    await expect(highlightMenu(touch)).toBeVisible();
    await expectClear(touch, highlightMenu(touch), mark);
    await shot(touch, "highlight-touch-menu-375");
    await expect.poll(async () => (await storedHighlights(page, reader)).map((h) => h.quote)).toEqual([word]);
    await phone.close();
  });

  test("offline: a highlight made offline is sent after reconnecting", async ({ page, context }) => {
    const reader = await openArticle(page, "Offline");
    // The fixture's resending route sends the page's writes from Node, where the browser's offline mode does not
    // reach: without it, a write made offline fails in the page as it would for a reader.
    await context.unrouteAll({ behavior: "ignoreErrors" });
    await page.getByRole("tab", { name: "Content" }).click();
    await expect(content(page)).toContainText("Gardens reward patience.");
    await context.setOffline(true);
    await selectPhrase(content(page), "Gardens reward patience.");
    await selectionMenu(page).getByRole("menuitem", { name: "Highlight" }).click();
    await expect(drawn(content(page), "Gardens reward patience.")).toBeVisible();
    await context.setOffline(false);
    await expect
      .poll(async () => (await storedHighlights(page, reader)).map((h) => h.quote))
      .toEqual(["Gardens reward patience."]);
    await page.reload();
    await page.getByRole("tab", { name: "Content" }).click();
    await expect(drawn(content(page), "Gardens reward patience.")).toBeVisible();
  });
});

/** A phone: 375 px wide, touch, signed in as the same reader (the session copied from `page`). */
async function phoneContext(browser: Browser, page: Page): Promise<BrowserContext> {
  const storage = await page.evaluate(() => ({
    token: localStorage.getItem("authToken"),
    user: localStorage.getItem("user"),
  }));
  const phone = await browser.newContext({
    viewport: { width: 375, height: 740 },
    hasTouch: true,
    isMobile: true,
    deviceScaleFactor: 2,
    baseURL: new URL(page.url()).origin,
    serviceWorkers: "block",
  });
  await resendLostAppRequests(phone);
  await phone.addInitScript(({ token, user }) => {
    if (token) localStorage.setItem("authToken", token);
    if (user) localStorage.setItem("user", user);
  }, storage);
  return phone;
}

/**
 * A long press on a word: a finger down on it (real touch events, over CDP), the word under it selected as a phone
 * selects it, the finger lifted. Headless Chromium has no touch selection of its own, so the page selects the word
 * at the finger while it is down, with the same API the phone's would leave behind (a Selection over the word).
 */
async function longPress(page: Page, target: Locator) {
  const box = await target.boundingBox();
  if (!box) throw new Error("nothing to press");
  const point = { x: Math.round(box.x + 30), y: Math.round(box.y + 12) };
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [point] });
  await page.evaluate(({ x, y }) => {
    const caret = document.caretPositionFromPoint(x, y);
    if (!caret) throw new Error("no text under the finger");
    const selection = document.getSelection() as Selection;
    selection.collapse(caret.offsetNode, caret.offset);
    selection.modify("move", "backward", "word");
    selection.modify("extend", "forward", "word");
  }, point);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
}
