import { useRef } from "react";
import type { Article } from "../api/types";
import { SignedInLayout } from "../components/app-header";
import { AddArticleBox } from "../components/dashboard/add-article-box";
import { AiSearchField } from "../components/dashboard/ai-search-field";
import { ArticleCard } from "../components/dashboard/article-card";
import { ErrorBanner } from "../components/dashboard/error-banner";
import { Filters } from "../components/dashboard/filters";
import { ImportBanner } from "../components/dashboard/import-banner";
import { Pagination } from "../components/dashboard/pagination";
import { QueuedCard } from "../components/dashboard/queued-card";
import { StatCards } from "../components/dashboard/stat-cards";
import { TopicsPanel } from "../components/dashboard/topics-panel";
import { EbookMenu } from "../components/ebooks/ebook-menu";
import { OfflineNotice } from "../components/offline-notice";
import { PAGE_SIZES, useArticleList } from "../hooks/dashboard/use-article-list";
import { useDashboardPage, useInitialDashboardPage } from "../hooks/dashboard/use-dashboard-page";
import { useLibraryKeyboard } from "../hooks/dashboard/use-library-keyboard";
import { useOfflineSaves } from "../hooks/dashboard/use-offline-saves";
import { useUnreadTitle } from "../hooks/dashboard/use-unread-title";
import { useDeleteWithUndo, usePendingDeletes } from "../hooks/use-delete-with-undo";
import { useOffline } from "../hooks/use-offline";
import { useStatsQuery } from "../queries/stats";
import { useTagsQuery } from "../queries/tags";
import "../styles/dashboard.css";

/** The signed-in home (spec §2): counters, the add box, topics, AI search, and the article grid. */
export function DashboardPage() {
  const { data: stats } = useStatsQuery();
  const list = useArticleList(useInitialDashboardPage());
  useDashboardPage({
    page: list.page,
    perPage: list.perPage,
    tag: list.tag || undefined,
    highlighted: list.highlighted || undefined,
    search: list.query.search || undefined,
    domain: list.query.domain || undefined,
    ready: list.loaded,
    onUrlChange: list.showPage,
  });
  const tags = useTagsQuery();
  useUnreadTitle(stats?.unread_articles);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const offline = useOffline();
  const offlineSaves = useOfflineSaves();
  const grid = useRef<HTMLUListElement>(null);
  // An article deleted from the keyboard is hidden while its toast offers Undo.
  const hidden = usePendingDeletes();
  const articles = hidden.size ? list.articles.filter((article) => !hidden.has(article.id)) : list.articles;
  useLibraryKeyboard({
    grid,
    articles,
    query: list.query,
    total: list.total,
    setReadState: list.setReadState,
    remove: useDeleteWithUndo(),
  });

  // A deleted card takes the focus with it: keyboard users continue from the list's heading.
  async function deleteArticle(article: Article) {
    const deleted = await list.remove(article);
    if (deleted) headingRef.current?.focus();
    return deleted;
  }

  const domains = stats?.top_domains.map((d) => d.domain) ?? [];
  const showEmpty = list.loaded && articles.length === 0 && offlineSaves.queued.length === 0;

  return (
    <SignedInLayout mainClassName="dashboard">
      <h1 className="visually-hidden">Your library</h1>
      <ImportBanner />
      <StatCards stats={stats ?? null} />
      <AddArticleBox onSaved={list.addArticles} onQueued={offlineSaves.queue} />
      <div className="dashboard-tools">
        <TopicsPanel />
        <AiSearchField />
      </div>

      <section className="library" aria-labelledby="library-heading" aria-busy={list.loading}>
        <div className="library-header">
          <h2 id="library-heading" className="section-title" ref={headingRef} tabIndex={-1}>
            Articles
          </h2>
          <div className="library-header-actions">
            <EbookMenu tag={list.tag} />
            <button
              type="button"
              className="button button-secondary"
              disabled={list.loading}
              onClick={() => void list.refresh()}
            >
              {list.loading && list.loaded ? "Refreshing..." : "Refresh"}
            </button>
          </div>
        </div>
        <Filters
          search={list.searchInput}
          domain={list.domainInput}
          domains={domains}
          onSearch={list.setSearchInput}
          onDomain={list.setDomainInput}
          tag={list.tag}
          tags={tags.data ?? []}
          onTag={list.setTag}
          highlighted={list.highlighted}
          onHighlighted={list.setHighlighted}
        />
        {offline && (
          <OfflineNotice>
            {list.loaded
              ? "Offline — showing the list saved on this device"
              : "Offline — the list is not saved on this device yet"}
          </OfflineNotice>
        )}
        {list.error && <ErrorBanner message={list.error} onDismiss={list.dismissError} />}
        {!list.totalExact && (
          <p className="muted search-breadth-note">
            More than {list.total.toLocaleString("en-US")} articles match this search, so the newest come first rather
            than the best matches. Add a word to narrow it.
          </p>
        )}

        {!list.loaded && list.loading && (
          <div className="library-loading" role="status">
            <span className="spinner" aria-hidden="true" />
            <span>Loading articles...</span>
          </div>
        )}
        {showEmpty &&
          (list.filtered ? (
            <div className="empty-state">
              <p>No articles match your current filters.</p>
              <button type="button" className="button button-secondary" onClick={list.clearFilters}>
                Clear filters
              </button>
            </div>
          ) : (
            <div className="empty-state">
              <h3>No articles yet</h3>
              <p>Articles you save will appear here, summarised and grouped by topic.</p>
            </div>
          ))}
        {(articles.length > 0 || offlineSaves.queued.length > 0) && (
          <ul className="article-grid" ref={grid}>
            {offlineSaves.queued.map((save) => (
              <li key={`queued-${save.url}`}>
                <QueuedCard save={save} onRemove={offlineSaves.remove} />
              </li>
            ))}
            {articles.map((article) => (
              <li key={article.id} data-article-id={article.id}>
                <ArticleCard article={article} onToggleRead={list.setReadState} onDelete={deleteArticle} />
              </li>
            ))}
          </ul>
        )}
        <Pagination
          page={list.page}
          perPage={list.perPage}
          total={list.total}
          totalExact={list.totalExact}
          totalPages={list.totalPages}
          pageSizes={PAGE_SIZES}
          onPage={list.goToPage}
          onPerPage={list.setPerPage}
        />
      </section>
    </SignedInLayout>
  );
}
