// `npm run bench:import`: a 10,000-row Pocket export imported through the API of the built app, on this machine.
// Builds and serves the app as `npm start` does (fresh database), points every row at a page of a local fixture
// server, uploads the CSV, and prints: the upload's answer time, the time until every row is stored, the time
// until every imported article is processed (or how far it got by the time cap), and the p95 of single
// interactive saves made during the import, each timed from save to completed.
// IMPORT_ROWS (default 10000) and IMPORT_TIMEOUT_MINUTES (default 60) change the size and the cap.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { startFixtureServer } from "../test/fixtures/fixture-server.mjs";
import { apiClient, ROOT, runOrExit, startAppInBackground, tool, waitForHealth } from "./lib.mjs";
import { applyMigrations, setup } from "./setup.mjs";

const APP_PORT = Number(process.env.BENCH_PORT || 8792);
const FIXTURE_PORT = Number(process.env.FIXTURE_PORT || 8793);
const PERSIST_TO = ".wrangler/import-state";
const ROWS = Number(process.env.IMPORT_ROWS || 10_000);
const TIMEOUT_MS = Number(process.env.IMPORT_TIMEOUT_MINUTES || 60) * 60_000;
const INTERACTIVE_SAVES = 20;
const POLL_MS = 1_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted, q) => sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)];
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** A Pocket export (title,url,time_added,cursor,tags,status) of `rows` distinct fixture pages. */
function pocketCsv(origin, rows) {
  const lines = ["title,url,time_added,cursor,tags,status"];
  for (let i = 0; i < rows; i += 1) {
    const title = `Imported article ${i}`;
    const status = i % 4 === 0 ? "archive" : "unread";
    lines.push(
      `"${title}",${origin}/article?title=${encodeURIComponent(title)},${1_600_000_000 + i * 60},${i},bench|pocket,${status}`,
    );
  }
  return `${lines.join("\n")}\n`;
}

await setup();
await runOrExit(tool("vite"), ["build"]);
rmSync(join(ROOT, PERSIST_TO), { recursive: true, force: true });
await applyMigrations(PERSIST_TO);

const fixtures = await startFixtureServer({ port: FIXTURE_PORT });
const app = startAppInBackground({
  port: APP_PORT,
  persistTo: PERSIST_TO,
  logPath: join(ROOT, ".wrangler", "import-server.log"),
});
const strictCall = apiClient(app.base);
/** A loaded 2-core machine drops the odd local request (500, connection reset): polls try again, a run goes on. */
async function call(method, path, options) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await strictCall(method, path, options);
    } catch (error) {
      if (attempt >= 5) throw error;
      console.log(`  (retrying ${method} ${path}: ${error.message.slice(0, 120)})`);
      await sleep(1_000 * attempt);
    }
  }
}

/** Saves one URL and waits until it is completed or failed; answers the time from save to that. */
async function timedSave(token, url, deadline) {
  const started = Date.now();
  const article = await call("POST", "/api/articles/", { token, body: { url } });
  while (Date.now() < deadline) {
    const { statuses } = await call("POST", "/api/articles/batch/status", {
      token,
      body: { article_ids: [article.id] },
    });
    if (statuses[0] && (statuses[0].status === "completed" || statuses[0].status === "failed")) {
      return { ms: Date.now() - started, status: statuses[0].status };
    }
    await sleep(250);
  }
  return { ms: Number.POSITIVE_INFINITY, status: "unfinished" };
}

try {
  await waitForHealth(app);
  const email = `bench-import-${Date.now()}@example.com`;
  const { access_token: token } = await call("POST", "/api/auth/register", {
    body: { email, password: "bench-password" },
  });
  const csv = pocketCsv(fixtures.origin, ROWS);
  console.log(
    `\n› Importing a Pocket CSV of ${ROWS.toLocaleString("en-US")} rows (${(csv.length / 1024 / 1024).toFixed(2)} MB)...`,
  );

  const form = new FormData();
  form.set("file", new Blob([csv], { type: "text/csv" }), "part_000000.csv");
  const uploadedAt = Date.now();
  const response = await fetch(`${app.base}/api/imports`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  const started = await response.json();
  const uploadMs = Date.now() - uploadedAt;
  if (response.status !== 202)
    throw new Error(`POST /api/imports answered ${response.status}: ${JSON.stringify(started)}`);
  console.log(`  202 in ${uploadMs} ms: ${JSON.stringify(started)}`);
  const deadline = uploadedAt + TIMEOUT_MS;

  // Interactive saves one after another while the import runs, each timed until its article is processed.
  const saves = (async () => {
    const results = [];
    for (let i = 0; i < INTERACTIVE_SAVES; i += 1) {
      const title = `Saved by hand ${i}`;
      results.push(await timedSave(token, `${fixtures.origin}/article?title=${encodeURIComponent(title)}`, deadline));
    }
    return results;
  })();

  let storedMs = null;
  let processedMs = null;
  let last = null;
  let lastReport = 0;
  while (Date.now() < deadline && processedMs === null) {
    last = await call("GET", `/api/imports/${started.id}`, { token });
    const stored = last.imported + last.duplicates + last.invalid + last.failed;
    if (storedMs === null && last.status === "done") storedMs = Date.now() - uploadedAt;
    if (storedMs !== null && last.processed >= last.imported) processedMs = Date.now() - uploadedAt;
    if (Date.now() - lastReport > 15_000) {
      console.log(
        `  ${seconds(Date.now() - uploadedAt)}: ${stored}/${last.total} rows stored, ${last.processed}/${last.imported} processed`,
      );
      lastReport = Date.now();
    }
    await sleep(POLL_MS);
  }
  const saveResults = await saves;
  const saveTimes = saveResults.map((r) => r.ms).sort((a, b) => a - b);

  console.log("\nbench:import results");
  console.log(
    `  rows:                          ${ROWS.toLocaleString("en-US")} (Pocket CSV, ${(csv.length / 1024 / 1024).toFixed(2)} MB)`,
  );
  console.log(`  upload answered (202):         ${uploadMs} ms`);
  console.log(`  every row stored:              ${storedMs === null ? "not within the cap" : seconds(storedMs)}`);
  console.log(
    `  imported / duplicates / invalid / failed: ${last.imported} / ${last.duplicates} / ${last.invalid} / ${last.failed}`,
  );
  if (processedMs !== null) {
    console.log(
      `  every article processed:       ${seconds(processedMs)} (${((last.imported / processedMs) * 60_000).toFixed(0)} articles per minute)`,
    );
  } else {
    const elapsed = Date.now() - uploadedAt;
    console.log(
      `  processed at the ${seconds(elapsed)} cap: ${last.processed} of ${last.imported} (${((last.processed / elapsed) * 60_000).toFixed(0)} articles per minute)`,
    );
  }
  console.log(
    `  interactive saves during the import (${saveResults.length}): p50 ${seconds(percentile(saveTimes, 0.5))}, p95 ${seconds(percentile(saveTimes, 0.95))}, max ${seconds(saveTimes.at(-1))}`,
  );
  const notCompleted = saveResults.filter((r) => r.status !== "completed").length;
  if (notCompleted) console.log(`  interactive saves not completed: ${notCompleted}`);
} finally {
  app.stop();
  await fixtures.close();
}
process.exit(0);
