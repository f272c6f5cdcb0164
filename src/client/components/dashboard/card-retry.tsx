import { useArticleJobs } from "../../queries/article-jobs";

/**
 * Retry on a failed card: the viewer's Re-fetch (POST /api/articles/{id}/refetch-content) from the dashboard, with
 * its toasts. The button shows the run while it lasts; the card turns to Queued/Processing as the list updates.
 */
export function CardRetry({ articleId, label }: { articleId: number; label: string }) {
  const jobs = useArticleJobs(articleId);
  return (
    <button
      type="button"
      className="card-button card-button-retry"
      aria-label={jobs.contentRunning ? undefined : label}
      disabled={jobs.contentRunning}
      onClick={() => jobs.start("content")}
    >
      {jobs.contentRunning ? (
        <>
          <span className="spinner spinner-small" aria-hidden="true" /> Retrying...
        </>
      ) : (
        "Retry"
      )}
    </button>
  );
}
