import type { InProgressRow, RecoveryRepository } from "../db/repositories/recovery-repository";
import {
  candidatesBefore,
  importRecovery,
  lostRowsMessage,
  MAX_RECOVERIES,
  needsRunCheck,
  RECOVERY_FAILED_MESSAGE,
  type RunState,
  recoveryAction,
  type SweepClock,
} from "../domain/processing-recovery";
import type { ImportQueue } from "../jobs/import-producer";
import type { EnqueueIngest } from "../jobs/ingest-producer";

/** Articles looked at per round of a sweep; a sweep goes on for a few rounds while it finds that many. */
const ARTICLES_PER_ROUND = 200;
const MAX_ROUNDS = 5;

/** Workflow statuses of an instance that may still write to its article. */
const LIVE_RUN = new Set(["queued", "running", "waiting", "paused", "waitingForPause", "rollingBack"]);

interface RecoveryServiceDeps {
  recovery: RecoveryRepository;
  enqueue: EnqueueIngest;
  importQueue: Pick<ImportQueue, "sendProcessing">;
  /** The status of a Workflow instance by id; rejects when Workflows does not know it. */
  runStatus: (id: string) => Promise<string>;
  /** Stops a Workflow instance (one that lost its article), so that only the new run writes to the article. */
  endRun: (id: string) => Promise<void>;
  /**
   * Writes an article's full-text entry: a run writes it when it ends (articles-repository's updateProcessing), so
   * a run given up on may have stored a body that is not indexed yet.
   */
  reindex: (userId: number, articleId: number) => Promise<void>;
}

export interface SweepReport {
  requeued: number;
  failed: number;
  importsResumed: number;
  importsClosed: number;
}

/**
 * Finds processing work that a crash, a lost message or a lost Workflow left behind, and queues it again
 * (issue 31). Every action is idempotent: rows change only if still as read, and queuing an article twice
 * processes it twice at worst, each stage overwriting its own fields.
 */
export function createRecoveryService({
  recovery,
  enqueue,
  importQueue,
  runStatus,
  endRun,
  reindex,
}: RecoveryServiceDeps) {
  async function runState(row: InProgressRow, clock: SweepClock): Promise<RunState> {
    if (!row.run || !needsRunCheck(row, clock)) return "none";
    try {
      return LIVE_RUN.has(await runStatus(row.run)) ? "live" : "ended";
    } catch {
      return "ended";
    }
  }

  /** Queues the lost ones of `rows` again (or fails those queued too often); answers the ids queued. */
  async function recover(rows: InProgressRow[], clock: SweepClock) {
    const states = await Promise.all(rows.map((row) => runState(row, clock)));
    const requeue: InProgressRow[] = [];
    const nudge: InProgressRow[] = [];
    const fail: InProgressRow[] = [];
    rows.forEach((row, i) => {
      const action = recoveryAction(row, states[i] ?? "none", clock);
      if (action === "requeue") requeue.push(row);
      if (action === "nudge") nudge.push(row);
      if (action === "fail") fail.push(row);
    });
    // Indexed first, so that an article shown failed is already found by its words; one that a run took back
    // meanwhile is written again when that run ends. An index write that fails (R2 unreachable) must not stop the
    // sweep from failing the article and requeuing the others: it is logged, and a Re-fetch writes it again.
    for (const row of fail) {
      await reindex(row.userId, row.id).catch((error) =>
        console.error("Could not index a failed article", row.id, error),
      );
    }
    const failed = await recovery.markFailed(fail, RECOVERY_FAILED_MESSAGE, clock.now);
    const nudged = await recovery.markNudged(nudge, clock.now);
    if (nudged.length > 0) {
      // Each keeps its place and lane in the backlog; the message is one more turn (an extra one is harmless).
      // After a restart, a turn of the stopped runtime may have created its Workflow and died before taking it
      // out of the backlog; the restarted runtime may never run that instance, so the article gets a new one.
      await enqueue(
        nudged.map((row) => ({ userId: row.userId, articleId: row.id, reason: "created" as const })),
        { lane: "bulk", newRun: clock.lostBefore !== null },
      );
    }
    const queued = await recovery.markRequeued(requeue, clock.now);
    // A run that may still wake up (resumed by a restarted runtime) is stopped; one already ended refuses quietly.
    await Promise.all(queued.map((row) => (row.run ? endRun(row.run).catch(() => undefined) : undefined)));
    if (queued.length > 0) {
      // Marked first, sent second: should the queue refuse, the rows stay pending and the next sweep sends them.
      await enqueue(
        queued.map((row) => ({ userId: row.userId, articleId: row.id, reason: "created" as const })),
        { newRun: true },
      );
    }
    return { queued: [...queued, ...nudged].map((row) => row.id), failed: failed.length };
  }

  return {
    /** One sweep over every user's work in progress. */
    async sweep(clock: SweepClock): Promise<SweepReport> {
      const report: SweepReport = { requeued: 0, failed: 0, importsResumed: 0, importsClosed: 0 };
      const before = candidatesBefore(clock);
      // Claims of turn messages that died with the stopped runtime are given back first (see releaseClaimsBefore).
      if (clock.lostBefore !== null) await recovery.releaseClaimsBefore(clock.lostBefore);
      for (let round = 0; round < MAX_ROUNDS; round++) {
        const rows = await recovery.articlesInProgress(before, ARTICLES_PER_ROUND);
        const { queued, failed } = await recover(rows, clock);
        report.requeued += queued.length;
        report.failed += failed;
        // Rows left alone (live runs, not yet lost) come back first in the next round: stop at a short round.
        if (rows.length < ARTICLES_PER_ROUND || queued.length + failed === 0) break;
      }

      for (const row of await recovery.importsInProgress()) {
        const action = importRecovery(row, clock);
        if (
          action.closeUnreadRows &&
          (await recovery.closeUnreadRows(row, row.unreadRows > 0 ? lostRowsMessage(row.unreadRows) : null, clock.now))
        ) {
          report.importsClosed += 1;
        }
        if (action.resume && row.firstUnprocessed !== null) {
          await recovery.prepareResume(row, MAX_RECOVERIES, RECOVERY_FAILED_MESSAGE, before, clock.now);
          // From just before its first unprocessed article: the ones before are done.
          await importQueue.sendProcessing({
            importId: row.id,
            userId: row.userId,
            afterArticleId: row.firstUnprocessed - 1,
          });
          report.importsResumed += 1;
        }
      }
      return report;
    },

    /**
     * A save of links the user already has: those of `articleIds` whose processing was lost are queued again now
     * (the answer still says duplicate). Answers the ids queued.
     */
    async recoverSaved(userId: number, articleIds: number[], clock: SweepClock): Promise<number[]> {
      if (articleIds.length === 0) return [];
      const rows = await recovery.inProgressOf(userId, articleIds);
      if (rows.length === 0) return [];
      return (await recover(rows, clock)).queued;
    },
  };
}
export type RecoveryService = ReturnType<typeof createRecoveryService>;
