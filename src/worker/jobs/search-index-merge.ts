import { allShards } from "../db/shards";

/**
 * Pages of merged index one run writes at most (FTS5's 'merge' command: about 2 MB, a few hundred ms of D1).
 * A positive figure merges only levels holding `usermerge` (2, migration 0037) segments, so the work stays
 * incremental and proportional to what was written since, never a rewrite of a shard's whole index.
 */
export const MERGE_PAGES = 500;

/**
 * Every 5 minutes, on every shard: a bounded merge of the full-text index's segments, which drops the words of
 * entries replaced or deleted since (docs/capacity.md, "Where an article's bytes are"). Never throws: a shard that
 * fails is merged by the next run.
 */
export async function runSearchIndexMerge(env: Env): Promise<void> {
  for (const shard of allShards(env)) {
    try {
      await shard.d1
        .prepare("INSERT INTO articles_fts(articles_fts, rank) VALUES ('merge', ?)")
        .bind(MERGE_PAGES)
        .run();
    } catch (error) {
      console.error("Search index merge failed", shard.name, error);
    }
  }
}
