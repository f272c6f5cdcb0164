// `npm run bench:ingest`: how fast saved articles get processed, end to end, on this machine.
// Builds and serves the app as `npm start` does (fresh database), serves 200 article pages from the shared
// Readability corpus on a local test server, bulk-saves their URLs through the API, and polls batch status
// until every article is completed or failed. Prints articles per minute, p50/p95 time from save to
// completed, and the share that completed (with the failures' reasons).
import { existsSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { startFixtureServer } from "../test/fixtures/fixture-server.mjs";
import { apiClient, ROOT, runOrExit, startAppInBackground, tool, waitForHealth } from "./lib.mjs";
import { applyMigrations, setup } from "./setup.mjs";

const APP_PORT = Number(process.env.BENCH_PORT || 8794);
const FIXTURE_PORT = Number(process.env.FIXTURE_PORT || 8795);
const PERSIST_TO = ".wrangler/ingest-state";
const ARTICLES = 200;
const TIMEOUT_MS = 10 * 60_000;
const POLL_MS = 500;
const corpusDir = join(ROOT, "..", "shared", "corpus", "readability-test-pages");

const percentile = (sorted, q) => sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

if (!existsSync(corpusDir)) throw new Error(`corpus not found at ${corpusDir}`);
await setup();
await runOrExit(tool("vite"), ["build"]);
rmSync(join(ROOT, PERSIST_TO), { recursive: true, force: true });
await applyMigrations(PERSIST_TO);

const fixtures = await startFixtureServer({ port: FIXTURE_PORT, corpusDir });
const app = startAppInBackground({
  port: APP_PORT,
  persistTo: PERSIST_TO,
  logPath: join(ROOT, ".wrangler", "ingest-server.log"),
});
const { stop } = app;
const call = apiClient(app.base);

try {
  await waitForHealth(app);
  const email = `bench-${Date.now()}@example.com`;
  const { access_token: token } = await call("POST", "/api/auth/register", {
    body: { email, password: "bench-password" },
  });

  // 200 pages: every corpus page once, then again under another query string (a distinct URL, same page).
  const folders = readdirSync(corpusDir).filter((name) => existsSync(join(corpusDir, name, "source.html")));
  const urls = Array.from(
    { length: ARTICLES },
    (_, i) => `${fixtures.origin}/corpus/${folders[i % folders.length]}?copy=${Math.floor(i / folders.length)}`,
  );

  console.log(`\n› Saving ${ARTICLES} URLs in one bulk request...`);
  const savedAt = Date.now();
  const bulk = await call("POST", "/api/articles/bulk", { token, body: { urls } });
  const saveMs = Date.now() - savedAt;
  if (bulk.successful !== ARTICLES)
    throw new Error(`bulk saved ${bulk.successful} of ${ARTICLES}: ${JSON.stringify(bulk).slice(0, 400)}`);
  const ids = bulk.results.map((r) => r.article.id);
  console.log(`  saved in ${saveMs} ms; processing...`);

  const finished = new Map();
  const deadline = savedAt + TIMEOUT_MS;
  let lastReport = 0;
  while (finished.size < ids.length && Date.now() < deadline) {
    const open = ids.filter((id) => !finished.has(id));
    for (let i = 0; i < open.length; i += 50) {
      const { statuses } = await call("POST", "/api/articles/batch/status", {
        token,
        body: { article_ids: open.slice(i, i + 50) },
      });
      const now = Date.now();
      for (const s of statuses) {
        if (s.status === "completed" || s.status === "failed") finished.set(s.article_id, { ...s, ms: now - savedAt });
      }
    }
    if (Date.now() - lastReport > 10_000) {
      console.log(`  ${finished.size}/${ids.length} finished after ${((Date.now() - savedAt) / 1000).toFixed(0)} s`);
      lastReport = Date.now();
    }
    await sleep(POLL_MS);
  }

  const results = [...finished.values()];
  const completed = results.filter((r) => r.status === "completed");
  const times = completed.map((r) => r.ms).sort((a, b) => a - b);
  const wallMs = Math.max(...results.map((r) => r.ms), 1);
  const withSummary = completed.filter((r) => r.summary).length;
  const withLanguage = completed.filter((r) => r.language).length;
  const failures = new Map();
  for (const r of results.filter((x) => x.status === "failed")) failures.set(r.error, (failures.get(r.error) ?? 0) + 1);

  console.log("\nbench:ingest results");
  console.log(`  articles saved:            ${ids.length} (bulk request ${saveMs} ms)`);
  console.log(
    `  completed:                 ${completed.length} (${((100 * completed.length) / ids.length).toFixed(1)}%)`,
  );
  console.log(`  failed:                    ${results.length - completed.length}`);
  console.log(`  unfinished at timeout:     ${ids.length - results.length}`);
  console.log(`  throughput:                ${((completed.length / wallMs) * 60_000).toFixed(1)} articles per minute`);
  if (times.length) {
    console.log(`  save -> completed p50:     ${(percentile(times, 0.5) / 1000).toFixed(1)} s`);
    console.log(`  save -> completed p95:     ${(percentile(times, 0.95) / 1000).toFixed(1)} s`);
  }
  console.log(`  with summary / language:   ${withSummary} / ${withLanguage} of ${completed.length} completed`);
  for (const [reason, count] of failures) console.log(`  failed x${count}: ${reason}`);
} finally {
  stop();
  await fixtures.close();
}
process.exit(0);
