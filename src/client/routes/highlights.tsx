import { useCallback, useEffect, useMemo, useState } from "react";
import { Link, useSearchParams } from "react-router";
import type { HighlightColor } from "../api/types";
import { SignedInLayout } from "../components/app-header";
import { HighlightFilters } from "../components/highlights/highlight-filters";
import { HighlightGroup } from "../components/highlights/highlight-group";
import { usePageTitle } from "../hooks/use-page-title";
import { groupByArticle, HIGHLIGHT_COLORS } from "../lib/highlight-list";
import { useLibraryHighlights } from "../queries/article-highlights";
import { useTagsQuery } from "../queries/tags";
import "../styles/dashboard.css";
import "../styles/highlights.css";

/** Typing in the search is debounced as the dashboard's is. */
const SEARCH_DEBOUNCE_MS = 500;

const isColor = (value: string | null): value is HighlightColor => HIGHLIGHT_COLORS.includes(value as HighlightColor);

/**
 * /highlights (issue 32): every highlight of the library, newest first, grouped by article; searchable over
 * quotes and notes, filtered by colour and tag (all three in the URL, so Back from an article returns to the
 * same list), a page at a time.
 */
export function HighlightsPage() {
  usePageTitle("Highlights");
  const [params, setParams] = useSearchParams();
  const search = params.get("search") ?? "";
  const colorParam = params.get("color");
  const color = isColor(colorParam) ? colorParam : null;
  const tag = params.get("tag") ?? "";
  const [searchInput, setSearchInput] = useState(search);
  const tags = useTagsQuery();

  const update = useCallback(
    (changes: Record<string, string | null>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  useEffect(() => {
    const timer = setTimeout(() => {
      const wanted = searchInput.trim();
      if (wanted !== search) update({ search: wanted || null });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchInput, search, update]);

  const list = useLibraryHighlights({ search: search || undefined, color: color ?? undefined, tag: tag || undefined });
  const highlights = useMemo(() => list.data?.pages.flatMap((page) => page.highlights) ?? [], [list.data]);
  const groups = useMemo(() => groupByArticle(highlights), [highlights]);
  const filtered = Boolean(search || color || tag);

  return (
    <SignedInLayout>
      <nav className="breadcrumb" aria-label="Breadcrumb">
        <Link to="/dashboard">Dashboard</Link> / <span aria-current="page">Highlights</span>
      </nav>
      <h1 className="page-title">Highlights</h1>
      <p className="page-subtitle">Everything you highlighted, newest first, grouped by article</p>

      <HighlightFilters
        search={searchInput}
        onSearch={setSearchInput}
        color={color}
        onColor={(c) => update({ color: c })}
        tag={tag}
        tags={tags.data ?? []}
        onTag={(t) => update({ tag: t || null })}
      />

      <section className="highlight-library" aria-label="Highlights" aria-busy={list.isFetching}>
        {list.isPending ? (
          <div className="library-loading" role="status">
            <span className="spinner" aria-hidden="true" />
            <span>Loading highlights...</span>
          </div>
        ) : list.isError && highlights.length === 0 ? (
          <div className="empty-state" role="alert">
            <p>{list.error.message}</p>
            <button type="button" className="button button-secondary" onClick={() => void list.refetch()}>
              Try again
            </button>
          </div>
        ) : groups.length === 0 ? (
          filtered ? (
            <div className="empty-state">
              <h2>No highlights match</h2>
              <p>Try other words, another colour or tag.</p>
              <button
                type="button"
                className="button button-secondary"
                onClick={() => {
                  setSearchInput("");
                  update({ search: null, color: null, tag: null });
                }}
              >
                Clear filters
              </button>
            </div>
          ) : (
            <div className="empty-state">
              <h2>No highlights yet</h2>
              <p>
                Open an article, select a passage in its title, summary or content, and choose Highlight. Your
                highlights and their notes gather here.
              </p>
              <Link to="/dashboard" className="button button-secondary">
                Go to Dashboard
              </Link>
            </div>
          )
        ) : (
          <>
            <p className="muted highlight-total">
              {highlights.length === 1 ? "1 highlight" : `${highlights.length} highlights`}
              {list.hasNextPage ? " so far" : ""} in {groups.length === 1 ? "1 article" : `${groups.length} articles`}
            </p>
            <div className="highlight-groups">
              {groups.map((group) => (
                <HighlightGroup key={group.article.id} group={group} />
              ))}
            </div>
            {list.isFetchNextPageError && (
              <p className="field-error" role="alert">
                {list.error?.message}
              </p>
            )}
            {list.hasNextPage && (
              <div className="load-more">
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={list.isFetchingNextPage}
                  onClick={() => void list.fetchNextPage()}
                >
                  {list.isFetchingNextPage ? "Loading..." : "Load more"}
                </button>
              </div>
            )}
          </>
        )}
      </section>
    </SignedInLayout>
  );
}
