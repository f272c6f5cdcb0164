import type { Browser, Locator, Page } from "@playwright/test";
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

/**
 * The AI search modal against real processed articles: fixture pages with distinct subjects are saved through
 * the API, processed for real (fetch, extract, summarise, embed, index), then searched through the UI.
 */
const LIBRARY = {
  bees: {
    title: "Beekeeping for beginners",
    body: [
      "A honeybee colony lives in a wooden hive with one queen, thousands of workers and a few drones. New beekeepers start with a single hive and a calm colony.",
      "Workers forage for nectar and pollen across the meadow and return to the hive to make honey. A strong colony can fill several frames of honeycomb in a good summer.",
      "Inspect the frames every week in spring, look for eggs from the queen, and watch for swarming. A smoker keeps the bees calm while the hive is open.",
      "At the end of summer the beekeeper harvests the honey, leaving enough stores in the hive for the bees to survive the winter.",
    ],
  },
  bread: {
    title: "Baking sourdough bread at home",
    body: [
      "Sourdough bread rises with a starter of flour and water that has captured wild yeast and bacteria. Feeding the starter every day keeps it lively and sour.",
      "Mix the starter with flour, water and salt, then fold the dough every half hour. Long fermentation develops the flavour and the open crumb bakers love.",
      "Shape the loaf, let it proof overnight in the fridge, and bake it in a very hot dutch oven. Steam in the first minutes gives a crisp crust.",
      "Let the bread cool completely before slicing; the crumb is still setting while the loaf is warm.",
    ],
  },
  glaciers: {
    title: "Mountain glaciers in retreat",
    body: [
      "Alpine glaciers are melting faster every decade as the climate warms. Photographs from a century ago show ice where meadows grow today.",
      "Glaciologists measure the retreat of the ice front each autumn and drill cores to read the history of past climates locked in the ice.",
      "Meltwater from glaciers feeds rivers through dry summers, so their loss changes farming and drinking water far down the valleys.",
      "Some villages cover the ice with white blankets in summer to slow the melting, but scientists expect most small glaciers to vanish this century.",
    ],
  },
};

const OTHER_LIBRARY = {
  tides: {
    title: "Tidal power stations",
    body: [
      "Tidal power stations turn the rise and fall of the sea into electricity. A barrage across an estuary lets the tide fill a basin and then runs the water back through turbines.",
      "Unlike wind and sunshine, the tides are predictable years ahead, so engineers know exactly when the turbines will spin.",
      "The largest tidal plants sit where the coastline funnels the sea into narrow bays and the range between high and low water is greatest.",
      "Critics point to the cost of the concrete and the change to mudflats where wading birds feed at low tide.",
    ],
  },
};

/** The reader's library in three languages: the chat answers each question in its own. */
const MULTILINGUAL_LIBRARY = {
  bees: LIBRARY.bees,
  bread: {
    title: "Sauerteigbrot selbst backen",
    lang: "de",
    body: [
      "Ein Sauerteig besteht aus Mehl und Wasser, in denen wilde Hefen und Milchsäurebakterien leben. Wer ihn jeden Tag füttert, hält ihn lebendig und sauer.",
      "Für das Brot wird der Sauerteig mit Mehl, Wasser und Salz verknetet. Der Teig ruht lange, damit er Geschmack entwickelt und eine offene Krume bekommt.",
      "Gebacken wird das Brot in einem sehr heißen Topf aus Gusseisen. Dampf in den ersten Minuten sorgt für eine knusprige Kruste.",
    ],
  },
  trains: {
    title: "La grève à la SNCF",
    lang: "fr",
    body: [
      "Les cheminots de la SNCF sont en grève depuis lundi contre la réforme de leur statut. La plupart des trains régionaux sont supprimés.",
      "Les syndicats demandent le retrait du projet, tandis que le gouvernement promet de maintenir le dialogue avec les cheminots.",
      "Pour les voyageurs, la grève signifie des quais bondés et des correspondances manquées dans toute la France.",
    ],
  },
};

type Library = Record<string, { title: string; body: string[]; lang?: string }>;

