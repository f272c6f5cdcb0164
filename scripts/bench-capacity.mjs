// `npm run bench:capacity`: what one article costs in D1 and R2, and what the main routes cost in D1 rows.
// Builds and serves the app as `npm start` does (fresh database, D1_METER=on so every response carries its D1 rows),
// saves real pages of the dev sets (modern-dev and trafilatura-dev, from the labelled library) through the API with
// their HTML, waits until they are processed, highlights some of them, then:
//   - D1 bytes per article by part, from SQLite's dbstat over the local D1 file (the server stopped first, so the
//     file is whole), and the R2 bytes the local buckets hold;
//   - D1 queries and rows read/written per request of the main routes (median of 5 calls each);
//   - D1 rows read/written per processed article (the isolate's totals over the processing, less the status polls);
//   - CPU per request of the main routes: the server processes' CPU time over 40 calls each (Linux /proc).
// docs/capacity.md reads these figures.
//
//   npm run bench:capacity                     120 pages (60 from each dev set)
//   npm run bench:capacity -- --pages 300      another number of pages
//   npm run bench:capacity -- --move 10000     then the move of old bodies out of D1 (jobs/body-mover.ts), timed:
//                                              10,000 articles stored as before bodies lived in R2 (the processed
//                                              pages' content and text, in the row) are written into the stopped
//                                              server's D1 file, the server starts again and its cron is triggered
//                                              run after run (each a minute at most, as deployed) until none is left
//
// BENCH_PORT chooses the app's port.
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadLabelledLibrary } from "./labelled-library.mjs";
import {
  apiClient,
  apiResponseClient,
  d1File as d1FileOf,
  processGroupCpuMs,
  ROOT,
  resending,
  resendingApiClient,
  runOrExit,
  runScheduledEvent,
  startAppInBackground,
  tool,
  waitForHealth,
  waitUntilProcessed,
} from "./lib.mjs";
import { applyMigrations, setup } from "./setup.mjs";

const APP_PORT = Number(process.env.BENCH_PORT || 8797);
const PERSIST_TO = ".wrangler/capacity-state";
const argValue = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const PAGES = argValue("--pages", 120);
const MOVE = argValue("--move", 0);
const CRON = "*/5 * * * *";
const DAILY_CRON = "17 3 * * *";
const TOPICS_TIMEOUT_MS = 5 * 60_000;
const SAVE_CONCURRENCY = 4;
const PROCESS_TIMEOUT_MS = 30 * 60_000;
const CALLS_PER_ROUTE = 5;
/** Calls of each route whose CPU is read together: the clock ticks are 10 ms, so 40 calls read to 0.25 ms. */
const CPU_CALLS = 40;
/** The API takes at most 5 MB of HTML: a larger page is sent without its scripts and styles (as bench:semantic). */
const MAX_HTML = 5_000_000;
/** Every HIGHLIGHT_EVERY-th article gets two highlights, one with a note. */
const HIGHLIGHT_EVERY = 3;

const withinLimit = (html) =>
  html.length <= MAX_HTML
    ? html
    : html.replace(/<script\b[\s\S]*?<\/script>/gi, "").replace(/<style\b[\s\S]*?<\/style>/gi, "");
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** PAGES pages, half from each dev set, spread evenly over each set (the same pages every run). */
function choosePages() {
  const chosen = [];
  for (const corpus of ["modern-dev", "trafilatura-dev"]) {
    const pages = loadLabelledLibrary().filter((page) => page.corpus === corpus);
    const want = Math.ceil(PAGES / 2);
    const step = pages.length / want;
    for (let i = 0; i < want && chosen.length < PAGES; i++) chosen.push(pages[Math.floor(i * step)]);
  }
  return chosen;
}

/** A caller that also returns the D1 meter's headers of each answer. */
function meteredCall(base) {
  // Sent again when wrangler dev's proxy lost the call (a 500 without the app's JSON), as the other calls are.
  const call = resending(apiResponseClient(base));
  return async (method, path, options) => {
    const { json, response } = await call(method, path, options);
    const header = (name) => Number(response.headers.get(name) ?? Number.NaN);
    return {
      json,
      queries: header("X-D1-Queries"),
      read: header("X-D1-Rows-Read"),
      written: header("X-D1-Rows-Written"),
    };
  };
}

/** The local D1 file wrangler keeps under PERSIST_TO (one database: DB). */
const d1File = () => d1FileOf(PERSIST_TO);

