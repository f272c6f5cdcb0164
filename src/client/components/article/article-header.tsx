import { Fragment, type ReactElement, type ReactNode } from "react";
import type { Article } from "../../api/types";
import { isUnfinished } from "../../lib/article-order";
import { displayTitle, readingTime, relativeDate } from "../../lib/format";
import { languageName } from "../../lib/languages";
import { isNotAnArticle, NotAnArticleNotice } from "./article-panels";

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return "";
  }
}

function longDate(iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return "";
  return new Date(time).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" });
}

/**
 * The meta line's parts joined by dots: only between parts that are there (a missing host does not leave a
 * leading dot), and each dot stays on the line of the part before it, so a line wrapped on a phone never
 * starts with one.
 */
function metaParts(parts: (ReactElement | null)[]): ReactNode {
  const present = parts.filter((part): part is ReactElement => part !== null);
  return present.map((part, index) => (
    <span key={part.key} className="meta-part">
      {part}
      {index < present.length - 1 ? (
        <span className="meta-separator" aria-hidden="true">
          ·
        </span>
      ) : null}
    </span>
  ));
}

/**
 * Host, badges, date and reading time; then title, author, domain and the processing status. `titleKey` changes
 * when the highlights drawn in the title do, so React renders it afresh rather than update text the marks split.
 */
export function ArticleHeader({
  titleKey,
  article,
  direction,
  refetching,
  onRefetch,
}: {
  titleKey?: string;
  article: Article;
  direction: "ltr" | "rtl";
  refetching: boolean;
  onRefetch: () => void;
}) {
  const host = article.site_name?.trim() || hostOf(article.url);
  const language = article.language?.toLowerCase();
  const showLanguage = Boolean(language && language !== "en" && !language.startsWith("en-"));
  const minutes = article.reading_time_minutes;
  const duration = minutes ? `${minutes} min read` : readingTime(article.word_count);
  const published = article.publish_date ? longDate(article.publish_date) : "";
  // The domain under the title, unless the host line above already says the same.
  const domain = article.domain && article.domain !== host ? article.domain : null;

  return (
    <header className="viewer-header">
      <div className="viewer-meta">
        {metaParts([
          host || article.is_read || showLanguage ? (
            <Fragment key="source">
              {host ? <span className="viewer-host">{host}</span> : null}
              {article.is_read ? <span className="badge badge-read">Read</span> : null}
              {showLanguage ? (
                <span className="badge badge-language" title="Language of the article">
                  {languageName(language)}
                </span>
              ) : null}
            </Fragment>
          ) : null,
          published && article.publish_date ? (
            <time key="date" dateTime={article.publish_date}>
              {published}
            </time>
          ) : (
            <time key="date" dateTime={article.created_at} title={longDate(article.created_at)}>
              Saved {relativeDate(article.created_at).replace(/^Just now$/, "just now")}
            </time>
          ),
          duration ? <span key="duration">{duration}</span> : null,
        ])}
      </div>
      <h1 key={titleKey} id="article-title" className="viewer-title" dir={direction === "rtl" ? "rtl" : "auto"}>
        {displayTitle(article.title, article.url)}
      </h1>
      {article.author || domain ? (
        <p className="viewer-byline">
          {article.author ? (
            <span className="viewer-author">
              By <span dir="auto">{article.author}</span>
            </span>
          ) : null}
          {domain ? <span className="viewer-domain">{domain}</span> : null}
        </p>
      ) : null}
      <ProcessingStatus article={article} refetching={refetching} onRefetch={onRefetch} />
    </header>
  );
}

function ProcessingStatus({
  article,
  refetching,
  onRefetch,
}: {
  article: Article;
  refetching: boolean;
  onRefetch: () => void;
}) {
  if (isUnfinished(article)) {
    const queued = article.processing_status === "pending";
    return (
      <div className="viewer-status" role="status">
        <span className="spinner spinner-small" aria-hidden="true" />
        <span>
          <strong>{queued ? "Queued..." : "Processing..."}</strong>{" "}
          {article.processing_status === "retrying" && article.processing_error
            ? `Trying again after: ${article.processing_error}`
            : queued
              ? "Waiting to be fetched. This page updates by itself."
              : "Extracting the content and writing the summary."}
        </span>
      </div>
    );
  }
  if (article.processing_status === "failed") {
    return (
      <div className="viewer-status viewer-status-failed">
        <div>
          <strong>Processing failed</strong>
          <p className="viewer-status-error">{article.processing_error || "This article could not be processed."}</p>
        </div>
        <button type="button" className="button button-secondary" onClick={onRefetch} disabled={refetching}>
          {refetching ? (
            <>
              <span className="spinner spinner-small" aria-hidden="true" />
              Fetching...
            </>
          ) : (
            "Re-fetch Content"
          )}
        </button>
      </div>
    );
  }
  if (isNotAnArticle(article)) return <NotAnArticleNotice article={article} />;
  // A completed article may carry a note, such as a summary that could not be written.
  return article.processing_error ? <p className="viewer-note">{article.processing_error}</p> : null;
}
