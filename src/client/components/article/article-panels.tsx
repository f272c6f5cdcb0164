import { type ReactNode, useMemo } from "react";
import type { Article } from "../../api/types";
import { httpUrl, sanitizeArticleHtml } from "../../lib/sanitize-html";
import { describeDocument, OpenOriginalDocument } from "./document-original";
import { MarkdownView } from "./markdown-view";

interface PanelProps {
  article: Article;
  direction: "ltr" | "rtl";
  inProgress: boolean;
  running: boolean;
  onStart: () => void;
  /** More buttons beside Re-summarize / Re-fetch (the Listen button). */
  actions?: ReactNode;
}

function BusyLabel({ label }: { label: string }) {
  return (
    <>
      <span className="spinner spinner-small" aria-hidden="true" />
      {label}
    </>
  );
}

/** A link to the page where it was published, in a new tab (said so to screen readers). */
function OriginalLink({ url, label, className }: { url: string; label: string; className: string }) {
  return (
    <a className={className} href={url} target="_blank" rel="noopener noreferrer">
      {label} <span aria-hidden="true">↗</span>
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

/** True when the server found the page's text to be mostly its interface (a sign-in form's messages). */
export function isNotAnArticle(article: Article): boolean {
  return article.status === "completed" && article.reads_as_article === false;
}

/**
 * What the viewer says of a page that is not an article: it could not be read as one, why, and a link to the
 * original, where the reader can see the page as its site built it (a video player, a form).
 */
export function NotAnArticleNotice({ article }: { article: Article }) {
  const url = httpUrl(article.url);
  return (
    <div className="viewer-status viewer-status-not-article" role="note" data-testid="not-an-article">
      <div>
        <strong>This page could not be read as an article.</strong>
        <p className="viewer-status-error">
          Its text is mostly the site's own forms and messages (signing in, passwords, cookies), so there is no summary.
        </p>
      </div>
      {url ? <OriginalLink url={url} label="Open the original" className="button button-secondary" /> : null}
    </div>
  );
}

/**
 * The summary as light markdown; 'Re-summarize', or 'Generate Summary' when there is none. `markdownKey` changes
 * when the highlights drawn in it do, so React renders it afresh rather than update text the marks split.
 */
export function SummaryPanel({
  article,
  direction,
  inProgress,
  running,
  onStart,
  markdownKey,
  actions,
}: PanelProps & { markdownKey?: string }) {
  if (isNotAnArticle(article) && !article.summary?.trim()) {
    return (
      <div className="panel-empty">
        <p>No summary: this page could not be read as an article.</p>
      </div>
    );
  }
  if (!article.summary?.trim()) {
    return (
      <div className="panel-empty">
        {inProgress ? (
          <p>
            <span className="spinner spinner-small" aria-hidden="true" /> Summary will be generated shortly...
          </p>
        ) : (
          <p>No summary available</p>
        )}
        {running || !inProgress ? (
          <button type="button" className="button button-primary" onClick={onStart} disabled={running}>
            {running ? <BusyLabel label="Generating..." /> : "Generate Summary"}
          </button>
        ) : null}
      </div>
    );
  }
  return (
    <>
      <div className="panel-actions">
        {actions}
        <button type="button" className="button button-secondary button-small" onClick={onStart} disabled={running}>
          {running ? <BusyLabel label="Generating..." /> : "Re-summarize"}
        </button>
      </div>
      <MarkdownView
        key={markdownKey}
        source={article.summary}
        dir={direction}
        lang={article.language ?? undefined}
        className="markdown viewer-summary"
      />
    </>
  );
}

/** The extracted article, re-sanitised here before it is put into the page. */
export function ContentPanel({ article, direction, inProgress, running, onStart, actions }: PanelProps) {
  // Pictures through the Worker (issue 50): shown when their site is down, and kept for reading offline.
  const html = useMemo(() => sanitizeArticleHtml(article.content, article.images), [article.content, article.images]);
  if (!html) {
    return (
      <div className="panel-empty">
        {inProgress || running ? (
          <p>
            <span className="spinner spinner-small" aria-hidden="true" /> Content is being extracted...
          </p>
        ) : (
          <p>No content available</p>
        )}
        {running || !inProgress ? (
          <button type="button" className="button button-primary" onClick={onStart} disabled={running}>
            {running ? <BusyLabel label="Fetching..." /> : "Fetch Content"}
          </button>
        ) : null}
      </div>
    );
  }
  return (
    <>
      <div className="panel-actions">
        {actions}
        <button
          type="button"
          className="button button-secondary button-small"
          onClick={onStart}
          // The server refuses a second run while one is under way.
          disabled={running || inProgress}
        >
          {running ? <BusyLabel label="Fetching..." /> : "Re-fetch Content"}
        </button>
      </div>
      {article.document ? (
        <p className="document-source">
          Read from {describeDocument(article.document)}.{" "}
          <OpenOriginalDocument document={article.document} className="button button-secondary button-small" />
        </p>
      ) : null}
      <div
        className="viewer-content"
        dir={direction}
        lang={article.language ?? undefined}
        // Safe: server-sanitised, then reduced again to the client allowlist by sanitizeArticleHtml.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: see above
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </>
  );
}

/** A link to the page the article was saved from, in a new tab. */
export function OriginalPanel({ article }: { article: Article }) {
  if (article.document) {
    return (
      <div className="original-panel">
        <p>This article was read from {describeDocument(article.document)}.</p>
        <OpenOriginalDocument document={article.document} className="button button-primary" />
      </div>
    );
  }
  const url = httpUrl(article.url);
  return (
    <div className="original-panel">
      <p>
        Read the article where it was published
        {article.site_name ? ` on ${article.site_name}` : ""}.
      </p>
      {url ? <OriginalLink url={url} label="Open original article" className="button button-primary" /> : null}
      <p className="original-url">{article.url}</p>
    </div>
  );
}
