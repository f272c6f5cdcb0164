import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { articleUrl, createAccount, readArticle, saveArticles, shot, signInWithToken } from "./helpers";
import {
  finishSentence,
  installSpeechStub,
  marked,
  type SpeechLogEntry,
  type SpeechWindow,
  speaking,
  starts,
} from "./speech-stub";

// Issue 36, Listen: the article or its summary read aloud sentence by sentence, in its language, the sentence marked
// and followed, the reading position moved, 'Mark as read' at the end. The page's speechSynthesis is a stub
// (./speech-stub.ts) whose utterances start when spoken and end only when the test says (a clock the test
// controls), so every step is an outcome the test waits on, never a guess at how long speech takes.

async function processed(request: APIRequestContext, token: string, ids: number[]) {
  for (const id of ids) {
    await expect
      .poll(async () => (await readArticle(request, token, id)).processing_status, { timeout: 60_000 })
      .toBe("completed");
  }
}

const player = (page: Page) => page.getByRole("region", { name: "Listen" });
const playerStatus = (page: Page) => player(page).getByRole("status");

test("listening to an article: sentences in order, the mark follows, pause, skip, speed, the position, Mark as read", async ({
  page,
  context,
  request,
}) => {
  await installSpeechStub(context);
  const title = `Listen along ${Date.now()}`;
  const { email, token } = await createAccount(page);
  const { results } = await saveArticles(page, token, [`${articleUrl(title)}&repeat=16&numbered=1`]);
  const id = results[0]?.article.id as number;
  await processed(request, token, [id]);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInWithToken(page, email);
  await page.goto(`/#/article/${id}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

  await page.getByRole("tab", { name: "Content" }).click();
  await page.getByRole("button", { name: "Listen to the article" }).click();
  await expect(playerStatus(page)).toHaveText("Playing");
  // The extracted content starts with the article's first paragraph (the byline is shown above it, not read).
  await expect.poll(() => speaking(page)).toBe("Paragraph 1.");
  expect(await page.evaluate(() => navigator.mediaSession.metadata?.title)).toBe(title);
  expect(await page.evaluate(() => navigator.mediaSession.playbackState)).toBe("playing");

  // Sentence events in order, one utterance each, in English, the mark on the sentence being said.
  for (let i = 0; i < 3; i++) await finishSentence(page);
  expect((await starts(page)).map((e) => e.text)).toEqual([
    "Paragraph 1.",
    "Reading is slow, and the web is fast.",
    "This fixture article exists so that tests can fetch a page that looks like a real article, with enough text for a readability extractor to find it.",
    "Paragraph 2.",
  ]);
  expect((await starts(page)).every((e) => e.voice === "Test English" && e.lang === "en-US" && e.rate === 1)).toBe(
    true,
  );
  await expect.poll(() => marked(page)).toEqual({ text: "Paragraph 2.", inView: true });
  await expect(player(page).getByText("Sentence 4 of")).toBeVisible();
  await shot(page, "listen-playing-1280");

  // Pause stops the voice; play says the interrupted sentence again from its start.
  await player(page).getByRole("button", { name: "Pause" }).click();
  await expect(playerStatus(page)).toHaveText("Paused");
  expect(await speaking(page)).toBeNull();
  expect(await page.evaluate(() => navigator.mediaSession.playbackState)).toBe("paused");
  await player(page).getByRole("button", { name: "Play" }).click();
  await expect.poll(() => speaking(page)).toBe("Paragraph 2.");

  // A sentence forward and back; the mark moves with it.
  await player(page).getByRole("button", { name: "Next sentence" }).click();
  await expect.poll(() => speaking(page)).toBe("Reading is slow, and the web is fast.");
  await player(page).getByRole("button", { name: "Previous sentence" }).click();
  await expect.poll(() => speaking(page)).toBe("Paragraph 2.");
  await expect.poll(() => marked(page)).toEqual({ text: "Paragraph 2.", inView: true });

  // Faster: the sentence starts again at 1.5x, and the remaining time shrinks.
  const remainingAt1 = await page.getByTestId("listen-remaining").textContent();
  await player(page).getByLabel("Speed").selectOption("1.5");
  await expect.poll(async () => (await starts(page)).at(-1)?.rate).toBe(1.5);
  expect(await speaking(page)).toBe("Paragraph 2.");
  await expect(page.getByTestId("listen-remaining")).not.toHaveText(remainingAt1 ?? "");
  expect(remainingAt1).toMatch(/^\d+:\d\d left$/);

  // 30 seconds forward, several times: well down the article, the page scrolled so the mark stays in view.
  for (let i = 0; i < 4; i++) await player(page).getByRole("button", { name: "Forward 30 seconds" }).click();
  await expect.poll(async () => (await marked(page))?.inView).toBe(true);
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  const farSentence = await speaking(page);
  expect(farSentence).not.toBe("Paragraph 2.");
  expect((await marked(page))?.text).toBe(farSentence);

  // Scrolling by hand: the follow-along waits until "Back to the voice".
  await page.mouse.move(640, 300);
  await page.mouse.wheel(0, -5000);
  const backToVoice = player(page).getByRole("button", { name: "Back to the voice" });
  await expect(backToVoice).toBeVisible();
  // The reader ends up at the top (a wheel during the player's own smooth scroll may not get all the way).
  // On a busy machine a scroll still settling may leave the page a pixel or two down: the top is what counts.
  await expect
    .poll(() =>
      page.evaluate(() => {
        window.scrollTo({ top: 0, behavior: "instant" });
        return window.scrollY;
      }),
    )
    .toBeLessThan(20);
  await finishSentence(page);
  expect((await marked(page))?.inView).toBe(false);
  await backToVoice.click();
  await expect.poll(async () => (await marked(page))?.inView).toBe(true);
  await expect(backToVoice).toHaveCount(0);

  // The reading position follows the voice, and a new opening of the article resumes at that very sentence.
  const heardLast = (await speaking(page)) as string;
  await expect
    .poll(async () => (await readArticle(request, token, id)).reading_position ?? 0, { timeout: 15_000 })
    .toBeGreaterThan(400);
  await player(page).getByRole("button", { name: "Stop listening" }).click();
  await expect(player(page)).toHaveCount(0);
  expect(await speaking(page)).toBeNull();

  const again = await context.newPage();
  await again.setViewportSize({ width: 1280, height: 800 });
  await again.goto(`/#/article/${id}`);
  await expect(again.getByText("Continue where you left off")).toBeVisible();
  await again.getByRole("button", { name: "Listen to the article" }).click();
  await expect.poll(() => speaking(again)).toBe(heardLast);

  // To the end: 'Mark as read' is offered, and marks it.
  const lastParagraph = ["Finally, a conclusion.", "Articles end, readers move on"];
  for (let i = 0; i < 40; i++) {
    const now = (await speaking(again)) ?? "";
    if (lastParagraph.some((start) => now.startsWith(start))) break;
    await again.keyboard.press("l");
    await expect.poll(() => speaking(again)).not.toBe(now);
  }
  // The voice finishes each sentence left; after the last, the player says it has finished.
  for (let i = 0; i < 3 && (await speaking(again)) !== null; i++) {
    await again.evaluate(() => (window as unknown as SpeechWindow).__speech.finish());
    await expect
      .poll(() =>
        again.evaluate(
          () =>
            (window as unknown as SpeechWindow).__speech.current() !== null ||
            document.querySelector(".listen-message")?.textContent === "Finished",
        ),
      )
      .toBe(true);
  }
  await expect(playerStatus(again)).toHaveText("Finished");
  // At the end nothing is left, and the time left is never written as a negative one ("-0:00").
  await expect(again.getByTestId("listen-remaining")).toHaveText("0:00 left");
  await shot(again, "listen-finished-1280");
  await player(again).getByRole("button", { name: "Mark as read" }).click();
  await expect(again.getByText("Article Read")).toBeVisible();
  await expect.poll(async () => (await readArticle(request, token, id)).is_read).toBe(true);
});

const GERMAN = [
  "Lesen ist langsam, und das Netz ist schnell. Dieser Artikel existiert, damit die Tests eine Seite laden können, die wie ein echter Artikel aussieht.",
  "Im Garten wachsen die Tomaten in der Sonne, und das Basilikum mag die Tomaten. Ein sorgfältiger Gärtner gießt am Morgen und liest am Abend.",
  "Zum Schluss eine Zusammenfassung. Artikel enden, die Leser ziehen weiter, und irgendwo macht ein Programm aus diesen Absätzen zwei Sätze.",
].join("\n\n");
const FRENCH = [
  "La lecture est lente, et le web est rapide. Cet article existe pour que les tests puissent charger une page qui ressemble à un vrai article.",
  "Dans le jardin, les tomates aiment le soleil et le basilic aime les tomates. Un jardinier soigneux arrose le matin et lit le soir.",
  "Pour finir, une conclusion. Les articles se terminent, les lecteurs passent à autre chose, et quelque part un programme résume ces paragraphes.",
].join("\n\n");

test("listening in the article's language on a phone: the summary in German with the German voice, no voice for French", async ({
  page,
  context,
  request,
}) => {
  await installSpeechStub(context);
  const stamp = Date.now();
  const { email, token } = await createAccount(page);
  const germanTitle = `Zuhören ${stamp}`;
  const frenchTitle = `Écouter ${stamp}`;
  const { results } = await saveArticles(page, token, [
    `${articleUrl(germanTitle)}&lang=de&body=${encodeURIComponent(GERMAN)}`,
    `${articleUrl(frenchTitle)}&lang=fr&body=${encodeURIComponent(FRENCH)}`,
  ]);
  const [germanId, frenchId] = results.map((r) => r.article.id) as [number, number];
  await processed(request, token, [germanId, frenchId]);
  expect((await readArticle(request, token, germanId)).language).toBe("de");
  expect((await readArticle(request, token, frenchId)).language).toBe("fr");

  await page.setViewportSize({ width: 375, height: 740 });
  await signInWithToken(page, email);
  await page.goto(`/#/article/${germanId}`);
  await expect(page.getByRole("heading", { level: 1, name: germanTitle })).toBeVisible();

  // The summary, read by the German voice, its sentence marked in the summary.
  await page.getByRole("button", { name: "Listen to the summary" }).click();
  await expect(playerStatus(page)).toHaveText("Playing");
  await expect.poll(async () => (await starts(page)).length).toBeGreaterThan(0);
  const first = (await starts(page))[0] as SpeechLogEntry;
  expect(first).toMatchObject({ voice: "Test Deutsch", lang: "de-DE" });
  const summaryText = (await page.locator(".viewer-summary").textContent()) ?? "";
  expect(summaryText.replace(/\s+/g, " ")).toContain(first.text);
  await expect.poll(async () => (await marked(page))?.text).toBe(first.text);
  await expect(player(page).getByText(/Sentence 1 of \d+ of the summary/)).toBeVisible();

  // The bar fits a 375 px phone in two rows: nothing wider than the screen (no horizontal overflow of the page or
  // of the bar), at most 100 px high, every control on it and at least 42 px each way to tap.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const bar = await player(page).boundingBox();
  console.log(`the player bar at 375 px: ${bar?.width} x ${bar?.height} px`);
  expect(bar?.width).toBeLessThanOrEqual(375);
  expect(bar?.height).toBeLessThanOrEqual(100);
  // Nothing in the bar reaches past the screen's edges, and the bar itself does not scroll sideways.
  const outside = await player(page).evaluate((element) => [
    ...(element.scrollWidth > element.clientWidth ? ["the bar scrolls"] : []),
    ...[...element.querySelectorAll("*")]
      .filter((e) => {
        const rect = e.getBoundingClientRect();
        return rect.width > 0 && (rect.left < 0 || rect.right > window.innerWidth);
      })
      .map((e) => e.outerHTML.slice(0, 80)),
  ]);
  expect(outside).toEqual([]);
  const controls = [
    ...["Back 30 seconds", "Previous sentence", "Pause", "Next sentence", "Forward 30 seconds", "Stop listening"].map(
      (name) => player(page).getByRole("button", { name, exact: true }),
    ),
    player(page).getByLabel("Speed"),
    player(page).getByLabel("Sleep"),
  ];
  for (const control of controls) {
    const box = await control.boundingBox();
    const name =
      (await control.getAttribute("aria-label")) ?? (await control.evaluate((e) => e.closest("label")?.textContent));
    expect(box && box.x >= 0 && box.x + box.width <= 375 && box.y + box.height <= 740, `${name} on screen`).toBe(true);
    expect(
      box && box.width >= 42 && box.height >= 42,
      `${name} at least 42 x 42 px: ${box?.width} x ${box?.height}`,
    ).toBe(true);
  }
  // What the phone's screen shows (the full-page shot below draws the fixed bar mid-page).
  const folder = process.env.E2E_SHOTS;
  if (folder) await page.screenshot({ path: `${folder}/listen-summary-375-screen.png` });
  await shot(page, "listen-summary-375");
  await player(page).getByRole("button", { name: "Stop listening" }).click();
  await expect(player(page)).toHaveCount(0);

  // French, and the device has no French voice: the player says so and reads nothing with another voice.
  const spokenBefore = (await starts(page)).length;
  await page.goto(`/#/article/${frenchId}`);
  await expect(page.getByRole("heading", { level: 1, name: frenchTitle })).toBeVisible();
  await page.getByRole("tab", { name: "Content" }).click();
  await page.getByRole("button", { name: "Listen to the article" }).click();
  await expect(playerStatus(page)).toHaveText("No voice for French on this device");
  await expect(player(page).getByRole("button", { name: "Play" })).toBeDisabled();
  expect((await starts(page)).length).toBe(spokenBefore);
  expect(await marked(page)).toBeNull();
  await shot(page, "listen-no-voice-375");
});