/** Bytes of every file under `dir` (0 when it does not exist): the local R2 buckets' blobs. */
function bytesUnder(dir) {
  let total = 0;
  let entries = [];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    total += entry.isDirectory() ? bytesUnder(path) : statSync(path).size;
  }
  return total;
}

/**
 * The D1 file's bytes by part (dbstat: the pages each table and index occupies, their unused space included).
 * The articles table is split by the bytes of its large text columns, which share its pages with the rest of the row.
 */
async function d1Parts(file) {
  // node:sqlite is in Node 22 (the `node` dev dependency npm scripts run on), not in Node 20.
  const { DatabaseSync } = await import("node:sqlite");
  const db = new DatabaseSync(file, { readOnly: true });
  const pageBytes = new Map(
    db
      .prepare("SELECT name, sum(pgsize) AS bytes FROM dbstat GROUP BY name")
      .all()
      .map((row) => [row.name, Number(row.bytes)]),
  );
  const owners = new Map(
    db
      .prepare("SELECT name, tbl_name FROM sqlite_schema WHERE type IN ('table', 'index')")
      .all()
      .map((row) => [row.name, row.tbl_name]),
  );
  const columns = new Set(
    db
      .prepare("SELECT name FROM pragma_table_info('articles')")
      .all()
      .map((row) => row.name),
  );
  const textBytes = (column) =>
    columns.has(column)
      ? Number(db.prepare(`SELECT coalesce(sum(length(CAST(${column} AS BLOB))), 0) AS n FROM articles`).get().n)
      : 0;
  const articles = Number(db.prepare("SELECT count(*) AS n FROM articles").get().n);
  const counts = {
    highlights: Number(db.prepare("SELECT count(*) AS n FROM highlights").get().n),
    sourcesLeft: Number(db.prepare("SELECT count(DISTINCT article_id) AS n FROM article_sources").get().n),
  };
  const contentBytes = textBytes("content");
  const searchTextBytes = textBytes("search_text");
  const { page_count: pageCount } = db.prepare("PRAGMA page_count").get();
  const { page_size: pageSize } = db.prepare("PRAGMA page_size").get();
  db.close();

  const parts = {
    "articles row (other columns)": 0,
    "articles: content (HTML)": contentBytes,
    "articles: search text": searchTextBytes,
    "articles indexes": 0,
    "full-text index (articles_fts)": 0,
    "page sources (article_sources)": 0,
    "local vectors": 0,
    "highlights (rows, indexes, highlights_fts)": 0,
    "topics (topics, topic_articles)": 0,
    "statistics' site counts (library_domains)": 0,
    "everything else": 0,
  };
  const partOf = (name) => {
    const table = owners.get(name) ?? name;
    if (name === "articles") return "articles row (other columns)";
    if (table === "articles") return "articles indexes";
    if (name.startsWith("articles_fts")) return "full-text index (articles_fts)";
    if (table === "article_sources") return "page sources (article_sources)";
    if (table === "local_vectors") return "local vectors";
    if (table === "highlights" || name.startsWith("highlights_fts"))
      return "highlights (rows, indexes, highlights_fts)";
    if (table === "topics" || table === "topic_articles") return "topics (topics, topic_articles)";
    if (table === "library_domains") return "statistics' site counts (library_domains)";
    return "everything else";
  };
  for (const [name, bytes] of pageBytes) parts[partOf(name)] += bytes;
  parts["articles row (other columns)"] -= parts["articles: content (HTML)"] + parts["articles: search text"];
  const total = [...pageBytes.values()].reduce((a, b) => a + b, 0);
  const optimisedIndex = await optimisedIndexBytes(file, DatabaseSync);
  return { parts, total, articles, counts, optimisedIndex, databaseBytes: Number(pageCount) * Number(pageSize) };
}

/**
 * The full-text index's bytes once merged into one segment, on a copy of the file: what the index holds without
 * the old words that entries written again leave in segments not merged yet. The size as the bench finds it moves
 * by several percent between runs on the same pages (how many segments the last merge left); this one does not.
 */
