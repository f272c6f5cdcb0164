// `npm run bench:web`: what the web app costs a visitor, on this machine.
// Builds the app (into .wrangler/bench-web/dist) and serves it as `npm start` does (own port, fresh
// database, .wrangler/web-state), saves 50 articles from the local
// fixture server through the API and waits until they are processed, then reports:
//   (a) the JavaScript the signed-in dashboard loads, gzip-compressed: every .js response recorded in Chromium
//       (Playwright), each sized by compressing the built file with zlib (the build writes no manifest);
//   (b) Lighthouse performance and accessibility scores of the login page and of the dashboard holding 50
//       articles, with Lighthouse's default mobile configuration (emulated phone, simulated slow 4G and 4x CPU
//       slowdown), in one Chromium started by chrome-launcher and driven by puppeteer-core.
// Prints a table with PASS/FAIL against the targets; exits 0 unless the benchmark itself broke.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
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

const APP_PORT = Number(process.env.BENCH_PORT || 8791);
const FIXTURE_PORT = Number(process.env.FIXTURE_PORT || 8792);
const PERSIST_TO = ".wrangler/web-state";
const WORK_DIR = join(ROOT, ".wrangler", "bench-web");
/**
 * The benchmark builds into its own folder: a `vite build` of dist/ by someone else during the run would make
 * wrangler reload the app mid-measurement (and swap the files being measured).
 */
const BUILD_DIR = join(WORK_DIR, "dist");
const ARTICLES = 50;
const TITLE_PREFIX = "Bench article";
const PROCESSING_TIMEOUT_MS = 150_000;
const OVERALL_TIMEOUT_MS = 5 * 60_000;
const TARGETS = { jsGzipBytes: 150 * 1024, score: 90 };
const base = `http://127.0.0.1:${APP_PORT}`;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** Saves the articles in one bulk request and polls batch status until every one is completed. */
async function seedArticles(token, fixtureOrigin) {
  const urls = Array.from(
    { length: ARTICLES },
    (_, i) => `${fixtureOrigin}/article?title=${encodeURIComponent(`${TITLE_PREFIX} ${i + 1}`)}`,
  );
  const bulk = await call("POST", "/api/articles/bulk", { token, body: { urls } });
  if (bulk.successful !== ARTICLES) throw new Error(`bulk saved ${bulk.successful} of ${ARTICLES}`);
  const ids = bulk.results.map((r) => r.article.id);
  const started = Date.now();
  for (;;) {
    const { statuses } = await call("POST", "/api/articles/batch/status", { token, body: { article_ids: ids } });
    const failed = statuses.filter((s) => s.status === "failed");
    if (failed.length) throw new Error(`${failed.length} articles failed to process: ${failed[0].error}`);
    const completed = statuses.filter((s) => s.status === "completed").length;
    if (completed === ids.length) return Date.now() - started;
    if (Date.now() - started > PROCESSING_TIMEOUT_MS)
      throw new Error(`only ${completed} of ${ids.length} articles completed within ${PROCESSING_TIMEOUT_MS / 1000} s`);
    await sleep(500);
  }
}

/** The session the login page would store (spec §9 local storage keys). */
function storeSession(session) {
  localStorage.setItem("authToken", session.token);
  localStorage.setItem("user", JSON.stringify(session.user));
}

/** How many distinct seeded article titles the page shows, and the page's hash route. */
function dashboardShape(prefix) {
  const titles = new Set(document.body.innerText.match(new RegExp(`${prefix} \\d+`, "g")) ?? []);
  return { cards: titles.size, hash: location.hash };
}

