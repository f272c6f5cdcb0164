// What one article and one request cost, and what the platform allows: the inputs of the load model
// (scripts/load-model.ts). Costs are `npm run bench:capacity`'s of 2026-12-01 and 2026-12-02 (docs/capacity.md, "Bytes
// per article" and "Rows per request"; the D1 bytes and the re-measured routes of 2026-12-02), limits Cloudflare's published pages as checked on 2026-12-01 (docs/capacity.md,
// "Cloudflare limits that matter here"). Re-run bench:capacity and change them here together, with the date.

export const MEASURED_ON = "2026-12-02";

/**
 * Bytes an article keeps, bodies in R2 (bench:capacity, 120 dev-set pages processed: the larger of its two library
 * sizes' figures, 7,543 at 360 pages).
 */
export const ARTICLE = {
  /** D1: row, indexes, full-text index, highlights, topics; what deployments keep (2026-12-02). */
  d1Bytes: 8_465,
  /** R2: the gzipped body (plus the saved page until it is processed, then deleted). */
  r2Bytes: 32_834,
  /** R2 objects an article keeps: its body. A saved page's source is one more until processing deletes it. */
  r2Objects: 1,
  /** Vectorize: one bge-m3 vector (1,024 dimensions) per processed article. */
  vectors: 1,
} as const;

export interface RequestCost {
  /** D1 queries the request runs (the meter's X-D1-Queries). */
  queries: number;
  rowsRead: number;
  rowsWritten: number;
}

/**
 * D1 per request, median of 5 (bench:capacity with D1_METER=on, a library of 120 articles). The list, stats and chat
 * figures grow with the library; bench:api -- --large times them at 50,000.
 */
export const REQUESTS = {
  list: { queries: 3, rowsRead: 155, rowsWritten: 0 },
  search: { queries: 3, rowsRead: 165, rowsWritten: 0 },
  open: { queries: 4, rowsRead: 64, rowsWritten: 0 },
  related: { queries: 8, rowsRead: 307, rowsWritten: 0 },
  stats: { queries: 12, rowsRead: 737, rowsWritten: 0 },
  batchStatus: { queries: 2, rowsRead: 41, rowsWritten: 0 },
  markRead: { queries: 4, rowsRead: 65, rowsWritten: 5 },
  topics: { queries: 2, rowsRead: 405, rowsWritten: 0 },
  highlights: { queries: 2, rowsRead: 43, rowsWritten: 0 },
  chat: { queries: 14, rowsRead: 820, rowsWritten: 0 },
  me: { queries: 1, rowsRead: 1, rowsWritten: 0 },
  /** POST /api/articles with the page's HTML (mean); queries not metered apart, counted as 4 (duplicate check, insert, index entry, queue mark). */
  save: { queries: 4, rowsRead: 12, rowsWritten: 15 },
} satisfies Record<string, RequestCost>;

/**
 * Processing one article (queue, Workflow, topics, recovery sweeps): rows are bench:capacity's highest of three runs
 * (76.5 to 248.8 read, 18.0 to 27.6 written); queries were not counted apart and are taken as 30 (the Workflow's
 * steps each read and write the row, plus the topics run's share): an assumption, stated as one.
 */
export const PROCESSING: RequestCost = { queries: 30, rowsRead: 248.8, rowsWritten: 27.6 };

/** Cloudflare's limits (Workers Paid), checked on 2026-12-01. */
export const LIMITS = {
  d1DatabaseBytes: 10e9,
  /** 50,000 on the limits page dated 2026-04-21; a later version reads 1,000,000. The lower is planned for. */
  d1DatabasesPerAccount: 50_000,
  d1AccountBytes: 1e12,
  /** A database runs one query at a time: its throughput is 1 / mean query time (Cloudflare's D1 FAQ: 1 ms, ~1,000 a second). */
  d1MeanQueryMs: 1,
  queueMessagesPerSecond: 5_000,
  workflowCreatesPerSecondPerWorkflow: 100,
  workflowCreatesPerSecondPerAccount: 300,
  workflowConcurrentInstances: 50_000,
  vectorsPerIndex: 10_000_000,
  vectorIndexesPerAccount: 50_000,
} as const;

/**
 * VibeRead's own configuration today (wrangler.toml): one D1 database for every user; the ingest queue processes at
 * most max_concurrency 5 x max_batch_size 10 = 50 articles at once, the import queue 10; one Vectorize index.
 */
export const TODAY = {
  d1Databases: 1,
  ingestConcurrency: 50,
  importConcurrency: 10,
  vectorIndexes: 1,
} as const;
