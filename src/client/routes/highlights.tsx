import { useEffect, useMemo, useState } from "react";
import { Link } from "react-router";
import type { HighlightColor } from "../api/types";
import { SignedInLayout } from "../components/app-header";
import { HighlightExport } from "../components/highlights/highlight-export";
import { HighlightFilters } from "../components/highlights/highlight-filters";
import { HighlightGroup } from "../components/highlights/highlight-group";
import { usePageTitle } from "../hooks/use-page-title";
import { useUrlFilters } from "../hooks/use-url-filters";
import { groupsWithNotes, HIGHLIGHT_COLORS } from "../lib/highlight-list";
import { useLibraryHighlights, useLibraryNotes } from "../queries/article-highlights";
import { useTagsQuery } from "../queries/tags";
import "../styles/dashboard.css";
import "../styles/highlights.css";

/** Typing in the search is debounced as the dashboard's is. */
const SEARCH_DEBOUNCE_MS = 500;

const isColor = (value: string | null): value is HighlightColor => HIGHLIGHT_COLORS.includes(value as HighlightColor);

/**
 * /highlights (issue 32): every highlight of the library, newest first, grouped by article, with the articles' own
 * notes beside them (issue 50); searchable over quotes and notes, filtered by colour and tag (all three in the URL,
 * so Back from an article returns to the same list), a page at a time. A quote opens the article at that highlight,
 * and the page exports what it shows (Markdown, JSON, CSV).
 */
export function HighlightsPage() {
  usePageTitle("Highlights");
  const [params, update] = useUrlFilters();
  const search = params.get("search") ?? "";
  const colorParam = params.get("color");
  const color = isColor(colorParam) ? colorParam : null;
  const tag = params.get("tag") ?? "";
  const [searchInput, setSearchInput] = useState(search);
  const tags = useTagsQuery();

  useEffect(() => {
    const timer = setTimeout(() => {
      const wanted = searchInput.trim();
      if (wanted !== search) update({ search: wanted || null });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchInput, search, update]);

  const filters = { search: search || undefined, color: color ?? undefined, tag: tag || undefined };
  const list = useLibraryHighlights(filters);
  const notes = useLibraryNotes(filters);
  const highlights = useMemo(() => list.data?.pages.flatMap((page) => page.highlights) ?? [], [list.data]);
  // Notes have no colour: with a colour chosen only the notes of the highlights' articles show.
  const noteList = useMemo(
    () => (color ? [] : (notes.data?.pages.flatMap((page) => page.notes) ?? [])),
    [color, notes.data],
  );
  const groups = useMemo(() => groupsWithNotes(highlights, noteList), [highlights, noteList]);
  const noteCount = groups.filter((group) => group.note?.trim()).length;
  const hasMore = list.hasNextPage || (!color && notes.hasNextPage);
  const loadMore = () => {
    if (list.hasNextPage) void list.fetchNextPage();
    if (!color && notes.hasNextPage) void notes.fetchNextPage();
  };
  /** Every page of both lists, for an export of all the page shows with these filters. */
  const loadAll = async () => {
    let h = list;
    while (h.hasNextPage) h = await h.fetchNextPage();
    let n = notes;
    while (!color && n.hasNextPage) n = await n.fetchNextPage();
    if (h.isError || (!color && n.isError)) throw new Error("Could not load every highlight. Try again.");
    return groupsWithNotes(
      h.data?.pages.flatMap((page) => page.highlights) ?? [],
      color ? [] : (n.data?.pages.flatMap((page) => page.notes) ?? []),
    );
  };
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
        {list.isPending || (!color && notes.isPending) ? (
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
              {noteCount > 0 ? ` and ${noteCount === 1 ? "1 article note" : `${noteCount} article notes`}` : ""}
              {hasMore ? " so far" : ""} in {groups.length === 1 ? "1 article" : `${groups.length} articles`}
            </p>
            <HighlightExport filters={{ search, color, tag }} loadAll={loadAll} />
            <div className="highlight-groups">
              {groups.map((group) => (
                <HighlightGroup key={group.article.id} group={group} />
              ))}
            </div>
            {(list.isFetchNextPageError || notes.isFetchNextPageError) && (
              <p className="field-error" role="alert">
                {(list.error ?? notes.error)?.message}
              </p>
            )}
            {hasMore && (
              <div className="load-more">
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={list.isFetchingNextPage || notes.isFetchingNextPage}
                  onClick={loadMore}
                >
                  {list.isFetchingNextPage || notes.isFetchingNextPage ? "Loading..." : "Load more"}
                </button>
              </div>
            )}
          </>
        )}
      </section>
    </SignedInLayout>
  );
}
