// `npm run bench:load-model`: what 1,000 to 1,000,000 readers need of D1, R2, Queues, Workflows and Vectorize, and
// which limit they meet first. Pure arithmetic, no server: the measured costs per article and per request
// (scripts/capacity-figures.ts, from bench:capacity) times a day of activity per reader (ACTIVITY below, each figure
// an assumption with its reason). `-- --articles 10000` for libraries of 10,000 articles each (default 1,000).
import { pathToFileURL } from "node:url";
import { ARTICLE, LIMITS, MEASURED_ON, PROCESSING, REQUESTS, TODAY } from "./capacity-figures";

export interface Activity {
  /** Share of readers who open the app on a given day. */
  activeShare: number;
  /** Requests per active reader per day, by route (keys of REQUESTS). */
  requests: Partial<Record<keyof typeof REQUESTS, number>>;
  /** Articles imported per reader per day, averaged over every reader. */
  importedArticles: number;
  /** Feed polls per reader per day (feeds are to come), and articles they save. */
  feedPolls: number;
  feedArticles: number;
  /** D1 queries one feed poll runs (read the feed's state, write it back). */
  queriesPerFeedPoll: number;
  /** The busiest hour's rate over the day's mean, for what readers do by hand (imports and feeds are spread). */
  peakFactor: number;
  /** Wall time of one article's processing (fetch, extract, summarise, embed), deployed. */
  processingSeconds: number;
  /** Fill a shard to at most this share of 10 GB, and run it at most at this share of its query throughput. */
  shardFill: number;
  shardBusy: number;
}

/**
 * A day of a read-it-later reader, averaged. Every number is an assumption, chosen as follows:
 * - 30% of readers open the app on a given day: a saved-for-later library is visited a few days a week.
 * - An active reader saves 3 articles, opens 5 (each with its related articles), turns 20 list pages, searches 3
 *   times, views statistics, highlights and topics once each, asks chat once, marks 5 read; the app polls each
 *   save's status about 5 times while it processes (15 polls) and reads the session once (me). The same day as
 *   docs/capacity.md's cost tables.
 * - 1 reader in 1,000 imports each day, 2,000 articles on average (new readers bring a Pocket or Instapaper export of
 *   hundreds to 10,000): 2 imported articles per reader per day.
 * - Feeds (to come): 1 reader in 5 follows 10 feeds, each polled hourly (48 polls per reader per day on average),
 *   each feed bringing 0.3 new articles a day that are saved (0.6 per reader per day).
 * - The busiest hour carries 3 times the mean hour's saves and reads (mornings and evenings).
 * - Processing takes 15 s of wall time per article deployed (page fetch, two Workers AI calls, an embedding).
 * - A shard is full at 80% of 10 GB (room for a library to grow until it is moved) and busy at 50% of its
 *   one-query-at-a-time throughput (queues of queries stay short).
 */
export const ACTIVITY: Activity = {
  activeShare: 0.3,
  requests: {
    save: 3,
    open: 5,
    related: 5,
    list: 20,
    search: 3,
    stats: 1,
    highlights: 1,
    topics: 1,
    chat: 1,
    markRead: 5,
    batchStatus: 15,
    me: 1,
  },
  importedArticles: 2,
  feedPolls: 48,
  feedArticles: 0.6,
  queriesPerFeedPoll: 2,
  peakFactor: 3,
  processingSeconds: 15,
  shardFill: 0.8,
  shardBusy: 0.5,
};

export interface Limit {
  name: string;
  /** "today": VibeRead's configuration now (one database, one index, its queue caps); "platform": Cloudflare's. */
  kind: "today" | "platform";
  demand: number;
  capacity: number;
  ratio: number;
}

export interface LoadModel {
  readers: number;
  articlesEach: number;
  d1Bytes: number;
  shardsForSize: number;
  shardsForQueries: number;
  shards: number;
  peakQueriesPerSecond: number;
  rowsReadPerDay: number;
  rowsWrittenPerDay: number;
  r2Objects: number;
  r2Bytes: number;
  /** Processing messages a second at peak on the ingest queue (saves, feeds) and the import queue. */
  ingestMessagesPerSecond: number;
  importMessagesPerSecond: number;
  feedMessagesPerSecond: number;
  workflowCreatesPerSecond: number;
  workflowConcurrent: number;
  vectors: number;
  vectorIndexes: number;
  limits: Limit[];
  /** The limit with the highest ratio of demand to capacity, of all; and of Cloudflare's alone (after shards etc.). */
  firstLimit: Limit;
  firstPlatformLimit: Limit;
}

