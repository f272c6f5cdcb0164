import { Link } from "react-router";
import type { BulkSummary } from "../../lib/bulk-summary";

/** Named lines shown at most; the rest are counted ("and 12 more"). */
const MAX_NAMED = 20;

/**
 * The outcome of a bulk save (spec §2): the counts, then every line that was not saved with why (a duplicate
 * links to the article already saved). The add box clears a panel of successes after 3 s; one that names skipped
 * lines stays until dismissed, so they can be read (docs/web-app.md, Dashboard).
 */
export function BulkResults({ summary, onDismiss }: { summary: BulkSummary; onDismiss: () => void }) {
  const rows: [string, number, string][] = [
    ["Successful", summary.successful, "ok"],
    ["Duplicates skipped", summary.duplicates, "duplicate"],
    ["Failed", summary.failed, "failed"],
    ["Invalid URLs", summary.invalid, "invalid"],
  ];
  const named = summary.skipped.slice(0, MAX_NAMED);
  const more = summary.skipped.length - named.length;
  return (
    <div className="bulk-results" role="status">
      <div className="bulk-results-header">
        <h3 className="bulk-results-title">Bulk Operation Results</h3>
        {summary.skipped.length > 0 && (
          <button type="button" className="card-button" onClick={onDismiss}>
            Dismiss
          </button>
        )}
      </div>
      <ul className="bulk-results-counts">
        {rows.map(([label, value, tone]) => (
          <li key={label} className={`bulk-count bulk-count-${tone}`}>
            {label}: <strong>{value}</strong>
          </li>
        ))}
      </ul>
      {named.length > 0 && (
        <ul className="bulk-skipped" aria-label="Not saved">
          {named.map((line, index) => (
            // Lines may repeat (the same URL twice): the position keeps each row apart.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed once shown
            <li key={index}>
              {line.articleId ? (
                <Link to={`/article/${line.articleId}`} className="bulk-skipped-url">
                  {line.url}
                </Link>
              ) : (
                <span className="bulk-skipped-url">{line.url}</span>
              )}{" "}
              <span className="bulk-skipped-reason">— {line.reason}</span>
            </li>
          ))}
          {more > 0 && <li className="bulk-skipped-reason">and {more} more</li>}
        </ul>
      )}
    </div>
  );
}
