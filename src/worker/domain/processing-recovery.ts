/**
 * When work in progress counts as lost (issue 31: work survives a crash). Pure rules; the recovery sweep
 * (jobs/recovery-sweep.ts, services/recovery-service.ts) reads the rows and asks the Workflows.
 *
 * A row's `updated_at` is its last sign of life: saving, queuing again and every processing stage write it.
 */

/**
 * A `pending` article waits for its queue message this long before the message counts as lost (it exhausted its
 * retries, or the runtime that held it stopped). Above the 5 minutes a consumer waits for one batch of Workflows,
 * with room for a backlog of several bulk saves.
 */
export const PENDING_LOST_AFTER_MS = 10 * 60_000;
/**
 * A `processing` article whose Workflow instance has ended (errored, terminated, or gone) without marking it:
 * the grace lets an instance that has just written its last step be seen as complete.
 */
export const RUN_ENDED_GRACE_MS = 2 * 60_000;
/**
 * A `processing` article without a known Workflow (run in place by the imports' consumer, or started before runs
 * were recorded): longer than its slowest stage can go without a write (a browser render: 5 tries of 2 minutes
 * plus 150 s between them).
 */
export const PROCESSING_LOST_AFTER_MS = 15 * 60_000;
/** An import whose articles have not moved for this long has lost its `process-import` message. */
export const IMPORT_LOST_AFTER_MS = 10 * 60_000;
/** Queued again this many times, an article fails instead: whatever stops it will stop it again. */
export const MAX_RECOVERIES = 3;

export const RECOVERY_FAILED_MESSAGE =
  "Processing was interrupted several times and never finished. Use Re-fetch Content to try again.";

export function lostRowsMessage(rows: number): string {
  const what = rows === 1 ? "1 row was" : `${rows.toLocaleString("en-US")} rows were`;
  return `The import was interrupted and ${what} not read. Upload the file again to add them: links already imported are skipped.`;
}

export type InProgressStatus = "pending" | "processing" | "retrying";

/** What the sweep knows of an article's Workflow: running or waiting; ended (or unknown to Workflows); none recorded. */
export type RunState = "live" | "ended" | "none";

export interface SweepClock {
  now: number;
  /**
   * Work last touched before this moment was held by a runtime that has stopped (the local runtime keeps queue
   * messages in memory, so a restart loses them): it is lost whatever its age. Null where nothing is lost on a
   * restart (deployed Queues and Workflows are durable).
   */
  lostBefore: number | null;
}

export interface InProgressArticle {
  status: InProgressStatus;
  updatedAt: number;
  recoveries: number;
  run: string | null;
  /** Still in the ingest backlog, waiting for a turn at processing (fair order across users). */
  waiting?: boolean;
}

const lostInRestart = (article: InProgressArticle, clock: SweepClock) =>
  clock.lostBefore !== null && article.updatedAt < clock.lostBefore;

/**
 * Whether the article's Workflow instance must be asked before deciding (a live run is never queued again).
 * Not after a local restart: the local runtime resumes some of the instances it was running and leaves others
 * "running" for ever, so such a run is ended (recovery-service terminates it) and the article queued again.
 */
export function needsRunCheck(article: InProgressArticle, clock: SweepClock): boolean {
  return article.status !== "pending" && article.run !== null && !lostInRestart(article, clock);
}

/** Whether an article in progress has been left behind by its message or Workflow. */
export function isLost(article: InProgressArticle, run: RunState, clock: SweepClock): boolean {
  if (lostInRestart(article, clock)) return true;
  if (run === "live") return false;
  const idle = clock.now - article.updatedAt;
  if (article.status === "pending") return idle > PENDING_LOST_AFTER_MS;
  if (run === "ended") return idle > RUN_ENDED_GRACE_MS;
  return idle > PROCESSING_LOST_AFTER_MS;
}

/** The oldest `updated_at` that can still be lost under these rules: the sweep reads only rows older than it. */
export function candidatesBefore(clock: SweepClock): number {
  const byAge = clock.now - RUN_ENDED_GRACE_MS;
  return clock.lostBefore === null ? byAge : Math.max(byAge, clock.lostBefore);
}

/**
 * `nudge`: a pending article waiting its turn in the ingest backlog whose message may be lost gets one more turn
 * message and keeps its place; waiting behind other users' bulk saves is not a failure, so it is never counted
 * as a recovery nor failed. `requeue`: a new run. `fail`: queued again too often.
 */
export type RecoveryAction = "leave" | "nudge" | "requeue" | "fail";

export function recoveryAction(article: InProgressArticle, run: RunState, clock: SweepClock): RecoveryAction {
  if (!isLost(article, run, clock)) return "leave";
  if (article.status === "pending" && article.waiting) return "nudge";
  return article.recoveries >= MAX_RECOVERIES ? "fail" : "requeue";
}

export interface ImportProgress {
  status: "queued" | "running" | "done" | "failed";
  /** Rows neither stored, counted duplicate, invalid nor failed: still on the queue, or lost with it. */
  unreadRows: number;
  /** Articles it stored whose chunk was never counted (the runtime stopped in between). */
  storedUncounted: number;
  /** Its articles not yet completed or failed. */
  unprocessed: number;
  /** The latest sign of life: the import's creation or start, or a write to one of its articles. */
  lastActivity: number;
}

export interface ImportRecovery {
  /** Count the unread rows as failed (their queue messages are gone with the file's content), and finish it. */
  closeUnreadRows: boolean;
  /** Send the import a new `process-import` message for its unprocessed articles. */
  resume: boolean;
}

export function importRecovery(progress: ImportProgress, clock: SweepClock): ImportRecovery {
  const lost =
    (clock.lostBefore !== null && progress.lastActivity < clock.lostBefore) ||
    clock.now - progress.lastActivity > IMPORT_LOST_AFTER_MS;
  if (!lost) return { closeUnreadRows: false, resume: false };
  const storing = progress.status === "queued" || progress.status === "running";
  const uncounted = progress.unreadRows + progress.storedUncounted;
  return { closeUnreadRows: storing && uncounted > 0, resume: progress.unprocessed > 0 };
}
