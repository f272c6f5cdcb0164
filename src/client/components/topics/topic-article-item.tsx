import { useId } from "react";
import type { TopicArticle } from "../../api/topics";
import { relativeDate, summaryPreview } from "../../lib/format";
import { matchLabel } from "../../lib/topic-display";
import { CardHeading } from "../dashboard/card-heading";

/** What a member's percentage means (docs/ai.md, "Similarity shown to readers"). */
const MATCH_MEANING = "How close this article is to the topic's other articles, read against your own library";

/** Spec §2 topic detail: one article with its '% match', an Unread badge, summary, author, domain and date. */
export function TopicArticleItem({ article }: { article: TopicArticle }) {
  const titleId = useId();
  const summary = summaryPreview(article.summary, 200);
  return (
    <article className={`article-card topic-article${article.is_read ? " is-read" : ""}`} aria-labelledby={titleId}>
      <div className="card-meta">
        {/* Articles in "Other articles" match no topic: no percentage to show. */}
        {article.similarity > 0 && (
          <span className="topic-match" title={MATCH_MEANING}>
            {matchLabel(article.similarity)}
          </span>
        )}
        {!article.is_read && <span className="badge badge-unread">Unread</span>}
        {article.domain && <span className="chip">{article.domain}</span>}
        <time className="card-meta-text" dateTime={article.created_at}>
          {relativeDate(article.created_at)}
        </time>
      </div>
      <CardHeading articleId={article.id} titleId={titleId} title={article.title} summary={summary} />
      {article.author && <p className="topic-article-author">By {article.author}</p>}
    </article>
  );
}
