import { useId } from "react";
import type { TopicArticle } from "../../api/topics";
import { relativeDate, summaryPreview } from "../../lib/format";
import { matchLabel } from "../../lib/topic-display";
import { CardHeading } from "../dashboard/card-heading";

/** Spec §2 topic detail: one article with its '% match', an Unread badge, summary, author, domain and date. */
export function TopicArticleItem({ article }: { article: TopicArticle }) {
  const titleId = useId();
  const summary = summaryPreview(article.summary, 200);
  return (
    <article className={`article-card topic-article${article.is_read ? " is-read" : ""}`} aria-labelledby={titleId}>
      <div className="card-meta">
        <span className="topic-match">{matchLabel(article.similarity)}</span>
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
