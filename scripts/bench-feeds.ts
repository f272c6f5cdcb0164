// `npm run bench:feeds`: how many feed polls a minute the poller sustains on this machine, and what a poll of an
// unchanged feed costs. Runs the Worker's own poller (services/feeds-poller.ts: the SSRF-guarded conditional GET,
// feedsmith, the polling policy, the D1 writes) against feeds served by the local fixture server, on a local D1
// with the project's migrations, as many polls at once as the queue consumer runs (5 batches of 10, wrangler.toml).
// The queue itself is not in the loop: the scheduler's claim of due feeds is timed on its own.
// FEEDS (default 1000) and ITEMS (items per feed, default 20) change the size.
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { getPlatformProxy } from "wrangler";
import { createDatabase } from "../src/worker/db/client";
import { createFeedsRepository } from "../src/worker/db/repositories/feeds-repository";
import { FEEDS_PER_ROUND, LEASE_MS } from "../src/worker/jobs/feed-scheduler";
import { createFeedPoller, type PollReport } from "../src/worker/services/feeds-poller";
import { fetchFeed } from "../src/worker/services/fetching/feed-fetcher";
import { createDohResolver } from "../src/worker/services/fetching/host-resolver";
import type { FixtureServerModule } from "../test/worker/fixture-server";
import { ROOT, tool, toolEnv } from "./lib.mjs";

const FEEDS = Number(process.env.FEEDS || 1_000);
const ITEMS = Number(process.env.ITEMS || 20);
/** wrangler.toml's FEED_QUEUE consumer: max_concurrency 5 x max_batch_size 10. */
const BATCHES_AT_ONCE = 5;
const BATCH_SIZE = 10;
const STATE = join(ROOT, ".wrangler", "bench-feeds");

rmSync(STATE, { recursive: true, force: true });
mkdirSync(STATE, { recursive: true });
// Only the database: the rest of the Worker's bindings (queues, browser, workflows) are not what is measured.
const config = join(STATE, "wrangler.json");
writeFileSync(
  config,
  JSON.stringify({
    name: "bench-feeds",
    compatibility_date: "2026-10-01",
    d1_databases: [
      { binding: "DB", database_name: "bench", database_id: "bench-feeds", migrations_dir: join(ROOT, "migrations") },
    ],
  }),
);
const migrated = spawnSync(
  tool("wrangler"),
  ["d1", "migrations", "apply", "DB", "--local", "--persist-to", STATE, "-c", config],
  { cwd: ROOT, env: toolEnv(), stdio: "inherit" },
);
if (migrated.status !== 0) process.exit(migrated.status ?? 1);

// A computed specifier keeps the plain-JS server out of the TypeScript program (as test/worker/global-setup.ts does).
const { startFixtureServer } = (await import(
  new URL("../test/fixtures/fixture-server.mjs", import.meta.url).href
)) as FixtureServerModule;

const fixtures = await startFixtureServer({ port: Number(process.env.FIXTURE_PORT || 0) });
const proxy = await getPlatformProxy<{ DB: D1Database }>({ configPath: config, persist: { path: join(STATE, "v3") } });
const d1 = proxy.env.DB;
const feeds = createFeedsRepository(createDatabase(d1));
const resolver = createDohResolver();
let fetchedBytes = 0;
const poller = createFeedPoller({
  feeds,
  fetchFeed: async (url, validators) => {
    const response = await fetchFeed(url, validators, { allowLoopback: true, timeoutMs: 20_000, resolver });
    if (response.kind === "body") fetchedBytes += response.bytes;
    return response;
  },
});

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Polls every feed, BATCHES_AT_ONCE batches of BATCH_SIZE at a time, as the consumer would. */
async function pollAll(ids: number[]) {
  const reports: PollReport[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: BATCHES_AT_ONCE }, async () => {
      while (next < ids.length) {
        const batch = ids.slice(next, next + BATCH_SIZE);
        next += BATCH_SIZE;
        reports.push(...(await Promise.all(batch.map((id) => poller.poll(id)))));
      }
    }),
  );
  return { reports, ms: performance.now() - started };
}

function summary(label: string, reports: PollReport[], ms: number, bytes: number) {
  const counts = new Map<string, number>();
  for (const report of reports) counts.set(report.outcome, (counts.get(report.outcome) ?? 0) + 1);
  const outcomes = [...counts].map(([outcome, n]) => `${outcome} ${n}`).join(", ");
  console.log(
    `  ${label}: ${reports.length} polls in ${seconds(ms)} = ${Math.round((reports.length / ms) * 60_000).toLocaleString("en-US")} polls/min (${outcomes}); ` +
      `${bytes.toLocaleString("en-US")} body bytes, ${Math.round(bytes / reports.length).toLocaleString("en-US")} per poll`,
  );
}

try {
  const now = Date.now();
  await d1
    .prepare("INSERT INTO users (email, password_hash, created_at) VALUES ('bench@example.com', 'x', ?)")
    .bind(now)
    .run();
  const user = await d1.prepare("SELECT id FROM users").first<{ id: number }>();
  const ids: number[] = [];
  for (let i = 0; i < FEEDS; i++) {
    const feed = await feeds.findOrCreate(
      `${fixtures.origin}/feeds/big?items=${ITEMS}&key=bench-${i}`,
      null,
      null,
      now,
    );
    ids.push(feed.id);
  }
  // One reader each: the scheduler only claims feeds someone follows.
  await d1.batch(
    ids.map((id) =>
      d1
        .prepare("INSERT INTO feed_subscriptions (user_id, feed_id, created_at) VALUES (?, ?, ?)")
        .bind(user?.id, id, now),
    ),
  );
  console.log(
    `\n› ${FEEDS.toLocaleString("en-US")} feeds of ${ITEMS} items on ${fixtures.origin}, ${BATCHES_AT_ONCE * BATCH_SIZE} polls at once`,
  );

  const claimStarted = performance.now();
  let claimed = 0;
  for (;;) {
    const round = await feeds.claimDue(Date.now(), FEEDS_PER_ROUND, Date.now() + LEASE_MS);
    claimed += round.length;
    if (round.length < FEEDS_PER_ROUND) break;
  }
  const claimMs = performance.now() - claimStarted;
  console.log(`  scheduler: claimed ${claimed} due feeds in ${Math.round(claimMs)} ms (${FEEDS_PER_ROUND} a round)`);

  fetchedBytes = 0;
  const first = await pollAll(ids);
  summary("first poll (new feeds, 200)", first.reports, first.ms, fetchedBytes);
  const items = await d1.prepare("SELECT count(*) AS n FROM feed_items").first<{ n: number }>();
  console.log(`  items stored: ${items?.n.toLocaleString("en-US")}`);

  fetchedBytes = 0;
  const again = await pollAll(ids);
  summary("second poll (unchanged, conditional GET)", again.reports, again.ms, fetchedBytes);
  const sample = (await (
    await fetch(`${fixtures.origin}/feeds/hits?path=${encodeURIComponent("/feeds/big?key=bench-0")}`)
  ).json()) as {
    hits: number;
    not_modified: number;
  };
  console.log(`  feed 0 on the server: ${sample.hits} requests, ${sample.not_modified} answered 304 Not Modified`);
} finally {
  await proxy.dispose();
  await fixtures.close();
}
