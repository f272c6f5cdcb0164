import { useState } from "react";
import { Link } from "react-router";
import { displayTitle } from "../../lib/format";
import { useRelatedQuery } from "../../queries/related";

type Tab = "unread" | "read";

/** What a related article's percentage means (docs/ai.md, "Similarity shown to readers"). */
const SCORE_MEANING =
  "How rare a match this close is among your own articles: at 50%, fewer than one of your articles in three has one";

/**
 * The 'Related Articles' section of spec §2: the nearest articles of the library by meaning, in Unread and
 * Read tabs (up to 5 each) with their similarity, a percentage read against the reader's own library (only those
 * above its floor are listed). Hidden while loading and when nothing is found; 'Try Again'
 * after an error. The viewer leaves it out while the article itself is still processing.
 */
export function RelatedArticles({ articleId }: { articleId: number }) {
  const query = useRelatedQuery(articleId);
  const [chosenTab, setTab] = useState<Tab | null>(null);

  const data = query.data;
  if (!data && !query.isError) return null;
  if (data && data.unread.length === 0 && data.read.length === 0 && !data.notice) return null;
  // Until the reader picks one, the tab with something in it.
  const tab: Tab = chosenTab ?? (data && data.unread.length === 0 && data.read.length > 0 ? "read" : "unread");
  const state = data
    ? ({ kind: "loaded", ...data } as const)
    : ({ kind: "error", message: query.error?.message || "Failed to fetch related articles" } as const);

  const items = state.kind === "loaded" ? state[tab] : [];
  return (
    <section className="viewer-related" aria-labelledby="related-heading">
      <h2 id="related-heading" className="viewer-section-title">
        Related Articles
      </h2>
      {state.kind === "loaded" && state.notice && (
        <p className="degraded-notice related-notice" role="status">
          {state.notice}
        </p>
      )}
      {state.kind === "error" ? (
        <div className="related-error" role="alert">
          <p>{state.message}</p>
          <button type="button" className="button button-secondary" onClick={() => void query.refetch()}>
            Try Again
          </button>
        </div>
      ) : (
        <>
          <div className="related-tabs" role="tablist" aria-label="Related articles">
            {(["unread", "read"] as const).map((name) => (
              <button
                key={name}
                type="button"
                role="tab"
                id={`related-tab-${name}`}
                aria-selected={tab === name}
                aria-controls="related-panel"
                className={`related-tab${tab === name ? " related-tab-active" : ""}`}
                onClick={() => setTab(name)}
              >
                {name === "unread" ? "Unread" : "Read"} ({state[name].length})
              </button>
            ))}
          </div>
          <div id="related-panel" role="tabpanel" aria-labelledby={`related-tab-${tab}`}>
            {items.length === 0 ? (
              <p className="related-empty">
                {tab === "unread" ? "No related unread articles." : "No related read articles."}
              </p>
            ) : (
              <ul className="related-list">
                {items.map((item) => (
                  <li key={item.id}>
                    <Link to={`/article/${item.id}`} className="related-item">
                      <span className="related-title">{displayTitle(item.title)}</span>
                      <span className="related-meta">
                        {item.domain ? <span>{item.domain}</span> : null}
                        <span className="related-score" title={SCORE_MEANING}>
                          {Math.round(item.similarity_score * 100)}% similar
                        </span>
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </>
      )}
      <p className="related-hint">Similarity measured against your own library • Click to open</p>
    </section>
  );
}
