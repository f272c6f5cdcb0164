import { useId, useState } from "react";
import { Link } from "react-router";
import { PANEL_TOPICS_LIMIT } from "../../api/topics";
import { useOffline } from "../../hooks/use-offline";
import { isOtherArticles, percent, scoreToneClass } from "../../lib/topic-display";
import { browserStorage, readPanelCollapsed, writePanelCollapsed } from "../../lib/topic-preferences";
import { useTopics } from "../../queries/topics";
import { TopicsError, TopicsLoading } from "../topics/topics-status";
import "../../styles/topics.css";

/**
 * The dashboard's Topics panel (spec §2): up to 8 topics with something unread, each linking to its detail,
 * and 'View all topics'. Collapsible; the choice is remembered in local storage.
 */
export function TopicsPanel() {
  const [collapsed, setCollapsed] = useState(() => readPanelCollapsed(browserStorage("localStorage")));
  const { state, reload } = useTopics(PANEL_TOPICS_LIMIT);
  const offline = useOffline();
  const bodyId = useId();
  const headingId = useId();

  function toggle() {
    const next = !collapsed;
    writePanelCollapsed(browserStorage("localStorage"), next);
    setCollapsed(next);
  }

  return (
    <section className="topics-panel" aria-labelledby={headingId}>
      <div className="topics-panel-header">
        <h2 id={headingId} className="section-title">
          Topics
        </h2>
        <button
          type="button"
          className="link-button"
          aria-expanded={!collapsed}
          aria-controls={bodyId}
          onClick={toggle}
        >
          {collapsed ? "Expand topics" : "Collapse topics"}
        </button>
      </div>
      <div id={bodyId} hidden={collapsed} className="topics-panel-body">
        {state.status === "loading" && <TopicsLoading label="Loading topics..." compact />}
        {/* Offline, topics never loaded on this device are expected to be missing: a quiet note, not an error. */}
        {state.status === "error" &&
          (offline ? (
            <p className="muted topics-panel-empty">
              Topics are not saved on this device yet. They show when you are online.
            </p>
          ) : (
            <TopicsError message={state.message} onRetry={reload} />
          ))}
        {state.status === "loaded" && state.notice && (
          <p className="degraded-notice topics-notice" role="status">
            {state.notice}
          </p>
        )}
        {state.status === "loaded" &&
          (state.topics.length === 0 ? (
            state.notice ? null : (
              <p className="muted topics-panel-empty">
                Topics appear here once articles are processed. VibeRead groups your unread articles by subject when a
                few (at least four) are ready.
              </p>
            )
          ) : (
            <ul className="topic-chips">
              {state.topics.map((topic) => (
                <li key={topic.id}>
                  <Link to={`/topics/${topic.id}`} className={`topic-chip ${scoreToneClass(topic.final_score)}`}>
                    <span className="topic-chip-label">{topic.label}</span>
                    <span className="topic-chip-unread">{topic.unread_count} unread</span>
                    {!isOtherArticles(topic) && (
                      <span className="visually-hidden">, score {percent(topic.final_score)}</span>
                    )}
                  </Link>
                </li>
              ))}
            </ul>
          ))}
        <Link to="/topics" className="topics-panel-all">
          View all topics
        </Link>
      </div>
    </section>
  );
}