const DAY_SECONDS = 86_400;

/** The day's requests, queries and rows for `readers` readers with libraries of `articlesEach`. */
export function model(readers: number, articlesEach: number, activity: Activity = ACTIVITY): LoadModel {
  const active = readers * activity.activeShare;
  let interactiveQueries = 0;
  let rowsRead = 0;
  let rowsWritten = 0;
  for (const [route, perDay] of Object.entries(activity.requests) as [keyof typeof REQUESTS, number][]) {
    const cost = REQUESTS[route];
    interactiveQueries += active * perDay * cost.queries;
    rowsRead += active * perDay * cost.rowsRead;
    rowsWritten += active * perDay * cost.rowsWritten;
  }
  const saved = active * (activity.requests.save ?? 0);
  const imported = readers * activity.importedArticles;
  const fromFeeds = readers * activity.feedArticles;
  const processed = saved + imported + fromFeeds;
  rowsRead += processed * PROCESSING.rowsRead;
  rowsWritten += processed * PROCESSING.rowsWritten;
  const feedPolls = readers * activity.feedPolls;

  // By hand at the peak hour's rate; imports and feeds spread over the day.
  const peakSaves = (saved / DAY_SECONDS) * activity.peakFactor;
  const peakQueriesPerSecond =
    (interactiveQueries / DAY_SECONDS) * activity.peakFactor +
    (peakSaves + (imported + fromFeeds) / DAY_SECONDS) * PROCESSING.queries +
    (feedPolls / DAY_SECONDS) * activity.queriesPerFeedPoll;

  const d1Bytes = readers * articlesEach * ARTICLE.d1Bytes;
  const shardsForSize = Math.ceil(d1Bytes / (LIMITS.d1DatabaseBytes * activity.shardFill));
  const queriesPerDatabase = 1000 / LIMITS.d1MeanQueryMs;
  const shardsForQueries = Math.ceil(peakQueriesPerSecond / (queriesPerDatabase * activity.shardBusy));
  const shards = Math.max(1, shardsForSize, shardsForQueries);

  const ingestMessagesPerSecond = peakSaves + fromFeeds / DAY_SECONDS;
  const importMessagesPerSecond = imported / DAY_SECONDS;
  const feedMessagesPerSecond = feedPolls / DAY_SECONDS;
  const workflowCreatesPerSecond = ingestMessagesPerSecond + importMessagesPerSecond;
  const workflowConcurrent = workflowCreatesPerSecond * activity.processingSeconds;
  const vectors = readers * articlesEach * ARTICLE.vectors;
  const vectorIndexes = Math.ceil(vectors / LIMITS.vectorsPerIndex);

  const limit = (name: string, kind: Limit["kind"], demand: number, capacity: number): Limit => ({
    name,
    kind,
    demand,
    capacity,
    ratio: demand / capacity,
  });
  const limits = [
    limit("one D1 database: 10 GB", "today", d1Bytes, LIMITS.d1DatabaseBytes * TODAY.d1Databases),
    limit("one D1 database: queries one at a time", "today", peakQueriesPerSecond, queriesPerDatabase),
    limit(
      "processing 50 articles at once (ingest queue)",
      "today",
      ingestMessagesPerSecond,
      TODAY.ingestConcurrency / activity.processingSeconds,
    ),
    limit(
      "processing 10 imported articles at once (import queue)",
      "today",
      importMessagesPerSecond,
      TODAY.importConcurrency / activity.processingSeconds,
    ),
    limit("one Vectorize index: 10 M vectors", "today", vectors, LIMITS.vectorsPerIndex * TODAY.vectorIndexes),
    limit("D1 databases per account", "platform", shards, LIMITS.d1DatabasesPerAccount),
    limit("D1 storage per account: 1 TB", "platform", d1Bytes, LIMITS.d1AccountBytes),
    limit(
      "Queues: 5,000 messages a second per queue",
      "platform",
      Math.max(ingestMessagesPerSecond, importMessagesPerSecond, feedMessagesPerSecond),
      LIMITS.queueMessagesPerSecond,
    ),
    limit(
      "Workflows: 100 created a second per Workflow",
      "platform",
      workflowCreatesPerSecond,
      LIMITS.workflowCreatesPerSecondPerWorkflow,
    ),
    limit("Workflows: 50,000 running per account", "platform", workflowConcurrent, LIMITS.workflowConcurrentInstances),
    limit("Vectorize: 50,000 indexes per account", "platform", vectorIndexes, LIMITS.vectorIndexesPerAccount),
  ];
  const highest = (list: Limit[]) => list.reduce((a, b) => (b.ratio > a.ratio ? b : a));
  return {
    readers,
    articlesEach,
    d1Bytes,
    shardsForSize,
    shardsForQueries,
    shards,
    peakQueriesPerSecond,
    rowsReadPerDay: rowsRead,
    rowsWrittenPerDay: rowsWritten,
    r2Objects: readers * articlesEach * ARTICLE.r2Objects,
    r2Bytes: readers * articlesEach * ARTICLE.r2Bytes,
    ingestMessagesPerSecond,
    importMessagesPerSecond,
    feedMessagesPerSecond,
    workflowCreatesPerSecond,
    workflowConcurrent,
    vectors,
    vectorIndexes,
    limits,
    firstLimit: highest(limits),
    firstPlatformLimit: highest(limits.filter((l) => l.kind === "platform")),
  };
}

