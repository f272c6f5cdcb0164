import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { articlesApi, MAX_BATCH_STATUS_IDS } from "../../api/articles";
import type { Article, BatchStatusItem } from "../../api/types";
import { applyStatusUpdates, isUnfinished, mergeArticles, sortArticles } from "../../lib/article-order";
import { backoffDelay } from "../../lib/backoff";
import { type DashboardPage, DEFAULT_PAGE_SIZE } from "../../lib/dashboard-page";
import { invalidateStats } from "../../lib/stats-cache";
import { useToast } from "../use-toast";

/** Spec §9. */
export const POLL_INTERVAL_MS = 3_000;
export const FILTER_DEBOUNCE_MS = 500;
export { DEFAULT_PAGE_SIZE, PAGE_SIZES } from "../../lib/dashboard-page";

interface Query {
  page: number;
  perPage: number;
  search: string;
  domain: string;
}

/**
 * The dashboard's article list: one page from the API with its filters, the 3 s status polling of unfinished
 * articles (with toasts and backoff), and the card actions. Every change keeps the spec §4 order.
 */
export function useArticleList(initial: DashboardPage = { page: 1, perPage: DEFAULT_PAGE_SIZE }) {
  const toast = useToast();
  const [query, setQuery] = useState<Query>({ ...initial, search: "", domain: "" });
  const [searchInput, setSearchInput] = useState("");
  const [domainInput, setDomainInput] = useState("");
  const [articles, setArticles] = useState<Article[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // The polling loop and the actions read the latest list here; `commit` keeps it and the state in step.
  const articlesRef = useRef<Article[]>([]);
  const queryRef = useRef(query);
  queryRef.current = query;
  const loadSeq = useRef(0);

  const commit = useCallback((update: (current: Article[]) => Article[]) => {
    const next = update(articlesRef.current);
    articlesRef.current = next;
    setArticles(next);
  }, []);

  /** Loads a page; `quiet` refreshes keep the cards and only log failures. Older answers are dropped. */
  const load = useCallback(
    async (current: Query, { quiet = false } = {}) => {
      const seq = ++loadSeq.current;
      if (!quiet) setLoading(true);
      try {
        const list = await articlesApi.list(current);
        if (seq !== loadSeq.current) return;
        commit(() => sortArticles(list.articles));
        setTotal(list.total);
        // A quiet refresh leaves a banner about something else (a failed delete) in place.
        if (!quiet) setError(null);
        setLoaded(true);
        // The last page emptied (a delete, or fewer articles elsewhere): show the new last page.
        if (list.articles.length === 0 && current.page > 1 && list.total > 0) {
          setQuery((q) => ({ ...q, page: Math.max(1, Math.ceil(list.total / q.perPage)) }));
        }
      } catch (failure) {
        if (seq !== loadSeq.current) return;
        if (!quiet) setError(failure instanceof Error ? failure.message : "Failed to fetch articles");
        else console.warn("Could not refresh the article list", failure);
      } finally {
        if (seq === loadSeq.current) setLoading(false);
      }
    },
    [commit],
  );

  useEffect(() => {
    void load(query);
  }, [query, load]);

  // Typing in the filters is debounced; a new filter starts again at page 1.
  useEffect(() => {
    const timer = setTimeout(() => {
      const search = searchInput.trim();
      const domain = domainInput.trim();
      setQuery((q) => (q.search === search && q.domain === domain ? q : { ...q, search, domain, page: 1 }));
    }, FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchInput, domainInput]);

  const applyStatuses = useCallback(
    (items: BatchStatusItem[]) => {
      const { articles: next, changes } = applyStatusUpdates(articlesRef.current, items);
      if (changes.length === 0) return;
      commit(() => next);
      let finished = false;
      for (const { after } of changes) {
        if (after.processing_status === "completed") {
          finished = true;
          if (after.title) toast.success(`"${after.title}" finished processing!`);
        } else if (after.processing_status === "failed") {
          finished = true;
          toast.error(`Failed to process article: ${after.url}`);
        }
      }
      if (finished) {
        invalidateStats();
        // The status call has no word count or read time; the page itself does.
        void load(queryRef.current, { quiet: true });
      }
    },
    [commit, load, toast],
  );

  const hasUnfinished = useMemo(() => articles.some(isUnfinished), [articles]);

  useEffect(() => {
    if (!hasUnfinished) return;
    let cancelled = false;
    let failures = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      const ids = articlesRef.current.filter(isUnfinished).map((a) => a.id);
      if (ids.length === 0) return;
      try {
        const items: BatchStatusItem[] = [];
        for (let i = 0; i < ids.length; i += MAX_BATCH_STATUS_IDS) {
          items.push(...(await articlesApi.batchStatus(ids.slice(i, i + MAX_BATCH_STATUS_IDS))));
        }
        if (cancelled) return;
        failures = 0;
        applyStatuses(items);
      } catch (failure) {
        if (cancelled) return;
        failures += 1;
        // Spec §8: polling failures are only logged; the loop backs off and carries on.
        console.warn("Could not check article processing status", failure);
      }
      if (!cancelled) timer = setTimeout(tick, failures ? backoffDelay(failures) : POLL_INTERVAL_MS);
    };
    timer = setTimeout(tick, POLL_INTERVAL_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [hasUnfinished, applyStatuses]);

  /** Newly saved articles go to the top (spec §4); on a later page the first page is shown instead. */
  const addArticles = useCallback(
    (added: Article[]) => {
      if (added.length === 0) return;
      invalidateStats();
      if (queryRef.current.page !== 1) {
        setQuery((q) => ({ ...q, page: 1 }));
        return;
      }
      const perPage = queryRef.current.perPage;
      const known = new Set(articlesRef.current.map((a) => a.id));
      commit((current) => mergeArticles(current, added).slice(0, perPage));
      setTotal((t) => t + added.filter((a) => !known.has(a.id)).length);
    },
    [commit],
  );

  const setReadState = useCallback(
    async (article: Article, read: boolean) => {
      try {
        const updated = read ? await articlesApi.markRead(article.id) : await articlesApi.markUnread(article.id);
        commit((current) => sortArticles(current.map((a) => (a.id === article.id ? { ...a, ...updated } : a))));
        invalidateStats();
        toast.success(read ? "Article marked as read!" : "Article marked as unread!");
      } catch {
        toast.error(read ? "Failed to mark article as read" : "Failed to mark article as unread");
      }
    },
    [commit, toast],
  );

  const remove = useCallback(
    async (article: Article): Promise<boolean> => {
      try {
        await articlesApi.remove(article.id);
      } catch (failure) {
        setError(failure instanceof Error ? failure.message : "Failed to delete article");
        return false;
      }
      commit((current) => current.filter((a) => a.id !== article.id));
      setTotal((t) => Math.max(0, t - 1));
      invalidateStats();
      // Pull the next article up from the following page.
      void load(queryRef.current, { quiet: true });
      return true;
    },
    [commit, load],
  );

  const goToPage = useCallback(
    (page: number) => {
      setQuery((q) => {
        const pages = Math.max(1, Math.ceil(total / q.perPage));
        return page >= 1 && page <= pages && page !== q.page ? { ...q, page } : q;
      });
    },
    [total],
  );

  /** Shows the page the dashboard's URL names (Back, Forward or an edited address onto another page). */
  const showPage = useCallback(
    ({ page, perPage }: DashboardPage) =>
      setQuery((q) => (q.page === page && q.perPage === perPage ? q : { ...q, page, perPage })),
    [],
  );

  const setPerPage = useCallback((perPage: number) => setQuery((q) => ({ ...q, perPage, page: 1 })), []);

  const clearFilters = useCallback(() => {
    setSearchInput("");
    setDomainInput("");
    setQuery((q) => ({ ...q, search: "", domain: "", page: 1 }));
  }, []);

  return {
    articles,
    total,
    totalPages: Math.ceil(total / query.perPage),
    page: query.page,
    perPage: query.perPage,
    /** Filters the shown list was asked with (not what is being typed). */
    filtered: Boolean(query.search || query.domain),
    searchInput,
    domainInput,
    setSearchInput,
    setDomainInput,
    clearFilters,
    loading,
    loaded,
    error,
    dismissError: () => setError(null),
    refresh: () => load(queryRef.current),
    addArticles,
    setReadState,
    remove,
    goToPage,
    showPage,
    setPerPage,
  };
}
