import { getConfig } from "../config";
import { createDatabase, type Database } from "../db/client";
import { createArticleBodiesRepository } from "../db/repositories/article-bodies-repository";
import { createIngestBacklogRepository } from "../db/repositories/ingest-backlog-repository";
import { createRecoveryRepository } from "../db/repositories/recovery-repository";
import { createSearchIndex } from "../db/repositories/search-index";
import { allShards } from "../db/shards";
import type { SweepClock } from "../domain/processing-recovery";
import { createRecoveryService, type SweepReport } from "../services/recovery-service";
import { createImportQueue } from "./import-producer";
import { createIngestProducer } from "./ingest-producer";

/** The cron that sweeps (wrangler.toml [triggers]); the daily one also does housekeeping. */
export const RECOVERY_CRON = "*/5 * * * *";
/** An isolate sweeps on its first event and then at most this often (see sweepOnEvent). */
export const SWEEP_EVERY_MS = 60_000;

/** When this isolate handled its first event, and when it last swept: per isolate, as the runtime keeps it. */
let startedAt: number | null = null;
let lastSweepAt = 0;

/** The recovery service on the Worker's bindings, over one shard's libraries. */
export function createRecovery(env: Env, db: Database) {
  const searchIndex = createSearchIndex(db, createArticleBodiesRepository(env.ARTICLE_BODIES));
  return createRecoveryService({
    recovery: createRecoveryRepository(db),
    enqueue: createIngestProducer(env.INGEST_QUEUE, createIngestBacklogRepository(db)),
    importQueue: createImportQueue(env.IMPORT_QUEUE),
    runStatus: async (id) => (await (await env.ARTICLE_WORKFLOW.get(id)).status()).status,
    endRun: async (id) => {
      const instance = await env.ARTICLE_WORKFLOW.get(id);
      const { status } = await instance.status();
      if (!["complete", "errored", "terminated"].includes(status)) await instance.terminate();
    },
    reindex: (userId, articleId) => searchIndex.reindex(userId, articleId),
  });
}

/**
 * The sweep's clock: where a restart loses work (the local runtime), work untouched since before this isolate's
 * first event is lost at once. A restarted local runtime starts a new isolate.
 */
export function sweepClock(env: Env, now = Date.now()): SweepClock {
  startedAt ??= now;
  return { now, lostBefore: getConfig(env).restartLosesWork ? startedAt : null };
}

/**
 * One sweep (the cron's, or an isolate's first) of every shard, one after another; never throws: a failed shard's
 * sweep is logged and the next one tries. The report adds up the shards (null: every shard failed).
 */
export async function runRecoverySweep(env: Env, now = Date.now()): Promise<SweepReport | null> {
  let total: SweepReport | null = null;
  for (const shard of allShards(env)) {
    try {
      const report = await createRecovery(env, createDatabase(shard.d1)).sweep(sweepClock(env, now));
      if (report.requeued + report.failed + report.importsResumed + report.importsClosed > 0) {
        console.log("Recovery sweep", shard.name, JSON.stringify(report));
      }
      total = total ? addReports(total, report) : report;
    } catch (error) {
      console.error("Recovery sweep failed", shard.name, error);
    }
  }
  return total;
}

function addReports(a: SweepReport, b: SweepReport): SweepReport {
  return {
    requeued: a.requeued + b.requeued,
    failed: a.failed + b.failed,
    importsResumed: a.importsResumed + b.importsResumed,
    importsClosed: a.importsClosed + b.importsClosed,
  };
}

/**
 * Called on every fetch and queue event: the isolate's first event sweeps at once (after a restart, in the
 * background of that request), later ones at most once a minute. Locally no cron fires by itself, so this is
 * also the local runtime's periodic sweep while it is in use; deployed, the cron sweeps every 5 minutes anyway.
 */
export function sweepOnEvent(env: Env, ctx: Pick<ExecutionContext, "waitUntil">): void {
  const now = Date.now();
  startedAt ??= now;
  if (now - lastSweepAt < SWEEP_EVERY_MS) return;
  lastSweepAt = now;
  ctx.waitUntil(runRecoverySweep(env, now));
}
