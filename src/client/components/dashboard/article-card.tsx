import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import type { Article } from "../../api/types";
import { displayTitle, readingTime, relativeDate, sourceLabel, summaryPreview } from "../../lib/format";
import { highlightCountLabel } from "../../lib/highlight-list";
import { languageName } from "../../lib/languages";
import { CardHeading } from "./card-heading";
import { CardProgress } from "./card-progress";
import { CardRetry } from "./card-retry";

interface ArticleCardProps {
  article: Article;
  onToggleRead: (article: Article, read: boolean) => Promise<void>;
  onDelete: (article: Article) => Promise<boolean>;
}

/** Host and path of the saved URL, without the scheme, query or fragment: enough to recognise the link. */
function savedAddress(url: string): string {
  try {
    const { host, pathname } = new URL(url);
    return pathname === "/" ? host : `${host}${pathname}`;
  } catch {
    return url;
  }
}

function StatusLine({ article }: { article: Article }) {
  switch (article.processing_status) {
    case "pending":
      return <p className="card-status card-status-pending">Queued...</p>;
    case "processing":
    case "retrying":
      return <p className="card-status card-status-processing">Processing...</p>;
    case "failed":
      // A failed article often has no title yet: show which link it was and why, not only in a tooltip.
      return (
        <div className="card-status card-status-failed" title={article.processing_error ?? undefined}>
          <p>
            Failed to process <span className="card-failed-url">{savedAddress(article.url)}</span>
          </p>
          {article.processing_error && <p className="card-failed-reason">{article.processing_error}</p>}
        </div>
      );
    default:
      return null;
  }
}

/**
 * One article in the grid (spec §2). The title link covers the card; the actions sit above it and show on
 * hover or keyboard focus (always on touch screens). Delete asks first, inline.
 */
export function ArticleCard({ article, onToggleRead, onDelete }: ArticleCardProps) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const deleteRef = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);

  // Focus follows the confirm: onto Cancel when it opens, back to Delete when it is cancelled.
  useEffect(() => {
    if (confirming) cancelRef.current?.focus();
    else if (wasConfirming.current) deleteRef.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);

  const language = article.language && article.language.toLowerCase() !== "en" ? languageName(article.language) : "";
  const minutes = readingTime(article.word_count);
  const summary = summaryPreview(article.summary);
  // Each button names its article, so a screen reader's list of buttons tells twenty "Delete" apart (issue 50).
  const named = (action: string) => `${action} '${displayTitle(article.title, article.url)}'`;

  async function toggleRead() {
    setBusy(true);
    await onToggleRead(article, !article.is_read);
    setBusy(false);
  }

  async function confirmDelete() {
    setBusy(true);
    const deleted = await onDelete(article);
    // A deleted card unmounts; a failed delete leaves it as it was.
    if (!deleted) {
      setBusy(false);
      setConfirming(false);
    }
  }

  function onConfirmKeyDown(event: KeyboardEvent) {
    if (event.key === "Escape") setConfirming(false);
  }

  return (
    <article className={`article-card${article.is_read ? " is-read" : ""}`} aria-labelledby={titleId}>
      <div className="card-meta">
        <span className="chip">{sourceLabel(article.domain, article.url)}</span>
        {article.is_read && <span className="badge badge-read">Read</span>}
        {language && <span className="badge badge-language">{language}</span>}
        {minutes && <span className="card-meta-text">{minutes}</span>}
        <time className="card-meta-text" dateTime={article.created_at}>
          {relativeDate(article.created_at)}
        </time>
        {article.highlight_count ? (
          <span className="card-meta-text card-highlights">{highlightCountLabel(article.highlight_count)}</span>
        ) : null}
      </div>
      <CardHeading articleId={article.id} titleId={titleId} title={article.title} url={article.url} summary={summary} />
      {article.tags && article.tags.length > 0 && (
        <ul className="card-tags" aria-label="Tags">
          {article.tags.map((tag) => (
            <li key={tag} className="tag-chip">
              {tag}
            </li>
          ))}
        </ul>
      )}
      <CardProgress article={article} />
      <StatusLine article={article} />
      {confirming ? (
        <div className="card-confirm">
          <span className="card-confirm-text">Delete this article?</span>
          <span className="card-confirm-buttons">
            <button
              ref={cancelRef}
              type="button"
              className="card-button"
              disabled={busy}
              aria-label={named("Cancel deleting")}
              onKeyDown={onConfirmKeyDown}
              onClick={() => setConfirming(false)}
            >
              Cancel
            </button>
            <button
              type="button"
              className="card-button card-button-danger"
              disabled={busy}
              aria-label={named("Delete")}
              onKeyDown={onConfirmKeyDown}
              onClick={confirmDelete}
            >
              Delete
            </button>
          </span>
        </div>
      ) : (
        <div className="card-actions">
          {article.processing_status === "failed" && <CardRetry articleId={article.id} label={named("Retry")} />}
          <button
            type="button"
            className="card-button"
            aria-label={named(article.is_read ? "Mark as unread" : "Mark as read")}
            disabled={busy}
            onClick={toggleRead}
          >
            {article.is_read ? "Mark as unread" : "Mark as read"}
          </button>
          <button
            ref={deleteRef}
            type="button"
            className="card-button card-button-danger"
            aria-label={named("Delete")}
            disabled={busy}
            onClick={() => setConfirming(true)}
          >
            Delete
          </button>
        </div>
      )}
    </article>
  );
}
