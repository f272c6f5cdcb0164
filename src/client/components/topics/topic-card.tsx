import { useId } from "react";
import { Link } from "react-router";
import type { Topic } from "../../api/topics";
import {
  ageLabel,
  feedbackLabel,
  isOtherArticles,
  languageName,
  scoreToneClass,
  shortDate,
} from "../../lib/topic-display";
import { TopicMethod } from "./how-topics-are-made";
import { TopicCounts, TopicScore } from "./topic-score";

/**
 * One topic on /topics (spec §2): the label links to its detail; the whole card is the link's target. The
 * method and its quality figure are folded under "Method and fit"; `showLanguage` when the list holds topics of
 * several languages.
 */
export function TopicCard({ topic, showLanguage = false }: { topic: Topic; showLanguage?: boolean }) {
  const titleId = useId();
  const leftover = isOtherArticles(topic);
  return (
    <article className={`topic-card ${scoreToneClass(topic.final_score)}`} aria-labelledby={titleId}>
      <div className="topic-card-top">
        <h2 className="topic-card-title" id={titleId}>
          <Link to={`/topics/${topic.id}`} className="card-link">
            {topic.label}
          </Link>
        </h2>
        {!leftover && <TopicScore score={topic.final_score} />}
      </div>
      {showLanguage && topic.language && <p className="topic-language">{languageName(topic.language)} articles</p>}
      <p className="topic-counts">
        <TopicCounts unread={topic.unread_count} total={topic.article_count} />
      </p>
      <dl className="topic-facts">
        <div>
          <dt>Average age</dt>
          <dd>{ageLabel(topic.avg_recency_days)}</dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>
            <time dateTime={topic.created_at}>{shortDate(topic.created_at)}</time>
          </dd>
        </div>
        <div>
          <dt>Average feedback</dt>
          <dd>{feedbackLabel(topic.avg_feedback_score)}</dd>
        </div>
      </dl>
      {leftover ? (
        <p className="topic-leftover-note">Articles that fit none of your topics.</p>
      ) : (
        <TopicMethod algorithm={topic.algorithm} quality={topic.topic_metadata.topic_silhouette_score} />
      )}
    </article>
  );
}
