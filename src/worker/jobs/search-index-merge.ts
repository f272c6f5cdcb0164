import { allShards } from "../db/shards";

/**
 * Pages of merged index one merge writes at most (FTS5's 'merge' command: about 2 MB, tens of ms of D1).
 * A positive figure merges only levels holding `usermerge` (2, migration 0037) segments, so each merge is
 * incremental and proportional to what was written since, never a rewrite of a shard's whole index.
 */
export const MERGE_PAGES = 500;

/** How long one cron run keeps merging, over every shard (the body mover takes at most a minute beside it). */
export const MERGE_BUDGET_MS = 15_000;

/** A pause between two rounds of merges, so readers' queries go in between (D1 runs one query at a time). */
const PAUSE_MS = 25;

/**
 * FTS5 keeps the list of an index's segments in its `_data` row of id 10 (the structure record): a merge that
 * found nothing to merge leaves it byte for byte as it was.
 */
const STRUCTURE = "SELECT block FROM articles_fts_data WHERE id = 10";
const MERGE = "INSERT INTO articles_fts(articles_fts, rank) VALUES ('merge', ?)";

export interface MergeReport {
  shard: string;
  /** Merges run on the shard. */
  merges: number;
  /** Whether the last one found nothing left to merge (false: the budget ran out, or a merge failed). */
  done: boolean;
}

/**
 * Every 5 minutes, on every shard: merges of the full-text index's segments, one bounded merge per shard a round,
 * until no shard has anything left to merge or the budget is spent. A burst of writes (an import, a re-index, a
 * library moved in) leaves many segments, each holding old copies of rewritten entries; a query reads every
 * segment, so on 50,000 articles a search took 2 to 6 times as long until they were merged
 * (docs/capacity.md, "Large libraries"). One merge a run, as before, took hours to catch up after a
 * 10,000-article import. Never throws: a shard that fails is merged by the next run.
 */
export async function runSearchIndexMerge(
  env: Env,
  { pages = MERGE_PAGES, budgetMs = MERGE_BUDGET_MS, now = Date.now } = {},
): Promise<MergeReport[]> {
  const deadline = now() + budgetMs;
  const reports = allShards(env).map((shard) => ({ shard, report: { shard: shard.name, merges: 0, done: false } }));
  let pending = reports;
  while (pending.length > 0) {
    const next: typeof pending = [];
    for (const entry of pending) {
      try {
        entry.report.merges += 1;
        if (await mergeOnce(entry.shard.d1, pages)) next.push(entry);
        else entry.report.done = true;
      } catch (error) {
        console.error("Search index merge failed", entry.shard.name, error);
      }
    }
    pending = next;
    if (pending.length === 0 || now() >= deadline) break;
    await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
  }
  const done = reports.map((entry) => entry.report);
  // Said only when there was something to merge (a quiet index answers its first merge with nothing).
  for (const report of done) {
    if (report.merges > 1 || !report.done) {
      console.log(
        `Search index merge: ${report.shard} ${report.merges} merges, ${report.done ? "nothing left" : "more next run"}`,
      );
    }
  }
  return done;
}

/**
 * One bounded merge; answers whether it merged anything (the structure record changed). Should the structure record
 * not be readable, the merge still runs and the shard counts as done: one merge a run, as the cron did before.
 */
async function mergeOnce(d1: D1Database, pages: number): Promise<boolean> {
  const before = await structureOf(d1);
  await d1.prepare(MERGE).bind(pages).run();
  if (before === null) return false;
  const after = await structureOf(d1);
  return after !== null && after !== before;
}

/** The structure record as comparable text (null: it could not be read). */
async function structureOf(d1: D1Database): Promise<string | null> {
  try {
    return bytesOf((await d1.prepare(STRUCTURE).first<{ block: unknown }>())?.block);
  } catch (error) {
    console.error("Search index merge: the index's structure record could not be read", error);
    return null;
  }
}

/** A blob as D1 answers it (an array of bytes, or an ArrayBuffer), as comparable text. */
function bytesOf(block: unknown): string {
  if (block instanceof ArrayBuffer) return new Uint8Array(block).join(",");
  if (Array.isArray(block) || ArrayBuffer.isView(block)) return Array.from(block as ArrayLike<number>).join(",");
  return String(block);
}
