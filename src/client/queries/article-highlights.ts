import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { type HighlightQuery, highlightsApi } from "../api/highlights";
import type { Highlight } from "../api/types";
import { panelGroups } from "../lib/highlight-list";
import { articleKeys } from "./articles";
import { highlightKeys } from "./highlights";
import { retryWhileShown } from "./query-client";

/**
 * Issue 32: the article's highlights as the viewer's panel groups them, and the library's for /#/highlights.
 * The article's list shares its cache entry with the viewer's drawing (queries/highlights.ts), so a highlight
 * made, recoloured or deleted in the text shows in the panel at once.
 */
export const articleHighlightKeys = {
  all: highlightKeys.all,
  article: (articleId: number) => highlightKeys.article(articleId),
  library: (query: Omit<HighlightQuery, "cursor">) => ["highlights", "library", query] as const,
  notes: (query: Omit<HighlightQuery, "cursor" | "color">) => ["highlights", "notes", query] as const,
};

/** The article's highlights: all of them in reading order, and those no longer in the text apart. */
export function useArticleHighlights(articleId: number) {
  const client = useQueryClient();
  const queryKey = articleHighlightKeys.article(articleId);
  const query = useQuery({
    queryKey,
    queryFn: () => highlightsApi.ofArticle(articleId),
    enabled: Number.isSafeInteger(articleId) && articleId > 0,
    retry: retryWhileShown(client, queryKey),
  });
  const data = query.data?.highlights;
  return useMemo(() => {
    const { inText, orphaned } = panelGroups(data ?? []);
    return { highlights: inText, orphaned, total: data?.length ?? 0, isLoading: query.isLoading, error: query.error };
  }, [data, query.isLoading, query.error]);
}

/** Deletes a highlight; every list of highlights and the article counts follow. */
export function useDeleteHighlight() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (highlight: Highlight) => highlightsApi.remove(highlight.id),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: articleHighlightKeys.all }),
        client.invalidateQueries({ queryKey: articleKeys.all }),
      ]),
  });
}

export const LIBRARY_PAGE_SIZE = 30;

/** The library's highlights, newest first, a page at a time (the API's cursor). */
export function useLibraryHighlights(filters: Omit<HighlightQuery, "cursor" | "limit">) {
  const query = { ...filters, limit: LIBRARY_PAGE_SIZE };
  return useInfiniteQuery({
    queryKey: articleHighlightKeys.library(query),
    queryFn: ({ pageParam }) => highlightsApi.library({ ...query, cursor: pageParam ?? undefined }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
  });
}

/** The articles' own notes for /#/highlights (issue 50), newest first; none while a colour is chosen. */
export function useLibraryNotes(filters: Omit<HighlightQuery, "cursor" | "limit">) {
  const { color, ...rest } = filters;
  const query = { ...rest, limit: LIBRARY_PAGE_SIZE };
  return useInfiniteQuery({
    queryKey: articleHighlightKeys.notes(query),
    queryFn: ({ pageParam }) => highlightsApi.notes({ ...query, cursor: pageParam ?? undefined }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    // Notes have no colour: a colour filter shows highlights only.
    enabled: !color,
  });
}
