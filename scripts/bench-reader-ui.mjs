// `npm run bench:reader-ui`: the reader's themes, keyboard and phone layout, measured (issue 50 items 1-3).
// Builds the app into .wrangler/bench-reader-ui/dist and serves it as `npm start` does (own port, fresh database),
// saves 12 articles from the local fixture server and a highlight, then reports:
//   (a) Lighthouse accessibility and best practices of the dashboard, the viewer, /highlights and /settings in the
//       light and dark themes (Lighthouse's default mobile preset, as bench:web);
//   (b) axe-core (WCAG 2.1 A and AA) violations on each screen and dialog in the light, sepia and dark themes;
//   (c) Tab presses from a fresh load of the dashboard to the first card: with "Skip to content", and Tab alone;
//   (d) where the first line of an article's text starts at 375 x 812 (and 320, 414 and a phone on its side);
//   (e) with --shots, a screenshot of the viewer in each theme at 1280 and 375 px into docs/images (palette PNG).
// Prints tables; exits 0 unless the benchmark itself broke. BENCH_PORT and FIXTURE_PORT choose the ports.
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { chromium } from "@playwright/test";
import sharp from "sharp";
import { startFixtureServer } from "../test/fixtures/fixture-server.mjs";
import {
  apiClient,
  CHROMIUM,
  CHROMIUM_FLAGS,
  ROOT,
  runOrExit,
  startAppInBackground,
  tool,
  waitForHealth,
} from "./lib.mjs";
import { applyMigrations } from "./setup.mjs";

const APP_PORT = Number(process.env.BENCH_PORT || 8793);
const FIXTURE_PORT = Number(process.env.FIXTURE_PORT || 8794);
const PERSIST_TO = ".wrangler/reader-ui-state";
const WORK_DIR = join(ROOT, ".wrangler", "bench-reader-ui");
const BUILD_DIR = join(WORK_DIR, "dist");
const SHOTS = process.argv.includes("--shots");
const ARTICLES = 12;
const THEMES = ["light", "sepia", "dark"];
const PHONES = [
  [320, 568],
  [375, 812],
  [414, 896],
  [812, 375],
];
const base = `http://127.0.0.1:${APP_PORT}`;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const settingsFor = (theme) => ({
  font: "sans",
  size: 18,
  line_height: "normal",
  width: "medium",
  align: "start",
  theme,
});

async function seed(call, token, fixtureOrigin) {
  const titles = Array.from({ length: ARTICLES }, (_, i) => `Reader bench article ${i + 1}`);
  const urls = titles.map((title) => `${fixtureOrigin}/article?title=${encodeURIComponent(title)}&repeat=6`);
  const bulk = await call("POST", "/api/articles/bulk", { token, body: { urls } });
  const ids = bulk.results.map((r) => r.article.id);
  for (let waited = 0; ; waited += 500) {
    const { statuses } = await call("POST", "/api/articles/batch/status", { token, body: { article_ids: ids } });
    if (statuses.every((s) => s.status === "completed")) break;
    if (waited > 150_000) throw new Error("the articles did not finish processing within 150 s");
    await sleep(500);
  }
  await call("POST", `/api/articles/${ids[0]}/highlights`, {
    token,
    body: { quote: "A careful gardener waters in the morning", color: "green", note: "Morning routine" },
  });
  return ids;
}

/** A page of a fresh context signed in as `session`, at `width` x `height`. */
async function signedInPage(browser, session, [width, height]) {
  const context = await browser.newContext({ viewport: { width, height }, serviceWorkers: "block" });
  const page = await context.newPage();
  await page.goto(`${base}/api/health`);
  await page.evaluate(({ token, user }) => {
    localStorage.setItem("authToken", token);
    localStorage.setItem("user", JSON.stringify(user));
  }, session);
  return page;
}

async function open(page, hash, ready) {
  await page.goto(`${base}/${hash}`);
  await page.locator(ready).first().waitFor({ timeout: 30_000 });
  await page.evaluate(() => document.fonts.ready);
}

