import { keepPreviousData, type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { articlesApi, type ListQuery, MAX_BATCH_STATUS_IDS } from "../api/articles";
import type { Article, ArticleList, BatchStatusItem } from "../api/types";
import { useToast } from "../hooks/use-toast";
import { isUnfinished, sortArticles } from "../lib/article-order";
import { pollEvery, refetchNow, retryWhileShown } from "./query-client";
import { relatedKeys } from "./related";
import { statsKeys } from "./stats";
import { topicKeys } from "./topics";

/** Spec §9: the dashboard's update loop, and the batch status poll while anything is unfinished. */
export const DASHBOARD_LOOP_MS = 3_000;
export const BATCH_STATUS_POLL_MS = 15_000;
/** The viewer checks an unfinished article (or one being re-fetched) this often. */
export const ARTICLE_POLL_MS = 3_000;

export const articleKeys = {
  all: ["articles"] as const,
  lists: () => [...articleKeys.all, "list"] as const,
  list: (query: ListQuery) => [...articleKeys.lists(), query] as const,
  statuses: (ids: readonly number[]) => [...articleKeys.all, "statuses", ids] as const,
  details: () => [...articleKeys.all, "detail"] as const,
  detail: (id: number) => [...articleKeys.details(), id] as const,
};

/**
 * Everything an article's change can move: lists, the viewer, the counters, topic counts and related lists.
 * Called after save, bulk save, delete, mark read / unread and a finished processing run.
 */
export function invalidateLibrary(client: QueryClient, { deletedId }: { deletedId?: number } = {}): Promise<void> {
  const deletedKey = deletedId === undefined ? null : articleKeys.detail(deletedId);
  return Promise.all([
    client.invalidateQueries({
      queryKey: articleKeys.all,
      // The viewer of a deleted article is on its way out; refetching it would only answer 404.
      predicate: (query) => !deletedKey || !matchesKey(query.queryKey, deletedKey),
    }),
    client.invalidateQueries({ queryKey: statsKeys.all }),
    client.invalidateQueries({ queryKey: topicKeys.all }),
    client.invalidateQueries({ queryKey: relatedKeys.all }),
  ]).then(() => undefined);
}

function matchesKey(key: readonly unknown[], wanted: readonly unknown[]): boolean {
  return key.length === wanted.length && wanted.every((part, i) => key[i] === part);
}

/** Puts an article's newest state into every cached copy: its viewer query and any list page holding it. */
export function storeArticle(client: QueryClient, article: Article): void {
  client.setQueryData<Article>(articleKeys.detail(article.id), (current) =>
    current ? { ...current, ...article } : current,
  );
  client.setQueriesData<ArticleList>({ queryKey: articleKeys.lists() }, (list) =>
    list?.articles.some((a) => a.id === article.id)
      ? {
          ...list,
          articles: sortArticles(list.articles.map((a) => (a.id === article.id ? { ...a, ...article } : a))),
        }
      : list,
  );
}

/**
 * One page of the dashboard's list, refetched every 3 s while the page is visible: the loop that moves cards
 * through processing and picks up articles saved in another tab, on another device or through the API.
 */
export function useArticleListQuery(query: ListQuery) {
  const client = useQueryClient();
  const queryKey = articleKeys.list(query);
  const list = useQuery({
    queryKey,
    queryFn: () => articlesApi.list(query),
    // A new page or filter keeps the old cards on screen until its answer arrives.
    placeholderData: keepPreviousData,
    refetchInterval: pollEvery<ArticleList>(DASHBOARD_LOOP_MS),
    retry: retryWhileShown(client, queryKey),
  });
  /** The Refresh button: answers now, with the page or the failure. */
  const refresh = () => refetchNow(client, queryKey, () => articlesApi.list(query));
  return { ...list, refresh };
}

/** Spec §4's batch status poll: every 15 s while any of `ids` is unfinished (50 ids a call). */
export function useBatchStatusQuery(ids: readonly number[]) {
  const client = useQueryClient();
  const queryKey = articleKeys.statuses(ids);
  return useQuery({
    queryKey,
    queryFn: async () => {
      const items: BatchStatusItem[] = [];
      for (let i = 0; i < ids.length; i += MAX_BATCH_STATUS_IDS) {
        items.push(...(await articlesApi.batchStatus(ids.slice(i, i + MAX_BATCH_STATUS_IDS))));
      }
      return items;
    },
    enabled: ids.length > 0,
    // The first answer waits one period: the list has only just been loaded.
    initialData: [],
    initialDataUpdatedAt: () => Date.now(),
    staleTime: BATCH_STATUS_POLL_MS,
    refetchInterval: pollEvery<BatchStatusItem[]>(BATCH_STATUS_POLL_MS, () => ids.length > 0),
    retry: retryWhileShown(client, queryKey),
  });
}

/** The viewer's article, refetched every 3 s while it is unfinished or while `alsoPoll` (a running re-fetch). */
export function useArticleQuery(id: number, { alsoPoll = false }: { alsoPoll?: boolean } = {}) {
  const client = useQueryClient();
  const queryKey = articleKeys.detail(id);
  return useQuery({
    queryKey,
    queryFn: () => articlesApi.get(id),
    enabled: Number.isSafeInteger(id) && id > 0,
    refetchInterval: pollEvery<Article>(ARTICLE_POLL_MS, (article) =>
      Boolean(article && (isUnfinished(article) || alsoPoll)),
    ),
    retry: retryWhileShown(client, queryKey),
  });
}

/** Mark read or unread (spec §4 toasts), from a card or the viewer. Resolves to whether it worked. */
export function useSetReadState() {
  const client = useQueryClient();
  const toast = useToast();
  const mutation = useMutation({
    mutationFn: ({ id, read }: { id: number; read: boolean }) =>
      read ? articlesApi.markRead(id) : articlesApi.markUnread(id),
    onSuccess: async (article, { read }) => {
      // A poll already on its way could answer with the state before this one.
      await client.cancelQueries({ queryKey: articleKeys.detail(article.id) });
      storeArticle(client, article);
      toast.success(read ? "Article marked as read!" : "Article marked as unread!");
      void invalidateLibrary(client);
    },
    onError: (_error, { read }) => {
      toast.error(read ? "Failed to mark article as read" : "Failed to mark article as unread");
    },
  });
  return {
    pending: mutation.isPending ? (mutation.variables?.read ? ("read" as const) : ("unread" as const)) : null,
    setReadState: (id: number, read: boolean) =>
      mutation.mutateAsync({ id, read }).then(
        () => true,
        () => false,
      ),
  };
}

/** The one text both the card and the viewer confirm a delete with. */
export const ARTICLE_DELETED = "Article deleted";

/** Delete from a card or the viewer: the same toast either way. Resolves to whether it worked. */
export function useDeleteArticle() {
  const client = useQueryClient();
  const toast = useToast();
  const mutation = useMutation({
    mutationFn: (id: number) => articlesApi.remove(id),
    onSuccess: (_nothing, id) => {
      void client.cancelQueries({ queryKey: articleKeys.detail(id) });
      client.setQueriesData<ArticleList>({ queryKey: articleKeys.lists() }, (list) =>
        list?.articles.some((a) => a.id === id)
          ? { ...list, articles: list.articles.filter((a) => a.id !== id), total: Math.max(0, list.total - 1) }
          : list,
      );
      toast.success(ARTICLE_DELETED);
      // The next article moves up from the following page; the counters and topics shrink.
      void invalidateLibrary(client, { deletedId: id });
    },
    onError: (error) => toast.error(error instanceof Error ? error.message : "Failed to delete article"),
  });
  return {
    deleting: mutation.isPending,
    remove: (id: number) =>
      mutation.mutateAsync(id).then(
        () => true,
        () => false,
      ),
  };
}
