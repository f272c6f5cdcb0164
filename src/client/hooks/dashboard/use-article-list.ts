import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { ListQuery } from "../../api/articles";
import type { Article, ArticleList } from "../../api/types";
import { applyStatusUpdates, isUnfinished, sortArticles } from "../../lib/article-order";
import { type DashboardPage, DEFAULT_PAGE_SIZE } from "../../lib/dashboard-page";
import {
  batchToast,
  collectBatches,
  finishedSince,
  newBatch,
  processingToasts,
  type SaveBatch,
} from "../../lib/processing-report";
import {
  articleKeys,
  invalidateLibrary,
  useArticleListQuery,
  useBatchStatusQuery,
  useDeleteArticle,
  useSetReadState,
} from "../../queries/articles";
import { statsKeys } from "../../queries/stats";
import { topicKeys } from "../../queries/topics";
import { useToast } from "../use-toast";

/** Spec §9. */
export const FILTER_DEBOUNCE_MS = 500;
export { DEFAULT_PAGE_SIZE, PAGE_SIZES } from "../../lib/dashboard-page";

type ProcessingStatus = Article["processing_status"];

/** What in a page answer moves the counters: the total and each article's status and read state. */
function librarySignature(list: ArticleList): string {
  return `${list.total}|${list.articles.map((a) => `${a.id}:${a.processing_status}:${a.is_read ? 1 : 0}`).join(",")}`;
}

/**
 * The dashboard's article list: one page with its filters, kept fresh by the article list query's 3 s loop and
 * the 15 s batch status poll. Announces articles that finish processing (one toast for those finishing together)
 * and refreshes the counters and topics whenever the library changed, here or elsewhere.
 */