/** (a) Every script the signed-in dashboard loads, gzip-sized from the built files. */
async function measureDashboardJs(session) {
  const { chromium } = await import("@playwright/test");
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    const page = await browser.newPage();
    const scripts = new Set();
    page.on("response", (response) => {
      const url = new URL(response.url());
      if (url.origin === base && url.pathname.endsWith(".js")) scripts.add(url.pathname);
    });
    // A JSON page of the app's origin: sets the session without loading (and caching) the app first.
    await page.goto(`${base}/api/health`);
    await page.evaluate(storeSession, session);
    await page.goto(`${base}/#/dashboard`);
    await page.waitForLoadState("networkidle");
    await page
      .getByText(new RegExp(`${TITLE_PREFIX} \\d+`))
      .first()
      .waitFor({ timeout: 15_000 })
      .catch(() => undefined); // a dashboard without cards is reported below, not fatal
    await page.waitForLoadState("networkidle");
    const shape = await page.evaluate(dashboardShape, TITLE_PREFIX);
    if (!shape.hash.startsWith("#/dashboard")) throw new Error(`the signed-in dashboard went to ${shape.hash}`);
    const files = [...scripts].sort().map((pathname) => {
      const path = join(BUILD_DIR, "client", pathname);
      if (!existsSync(path)) throw new Error(`${pathname} was served but is not in the build`);
      const raw = readFileSync(path);
      return { file: pathname, raw: raw.length, gzip: gzipSync(raw).length };
    });
    return { files, cards: shape.cards };
  } finally {
    await browser.close();
  }
}

/** (b) Lighthouse on the login page, then on the signed-in dashboard, in one Chromium. */
async function runLighthouse(session) {
  const [{ default: lighthouse }, chromeLauncher, { default: puppeteer }] = await Promise.all([
    import("lighthouse"),
    import("chrome-launcher"),
    import("puppeteer-core"),
  ]);
  const profile = join(WORK_DIR, "chrome-profile");
  rmSync(profile, { recursive: true, force: true });
  mkdirSync(profile, { recursive: true }); // chrome-launcher writes its logs there before starting Chromium
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ["--headless=new", ...CHROMIUM_FLAGS],
    userDataDir: profile,
    logLevel: "silent",
  });
  const killChrome = () => {
    try {
      process.kill(chrome.pid, "SIGKILL");
    } catch {
      // already gone
    }
  };
  process.on("exit", killChrome);
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  try {
    const page = await browser.newPage();
    // Default config = mobile: emulated Moto G Power, simulated slow 4G and 4x CPU slowdown.
    const flags = { logLevel: "error", output: "json", onlyCategories: ["performance", "accessibility"] };

    const login = await lighthouse(`${base}/#/login`, flags, undefined, page);
    const loginHash = await page.evaluate(() => location.hash);
    if (!loginHash.startsWith("#/login")) throw new Error(`the login page run ended on ${loginHash}`);

    await page.goto(`${base}/api/health`);
    await page.evaluate(storeSession, session);
    // Lighthouse must keep local storage (the session) this time, so it cannot reset storage, which would
    // also empty the HTTP cache: empty it here so the dashboard loads cold, as the login page did.
    const cdp = await page.createCDPSession();
    await cdp.send("Network.clearBrowserCache");
    await cdp.detach();
    const dashboard = await lighthouse(`${base}/#/dashboard`, { ...flags, disableStorageReset: true }, undefined, page);
    const shape = await page.evaluate(dashboardShape, TITLE_PREFIX);
    if (!shape.hash.startsWith("#/dashboard") || !dashboard.lhr.finalDisplayedUrl.includes("#/dashboard"))
      throw new Error(`the dashboard run ended on ${shape.hash} (${dashboard.lhr.finalDisplayedUrl}), not signed in`);

    writeFileSync(join(WORK_DIR, "lighthouse-login.json"), login.report);
    writeFileSync(join(WORK_DIR, "lighthouse-dashboard.json"), dashboard.report);
    return { login: login.lhr, dashboard: dashboard.lhr, cards: shape.cards };
  } finally {
    await browser.disconnect();
    await chrome.kill();
  }
}

const score = (lhr, category) => Math.round((lhr.categories[category]?.score ?? 0) * 100);

