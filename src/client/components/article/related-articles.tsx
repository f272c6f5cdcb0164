import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { articlesApi } from "../../api/articles";
import type { RelatedArticle } from "../../api/types";
import { displayTitle } from "../../lib/format";

type Tab = "unread" | "read";
type State =
  | { kind: "loading" }
  | { kind: "error"; message: string }
  | { kind: "loaded"; unread: RelatedArticle[]; read: RelatedArticle[] };

/**
 * The 'Related Articles' section of spec §2: the nearest articles of the library by meaning, in Unread and
 * Read tabs (up to 5 each) with their similarity. Hidden while loading and when nothing is found; 'Try Again'
 * after an error. The viewer leaves it out while the article itself is still processing.
 */
export function RelatedArticles({ articleId }: { articleId: number }) {
  const [state, setState] = useState<State>({ kind: "loading" });
  const [tab, setTab] = useState<Tab>("unread");

  const load = useCallback(async () => {
    setState({ kind: "loading" });
    try {
      const [unread, read] = await Promise.all([
        articlesApi.related(articleId, "unread"),
        articlesApi.related(articleId, "read"),
      ]);
      setState({ kind: "loaded", unread, read });
      setTab(unread.length === 0 && read.length > 0 ? "read" : "unread");
    } catch (error) {
      setState({ kind: "error", message: error instanceof Error ? error.message : "Failed to fetch related articles" });
    }
  }, [articleId]);

  useEffect(() => {
    void load();
  }, [load]);

  if (state.kind === "loading") return null;
  if (state.kind === "loaded" && state.unread.length === 0 && state.read.length === 0) return null;

  const items = state.kind === "loaded" ? state[tab] : [];
  return (
    <section className="viewer-related" aria-labelledby="related-heading">
      <h2 id="related-heading" className="viewer-section-title">
        Related Articles
      </h2>
      {state.kind === "error" ? (
        <div className="related-error" role="alert">
          <p>{state.message}</p>
          <button type="button" className="button button-secondary" onClick={() => void load()}>
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
                        <span className="related-score">{Math.round(item.similarity_score * 100)}% similar</span>
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </>
      )}
      <p className="related-hint">Related articles found using semantic similarity • Click to open</p>
    </section>
  );
}
