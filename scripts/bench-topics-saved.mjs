// `npm run bench:topics -- --saved [N]`: how soon saved articles are in a topic, through the app. Builds and
// serves the app as `npm start` does (fresh database, the configured 45 s topics debounce, no cron: wrangler dev
// fires none, and nothing here opens the topics list, whose look asks for a run), serves the Readability corpus
// pages on a local page server, saves N URLs (1,200 by default: each page under several query strings) through
// the bulk API, 500 a request, and watches every article: when it completed (batch status) and when it was first
// in a topic or in "Other articles" (topic_articles, read from the local D1 file), and since when without a
// break (a run that replaces the topics can take an article's place away). Printed: per minute after an article
// completed, how many of the completed ones were placed by then for good, the slowest placement, and any left out.
//
// BENCH_PORT and FIXTURE_PORT choose the app's and the page server's ports.
import { existsSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { startFixtureServer } from "../test/fixtures/fixture-server.mjs";
import { ROOT, resendingApiClient, runOrExit, startAppInBackground, tool, waitForHealth } from "./lib.mjs";
import { applyMigrations, setup } from "./setup.mjs";

const countIndex = process.argv.indexOf("--saved");
const ARTICLES = Number(process.argv[countIndex + 1]) || 1200;
const APP_PORT = Number(process.env.BENCH_PORT || 8794);
const FIXTURE_PORT = Number(process.env.FIXTURE_PORT || 8795);
const PERSIST_TO = ".wrangler/topics-saved-state";
const BULK = 500;
const POLL_MS = 5_000;
/** After the last article completed, how long to keep watching for placements. */
const SETTLE_MS = 10 * 60_000;
const TIMEOUT_MS = 60 * 60_000;
const MINUTES = [1, 2, 3, 4, 5, 8, 10];
const corpusDir = join(ROOT, "..", "shared", "corpus", "readability-test-pages");
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;

await setup();
// BENCH_SKIP_BUILD=1 serves the dist/ already built (another checkout's code, for a "before" figure).
if (process.env.BENCH_SKIP_BUILD !== "1") await runOrExit(tool("vite"), ["build"]);
rmSync(join(ROOT, PERSIST_TO), { recursive: true, force: true });
await applyMigrations(PERSIST_TO);

/** The local D1 database file wrangler keeps under PERSIST_TO (one database in this project). */
function databaseFile() {
  const dir = join(ROOT, PERSIST_TO, "v3", "d1", "miniflare-D1DatabaseObject");
  const file = readdirSync(dir).find((name) => name.endsWith(".sqlite"));
  if (!file) throw new Error(`no D1 database in ${dir}`);
  return join(dir, file);
}

const fixtures = await startFixtureServer({ port: FIXTURE_PORT, corpusDir });
const app = startAppInBackground({
  port: APP_PORT,
  persistTo: PERSIST_TO,
  logPath: join(ROOT, ".wrangler", "topics-saved-server.log"),
});
const call = resendingApiClient(app.base, { attempts: 5, pauseMs: 500 });

try {
  await waitForHealth(app);
  const folders = readdirSync(corpusDir).filter((name) => existsSync(join(corpusDir, name, "source.html")));
  const email = `topics-${Date.now()}@example.com`;
  const { access_token: token } = await call("POST", "/api/auth/register", {
    body: { email, password: "bench-password" },
  });
  const urls = Array.from(
    { length: ARTICLES },
    (_, i) => `${fixtures.origin}/corpus/${folders[i % folders.length]}?copy=${Math.floor(i / folders.length)}`,
  );
  console.log(`\n› Saving ${ARTICLES} URLs through the bulk API (${BULK} a request)...`);
  const startedAt = Date.now();
  const ids = [];
  for (let i = 0; i < urls.length; i += BULK) {
    const bulk = await call("POST", "/api/articles/bulk", { token, body: { urls: urls.slice(i, i + BULK) } });
    ids.push(...bulk.results.flatMap((r) => (r.article ? [r.article.id] : [])));
  }
  console.log(`  ${ids.length} saved in ${seconds(Date.now() - startedAt)}`);

  const db = new DatabaseSync(databaseFile(), { readOnly: true });
  const placedQuery = db.prepare("SELECT DISTINCT article_id AS id FROM topic_articles");
  const completedAt = new Map();
  const placedAt = new Map();
  const failed = new Set();
  let lastCompletion = startedAt;
  let lastReport = 0;
  while (Date.now() - startedAt < TIMEOUT_MS) {
    const open = ids.filter((id) => !completedAt.has(id) && !failed.has(id));
    for (let i = 0; i < open.length; i += 50) {
      const { statuses } = await call("POST", "/api/articles/batch/status", {
        token,
        body: { article_ids: open.slice(i, i + 50) },
      });
      for (const s of statuses) {
        if (s.status === "completed") {
          completedAt.set(s.article_id, Date.now());
          lastCompletion = Date.now();
        } else if (s.status === "failed") failed.add(s.article_id);
      }
    }
    const now = Date.now();
    // Placed since when, without a break: an article that lost its place (its topic replaced) starts again.
    const placedNow = new Set(placedQuery.all().map((row) => row.id));
    for (const id of placedNow) if (!placedAt.has(id)) placedAt.set(id, now);
    for (const id of placedAt.keys()) if (!placedNow.has(id)) placedAt.delete(id);
    const unplaced = [...completedAt.keys()].filter((id) => !placedAt.has(id)).length;
    if (now - lastReport > 30_000) {
      console.log(
        `  ${seconds(now - startedAt)}: ${completedAt.size} completed, ${failed.size} failed, ${completedAt.size - unplaced} placed`,
      );
      lastReport = now;
    }
    const finished = completedAt.size + failed.size >= ids.length;
    if (finished && (unplaced === 0 || now - lastCompletion > SETTLE_MS)) break;
    await sleep(POLL_MS);
  }

  // Placed before completion cannot be: an article is seen placed at most one poll after it is. An article that
  // lost its place and found it again counts from the second time.
  const delays = [...completedAt].map(([id, at]) => (placedAt.has(id) ? Math.max(0, placedAt.get(id) - at) : null));
  const placed = delays.filter((d) => d !== null).sort((a, b) => a - b);
  console.log(`\nbench:topics --saved ${ARTICLES} results (polled every ${POLL_MS / 1000} s)`);
  console.log(
    `  completed: ${completedAt.size}, failed: ${failed.size}, unfinished: ${ids.length - completedAt.size - failed.size}`,
  );
  for (const minutes of MINUTES) {
    const within = placed.filter((d) => d <= minutes * 60_000).length;
    console.log(
      `  placed within ${String(minutes).padStart(2)} min of completing: ${within} of ${completedAt.size} (${((100 * within) / Math.max(1, completedAt.size)).toFixed(1)}%)`,
    );
  }
  console.log(`  not in a topic at the end: ${completedAt.size - placed.length}`);
  if (placed.length) console.log(`  slowest placement: ${seconds(placed.at(-1))} after completing`);
  const groups = db
    .prepare(
      "SELECT t.label AS label, count(*) AS n FROM topic_articles ta JOIN topics t ON t.id = ta.topic_id GROUP BY t.id ORDER BY n DESC",
    )
    .all();
  console.log(`  topics: ${groups.map((g) => `${g.label} ${g.n}`).join(", ")}`);
  db.close();
} finally {
  app.stop();
  await fixtures.close();
}
process.exit(0);
