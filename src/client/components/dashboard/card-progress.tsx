import type { Article } from "../../api/types";
import { progressLabel } from "../../lib/reading-position";

/** How far the reader got in an unread article (issue 32): "40% read" over a thin bar; nothing when not started. */
export function CardProgress({ article }: { article: Article }) {
  const label = progressLabel(article.reading_progress, article.is_read);
  if (!label) return null;
  const percent = Number.parseInt(label, 10);
  return (
    <div className="card-progress">
      <span className="card-progress-label">{label}</span>
      <span className="card-progress-track" aria-hidden="true">
        <span className="card-progress-fill" style={{ width: `${percent}%` }} />
      </span>
    </div>
  );
}