/** A fixture page with its own title, paragraphs and language (test/fixtures/fixture-server.mjs). */
function pageUrl({ title, body, lang }: { title: string; body: string[]; lang?: string }): string {
  const language = lang ? `&lang=${lang}` : "";
  return `${FIXTURE_ORIGIN}/article?title=${encodeURIComponent(title)}&body=${encodeURIComponent(body.join("\n\n"))}${language}`;
}

/** A new account with `library` saved and processed to the end. */
async function accountWithLibrary(page: Page, library: Library) {
  const { email, token } = await createAccount(page);
  const { results } = await saveArticles(page, token, Object.values(library).map(pageUrl));
  const ids = results.map((result) => result.article.id);
  await expect
    .poll(
      async () => {
        const response = await page.request.post("/api/articles/batch/status", {
          data: { article_ids: ids },
          headers: { Authorization: `Bearer ${token}` },
        });
        // A busy local runtime may drop one poll ("Network connection lost"): poll again rather than fail.
        if (!response.ok()) return `HTTP ${response.status()}`;
        const { statuses } = (await response.json()) as { statuses: { status: string }[] };
        return statuses.map((s) => s.status).join(",");
      },
      { timeout: 60_000, intervals: [500, 1000] },
    )
    .toBe(ids.map(() => "completed").join(","));
  return { email, token, ids };
}

/** Signed in on the dashboard (a fresh load, so the app reads the stored session). */
async function openDashboard(page: Page, email: string) {
  await signInWithToken(page, email);
  await page.goto("/#/dashboard");
  await expect(page.getByRole("textbox", { name: "Search with AI" })).toBeVisible();
}

const searchDialog = (page: Page) => page.getByRole("dialog", { name: "Search Your Articles" });

async function openSearch(page: Page) {
  await page.getByRole("textbox", { name: "Search with AI" }).click();
  const dialog = searchDialog(page);
  await expect(dialog).toBeVisible();
  return dialog;
}

async function ask(dialog: Locator, question: string) {
  await dialog.getByPlaceholder("Ask about your articles...").fill(question);
  await dialog.getByRole("button", { name: "Search", exact: true }).click();
}

/** The messages of the conversation, in order, as text. */
const conversation = (dialog: Locator) => dialog.getByRole("log").locator("[data-message-type]").allTextContents();
const results = (dialog: Locator) => dialog.locator(".search-result");
const focusIsInside = (page: Page) =>
  page.evaluate(() => Boolean(document.querySelector("[role=dialog]")?.contains(document.activeElement)));
const bodyOverflow = (page: Page) => page.evaluate(() => getComputedStyle(document.body).overflow);

let library: { email: string; token: string; ids: number[] };

async function sharedLibrary(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  await resendLostAppRequests(context);
  library = await accountWithLibrary(await context.newPage(), LIBRARY);
  await context.close();
}

