import { useEffect, useId, useRef, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { TOPIC_ARTICLES_PER_PAGE, TOPIC_PAGE_SIZES, type TopicDetail } from "../api/topics";
import { SignedInLayout } from "../components/app-header";
import { ConfirmDialog } from "../components/article/confirm-dialog";
import { Pagination } from "../components/dashboard/pagination";
import { TopicMethod } from "../components/topics/how-topics-are-made";
import { TopicArticleItem } from "../components/topics/topic-article-item";
import { TopicCounts, TopicScore } from "../components/topics/topic-score";
import { TopicsError, TopicsLoading } from "../components/topics/topics-status";
import { usePageTitle } from "../hooks/use-page-title";
import { useToast } from "../hooks/use-toast";
import { isOtherArticles, languageName, parseTopicId, shortDate } from "../lib/topic-display";
import { browserStorage, readShowAll, writeShowAll } from "../lib/topic-preferences";
import { useDeleteTopic, useTopicDetail } from "../queries/topics";
// The article list reuses the dashboard's cards and pagination; the confirm dialog brings its styles from the viewer.
import "../styles/dashboard.css";
import "../styles/article.css";
import "../styles/topics.css";

/** /topics/:topicId. Each id gets a fresh screen, so paging and 'Show all' never leak from one topic to the next. */
export function TopicDetailPage() {
  const { topicId = "" } = useParams();
  return <TopicScreen key={topicId} topicId={parseTopicId(topicId)} />;
}

function TopicScreen({ topicId }: { topicId: number | null }) {
  const [showAll, setShowAll] = useState(
    () => topicId !== null && readShowAll(browserStorage("sessionStorage"), topicId),
  );
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(TOPIC_ARTICLES_PER_PAGE);
  const { state, updating, retry } = useTopicDetail(topicId, { unreadOnly: !showAll, page, perPage });

  usePageTitle(
    state.status === "loaded" ? state.topic.label : state.status === "not-found" ? "Topic Not Found" : "Topic",
  );

  // Articles read or deleted elsewhere can leave fewer pages than the one asked for: show the last one there is.
  const pages = state.status === "loaded" ? state.topic.pagination.pages : 1;
  useEffect(() => {
    if (page > Math.max(1, pages)) setPage(Math.max(1, pages));
  }, [page, pages]);

  function changeShowAll(next: boolean) {
    if (topicId !== null) writeShowAll(browserStorage("sessionStorage"), topicId, next);
    setShowAll(next);
    setPage(1);
  }

  if (state.status === "not-found") {
    return (
      <SignedInLayout>
        <TopicsBreadcrumb current="Topic Not Found" />
        <section className="empty-state topic-not-found" aria-labelledby="topic-not-found">
          <h1 id="topic-not-found">Topic Not Found</h1>
          <p>This topic does not exist any more. Topics are regrouped as your library changes.</p>
          <Link to="/topics" className="button button-secondary">
            Back to Topics
          </Link>
        </section>
      </SignedInLayout>
    );
  }

  return (
    <SignedInLayout>
      <TopicsBreadcrumb current={state.status === "loaded" ? state.topic.label : "Topic"} />
      {state.status === "loading" && <TopicsLoading label="Loading topic..." />}
      {state.status === "error" && <TopicsError message={state.message} onRetry={retry} />}
      {state.status === "loaded" && topicId !== null && (
        <>
          <TopicHeader topic={state.topic} />
          <TopicArticles
            topic={state.topic}
            showAll={showAll}
            onShowAll={changeShowAll}
            updating={updating}
            page={page}
            perPage={perPage}
            onPage={setPage}
            onPerPage={(size) => {
              setPerPage(size);
              setPage(1);
            }}
          />
        </>
      )}
    </SignedInLayout>
  );
}

function TopicsBreadcrumb({ current }: { current: string }) {
  return (
    <nav className="breadcrumb" aria-label="Breadcrumb">
      <Link to="/dashboard">Dashboard</Link> / <Link to="/topics">Topics</Link> /{" "}
      <span aria-current="page">{current}</span>
    </nav>
  );
}

function TopicHeader({ topic }: { topic: TopicDetail }) {
  const navigate = useNavigate();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const deletion = useDeleteTopic();
  const deleting = deletion.isPending;

  async function deleteTopic() {
    try {
      await deletion.mutateAsync(topic.id);
      writeShowAll(browserStorage("sessionStorage"), topic.id, false);
      toast.success("Topic deleted successfully");
      navigate("/topics", { replace: true });
    } catch (error) {
      toast.error(error instanceof Error ? error.message : "Failed to delete topic");
      setConfirming(false);
    }
  }

  return (
    <section className="topic-header" aria-labelledby="topic-title">
      <div className="topic-header-top">
        <div className="topic-header-text">
          <h1 id="topic-title" className="page-title topic-title">
            {topic.label}
          </h1>
          <p className="topic-counts">
            <TopicCounts unread={topic.unread_count} total={topic.article_count} />{" "}
            <span className="topic-count">
              Created <time dateTime={topic.created_at}>{shortDate(topic.created_at)}</time>
            </span>
          </p>
        </div>
        <div className="topic-header-actions">
          {!isOtherArticles(topic) && <TopicScore score={topic.final_score} className="topic-score-large" />}
          <button
            type="button"
            className="button button-danger-outline"
            aria-haspopup="dialog"
            onClick={() => setConfirming(true)}
            disabled={deleting}
          >
            Delete Topic
          </button>
        </div>
      </div>
      {topic.language && (
        <p className="topic-language">
          {languageName(topic.language)} articles: your articles in other languages are in topics of their own.
        </p>
      )}
      <TopicMethod
        summary="How topics are made"
        className="topic-meta"
        algorithm={topic.algorithm}
        quality={topic.topic_metadata.topic_silhouette_score}
        overall={topic.topic_metadata.silhouette_score}
      >
        <div>
          <dt>Articles when grouped</dt>
          <dd>
            {topic.cluster_size} {topic.cluster_size === 1 ? "article" : "articles"}
          </dd>
        </div>
        <div>
          <dt>Grouped from</dt>
          <dd>{topic.topic_metadata.generated_from}</dd>
        </div>
      </TopicMethod>
      <ConfirmDialog
        open={confirming}
        title="Delete topic?"
        message={`Are you sure you want to delete the topic "${topic.label}"? This action cannot be undone.`}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={deleting}
        onConfirm={() => void deleteTopic()}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}

function TopicArticles({
  topic,
  showAll,
  onShowAll,
  updating,
  page,
  perPage,
  onPage,
  onPerPage,
}: {
  topic: TopicDetail;
  showAll: boolean;
  onShowAll: (showAll: boolean) => void;
  updating: boolean;
  page: number;
  perPage: number;
  onPage: (page: number) => void;
  onPerPage: (perPage: number) => void;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const showAllId = useId();
  const { articles, pagination } = topic;

  return (
    <section className="topic-articles" aria-labelledby="topic-articles-heading" aria-busy={updating}>
      <div className="topic-articles-header">
        <h2 id="topic-articles-heading" className="section-title" ref={headingRef}>
          {showAll ? "All articles" : "Unread articles"}
          <span className="topic-articles-total"> ({pagination.total})</span>
        </h2>
        <div className="topic-show-all">
          <input
            id={showAllId}
            type="checkbox"
            checked={showAll}
            onChange={(event) => onShowAll(event.target.checked)}
          />
          <label htmlFor={showAllId}>Show all</label>
        </div>
      </div>
      <p className="topic-articles-hint muted">Closest to the topic first</p>

      {articles.length === 0 ? (
        <div className="empty-state">
          {showAll ? (
            <p>No articles are left in this topic.</p>
          ) : (
            <>
              <p>You have read every article in this topic.</p>
              <button type="button" className="button button-secondary" onClick={() => onShowAll(true)}>
                Show all articles
              </button>
            </>
          )}
        </div>
      ) : (
        <ol className={`topic-article-list${updating ? " is-updating" : ""}`}>
          {articles.map((article) => (
            <li key={article.id}>
              <TopicArticleItem article={article} />
            </li>
          ))}
        </ol>
      )}
      <Pagination
        page={page}
        perPage={perPage}
        total={pagination.total}
        totalPages={pagination.pages}
        pageSizes={TOPIC_PAGE_SIZES}
        onPage={(next) => {
          onPage(next);
          headingRef.current?.scrollIntoView({ block: "start" });
        }}
        onPerPage={onPerPage}
      />
    </section>
  );
}
