import { Link } from "react-router";
import type { FeedItem } from "../../api/feeds";
import { feedTime } from "../../lib/feed-time";
import { sanitizeArticleHtml } from "../../lib/sanitize-html";
import { useFeedItem, useFeedItemArticle } from "../../queries/feeds";

interface FeedItemRowProps {
  item: FeedItem;
  open: boolean;
  current: boolean;
  saving: boolean;
  onToggleOpen(): void;
  onToggleSeen(): void;
  onSave(): void;
  onMarkSeenUpTo(): void;
}

/** Sanitised article HTML (the feed's, a newsletter's or an extracted page's), shown in the article's styles. */
function ArticleHtml({ html }: { html: string }) {
  return (
    <div
      className="feed-item-body article-content"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML after the same DOMPurify allowlist as every article (lib/sanitize-html.ts)
      dangerouslySetInnerHTML={{ __html: sanitizeArticleHtml(html) }}
    />
  );
}

/**
 * An item whose feed gives only a summary: the summary at once, then the article read from its page (as a saved
 * link's is) when the server has it; if the page cannot be read, why, and the original one click away.
 */
function ExtractedBody({ item }: { item: FeedItem & { url: string } }) {
  const article = useFeedItemArticle(item.id);
  if (article.data?.content_html) return <ArticleHtml html={article.data.content_html} />;
  return (
    <div className="feed-item-body">
      <p>{item.summary || "This item has no text in the feed."}</p>
      {article.isPending ? (
        <p className="feed-item-note" role="status">
          The feed gives only a summary; reading the article from its site...
        </p>
      ) : (
        <p className="feed-item-note" role="status">
          The article could not be read here: {article.data?.error ?? article.error?.message}. Open the original, or
          save it to the Library to try again in the background.
        </p>
      )}
    </div>
  );
}

/** The whole text when the feed carries it; else the article read from the item's page. */
function ItemBody({ item }: { item: FeedItem }) {
  const full = useFeedItem(item.has_content ? item.id : null);
  if (!item.has_content) {
    if (item.url) return <ExtractedBody item={{ ...item, url: item.url }} />;
    return (
      <div className="feed-item-body">
        <p>{item.summary || "This item has no text in the feed."}</p>
      </div>
    );
  }
  if (full.isPending) return <p className="feed-item-body">Loading the text...</p>;
  if (full.isError)
    return (
      <p className="feed-item-body" role="alert">
        {full.error.message}
      </p>
    );
  return <ArticleHtml html={full.data.content_html ?? ""} />;
}

/** One item of the Feed: title, source, date, summary, seen state, and what can be done with it. */
export function FeedItemRow({
  item,
  open,
  current,
  saving,
  onToggleOpen,
  onToggleSeen,
  onSave,
  onMarkSeenUpTo,
}: FeedItemRowProps) {
  const when = item.published_at ?? item.first_seen_at;
  return (
    <li
      className={`feed-item${item.seen ? " is-seen" : ""}${current ? " is-current" : ""}`}
      data-item-id={item.id}
      {...(current ? { "data-skip-target": "" } : {})}
    >
      <div className="feed-item-head">
        {item.seen ? null : <span className="feed-unseen-dot" role="img" aria-label="Unseen" title="Unseen" />}
        <button type="button" className="feed-item-title" aria-expanded={open} onClick={onToggleOpen}>
          {item.title}
        </button>
      </div>
      <p className="feed-item-meta">
        <span>{item.source}</span>
        {when ? (
          <>
            {" · "}
            <time dateTime={new Date(when).toISOString()}>{feedTime(when)}</time>
          </>
        ) : null}
        {item.author ? ` · ${item.author}` : null}
      </p>
      {open ? <ItemBody item={item} /> : item.summary ? <p className="feed-item-summary">{item.summary}</p> : null}
      <div className="feed-item-actions">
        {item.article_id ? (
          <Link className="button button-secondary" to={`/article/${item.article_id}`}>
            In your Library
          </Link>
        ) : (
          <button
            type="button"
            className="button button-primary"
            onClick={onSave}
            disabled={saving || !item.url}
            aria-keyshortcuts="l"
            title={item.url ? "Save to Library (L)" : "This item has no link to save"}
          >
            {saving ? "Saving..." : "Save to Library"}
          </button>
        )}
        <button type="button" className="button button-secondary" onClick={onToggleSeen} aria-keyshortcuts="m">
          {item.seen ? "Mark unseen" : "Mark seen"}
        </button>
        <button type="button" className="button button-secondary" onClick={onMarkSeenUpTo}>
          Mark all as seen up to here
        </button>
        {item.url ? (
          <a className="button button-secondary" href={item.url} target="_blank" rel="noopener noreferrer">
            Original
          </a>
        ) : null}
      </div>
    </li>
  );
}