/** Audits that cost points: failed accessibility checks, and performance audits scoring under 0.9. */
function problems(lhr) {
  const failing = (category, below) =>
    lhr.categories[category].auditRefs
      .filter((ref) => ref.weight > 0 || category === "performance")
      .map((ref) => lhr.audits[ref.id])
      .filter((audit) => audit && audit.score !== null && audit.score < below && audit.scoreDisplayMode !== "manual")
      .filter((audit) => audit.scoreDisplayMode !== "informative" && audit.scoreDisplayMode !== "notApplicable");
  return {
    accessibility: failing("accessibility", 1).map((a) => a.id),
    performance: failing("performance", 0.9).map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ""}`),
  };
}

function printTable(rows) {
  const headers = ["measure", "value", "target", "result"];
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) => `| ${cells.map((c, i) => String(c).padEnd(widths[i])).join(" | ")} |`;
  console.log(line(headers));
  console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const row of rows) console.log(line(row));
}

const overall = setTimeout(() => {
  console.error(`\n✖ bench:web took more than ${OVERALL_TIMEOUT_MS / 60_000} minutes`);
  process.exit(1);
}, OVERALL_TIMEOUT_MS);
overall.unref();

// No setup() here: it runs `npm ci` whenever node_modules' install stamp differs from package-lock.json, and
// a benchmark should measure the installed tree, not replace it. tool() says so if a package is missing.
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
const { stop } = app;
const call = apiClient(app.base);

let exitCode = 0;
try {
  await waitForHealth(app);
  const email = `bench-web-${Date.now()}@example.com`;
  const password = "bench-password";
  await call("POST", "/api/auth/register", { body: { email, password } });
  const login = await call("POST", "/api/auth/login", { body: { email, password } });
  const session = { token: login.access_token, user: login.user };

  console.log(`\n› Saving ${ARTICLES} articles and waiting until they are processed...`);
  const processingMs = await seedArticles(session.token, fixtures.origin);
  console.log(`  all ${ARTICLES} completed in ${(processingMs / 1000).toFixed(1)} s`);

  console.log("› Recording the dashboard's JavaScript...");
  const js = await measureDashboardJs(session);
  console.log("› Lighthouse: login page, then dashboard (mobile preset)...");
  const lh = await runLighthouse(session);

  const jsTotal = js.files.reduce((sum, f) => sum + f.gzip, 0);
  const jsRaw = js.files.reduce((sum, f) => sum + f.raw, 0);
  console.log("\nDashboard JavaScript (signed in, as loaded by Chromium; gzip = zlib default level)");
  for (const f of js.files)
    console.log(`  ${f.file.padEnd(40)} ${kb(f.raw).padStart(10)} raw ${kb(f.gzip).padStart(10)} gzip`);
  console.log(`  ${"total".padEnd(40)} ${kb(jsRaw).padStart(10)} raw ${kb(jsTotal).padStart(10)} gzip`);

  const pass = (ok) => (ok ? "PASS" : "FAIL");
  const scores = [
    ["performance, login page", score(lh.login, "performance")],
    ["accessibility, login page", score(lh.login, "accessibility")],
    [`performance, dashboard (${ARTICLES} articles)`, score(lh.dashboard, "performance")],
    [`accessibility, dashboard (${ARTICLES} articles)`, score(lh.dashboard, "accessibility")],
  ];
  console.log(
    `\nbench:web results (Lighthouse ${lh.login.lighthouseVersion}, ${lh.login.configSettings.formFactor} preset,` +
      ` ${lh.login.configSettings.throttlingMethod} throttling; 1 KB = 1024 bytes)`,
  );
  printTable([
    [
      `dashboard JavaScript, gzip (${js.files.length} files)`,
      kb(jsTotal),
      `≤ ${kb(TARGETS.jsGzipBytes)}`,
      pass(jsTotal <= TARGETS.jsGzipBytes),
    ],
    ...scores.map(([name, value]) => [`Lighthouse ${name}`, value, `≥ ${TARGETS.score}`, pass(value >= TARGETS.score)]),
  ]);
  console.log(
    `\n  dashboard showed ${lh.cards} of the ${ARTICLES} saved articles (first page) in the Lighthouse run,` +
      ` ${js.cards} in the JavaScript run; final URL ${lh.dashboard.finalDisplayedUrl}`,
  );
  if (lh.cards === 0)
    console.log("  ! no article card on the dashboard: it may still be a placeholder, so the figures will change");
  for (const [name, lhr] of [
    ["login", lh.login],
    ["dashboard", lh.dashboard],
  ]) {
    const found = problems(lhr);
    console.log(`  ${name}: accessibility audits failing: ${found.accessibility.join(", ") || "none"}`);
    console.log(`  ${name}: performance audits under 0.9: ${found.performance.join(", ") || "none"}`);
  }
  console.log(`  full reports: ${join(".wrangler", "bench-web")}/lighthouse-{login,dashboard}.json`);
} catch (error) {
  console.error(`\n✖ bench:web broke: ${error instanceof Error ? (error.stack ?? error.message) : error}`);
  exitCode = 1;
} finally {
  stop();
  await fixtures.close();
}
process.exit(exitCode);
