import { getConfig } from "../config";
import { createDatabase } from "../db/client";
import { createIngestBacklogRepository } from "../db/repositories/ingest-backlog-repository";
import { createRecoveryRepository } from "../db/repositories/recovery-repository";
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

/** The recovery service on the Worker's bindings. */
export function createRecovery(env: Env) {
  const db = createDatabase(env.DB);
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

/** One sweep (the cron's, or an isolate's first); never throws: a failed sweep is logged and the next one tries. */
export async function runRecoverySweep(env: Env, now = Date.now()): Promise<SweepReport | null> {
  try {
    const report = await createRecovery(env).sweep(sweepClock(env, now));
    if (report.requeued + report.failed + report.importsResumed + report.importsClosed > 0) {
      console.log("Recovery sweep", JSON.stringify(report));
    }
    return report;
  } catch (error) {
    console.error("Recovery sweep failed", error);
    return null;
  }
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