/** (b) Serious and critical, and all, axe violations per screen and theme. */
async function axeByScreen(browser, session, call, articleId) {
  const screens = [
    ["dashboard", "#/dashboard", ".article-card"],
    ["shortcuts dialog", "#/dashboard", ".article-card", (p) => p.keyboard.press("?")],
    ["viewer", `#/article/${articleId}`, ".viewer-summary"],
    ["reader settings", `#/article/${articleId}`, ".viewer-summary", (p) => p.keyboard.press("t")],
    ["highlights", "#/highlights", ".page-title"],
    ["topics", "#/topics", ".page-title"],
    ["stats", "#/stats", ".page-title"],
    ["settings", "#/settings", ".reader-settings"],
  ];
  const rows = [];
  for (const theme of THEMES) {
    await call("PUT", "/api/reader-settings", { token: session.token, body: settingsFor(theme) });
    const page = await signedInPage(browser, session, [1280, 900]);
    for (const [name, hash, ready, act] of screens) {
      await open(page, hash, ready);
      await act?.(page);
      await sleep(300);
      const drawn = await page.evaluate(() => document.documentElement.dataset.theme);
      if (drawn !== theme) throw new Error(`${name} drew the ${drawn} theme, not ${theme}`);
      const { violations } = await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
        .analyze();
      const count = (filter) => violations.filter(filter).reduce((sum, v) => sum + v.nodes.length, 0);
      rows.push({
        screen: name,
        theme,
        serious: count((v) => v.impact === "serious" || v.impact === "critical"),
        all: count(() => true),
        ids: violations.map((v) => v.id),
      });
    }
    await page.context().close();
  }
  return rows;
}

/** (c) Tab presses from a fresh load to the first card, with the skip link and with Tab alone. */
async function tabPresses(browser, session) {
  const page = await signedInPage(browser, session, [1280, 900]);
  const inFirstCard = () =>
    page.evaluate(() => {
      const first = document.querySelector(".article-grid > li[data-article-id]");
      return Boolean(first?.contains(document.activeElement));
    });
  await open(page, "#/dashboard", ".article-card");
  let withSkip = 0;
  while (withSkip < 10 && (await page.evaluate(() => document.activeElement?.textContent)) !== "Skip to content") {
    await page.keyboard.press("Tab");
    withSkip += 1;
  }
  await page.keyboard.press("Enter");
  const skipLanded = await inFirstCard();
  await page.reload();
  await page.locator(".article-card").first().waitFor();
  let alone = 0;
  while (alone < 80 && !(await inFirstCard())) {
    await page.keyboard.press("Tab");
    alone += 1;
  }
  await page.context().close();
  return { withSkip: skipLanded ? withSkip : null, alone };
}

/** (d) The first line of the summary's text, from the top of the window, per phone size. */
async function firstLines(browser, session, articleId) {
  const found = [];
  for (const size of PHONES) {
    const page = await signedInPage(browser, session, size);
    await open(page, `#/article/${articleId}`, ".viewer-summary");
    const y = await page.evaluate(
      () => document.querySelector(".viewer-summary")?.firstElementChild?.getBoundingClientRect().top ?? -1,
    );
    found.push({ size, y: Math.round(y) });
    await page.context().close();
  }
  return found;
}

/** (e) The viewer in each theme at 1280 and 375 px, as small palette PNGs in docs/images. */
async function screenshots(browser, session, call, articleId) {
  const written = [];
  for (const theme of THEMES) {
    await call("PUT", "/api/reader-settings", { token: session.token, body: settingsFor(theme) });
    for (const size of [
      [1280, 800],
      [375, 812],
    ]) {
      const page = await signedInPage(browser, session, size);
      await open(page, `#/article/${articleId}`, ".viewer-summary");
      await sleep(500);
      const path = join(ROOT, "docs", "images", `viewer-${theme}-${size[0]}.png`);
      const png = await page.screenshot();
      await sharp(png).png({ palette: true, quality: 80, compressionLevel: 9 }).toFile(path);
      written.push(path);
      await page.context().close();
    }
  }
  return written;
}

/** (a) Lighthouse accessibility and best practices, per screen and theme, in one Chromium. */
async function lighthouseScores(session, call, articleId) {
  const [{ default: lighthouse }, chromeLauncher, { default: puppeteer }] = await Promise.all([
    import("lighthouse"),
    import("chrome-launcher"),
    import("puppeteer-core"),
  ]);
  const profile = join(WORK_DIR, "chrome-profile");
  rmSync(profile, { recursive: true, force: true });
  mkdirSync(profile, { recursive: true });
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ["--headless=new", ...CHROMIUM_FLAGS],
    userDataDir: profile,
    logLevel: "silent",
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  const flags = {
    logLevel: "error",
    output: "json",
    onlyCategories: ["accessibility", "best-practices"],
    disableStorageReset: true,
  };
  const screens = [
    ["dashboard", "#/dashboard"],
    ["viewer", `#/article/${articleId}`],
    ["highlights", "#/highlights"],
    ["settings", "#/settings"],
  ];
  const rows = [];
  try {
    const page = await browser.newPage();
    await page.goto(`${base}/api/health`);
    await page.evaluate(({ token, user }) => {
      localStorage.setItem("authToken", token);
      localStorage.setItem("user", JSON.stringify(user));
    }, session);
    for (const theme of ["light", "dark"]) {
      await call("PUT", "/api/reader-settings", { token: session.token, body: settingsFor(theme) });
      for (const [name, hash] of screens) {
        const { lhr } = await lighthouse(`${base}/${hash}`, flags, undefined, page);
        const failing = (category) =>
          lhr.categories[category].auditRefs
            .map((ref) => lhr.audits[ref.id])
            .filter(
              (a) =>
                a &&
                a.score !== null &&
                a.score < 1 &&
                !["manual", "notApplicable", "informative"].includes(a.scoreDisplayMode),
            )
            .map((a) => a.id);
        rows.push({
          screen: name,
          theme,
          accessibility: Math.round(lhr.categories.accessibility.score * 100),
          bestPractices: Math.round(lhr.categories["best-practices"].score * 100),
          failing: [...failing("accessibility"), ...failing("best-practices")],
          version: lhr.lighthouseVersion,
        });
      }
    }
  } finally {
    await browser.disconnect();
    await chrome.kill();
  }
  return rows;
}