test.describe("AI search modal", () => {
  test("opens from the field, traps focus, and closes on Escape or the backdrop, unlocking the page", async ({
    page,
  }) => {
    const { email } = await createAccount(page);
    await openDashboard(page, email);
    const field = page.getByRole("textbox", { name: "Search with AI" });
    await expect(field).toHaveAttribute("readonly", "");
    await expect(searchDialog(page)).toBeHidden();

    // Keyboard: Enter on the field opens the dialog with the welcome line and the focus in the question.
    await field.focus();
    await page.keyboard.press("Enter");
    const dialog = searchDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute("aria-modal", "true");
    await expect(dialog.getByText("Hi! Ask me anything about your articles.")).toBeVisible();
    const input = dialog.getByPlaceholder("Ask about your articles...");
    await expect(input).toBeFocused();
    expect(await bodyOverflow(page)).toBe("hidden");

    // An empty or blank question cannot be sent.
    const send = dialog.getByRole("button", { name: "Search", exact: true });
    await expect(send).toBeDisabled();
    await input.fill("   ");
    await expect(send).toBeDisabled();
    await input.fill("bees");
    await expect(send).toBeEnabled();

    // Tab and Shift+Tab go round inside the dialog, never to the page behind it.
    const visited = new Set<string>();
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press("Tab");
      expect(await focusIsInside(page)).toBe(true);
      visited.add(await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 60) ?? ""));
    }
    expect(visited.size).toBeGreaterThanOrEqual(4);
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press("Shift+Tab");
      expect(await focusIsInside(page)).toBe(true);
    }

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    expect(await bodyOverflow(page)).not.toBe("hidden");
    await expect(field).toBeFocused();

    // Space opens it too; a click on the backdrop closes it.
    await page.keyboard.press(" ");
    await expect(dialog).toBeVisible();
    expect(await bodyOverflow(page)).toBe("hidden");
    await page.mouse.click(8, 8);
    await expect(dialog).toBeHidden();
    expect(await bodyOverflow(page)).not.toBe("hidden");

    // A click inside the dialog does not close it; the close button does.
    await field.click();
    await dialog.getByRole("heading", { name: "Search Your Articles" }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Close search" }).click();
    await expect(dialog).toBeHidden();

    // Closed on purpose: the next visit to the dashboard does not open it again.
    await page.reload();
    await expect(field).toBeVisible();
    await expect(dialog).toBeHidden();
  });

  test.describe("with a processed library", () => {
    test.beforeAll(async ({ browser, baseURL }) => {
      test.setTimeout(90_000);
      await sharedLibrary(browser, baseURL);
    });

    test.beforeEach(async ({ page }) => {
      await openDashboard(page, library.email);
    });

    test("finds an article by its title words, with its match, explanation and suggestions", async ({ page }) => {
      const dialog = await openSearch(page);

      // A slow answer shows progress: a busy button and a busy conversation. The answer is held until they have
      // been seen (a fixed delay can be over before a busy machine has drawn them).
      let release: () => void = () => {};
      const released = new Promise<void>((resolve) => {
        release = () => resolve();
      });
      await page.route("**/api/search/chat", async (route) => {
        await released;
        await route.continue();
      });
      await ask(dialog, "sourdough bread");
      await expect(dialog.getByRole("button", { name: "Searching..." })).toBeDisabled();
      await expect(dialog.getByRole("log")).toHaveAttribute("aria-busy", "true");
      await expect(dialog.getByText("Searching your articles...")).toBeVisible();
      release();

      const first = results(dialog).first();
      await expect(first.getByRole("link")).toHaveText(LIBRARY.bread.title);
      await page.unroute("**/api/search/chat");
      await expect(dialog.getByRole("log")).toHaveAttribute("aria-busy", "false");
      await expect(dialog.getByRole("button", { name: "Search", exact: true })).toBeVisible();
      await expect(first.locator(".search-result-score")).toHaveText(/^\d{1,3}% match$/);
      await expect(first.getByText("Unread", { exact: true })).toBeVisible();
      await expect(first.getByText("127.0.0.1", { exact: true })).toBeVisible();
      // The fixture page states no date: the card shows the day it was saved, and says so.
      await expect(first.locator("time")).toHaveText(/^Saved [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
      await expect(first.locator(".search-result-why")).toContainText('Mentions "sourdough"');
      const summary = await first.locator(".search-result-summary").innerText();
      expect(summary).toContain("Sourdough bread rises with a starter");
      expect(summary.length).toBeLessThanOrEqual(200);
      expect(summary).not.toContain("**");
      await expect(dialog.getByText(/^Found \d+ articles?/)).toBeVisible();

      // A question that touches several articles brings follow-up suggestions; one click asks it.
      const listsBefore = await dialog.locator(".search-suggestions").count();
      await ask(dialog, "summer honey ice");
      await expect(dialog.locator(".search-suggestions")).toHaveCount(listsBefore + 1);
      const suggestions = dialog.locator(".search-suggestions").last();
      await expect(suggestions.getByText("Try these suggestions:")).toBeVisible();
      const suggestion = suggestions.getByRole("button").first();
      const suggested = (await suggestion.innerText()).trim();
      expect(suggested).toMatch(/^More about \S+/);
      const before = (await conversation(dialog)).length;
      await suggestion.click();
      await expect.poll(async () => (await conversation(dialog)).length).toBe(before + 2);
      const after = await conversation(dialog);
      expect(after.at(-2)).toContain(suggested);
      expect(after.at(-1)).toMatch(/Found \d+|No articles found|I found nothing about that/);

      await ask(dialog, "zzqqxx");
      await expect(dialog.getByText("No articles found matching your query.")).toBeVisible();
      expect((await conversation(dialog)).at(-1)).toContain("No articles found matching your query.");
    });

    test("a conversation: a cited answer above the cards, 'the second one', and nothing found said in German", async ({
      page,
    }) => {
      const dialog = await openSearch(page);
      await ask(dialog, "summer honey ice");
      const firstReply = dialog.locator('[data-message-type="system"]').last();
      await expect(firstReply.getByText(/^Found \d+ articles?/)).toBeVisible();
      const titles = await firstReply.locator(".search-result-link").allInnerTexts();
      expect(titles.length).toBeGreaterThanOrEqual(2);
      // The answer quotes the results' own sentences, each with a citation that leads to its card.
      const answer = firstReply.getByTestId("chat-answer");
      await expect(answer).toContainText("the beekeeper harvests the honey");
      await expect(answer).toContainText("cover the ice with white blankets in summer");
      const beesPlace = titles.indexOf(LIBRARY.bees.title) + 1;
      expect(beesPlace).toBeGreaterThan(0);
      const citation = answer.getByRole("button", { name: `Source ${beesPlace}: ${LIBRARY.bees.title}` });
      await expect(citation).toHaveText(`[${beesPlace}]`);
      await shot(page, "chat-answer-with-citations");
      await citation.click();
      await expect(firstReply.locator(".search-result").nth(beesPlace - 1)).toBeFocused();

      await ask(dialog, "tell me more about the second one");
      const reply = dialog.locator('[data-message-type="system"]').last();
      await expect(reply.getByText("Found 1 article")).toBeVisible();
      await expect(reply.locator(".search-result-link")).toHaveText([titles[1] as string]);
      // Resolved against the previous results, explained by the question that found it.
      await expect(reply.getByText("Searched for: summer honey ice", { exact: true })).toBeVisible();

      // Nothing in the library says anything about volcanoes: said so once, in the question's language.
      await ask(dialog, "Was steht in meinen Artikeln über Vulkane?");
      await expect(dialog.locator('[data-message-type="system"]').last().locator(".chat-text")).toHaveText(
        /^(?:Dazu habe ich in deiner Bibliothek nichts gefunden|Keine Artikel zu deiner Frage gefunden)\.$/,
      );
    });

    test("opening a result keeps the chat: back on the dashboard the modal and its session are restored", async ({
      page,
    }) => {
      const dialog = await openSearch(page);
      await ask(dialog, "glaciers melting");
      const link = results(dialog).first().getByRole("link", { name: LIBRARY.glaciers.title });
      await expect(link).toBeVisible();
      const before = await conversation(dialog);
      expect(before).toHaveLength(3);

      await link.click();
      await expect(page).toHaveURL(/#\/article\/\d+$/);
      await expect(page.getByRole("heading", { level: 1, name: LIBRARY.glaciers.title })).toBeVisible();
      await expect(searchDialog(page)).toBeHidden();
      expect(await bodyOverflow(page)).not.toBe("hidden");

      await page.getByRole("button", { name: "Back" }).click();
      await expect(page).toHaveURL(/#\/dashboard$/);
      await expect(dialog).toBeVisible();
      expect(await conversation(dialog)).toEqual(before);
      expect(await bodyOverflow(page)).toBe("hidden");
      await expect(dialog.getByPlaceholder("Ask about your articles...")).toBeFocused();

      // The same server session: a follow-up question builds on the question asked before leaving.
      await ask(dialog, "only the unread ones");
      // Its own words are filter words only: the previous question is searched again, not glued to it.
      await expect(dialog.getByText("Searched for: glaciers melting", { exact: true })).toBeVisible();
      await expect(results(dialog).last().getByRole("link")).toHaveText(LIBRARY.glaciers.title);

      // Closed normally, it stays closed on the next visit, and opening it again continues the chat.
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await page.reload();
      await expect(page.getByRole("textbox", { name: "Search with AI" })).toBeVisible();
      await expect(dialog).toBeHidden();
      await openSearch(page);
      expect((await conversation(dialog)).slice(0, 3)).toEqual(before);
    });

    test("a new chat clears the conversation and the server session", async ({ page }) => {
      const dialog = await openSearch(page);
      await ask(dialog, "beekeeping");
      await expect(results(dialog).first().getByRole("link")).toHaveText(LIBRARY.bees.title);
      expect(await conversation(dialog)).toHaveLength(3);

      const cleared = page.waitForRequest(
        (request) => request.url().endsWith("/api/search/session") && request.postDataJSON()?.action === "clear",
      );
      const created = page.waitForResponse(
        (response) =>
          response.url().endsWith("/api/search/session") && response.request().postDataJSON()?.action === "create",
      );
      await dialog.getByRole("button", { name: "New chat" }).click();
      const oldSession = (await cleared).postDataJSON().session_id as string;
      const createdResponse = await created;
      expect(createdResponse.status()).toBe(201);
      const newSession = (await createdResponse.json()).session_id as string;
      expect(newSession).toMatch(/^[0-9a-f-]{36}$/);
      expect(newSession).not.toBe(oldSession);

      await expect.poll(() => conversation(dialog)).toEqual(["VibeRead: Hi! Ask me anything about your articles."]);
      await expect(results(dialog)).toHaveCount(0);
      await expect(dialog.getByPlaceholder("Ask about your articles...")).toBeFocused();

      // The old session is gone on the server, and a follow-up no longer builds on 'beekeeping'.
      const reuse = await resendIfLost(() =>
        page.request.post("/api/search/chat", {
          data: { query: "bees", session_id: oldSession },
          headers: { Authorization: `Bearer ${library.token}` },
        }),
      );
      expect(reuse.status()).toBe(404);
      await ask(dialog, "what about the hive");
      await expect(dialog.getByText(/^Found \d+ articles?/)).toBeVisible();
      await expect(dialog.getByText(/^Searched for:/)).toHaveCount(0);
    });

    test("a second user never sees the first user's articles or chat", async ({ page }) => {
      // The first user leaves the chat open on an article in this tab...
      const dialog = await openSearch(page);
      await ask(dialog, "sourdough");
      await results(dialog).first().getByRole("link", { name: LIBRARY.bread.title }).click();
      await expect(page.getByRole("heading", { level: 1, name: LIBRARY.bread.title })).toBeVisible();

      // ...then another account signs in in the same tab.
      const other = await accountWithLibrary(page, OTHER_LIBRARY);
      await openDashboard(page, other.email);
      await expect(page.getByRole("heading", { name: "Tidal power stations" })).toBeVisible();
      await expect(dialog).toBeHidden();

      await openSearch(page);
      expect(await conversation(dialog)).toEqual(["VibeRead: Hi! Ask me anything about your articles."]);
      await ask(dialog, "sourdough bread beekeeping honey glaciers melting");
      await expect(dialog.getByText(/^(Found \d+|No articles found)/)).toBeVisible();
      for (const { title } of Object.values(LIBRARY)) await expect(dialog.getByText(title)).toHaveCount(0);

      await ask(dialog, "tidal power");
      await expect(results(dialog).first().getByRole("link")).toHaveText(OTHER_LIBRARY.tides.title);
      const titles = await dialog.locator(".search-result-link").allInnerTexts();
      expect(titles.every((title) => title === OTHER_LIBRARY.tides.title)).toBe(true);
    });
  });

  test.describe("in the question's language", () => {
    let multilingual: { email: string };
    test.beforeAll(async ({ browser, baseURL }) => {
      test.setTimeout(90_000);
      const context = await browser.newContext({ baseURL });
      await resendLostAppRequests(context);
      multilingual = await accountWithLibrary(await context.newPage(), MULTILINGUAL_LIBRARY);
      await context.close();
    });

    test("answers a German and a French question with the chat's words in their language, and close results under their own heading", async ({
      page,
    }) => {
      await openDashboard(page, multilingual.email);
      const dialog = await openSearch(page);
      const lastReply = () => dialog.locator('[data-message-type="system"]').last();

      await ask(dialog, "Was steht in meinen Artikeln über Sauerteig?");
      const german = lastReply();
      await expect(german.locator(".chat-text")).toHaveText(
        /^1 passender Artikel zu deiner Frage gefunden \(\d+ ms\)\.$/,
      );
      await expect(german).toHaveAttribute("lang", "de");
      await expect(german.getByTestId("chat-answer")).toContainText(/^Aus deinen Artikeln: „.*Sauerteig/);
      const card = german.locator(".search-result").first();
      await expect(card.getByRole("link")).toHaveText(MULTILINGUAL_LIBRARY.bread.title);
      await expect(card.locator(".search-result-score")).toHaveText(/^\d{1,3}\s% Übereinstimmung$/);
      await expect(card.getByText("Ungelesen", { exact: true })).toBeVisible();
      await expect(card.locator(".search-result-why")).toContainText(/^Warum es passt: Erwähnt „sauerteig“/);
      await expect(german.getByText("Try these suggestions:")).toHaveCount(0);
      await shot(page, "chat-answer-in-german");

      await ask(dialog, "Quels articles parlent de la grève ?");
      const french = lastReply();
      await expect(french.locator(".chat-text")).toHaveText(/^1 article trouvé pour ta question \(\d+ ms\)\.$/);
      await expect(french.getByTestId("chat-answer")).toContainText(/^D'après tes articles : « /);
      await expect(french.locator(".search-result-why")).toContainText("Mentionne « grève »");

      // No word of the question in any article: said once, and the articles close in meaning under their heading.
      // (A lone word would follow the conversation's French.)
      await ask(dialog, "What do my articles say about insects?");
      const close = lastReply();
      await expect(close.locator(".chat-text")).toHaveText("I found nothing about that in your library.");
      await expect(close.getByText(/^Found \d+/)).toHaveCount(0);
      await expect(close.getByTestId("chat-answer")).toHaveCount(0);
      const heading = close.getByRole("heading", { name: "Not quite what you asked, but close" });
      await expect(heading).toBeVisible();
      const closeCard = close
        .getByRole("region", { name: "Not quite what you asked, but close" })
        .locator(".search-result");
      await expect(closeCard.first().getByRole("link")).toHaveText(LIBRARY.bees.title);
      await expect(closeCard.first().locator(".search-result-why")).toContainText(
        "No words in common with your question",
      );
      await expect(closeCard.first().locator(".search-result-score")).toHaveText(/^\d% match$|^[1-4]\d% match$/);
      await close.evaluate((reply) => reply.scrollIntoView({ block: "start" }));
      await shot(page, "chat-close-results");

      // A follow-up with nothing before it to refer to says so and offers a search instead, in its language.
      await dialog.getByRole("button", { name: "New chat" }).click();
      await expect.poll(() => conversation(dialog)).toEqual(["VibeRead: Hi! Ask me anything about your articles."]);
      await ask(dialog, "und die von letzter Woche?");
      const nothing = lastReply();
      // The notice is the reply, said once: no "Keine Artikel gefunden" above it, nothing searched.
      await expect(nothing.locator(".chat-text")).toHaveText(/^Es gibt keine bisherigen Ergebnisse/);
      await expect(nothing.locator(".chat-notice")).toHaveCount(0);
      await expect(nothing.locator(".chat-searched-for")).toHaveCount(0);
      await expect(nothing.getByText("Probier diese Vorschläge:")).toBeVisible();
      await expect(nothing.getByRole("button", { name: "Artikel von letzter Woche" })).toBeVisible();
      await shot(page, "chat-nothing-to-refer-to");
    });
  });

  test("a failed search says why in the chat and in a toast", async ({ page }) => {
    const { email } = await createAccount(page);
    await openDashboard(page, email);
    const dialog = await openSearch(page);
    const input = dialog.getByPlaceholder("Ask about your articles...");

    // The input stops at the server's 500 characters...
    await input.fill("a".repeat(600));
    await expect(input).toHaveValue("a".repeat(500));
    await expect(dialog.getByText("500 of 500 characters")).toBeVisible();

    // ...and if that limit is bypassed, the server's own detail is what the reader sees.
    await input.evaluate((element) => element.removeAttribute("maxlength"));
    await ask(dialog, "b".repeat(501));
    const tooLong = "Search failed: query: query must be at most 500 characters";
    await expect(dialog.getByRole("log").getByText(tooLong)).toBeVisible();
    await expect(page.locator(".toast-error").filter({ hasText: tooLong })).toBeVisible();

    // A server failure with a detail, and one without (the default message).
    await page.route("**/api/search/chat", (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ detail: "The search index is resting" }),
      }),
    );
    await ask(dialog, "bees");
    await expect(dialog.getByRole("log").getByText("Search failed: The search index is resting")).toBeVisible();
    await expect(page.locator(".toast-error").filter({ hasText: "The search index is resting" })).toBeVisible();

    await page.unroute("**/api/search/chat");
    await page.route("**/api/search/chat", (route) => route.fulfill({ status: 502, body: "Bad gateway" }));
    // The error toast does not cover the question: the reader can ask again at once.
    await input.fill("wasps");
    // Nothing lies over the button (a click would wait for the toast to go, which a busy machine makes look fine).
    const search = dialog.getByRole("button", { name: "Search", exact: true });
    expect(
      await search.evaluate((button) => {
        const box = button.getBoundingClientRect();
        return button.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
      }),
    ).toBe(true);
    await search.click();
    await expect(dialog.getByRole("log").getByText("Search failed: Search failed")).toBeVisible();
    // The chat goes on after errors.
    await expect(dialog.getByPlaceholder("Ask about your articles...")).toBeEnabled();
    expect((await conversation(dialog)).filter((text) => text.startsWith("Error:"))).toHaveLength(3);
  });

  test("a search that went on without search by meaning says so under its answer", async ({ page }) => {
    const { email } = await createAccount(page);
    await openDashboard(page, email);
    const dialog = await openSearch(page);
    // The local adapters never fail, so the server's real answer is taken and marked the way the API marks a
    // search whose model or vector index failed (docs/api.md: `degraded` and `notice`).
    const notice = "Search by meaning is unavailable right now, so these results only match your words.";
    await page.route("**/api/search/chat", async (route) => {
      const response = await route.fetch();
      const body = { ...(await response.json()), degraded: true, notice };
      await route.fulfill({ response, json: body });
    });
    await ask(dialog, "bees");
    await expect(dialog.getByRole("log").getByText(notice)).toBeVisible();
  });

  test("a session that cannot be created is reported, and searching still works", async ({ page }) => {
    const { email } = await createAccount(page);
    await openDashboard(page, email);
    let failCreate = true;
    await page.route("**/api/search/session", (route) =>
      failCreate
        ? route.fulfill({ status: 503, contentType: "application/json", body: '{"detail":"Try later"}' })
        : route.continue(),
    );
    const dialog = await openSearch(page);
    await expect(dialog.getByRole("log").getByText("Failed to initialize chat session")).toBeVisible();
    await expect(page.locator(".toast-error").filter({ hasText: "Failed to initialize chat session" })).toBeVisible();

    // A new chat cannot start either: it says so, over a fresh conversation.
    await dialog.getByRole("button", { name: "New chat" }).click();
    await expect(dialog.getByRole("log").getByText("Failed to start new chat")).toBeVisible();
    await expect(page.locator(".toast-error").filter({ hasText: "Failed to start new chat" })).toBeVisible();
    expect(await conversation(dialog)).toEqual([
      "VibeRead: Hi! Ask me anything about your articles.",
      "Error: Failed to start new chat",
    ]);

    failCreate = false;
    await ask(dialog, "anything about bees");
    await expect(dialog.getByText("No articles found matching your query.")).toBeVisible();
  });
});
