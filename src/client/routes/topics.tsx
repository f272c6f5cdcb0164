import { Link } from "react-router";
import { PAGE_TOPICS_LIMIT } from "../api/topics";
import { SignedInLayout } from "../components/app-header";
import { HowTopicsAreMade } from "../components/topics/how-topics-are-made";
import { TopicCard } from "../components/topics/topic-card";
import { TopicsError, TopicsLoading } from "../components/topics/topics-status";
import { usePageTitle } from "../hooks/use-page-title";
import { topicsSpanLanguages, topicsTotal } from "../lib/topic-display";
import { useTopics } from "../queries/topics";
import "../styles/dashboard.css";
import "../styles/topics.css";

/** /topics (spec §2): up to 50 topics with something unread, best score first. */
export function TopicsPage() {
  usePageTitle("Topics");
  const { state, reload } = useTopics(PAGE_TOPICS_LIMIT);

  return (
    <SignedInLayout>
      <nav className="breadcrumb" aria-label="Breadcrumb">
        <Link to="/dashboard">Dashboard</Link> / <span aria-current="page">Topics</span>
      </nav>
      <h1 className="page-title">Topics</h1>
      <p className="page-subtitle">Semantic clusters of your articles generated using AI clustering</p>
      <HowTopicsAreMade
        perLanguage={state.status === "loaded" && state.topics.some((topic) => topic.language !== null)}
      />

      {state.status === "loading" && <TopicsLoading label="Loading topics..." />}
      {state.status === "error" && <TopicsError message={state.message} onRetry={reload} />}
      {state.status === "loaded" && state.notice && (
        <p className="degraded-notice topics-notice" role="status">
          {state.notice}
        </p>
      )}
      {state.status === "loaded" &&
        (state.topics.length === 0 ? (
          <section className="empty-state" aria-labelledby="topics-empty">
            <h2 id="topics-empty">No topics found</h2>
            {state.notice ? (
              <p>Topics group your unread articles by subject. They cannot be made until the problem above is fixed.</p>
            ) : (
              <p>
                Topics group your unread articles by subject. They appear about a minute after a few articles (at least
                four) have finished processing.
              </p>
            )}
            <Link to="/dashboard" className="button button-secondary">
              Go to Dashboard
            </Link>
          </section>
        ) : (
          <>
            <p className="topics-total muted">{topicsTotal(state.topics)}</p>
            <ul className="topic-grid">
              {state.topics.map((topic) => (
                <li key={topic.id}>
                  <TopicCard topic={topic} showLanguage={topicsSpanLanguages(state.topics)} />
                </li>
              ))}
            </ul>
          </>
        ))}
    </SignedInLayout>
  );
}
