// `npm run bench:ingest`: how fast saved articles get processed, end to end, on this machine.
// Builds and serves the app as `npm start` does (fresh database), serves article pages from the shared
// Readability corpus on a local test server, saves their URLs through the API, and polls batch status until
// every article is completed or failed.
//
//   npm run bench:ingest                  one user bulk-saves 200 pages: articles per minute, p50/p95 time from
//                                         save to completed, the share that completed (with the failures' reasons)
//   npm run bench:ingest -- --ten-users   ten users each bulk-save 40 pages at the same moment while five other
//                                         users save one page each, one every 5 s: each user's finish time, their
//                                         spread (min, median, max, max - min) and the single saves' latency
//
// BENCH_PORT and FIXTURE_PORT choose the app's and the page server's ports.
import { existsSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { startFixtureServer } from "../test/fixtures/fixture-server.mjs";
import { ROOT, resendingApiClient, runOrExit, startAppInBackground, tool, waitForHealth } from "./lib.mjs";
import { applyMigrations, setup } from "./setup.mjs";

const APP_PORT = Number(process.env.BENCH_PORT || 8794);
const FIXTURE_PORT = Number(process.env.FIXTURE_PORT || 8795);
const PERSIST_TO = ".wrangler/ingest-state";
const TEN_USERS = process.argv.includes("--ten-users");
const ARTICLES = 200;
const BULK_USERS = 10;
const PAGES_PER_USER = 40;
const SINGLE_SAVES = 5;
const SINGLE_SAVE_EVERY_MS = 5_000;
const TIMEOUT_MS = 15 * 60_000;
const POLL_MS = 500;
const corpusDir = join(ROOT, "..", "shared", "corpus", "readability-test-pages");

const percentile = (sorted, q) => sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

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
const call = resendingApiClient(app.base);
const folders = readdirSync(corpusDir).filter((name) => existsSync(join(corpusDir, name, "source.html")));

async function register(name) {
  const email = `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const { access_token: token } = await call("POST", "/api/auth/register", {
    body: { email, password: "bench-password" },
  });
  return token;
}

/**
 * Polls the articles' statuses (each `{ token, id }`) until every one is completed or failed, or the time is up.
 * Returns their final statuses by id, each with `ms`, the time from `startedAt` to when it was seen finished.
 */
async function waitForArticles(articles, startedAt, { onProgress } = {}) {
  const finished = new Map();
  const deadline = startedAt + TIMEOUT_MS;
  let lastReport = 0;
  while (finished.size < articles.length && Date.now() < deadline) {
    const openByToken = new Map();
    for (const article of articles) {
      if (finished.has(article.id)) continue;
      openByToken.set(article.token, [...(openByToken.get(article.token) ?? []), article.id]);
    }
    for (const [token, open] of openByToken) {
      for (let i = 0; i < open.length; i += 50) {
        const { statuses } = await call("POST", "/api/articles/batch/status", {
          token,
          body: { article_ids: open.slice(i, i + 50) },
        });
        const now = Date.now();
        for (const s of statuses) {
          if (s.status === "completed" || s.status === "failed")
            finished.set(s.article_id, { ...s, ms: now - startedAt });
        }
      }
    }
    if (Date.now() - lastReport > 10_000) {
      console.log(`  ${finished.size}/${articles.length} finished after ${seconds(Date.now() - startedAt)}`);
      onProgress?.(finished);
      lastReport = Date.now();
    }
    await sleep(POLL_MS);
  }
  return finished;
}

function printFailures(results) {
  const failures = new Map();
  for (const r of results.filter((x) => x.status === "failed")) failures.set(r.error, (failures.get(r.error) ?? 0) + 1);
  for (const [reason, count] of failures) console.log(`  failed x${count}: ${reason}`);
}

/** One user bulk-saves 200 pages: throughput and latency of the pipeline. */
async function oneUser() {
  const token = await register("bench");
  // 200 pages: every corpus page once, then again under another query string (a distinct URL, same page).
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

  const finished = await waitForArticles(
    ids.map((id) => ({ token, id })),
    savedAt,
  );
  const results = [...finished.values()];
  const completed = results.filter((r) => r.status === "completed");
  const times = completed.map((r) => r.ms).sort((a, b) => a - b);
  const wallMs = Math.max(...results.map((r) => r.ms), 1);
  const withSummary = completed.filter((r) => r.summary).length;
  const withLanguage = completed.filter((r) => r.language).length;

  console.log("\nbench:ingest results");
  console.log(`  articles saved:            ${ids.length} (bulk request ${saveMs} ms)`);
  console.log(
    `  completed:                 ${completed.length} (${((100 * completed.length) / ids.length).toFixed(1)}%)`,
  );
  console.log(`  failed:                    ${results.length - completed.length}`);
  console.log(`  unfinished at timeout:     ${ids.length - results.length}`);
  console.log(`  throughput:                ${((completed.length / wallMs) * 60_000).toFixed(1)} articles per minute`);
  if (times.length) {
    console.log(`  save -> completed p50:     ${seconds(percentile(times, 0.5))}`);
    console.log(`  save -> completed p95:     ${seconds(percentile(times, 0.95))}`);
  }
  console.log(`  with summary / language:   ${withSummary} / ${withLanguage} of ${completed.length} completed`);
  printFailures(results);
}

/**
 * Ten users bulk-save 40 pages each at the same moment (the same 40 corpus pages, each user under their own
 * query string, so every user asks for the same work); meanwhile five other users save one page each, one every
 * 5 s. Fair processing shows as a small spread of the ten finish times and single saves done in seconds.
 */
async function tenUsers() {
  const bulkTokens = await Promise.all(Array.from({ length: BULK_USERS }, (_, u) => register(`bulk${u}`)));
  const singleTokens = await Promise.all(Array.from({ length: SINGLE_SAVES }, (_, s) => register(`single${s}`)));
  const pages = Array.from({ length: PAGES_PER_USER }, (_, i) => folders[(i * 3) % folders.length]);

  console.log(`\n› ${BULK_USERS} users each bulk-save ${PAGES_PER_USER} URLs at once...`);
  const startedAt = Date.now();
  const bulkSaves = Promise.all(
    bulkTokens.map(async (token, u) => {
      const urls = pages.map((page) => `${fixtures.origin}/corpus/${page}?user=${u}`);
      const bulk = await call("POST", "/api/articles/bulk", { token, body: { urls } });
      // Every link is new: each result has its article (a duplicate only if a lost request was sent again).
      if (!bulk.results.every((r) => r.article)) throw new Error(`user ${u}: ${JSON.stringify(bulk).slice(0, 400)}`);
      return bulk.results.map((r) => ({ token, id: r.article.id, user: u }));
    }),
  );
  // The single saves: another user each, a page none of the bulks asked for, while the bulks are processed.
  const singleSaves = Promise.all(
    singleTokens.map(async (token, s) => {
      await sleep((s + 1) * SINGLE_SAVE_EVERY_MS);
      const savedAt = Date.now();
      const url = `${fixtures.origin}/corpus/${folders[(s * 7 + 1) % folders.length]}?single=${s}`;
      const article = await call("POST", "/api/articles/", { token, body: { url } });
      return { token, id: article.id, savedAt };
    }),
  );
  const bulkArticles = (await bulkSaves).flat();
  console.log(`  all bulk requests answered after ${Date.now() - startedAt} ms; processing...`);

  // Single saves are watched as they come: each is one more article to wait for.
  const singles = [];
  const finishedSingles = new Map();
  const watchSingles = singleSaves.then(async (saved) => {
    singles.push(...saved);
    const done = await waitForArticles(saved, startedAt);
    for (const single of saved) {
      const result = done.get(single.id);
      if (result) finishedSingles.set(single.id, { ...result, latencyMs: result.ms - (single.savedAt - startedAt) });
    }
  });
  const finished = await waitForArticles(bulkArticles, startedAt);
  await watchSingles;

  const results = [...finished.values()];
  const finishByUser = bulkTokens.map((_, u) => {
    const mine = bulkArticles.filter((a) => a.user === u).map((a) => finished.get(a.id));
    return mine.every(Boolean) ? Math.max(...mine.map((r) => r.ms)) : null;
  });
  const done = finishByUser.filter((ms) => ms !== null).sort((a, b) => a - b);
  const latencies = [...finishedSingles.values()].map((r) => r.latencyMs).sort((a, b) => a - b);
  const completed = results.filter((r) => r.status === "completed").length;
  const wallMs = Math.max(...results.map((r) => r.ms), 1);

  console.log("\nbench:ingest --ten-users results");
  console.log(
    `  bulk articles:             ${bulkArticles.length} (${BULK_USERS} users x ${PAGES_PER_USER}), ${completed} completed, ${results.length - completed} failed, ${bulkArticles.length - results.length} unfinished`,
  );
  console.log(`  throughput:                ${((results.length / wallMs) * 60_000).toFixed(1)} articles per minute`);
  finishByUser.forEach((ms, u) => {
    console.log(`  user ${String(u + 1).padStart(2)} finished after:    ${ms === null ? "unfinished" : seconds(ms)}`);
  });
  if (done.length) {
    const min = done[0];
    const max = done[done.length - 1];
    console.log(
      `  finish spread:             min ${seconds(min)}, median ${seconds(percentile(done, 0.5))}, max ${seconds(max)}, max - min ${seconds(max - min)}`,
    );
  }
  console.log(
    `  single saves:              ${singles.length}, latency ${latencies.map((ms) => seconds(ms)).join(", ") || "none finished"}`,
  );
  if (latencies.length) {
    console.log(
      `  single save latency:       median ${seconds(percentile(latencies, 0.5))}, max ${seconds(latencies[latencies.length - 1])}`,
    );
  }
  printFailures([...results, ...finishedSingles.values()]);
}

try {
  await waitForHealth(app);
  await (TEN_USERS ? tenUsers() : oneUser());
} finally {
  stop();
  await fixtures.close();
}
process.exit(0);
