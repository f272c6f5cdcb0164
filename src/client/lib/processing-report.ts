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
