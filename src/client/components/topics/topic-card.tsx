import { useId } from "react";
import { Link } from "react-router";
import type { Topic } from "../../api/topics";
import { ageLabel, feedbackLabel, percent, scoreToneClass, shortDate } from "../../lib/topic-display";
import { TopicCounts, TopicScore } from "./topic-score";

/** One topic on /topics (spec §2): the label links to its detail; the whole card is the link's target. */
export function TopicCard({ topic }: { topic: Topic }) {
  const titleId = useId();
  return (
    <article className={`topic-card ${scoreToneClass(topic.final_score)}`} aria-labelledby={titleId}>
      <div className="topic-card-top">
        <h2 className="topic-card-title" id={titleId}>
          <Link to={`/topics/${topic.id}`} className="card-link">
            {topic.label}
          </Link>
        </h2>
        <TopicScore score={topic.final_score} />
      </div>
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
        <div>
          <dt>Quality</dt>
          <dd>{percent(topic.topic_metadata.topic_silhouette_score)}</dd>
        </div>
      </dl>
      <p className="topic-algorithm">{topic.algorithm}</p>
    </article>
  );
}
