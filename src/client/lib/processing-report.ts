import { isUnfinished } from "./article-order";

type ProcessingStatus = "pending" | "processing" | "retrying" | "completed" | "failed";

/** What one answer (a list page or a batch status call) says about an article. */
export interface SeenArticle {
  id: number;
  processing_status: ProcessingStatus;
  title: string | null;
  url: string;
}

export interface ProcessingReport<T extends SeenArticle> {
  completed: T[];
  failed: T[];
}

/**
 * The articles of one answer that have finished since an earlier answer showed them unfinished. `known` holds
 * the last status seen per id and is updated; an article seen for the first time reports nothing (it may have
 * finished long ago, or been saved elsewhere and already be done).
 */
export function finishedSince<T extends SeenArticle>(
  known: Map<number, ProcessingStatus>,
  seen: readonly T[],
): ProcessingReport<T> {
  const report: ProcessingReport<T> = { completed: [], failed: [] };
  for (const article of seen) {
    const before = known.get(article.id);
    known.set(article.id, article.processing_status);
    if (before === undefined || !isUnfinished({ processing_status: before })) continue;
    if (article.processing_status === "completed") report.completed.push(article);
    else if (article.processing_status === "failed") report.failed.push(article);
  }
  return report;
}

/**
 * The toasts for one answer (spec §4, issue 19): one completion names its title; several that finished together
 * (a bulk save) make one toast with their number rather than a stack covering the page; each failure names its
 * URL, so the reader knows which link to look at.
 */
export function processingToasts(report: ProcessingReport<SeenArticle>): { success: string[]; error: string[] } {
  const success: string[] = [];
  const [only] = report.completed;
  if (report.completed.length === 1 && only?.title) success.push(`"${only.title}" finished processing!`);
  else if (report.completed.length > 1) success.push(`${report.completed.length} articles finished processing`);
  return { success, error: report.failed.map((a) => `Failed to process article: ${a.url}`) };
}

/** The articles of one bulk save, announced together once every one of them has finished (issue 50). */
export interface SaveBatch<T extends SeenArticle = SeenArticle> {
  ids: ReadonlySet<number>;
  /** When it was saved: a batch whose articles never all finish here (deleted, on another page) is let go. */
  savedAt: number;
  completed: T[];
  failed: T[];
}

/** How long a batch waits for its last article before it is dropped without a word. */
export const BATCH_PATIENCE_MS = 15 * 60_000;

export function newBatch(ids: Iterable<number>, savedAt: number): SaveBatch {
  return { ids: new Set(ids), savedAt, completed: [], failed: [] };
}

/**
 * Splits one answer's report: articles of a bulk save go to their batch (no toast of their own), the rest stay
 * loose. Answers the batches now complete (every article finished, announced once) and those still waiting;
 * batches older than BATCH_PATIENCE_MS are dropped.
 */
export function collectBatches<T extends SeenArticle>(
  batches: readonly SaveBatch<T>[],
  report: ProcessingReport<T>,
  now: number,
): { loose: ProcessingReport<T>; complete: SaveBatch<T>[]; waiting: SaveBatch<T>[] } {
  const loose: ProcessingReport<T> = { completed: [], failed: [] };
  const batchOf = (id: number) => batches.find((batch) => batch.ids.has(id));
  const next = new Map(
    batches.map((batch) => [batch, { ...batch, completed: [...batch.completed], failed: [...batch.failed] }]),
  );
  for (const [kind, articles] of [
    ["completed", report.completed],
    ["failed", report.failed],
  ] as const) {
    for (const article of articles) {
      const batch = batchOf(article.id);
      const copy = batch && next.get(batch);
      if (copy) copy[kind].push(article);
      else loose[kind].push(article);
    }
  }
  const complete: SaveBatch<T>[] = [];
  const waiting: SaveBatch<T>[] = [];
  for (const batch of next.values()) {
    if (batch.completed.length + batch.failed.length >= batch.ids.size) complete.push(batch);
    else if (now - batch.savedAt < BATCH_PATIENCE_MS) waiting.push(batch);
  }
  return { loose, complete, waiting };
}

/** Failed URLs named in a bulk save's toast; more are counted. */
const NAMED_FAILURES = 3;

/**
 * A bulk save's one toast, once all of it has finished: "3 articles finished processing", or, with failures, an
 * error naming them: "2 of 3 articles finished processing; 1 failed: https://...".
 */
export function batchToast(batch: SaveBatch): { type: "success" | "error"; message: string } {
  const total = batch.completed.length + batch.failed.length;
  if (batch.failed.length === 0) return { type: "success", message: `${total} articles finished processing` };
  const named = batch.failed.slice(0, NAMED_FAILURES).map((a) => a.url);
  const more = batch.failed.length - named.length;
  const list = `${named.join(", ")}${more > 0 ? ` and ${more} more` : ""}`;
  return {
    type: "error",
    message: `${batch.completed.length} of ${total} articles finished processing; ${batch.failed.length} failed: ${list}`,
  };
}