function table(headers, rows) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => `| ${cells.map((c, i) => String(c).padEnd(widths[i])).join(" | ")} |`;
  console.log(line(headers));
  console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const row of rows) console.log(line(row));
}

await runOrExit(tool("vite"), ["build", "--outDir", BUILD_DIR, "--emptyOutDir"]);
rmSync(join(ROOT, PERSIST_TO), { recursive: true, force: true });
await applyMigrations(PERSIST_TO);
mkdirSync(WORK_DIR, { recursive: true });
const fixtures = await startFixtureServer({ port: FIXTURE_PORT });
const app = startAppInBackground({
  port: APP_PORT,
  persistTo: PERSIST_TO,
  logPath: join(WORK_DIR, "server.log"),
  configPath: join(BUILD_DIR, "viberead", "wrangler.json"),
});
const call = apiClient(app.base);
let exitCode = 0;
try {
  await waitForHealth(app);
  const email = `bench-reader-${Date.now()}@example.com`;
  const password = "bench-password";
  await call("POST", "/api/auth/register", { body: { email, password } });
  const login = await call("POST", "/api/auth/login", { body: { email, password } });
  const session = { token: login.access_token, user: login.user };
  console.log(`\n› Saving ${ARTICLES} articles and a highlight...`);
  const ids = await seed(call, session.token, fixtures.origin);
  const articleId = ids[0];

  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  let axe;
  let tabs;
  let lines;
  try {
    console.log("› axe on each screen in each theme...");
    axe = await axeByScreen(browser, session, call, articleId);
    await call("PUT", "/api/reader-settings", { token: session.token, body: settingsFor("light") });
    console.log("› Tab presses and the phone's first line...");
    tabs = await tabPresses(browser, session);
    lines = await firstLines(browser, session, articleId);
    if (SHOTS) {
      console.log("› Screenshots...");
      for (const path of await screenshots(browser, session, call, articleId)) console.log(`  ${path}`);
    }
  } finally {
    await browser.close();
  }
  console.log("› Lighthouse (mobile preset): accessibility and best practices...");
  const lighthouseRows = await lighthouseScores(session, call, articleId);

  console.log(`\nLighthouse ${lighthouseRows[0]?.version} (mobile preset)`);
  table(
    ["screen", "theme", "accessibility", "best practices", "audits below 100"],
    lighthouseRows.map((r) => [r.screen, r.theme, r.accessibility, r.bestPractices, r.failing.join(", ") || "none"]),
  );
  console.log("\naxe-core (WCAG 2.1 A and AA): violating elements");
  table(
    ["screen", ...THEMES.map((t) => `${t}: serious+critical / all`)],
    [...new Set(axe.map((r) => r.screen))].map((screen) => [
      screen,
      ...THEMES.map((theme) => {
        const row = axe.find((r) => r.screen === screen && r.theme === theme);
        return `${row.serious} / ${row.all}${row.ids.length ? ` (${row.ids.join(", ")})` : ""}`;
      }),
    ]),
  );
  console.log("\nKeyboard and phone");
  table(
    ["measure", "value"],
    [
      ["Tab presses to the first card, then Enter on 'Skip to content'", tabs.withSkip ?? "the skip link missed"],
      ["Tab presses to the first card, Tab alone", tabs.alone],
      ...lines.map(({ size, y }) => [`first text line y at ${size[0]} x ${size[1]}`, y]),
    ],
  );
} catch (error) {
  console.error(`\n✖ bench:reader-ui broke: ${error instanceof Error ? (error.stack ?? error.message) : error}`);
  exitCode = 1;
} finally {
  app.stop();
  await fixtures.close();
}
process.exit(exitCode);
