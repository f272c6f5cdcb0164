import { createDatabase } from "../db/client";
import { createFeedsRepository } from "../db/repositories/feeds-repository";
import { allShards } from "../db/shards";
import { createFeedPollProducer } from "./feed-poll-producer";

/** Feeds claimed per round and rounds per run: at most 5,000 polls queued by one run of the 5-minute cron. */
export const FEEDS_PER_ROUND = 500;
export const ROUNDS_PER_RUN = 10;
/** The polls of one run are spread over this many seconds: before the next run, never in one burst. */
export const SPREAD_SECONDS = 240;
/** A queued poll whose message is lost is claimable again after this. */
export const LEASE_MS = 15 * 60_000;

/**
 * Every 5 minutes: queue a poll of each feed that is due (and followed by someone), oldest due first, spread over
 * the next 4 minutes. The claim and the lease are in D1, so a run that dies half way leaves nothing stuck.
 */
export async function runFeedScheduler(env: Env, now = Date.now()): Promise<number> {
  let total = 0;
  // Each shard has its own feeds (docs/capacity.md): each is polled once for the readers on its shard.
  for (const shard of allShards(env)) {
    const feeds = createFeedsRepository(createDatabase(shard.d1));
    const send = createFeedPollProducer(env.FEED_QUEUE, shard.name);
    const claimed: number[] = [];
    for (let round = 0; round < ROUNDS_PER_RUN; round++) {
      const ids = await feeds.claimDue(now, FEEDS_PER_ROUND, now + LEASE_MS);
      claimed.push(...ids);
      if (ids.length < FEEDS_PER_ROUND) break;
    }
    await send(claimed, SPREAD_SECONDS);
    total += claimed.length;
  }
  return total;
}