export const READERS = [1_000, 10_000, 100_000, 1_000_000];

const count = (n: number) =>
  n >= 1e9
    ? `${(n / 1e9).toFixed(1)} B`
    : n >= 1e6
      ? `${(n / 1e6).toFixed(1)} M`
      : Math.round(n).toLocaleString("en-US");
const bytes = (n: number) => (n >= 1e12 ? `${(n / 1e12).toFixed(1)} TB` : `${(n / 1e9).toFixed(1)} GB`);
const rate = (n: number) => (n >= 10 ? n.toFixed(0) : n.toFixed(2));
const met = (l: Limit) => `${l.name} (${l.ratio.toFixed(2)}x${l.ratio >= 1 ? ", met" : ""})`;

/** The model's rows as a table of strings, the first row its header. */
export function table(rows: LoadModel[]): string[][] {
  return [
    [
      "readers",
      "D1",
      "shards (size, queries)",
      "D1 q/s peak",
      "rows read/day",
      "R2 objects",
      "R2",
      "msg/s ingest, import, feeds",
      "Workflows/s (running)",
      "vectors (indexes)",
      "first limit met today",
      "first Cloudflare limit",
    ],
    ...rows.map((r) => [
      r.readers.toLocaleString("en-US"),
      bytes(r.d1Bytes),
      `${r.shards} (${r.shardsForSize}, ${r.shardsForQueries})`,
      rate(r.peakQueriesPerSecond),
      count(r.rowsReadPerDay),
      count(r.r2Objects),
      bytes(r.r2Bytes),
      `${rate(r.ingestMessagesPerSecond)}, ${rate(r.importMessagesPerSecond)}, ${rate(r.feedMessagesPerSecond)}`,
      `${rate(r.workflowCreatesPerSecond)} (${count(r.workflowConcurrent)})`,
      `${count(r.vectors)} (${r.vectorIndexes})`,
      met(r.firstLimit),
      met(r.firstPlatformLimit),
    ]),
  ];
}

function print(rows: string[][]) {
  const [header = [], ...body] = rows;
  const widths = header.map((_, c) => Math.max(...rows.map((row) => row[c]?.length ?? 0)));
  const line = (row: string[]) => row.map((cell, c) => cell.padEnd(widths[c] ?? 0)).join(" | ");
  console.log(line(header));
  for (const row of body) console.log(line(row));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const at = process.argv.indexOf("--articles");
  const articlesEach = at > 0 ? Number(process.argv[at + 1]) : 1_000;
  if (!Number.isFinite(articlesEach) || articlesEach <= 0) throw new Error("--articles needs a positive number");
  console.log(
    `Load model: ${articlesEach.toLocaleString("en-US")} articles per reader; costs measured ${MEASURED_ON} ` +
      "(scripts/capacity-figures.ts), a reader's day as in scripts/load-model.ts (ACTIVITY).\n",
  );
  print(table(READERS.map((readers) => model(readers, articlesEach))));
}