export function useArticleList(initial: DashboardPage = { page: 1, perPage: DEFAULT_PAGE_SIZE }) {
  const client = useQueryClient();
  const toast = useToast();
  const [query, setQuery] = useState<Required<ListQuery>>({
    page: initial.page,
    perPage: initial.perPage,
    tag: initial.tag ?? "",
    highlighted: initial.highlighted ?? false,
    search: initial.search ?? "",
    domain: initial.domain ?? "",
  });
  const [searchInput, setSearchInput] = useState(initial.search ?? "");
  const [domainInput, setDomainInput] = useState(initial.domain ?? "");
  const [refreshing, setRefreshing] = useState(false);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [refreshError, setRefreshError] = useState<string | null>(null);

  const list = useArticleListQuery(query);
  const data = list.isPlaceholderData ? undefined : list.data;
  const shown = list.data;
  const articles = useMemo(() => (shown ? sortArticles(shown.articles) : []), [shown]);
  const total = shown?.total ?? 0;
  const totalExact = shown?.total_exact !== false;

  const unfinishedIds = useMemo(() => articles.filter(isUnfinished).map((a) => a.id), [articles]);
  const statuses = useBatchStatusQuery(unfinishedIds);

  // Batch status answers go into the page's cached copy, so there is one list to read and to watch.
  useEffect(() => {
    if (statuses.data.length === 0) return;
    client.setQueryData<ArticleList>(articleKeys.list(query), (current) => {
      if (!current) return current;
      const { articles: next, changes } = applyStatusUpdates(current.articles, statuses.data);
      return changes.length ? { ...current, articles: next } : current;
    });
  }, [client, query, statuses.data]);

  const known = useRef(new Map<number, ProcessingStatus>());
  // Bulk saves waiting for their last article: each is announced by one toast, not one per article (issue 50).
  const batches = useRef<SaveBatch[]>([]);
  const lastSignature = useRef<{ key: string; signature: string } | null>(null);
  useEffect(() => {
    if (!data) return;
    const { loose, complete, waiting } = collectBatches(
      batches.current,
      finishedSince(known.current, data.articles),
      Date.now(),
    );
    batches.current = waiting;
    const { success, error } = processingToasts(loose);
    for (const message of success) toast.success(message);
    for (const message of error) toast.error(message);
    for (const batch of complete) {
      const { type, message } = batchToast(batch);
      toast[type](message);
    }

    // Saved, read or deleted in another tab, on another device, or finished processing: the stat cards, the
    // tab title's (N) and the topics follow within one loop.
    const key = JSON.stringify(query);
    const signature = librarySignature(data);
    const before = lastSignature.current;
    if (before && before.key === key && before.signature !== signature) {
      void client.invalidateQueries({ queryKey: statsKeys.all });
      void client.invalidateQueries({ queryKey: topicKeys.all });
    }
    lastSignature.current = { key, signature };

    // The last page emptied (a delete, or fewer articles elsewhere): show the new last page.
    if (data.articles.length === 0 && query.page > 1 && data.total > 0) {
      setQuery((q) => ({ ...q, page: Math.max(1, Math.ceil(data.total / q.perPage)) }));
    }
  }, [data, query, client, toast]);

  // Typing in the filters is debounced; a new filter starts again at page 1.
  useEffect(() => {
    const timer = setTimeout(() => {
      const search = searchInput.trim();
      const domain = domainInput.trim();
      setQuery((q) => (q.search === search && q.domain === domain ? q : { ...q, search, domain, page: 1 }));
    }, FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchInput, domainInput]);

  // A failure the server explained (a 4xx, a 500 with its detail) shows at once, over the cards already shown;
  // a network failure is retried quietly first (queries/query-client). Dismissed stays dismissed until this page
  // loads again or another page is asked for.
  const errorKey = `${JSON.stringify(query)}@${list.dataUpdatedAt}`;
  const loadError = list.isError && dismissed !== errorKey ? list.error.message : null;
  const error = refreshError ?? loadError;
  // A later answer of the loop makes a failed Refresh old news.
  const loadedAt = list.dataUpdatedAt;
  useEffect(() => {
    if (loadedAt) setRefreshError(null);
  }, [loadedAt]);

  const refresh = useCallback(async () => {
    setRefreshing(true);
    setDismissed(null);
    setRefreshError(null);
    try {
      await Promise.all([list.refresh(), client.invalidateQueries({ queryKey: statsKeys.all })]);
    } catch (failure) {
      // Asked for by the reader, so said out loud, unlike a failing background loop.
      setRefreshError(failure instanceof Error ? failure.message : "Failed to fetch articles");
    } finally {
      setRefreshing(false);
    }
  }, [list, client]);

  /** Newly saved articles are at the top of page 1 (spec §4): go there, and refresh every view of the library. */
  const addArticles = useCallback(
    (added: Article[]) => {
      if (added.length === 0) return;
      // Known as unfinished from the save's answer, so one that finishes before the next list answer still counts.
      for (const article of added) if (isUnfinished(article)) known.current.set(article.id, article.processing_status);
      const unfinished = added.filter(isUnfinished).map((article) => article.id);
      if (unfinished.length > 1) batches.current = [...batches.current, newBatch(unfinished, Date.now())];
      setQuery((q) => (q.page === 1 ? q : { ...q, page: 1 }));
      void invalidateLibrary(client);
    },
    [client],
  );

  const readState = useSetReadState();
  const setReadState = useCallback(
    async (article: Article, read: boolean) => {
      await readState.setReadState(article.id, read);
    },
    [readState],
  );

  const deletion = useDeleteArticle();
  const remove = useCallback((article: Article) => deletion.remove(article.id), [deletion]);

  const goToPage = useCallback(
    (page: number) => {
      setQuery((q) => {
        const pages = Math.max(1, Math.ceil(total / q.perPage));
        return page >= 1 && page <= pages && page !== q.page ? { ...q, page } : q;
      });
    },
    [total],
  );

  /** Shows the page and filters the dashboard's URL names (Back, Forward, a tag link or an edited address). */
  const showPage = useCallback(
    ({ page, perPage, tag = "", highlighted = false, search = "", domain = "" }: DashboardPage) => {
      // The fields show what the URL asks for, so the typing pause that follows changes nothing.
      setSearchInput(search);
      setDomainInput(domain);
      setQuery((q) =>
        q.page === page &&
        q.perPage === perPage &&
        q.tag === tag &&
        q.highlighted === highlighted &&
        q.search === search &&
        q.domain === domain
          ? q
          : { ...q, page, perPage, tag, highlighted, search, domain },
      );
    },
    [],
  );

  /** A tag is chosen from a list, so it applies at once (no debounce), from page 1. */
  const setTag = useCallback((tag: string) => setQuery((q) => (q.tag === tag ? q : { ...q, tag, page: 1 })), []);

  /** "Has highlights" (issue 32): a checkbox, so it applies at once, from page 1, like the tag. */
  const setHighlighted = useCallback(
    (highlighted: boolean) => setQuery((q) => (q.highlighted === highlighted ? q : { ...q, highlighted, page: 1 })),
    [],
  );

  const setPerPage = useCallback((perPage: number) => setQuery((q) => ({ ...q, perPage, page: 1 })), []);

  const clearFilters = useCallback(() => {
    setSearchInput("");
    setDomainInput("");
    setQuery((q) => ({ ...q, search: "", domain: "", tag: "", highlighted: false, page: 1 }));
  }, []);

  return {
    articles,
    total,
    /** False for a search of more matches than the server ranks: `total` is "at least", newest first. */
    totalExact,
    totalPages: Math.ceil(total / query.perPage),
    page: query.page,
    perPage: query.perPage,
    /** The query of the page shown (the viewer's next and previous article fetch its neighbours with it). */
    query,
    /** Filters the shown list was asked with (not what is being typed). */
    filtered: Boolean(query.search || query.domain || query.tag || query.highlighted),
    tag: query.tag,
    setTag,
    highlighted: query.highlighted,
    setHighlighted,
    searchInput,
    domainInput,
    setSearchInput,
    setDomainInput,
    clearFilters,
    /** A first load, a new page or filter, or the Refresh button; not the background loop. */
    loading: (list.isFetching && (list.isPending || list.isPlaceholderData)) || refreshing,
    loaded: shown !== undefined,
    error,
    dismissError: () => {
      setRefreshError(null);
      setDismissed(errorKey);
    },
    refresh,
    addArticles,
    setReadState,
    remove,
    goToPage,
    showPage,
    setPerPage,
  };
}
