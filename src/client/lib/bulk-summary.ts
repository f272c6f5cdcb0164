import type { BulkResult } from "../api/types";
import { URL_MESSAGES } from "./url-input";

/** One line of a bulk save that was not saved, as it was typed, with why (and the article it duplicates). */
export interface SkippedLine {
  url: string;
  reason: string;
  /** A duplicate's article, already in the library. */
  articleId?: number;
}

/** What the 'Bulk Operation Results' panel shows: the four counts, and every line that was not saved. */
export interface BulkSummary {
  successful: number;
  duplicates: number;
  failed: number;
  invalid: number;
  skipped: SkippedLine[];
}

export const DUPLICATE_REASON = "already in your library";

/**
 * The panel's content from the server's answer and the lines the box never sent because they are not URLs:
 * the server's results in input order (duplicates, URLs it refused, saves that failed, each with its reason),
 * then the unsent lines.
 */
export function summariseBulkSave(outcome: BulkResult, unsent: string[]): BulkSummary {
  const skipped: SkippedLine[] = [];
  for (const result of outcome.results) {
    if (result.success) continue;
    const url = typeof result.url === "string" ? result.url : JSON.stringify(result.url);
    if (result.duplicate) skipped.push({ url, reason: DUPLICATE_REASON, articleId: result.article?.id });
    else skipped.push({ url, reason: result.error ?? "could not be saved" });
  }
  for (const line of unsent) skipped.push({ url: line, reason: URL_MESSAGES.notUrl });
  return {
    successful: outcome.successful,
    duplicates: outcome.duplicates,
    failed: outcome.failed,
    invalid: outcome.invalid + unsent.length,
    skipped,
  };
}