async function optimisedIndexBytes(file, DatabaseSync) {
  const dir = mkdtempSync(join(tmpdir(), "capacity-fts-"));
  try {
    const copy = join(dir, "d1.sqlite");
    copyFileSync(file, copy);
    if (existsSync(`${file}-wal`)) copyFileSync(`${file}-wal`, `${copy}-wal`);
    const db = new DatabaseSync(copy);
    db.exec("INSERT INTO articles_fts(articles_fts) VALUES ('optimize')");
    const { bytes } = db
      .prepare("SELECT sum(pgsize) AS bytes FROM dbstat WHERE name LIKE 'articles\\_fts%' ESCAPE '\\'")
      .get();
    db.close();
    return Number(bytes);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await setup();
await runOrExit(tool("vite"), ["build"]);
rmSync(join(ROOT, PERSIST_TO), { recursive: true, force: true });
await applyMigrations(PERSIST_TO);

const pages = choosePages();
const app = startAppInBackground({
  port: APP_PORT,
  persistTo: PERSIST_TO,
  logPath: join(ROOT, ".wrangler", "capacity-server.log"),
  vars: { D1_METER: "on" },
  extraArgs: ["--test-scheduled"],
});
await waitForHealth(app);
const call = resendingApiClient(app.base);
const metered = meteredCall(app.base);
const meterTotals = () => call("GET", "/api/dev/d1-meter");

const { access_token: token } = await call("POST", "/api/auth/register", {
  body: { email: `capacity-${Date.now()}@example.com`, password: "bench-password" },
});

console.log(`\n› Saving ${pages.length} dev-set pages with their HTML...`);
const before = await meterTotals();
const cpuBefore = processGroupCpuMs(app.server.pid);
const saveCosts = [];
const ids = new Array(pages.length);
let next = 0;
await Promise.all(
  Array.from({ length: SAVE_CONCURRENCY }, async () => {
    while (next < pages.length) {
      const i = next++;
      const saved = await metered("POST", "/api/articles/", {
        token,
        body: { url: pages[i].address, html: withinLimit(pages[i].html) },
      });
      ids[i] = saved.json.id;
      saveCosts.push(saved);
    }
  }),
);
const saveMeter = saveCosts.reduce((sum, c) => ({ read: sum.read + c.read, written: sum.written + c.written }), {
  read: 0,
  written: 0,
});

// Status polls are metered too: counted here so that processing's own rows can be told apart from them.
const pollMeter = { read: 0, written: 0 };
const pollingCall = async (method, path, options) => {
  const answer = await metered(method, path, options);
  if (path === "/api/articles/batch/status") {
    pollMeter.read += answer.read;
    pollMeter.written += answer.written;
  }
  return answer.json;
};
const finished = await waitUntilProcessed(pollingCall, token, ids, {
  timeoutMs: PROCESS_TIMEOUT_MS,
  label: "",
  reportEveryMs: 20_000,
  pollMs: 2_000,
});
const after = await meterTotals();
const cpuAfter = processGroupCpuMs(app.server.pid);
const completed = ids.filter((id) => finished.get(id)?.status === "completed");
console.log(`  ${completed.length} completed, ${ids.length - completed.length} failed`);

console.log("\n› Highlighting every third article...");
let highlighted = 0;
/** The processed articles' content, for the move phase's old-style rows. */
const contents = [];
for (const id of completed) {
  const article = await call("GET", `/api/articles/${id}`, { token });
  if (article.content) contents.push({ title: article.title, summary: article.summary, content: article.content });
}
for (const id of completed.filter((_, i) => i % HIGHLIGHT_EVERY === 0)) {
  const article = await call("GET", `/api/articles/${id}`, { token });
  // A passage of the text as the viewer shows it (tags dropped, spaces collapsed), cut at spaces.
  const text = (article.content ?? "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&[a-z#0-9]+;/gi, " ")
    .replace(/\s+/g, " ");
  if (text.length < 2_000) continue;
  for (const [at, note] of [
    [0.2, undefined],
    [0.6, "A note on this passage, as a reader writes one."],
  ]) {
    const start = text.indexOf(" ", Math.floor(text.length * at)) + 1;
    const quote = text.slice(start, text.lastIndexOf(" ", start + 80)).trim();
    await call("POST", `/api/articles/${id}/highlights`, { token, body: { quote, ...(note ? { note } : {}) } }).catch(
      () => null,
    );
  }
  highlighted += 1;
}
console.log(`  ${highlighted} articles highlighted`);

// Topics are part of what a library keeps: measured once a run has clustered every processed article (the
// debounced run after processing; the daily cron re-clusters if it has not come).
console.log("\n› Waiting for the topics run over every processed article...");
{
  const started = Date.now();
  let nudged = false;
  for (;;) {
    const { topics } = await call("GET", "/api/topics/?limit=50&unread_only=false", { token });
    if ((topics[0]?.topic_metadata.generated_from ?? "").startsWith(`${completed.length} articles`)) {
      console.log(`  ${topics.length} topics`);
      break;
    }
    if (Date.now() - started > TOPICS_TIMEOUT_MS) throw new Error("no topics run over every article within 5 min");
    if (!nudged && Date.now() - started > 90_000) {
      await runScheduledEvent(app.base, DAILY_CRON);
      nudged = true;
    }
    await new Promise((resolve) => setTimeout(resolve, 3_000));
  }
}

console.log("\n› Main routes, D1 per request (median of 5 calls)...");
const someId = completed[0];
const aWord = (await call("GET", `/api/articles/${someId}`, { token })).title?.split(/\s+/).find((w) => w.length > 4);
const routes = [
  ["GET /api/articles (page of 20)", "GET", "/api/articles/?page=1&per_page=20"],
  ["GET /api/articles?search=", "GET", `/api/articles/?search=${encodeURIComponent(aWord ?? "article")}`],
  ["GET /api/articles/{id}", "GET", `/api/articles/${someId}`],
  ["GET /api/articles/stats/overview", "GET", "/api/articles/stats/overview"],
  [
    "POST /api/articles/batch/status (20)",
    "POST",
    "/api/articles/batch/status",
    { article_ids: completed.slice(0, 20) },
  ],
  ["POST /api/articles/{id}/mark-read", "POST", `/api/articles/${someId}/mark-read`],
  ["GET /api/articles/{id}/related", "GET", `/api/articles/${someId}/related`],
  ["GET /api/topics", "GET", "/api/topics/"],
  ["GET /api/highlights", "GET", "/api/highlights/"],
  ["POST /api/search/chat", "POST", "/api/search/chat", { query: aWord ?? "article" }],
  ["GET /api/auth/me", "GET", "/api/auth/me"],
];
const routeRows = [];
for (const [label, method, path, body] of routes) {
  const costs = [];
  for (let i = 0; i < CALLS_PER_ROUTE; i++) costs.push(await metered(method, path, { token, body }).catch((e) => e));
  const ok = costs.filter((c) => !(c instanceof Error));
  if (ok.length === 0) {
    routeRows.push([label, "failed", costs[0].message.slice(0, 80)]);
    continue;
  }
  routeRows.push([
    label,
    median(ok.map((c) => c.queries)),
    median(ok.map((c) => c.read)),
    median(ok.map((c) => c.written)),
  ]);
}
// Worker CPU per request, as near as a local server lets it be read: the CPU time of the server's processes
// (workerd running the Worker, the local D1 and R2 beside it, and wrangler's proxy) over CPU_CALLS calls of each
// route, less the same for GET /api/health (what every request costs the local server, not the Worker).
console.log(`\n› Main routes, CPU per request (${CPU_CALLS} calls each, the server's processes)...`);
const cpuRows = [];
for (const [label, method, path, body] of [["GET /api/health", "GET", "/api/health"], ...routes]) {
  const before = processGroupCpuMs(app.server.pid);
  if (before === null) break;
  const started = performance.now();
  for (let i = 0; i < CPU_CALLS; i++) await metered(method, path, { token, body }).catch(() => null);
  const wall = (performance.now() - started) / CPU_CALLS;
  cpuRows.push([label, ((processGroupCpuMs(app.server.pid) ?? before) - before) / CPU_CALLS, wall]);
}
// The owner of the move phase's old-style articles, registered while the server runs (its rows go in after).
const mover =
  MOVE > 0
    ? await call("POST", "/api/auth/register", {
        body: { email: `capacity-move-${Date.now()}@example.com`, password: "bench-password" },
      })
    : null;
// The 5-minute cron once, as deployed it runs every 5 minutes: its merges of the full-text index
// (jobs/search-index-merge.ts) are part of the index's steady size.
await runScheduledEvent(app.base, CRON);
app.stop();
// wrangler and workerd exit; the D1 file is whole once they have.
await new Promise((resolve) => setTimeout(resolve, 3_000));

const { parts, total, articles, counts, optimisedIndex, databaseBytes } = await d1Parts(d1File());
const r2Dir = join(ROOT, PERSIST_TO, "v3", "r2");
const r2Buckets = (() => {
  try {
    return readdirSync(r2Dir).filter((name) => name !== "miniflare-R2BucketObject");
  } catch {
    return [];
  }
})();
const r2Bytes =
  bytesUnder(join(r2Dir, "miniflare-R2BucketObject")) + r2Buckets.reduce((n, b) => n + bytesUnder(join(r2Dir, b)), 0);

const date = new Date().toISOString().slice(0, 10);
console.log(
  `\nbench:capacity results (${date}; ${articles} articles, ${completed.length} processed, ${counts.highlights} highlights)`,
);
console.log("\n  D1 bytes per article, by part (dbstat over the local D1 file)");
console.log(`  ${"part".padEnd(46)} ${"bytes/article".padStart(14)}`);
for (const [part, bytes] of Object.entries(parts))
  console.log(`  ${part.padEnd(46)} ${String(Math.round(bytes / articles)).padStart(14)}`);
console.log(
  `  ${"  (full-text index once optimised)".padEnd(46)} ${String(Math.round(optimisedIndex / articles)).padStart(14)}`,
);
console.log(`  ${"total (all tables and indexes)".padEnd(46)} ${String(Math.round(total / articles)).padStart(14)}`);
console.log(
  `  ${"D1 pages in use or free / articles".padEnd(46)} ${String(Math.round(databaseBytes / articles)).padStart(14)}`,
);
console.log(
  `  ${"R2 bytes / article (local buckets' files)".padEnd(46)} ${String(Math.round(r2Bytes / articles)).padStart(14)}`,
);
console.log(
  `  (page sources left in D1 at the end: ${counts.sourcesLeft} articles; a save keeps its page until processed)`,
);

const perSave = { read: saveMeter.read / ids.length, written: saveMeter.written / ids.length };
const processing = {
  read: (after.rows_read - before.rows_read - saveMeter.read - pollMeter.read) / ids.length,
  written: (after.rows_written - before.rows_written - saveMeter.written - pollMeter.written) / ids.length,
};
console.log("\n  D1 per request (median of 5) and per article");
console.log(
  `  ${"request".padEnd(40)} ${"queries".padStart(8)} ${"rows read".padStart(10)} ${"rows written".padStart(13)}`,
);
for (const [label, q, r, w] of routeRows)
  console.log(
    `  ${label.padEnd(40)} ${String(q).padStart(8)} ${String(r).padStart(10)} ${String(w ?? "").padStart(13)}`,
  );
console.log(
  `  ${"POST /api/articles (save with HTML), mean".padEnd(40)} ${"".padStart(8)} ${perSave.read.toFixed(1).padStart(10)} ${perSave.written.toFixed(1).padStart(13)}`,
);
console.log(
  `  ${"processing one article (queue, Workflow)".padEnd(40)} ${"".padStart(8)} ${processing.read.toFixed(1).padStart(10)} ${processing.written.toFixed(1).padStart(13)}`,
);
if (cpuRows.length > 0) {
  const health = cpuRows[0]?.[1] ?? 0;
  console.log("\n  CPU per request (the local server's processes; beyond health = less GET /api/health's)");
  console.log(
    `  ${"request".padEnd(40)} ${"CPU ms".padStart(8)} ${"beyond health".padStart(14)} ${"wall ms".padStart(8)}`,
  );
  for (const [label, cpu, wall] of cpuRows)
    console.log(
      `  ${label.padEnd(40)} ${cpu.toFixed(1).padStart(8)} ${(cpu - health).toFixed(1).padStart(14)} ${wall.toFixed(1).padStart(8)}`,
    );
  if (cpuBefore !== null && cpuAfter !== null) {
    // The local adapters embed and summarise in the Worker; deployed, Workers AI does that work, not the Worker.
    console.log(
      `  ${"save and processing, per article".padEnd(40)} ${((cpuAfter - cpuBefore) / ids.length).toFixed(1).padStart(8)}` +
        "  (saves, status polls, queue, Workflow, local embedder and summariser)",
    );
  }
} else console.log("\n  CPU per request: not measured (no /proc on this system)");
if (MOVE > 0) await timeMove();
console.log(
  `\n  ${kb(total / articles)} of D1 per article; page size of the pages saved: ${kb(pages.reduce((n, p) => n + Buffer.byteLength(p.html), 0) / pages.length)} of HTML on average`,
);
process.exit(0);

/** The plain text the full-text index read before bodies moved (tags dropped), as processing stored it. */
function plainText(html) {
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/&[a-z#0-9]+;/gi, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * The mover on MOVE old-style articles: rows written straight into the stopped server's D1 file as the app stored
 * them before (content and search text in the row, no body key; the full-text index filled by its insert trigger),
 * then the server again with cron triggers, run after run, until every body is in R2.
 */
async function timeMove() {
  const { DatabaseSync } = await import("node:sqlite");
  const db = new DatabaseSync(d1File());
  const now = Date.now();
  const userId = mover.user.id;
  const insert = db.prepare(
    `INSERT INTO articles (user_id, url, normalized_url, title, summary, content, search_text, domain,
       processing_status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'move.example.com', 'completed', ?, ?)`,
  );
  db.exec("BEGIN");
  for (let i = 0; i < MOVE; i++) {
    const page = contents[i % contents.length];
    const url = `https://move.example.com/${i}`;
    insert.run(userId, url, url, page.title, page.summary, page.content, plainText(page.content), now + i, now + i);
  }
  db.exec("COMMIT");
  db.close();
  console.log(`\n› Moving the bodies of ${MOVE} old-style articles (${contents.length} pages' content, repeated)...`);
  const server = startAppInBackground({
    port: APP_PORT,
    persistTo: PERSIST_TO,
    logPath: join(ROOT, ".wrangler", "capacity-move-server.log"),
    vars: { D1_METER: "on" },
    extraArgs: ["--test-scheduled"],
  });
  await waitForHealth(server);
  const remaining = async () => {
    const reader = new DatabaseSync(d1File(), { readOnly: true });
    const { n } = reader
      .prepare("SELECT count(*) AS n FROM articles WHERE body_key IS NULL AND content IS NOT NULL")
      .get();
    reader.close();
    return Number(n);
  };
  const meter = apiClient(server.base);
  const reader = apiClient(server.base);
  const ids = (await reader("GET", "/api/articles/?per_page=100", { token: mover.access_token })).articles.map(
    (a) => a.id,
  );
  /** Opens one of the mover's articles, timed: the app serving while the bodies move. */
  const timedOpen = async (i) => {
    const at = performance.now();
    await reader("GET", `/api/articles/${ids[i % ids.length]}`, { token: mover.access_token });
    return performance.now() - at;
  };
  const quiet = [];
  for (let i = 0; i < 20; i++) quiet.push(await timedOpen(i));
  const before = await reader("GET", `/api/articles/${ids[0]}`, { token: mover.access_token });
  const meterBefore = await meter("GET", "/api/dev/d1-meter");
  const started = Date.now();
  let runs = 0;
  let left = await remaining();
  const during = [];
  let moving = true;
  const opening = (async () => {
    for (let i = 0; moving; i++) during.push(await timedOpen(i));
  })();
  while (left > 0 && runs < 1_000) {
    // Answers when the scheduled event (the sweep and the mover, waitUntil included) has finished.
    await runScheduledEvent(server.base, CRON);
    runs += 1;
    left = await remaining();
    console.log(`  run ${runs}: ${left} left after ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  const seconds = (Date.now() - started) / 1000;
  moving = false;
  await opening;
  const meterAfter = await meter("GET", "/api/dev/d1-meter");
  const after = await reader("GET", `/api/articles/${ids[0]}`, { token: mover.access_token });
  const word = plainText(after.content ?? "")
    .split(" ")
    .find((w) => /^\p{L}{9,}$/u.test(w));
  const found = word
    ? (await reader("GET", `/api/articles/?search=${encodeURIComponent(word)}`, { token: mover.access_token })).total
    : 0;
  server.stop();
  const p = (values, q) =>
    [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))];
  console.log(
    `  the same article before and after its move: ${before.content === after.content ? "identical" : "DIFFERENT"}; ` +
      `a word of its text ("${word}") finds ${found} of the mover's articles`,
  );
  console.log(
    `  GET /api/articles/{id} p50 / p95: quiet ${p(quiet, 0.5).toFixed(0)} / ${p(quiet, 0.95).toFixed(0)} ms, ` +
      `while moving ${p(during, 0.5).toFixed(0)} / ${p(during, 0.95).toFixed(0)} ms (${during.length} requests)`,
  );
  console.log(
    `\n  moved ${MOVE} bodies in ${seconds.toFixed(1)} s over ${runs} cron runs (${(MOVE / seconds).toFixed(0)} articles/s)`,
  );
  console.log(
    `  D1 per moved article: ${((meterAfter.rows_read - meterBefore.rows_read) / MOVE).toFixed(1)} rows read, ` +
      `${((meterAfter.rows_written - meterBefore.rows_written) / MOVE).toFixed(1)} rows written`,
  );
  console.log(`  deployed, one run every 5 minutes: about ${runs * 5} minutes for ${MOVE} articles`);
}
