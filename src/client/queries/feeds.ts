import { type InfiniteData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type FeedFilter,
  type FeedItem,
  type FeedItemPage,
  type FeedSettings,
  feedsApi,
  type PublishedFeedKind,
} from "../api/feeds";
import { articleKeys } from "./articles";

/** The Feed and the subscriptions: query keys, queries and the mutations that keep them current. */
export const feedKeys = {
  all: ["feeds"] as const,
  subscriptions: () => [...feedKeys.all, "subscriptions"] as const,
  items: () => [...feedKeys.all, "items"] as const,
  list: (filter: FeedFilter) => [...feedKeys.items(), filter] as const,
  item: (id: number) => [...feedKeys.all, "item", id] as const,
  article: (id: number) => [...feedKeys.all, "article", id] as const,
  settings: () => [...feedKeys.all, "settings"] as const,
  published: () => [...feedKeys.all, "published"] as const,
};

/** New items arrive in the background (polls every 15 minutes or more): a minute is fresh enough. */
const FEED_STALE_MS = 60_000;

export function useSubscriptionsQuery() {
  return useQuery({ queryKey: feedKeys.subscriptions(), queryFn: feedsApi.subscriptions, staleTime: FEED_STALE_MS });
}

export function useFeedItems(filter: FeedFilter) {
  return useInfiniteQuery({
    queryKey: feedKeys.list(filter),
    queryFn: ({ pageParam }) => feedsApi.items(filter, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    staleTime: FEED_STALE_MS,
  });
}

export function useFeedItem(id: number | null) {
  return useQuery({
    queryKey: feedKeys.item(id ?? 0),
    queryFn: () => feedsApi.item(id ?? 0),
    enabled: id !== null,
  });
}

/**
 * The article behind an item whose feed gives only a summary, fetched when the reader opens it. Kept on the server
 * once read, so it is never stale here; a page that could not be read is asked again on the next open.
 */
export function useFeedItemArticle(id: number | null) {
  return useQuery({
    queryKey: feedKeys.article(id ?? 0),
    queryFn: () => feedsApi.itemArticle(id ?? 0),
    enabled: id !== null,
    staleTime: (query) => (query.state.data?.content_html ? Number.POSITIVE_INFINITY : 0),
    retry: false,
  });
}

export function useFeedSettings() {
  return useQuery({ queryKey: feedKeys.settings(), queryFn: feedsApi.settings });
}

/** A new period changes which items the Feed shows and its counts: both refetch. */
export function useUpdateFeedSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: FeedSettings) => feedsApi.updateSettings(settings),
    onSuccess: (settings) => client.setQueryData(feedKeys.settings(), settings),
    onSettled: () => client.invalidateQueries({ queryKey: feedKeys.all }),
  });
}

/** The published feeds of one kind (Atom feeds in "Publish as a feed", the e-reader catalogs in "E-books"). */
export function usePublishedFeeds(kind: PublishedFeedKind = "atom") {
  return useQuery({
    queryKey: feedKeys.published(),
    queryFn: async () => (await feedsApi.published()).feeds,
    select: (feeds) => feeds.filter((feed) => feed.kind === kind),
  });
}

export function usePublishFeed(kind: PublishedFeedKind = "atom") {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (tag: string | null) => feedsApi.publish(tag, kind),
    onSettled: () => client.invalidateQueries({ queryKey: feedKeys.published() }),
  });
}

export function useRevokePublishedFeed() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => feedsApi.revokePublished(id),
    onSettled: () => client.invalidateQueries({ queryKey: feedKeys.published() }),
  });
}

/** Replaces an item in every cached page of the Feed, so its new state shows at once. */
function patchItem(client: ReturnType<typeof useQueryClient>, item: FeedItem) {
  client.setQueriesData<InfiniteData<FeedItemPage>>({ queryKey: feedKeys.items() }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((i) => (i.id === item.id ? { ...i, ...item, content_html: i.content_html } : i)),
          })),
        }
      : data,
  );
}

export function useSubscribe() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ urls, folder }: { urls: string[]; folder?: string }) => feedsApi.subscribe(urls, folder),
    onSettled: () => client.invalidateQueries({ queryKey: feedKeys.all }),
  });
}

export function useImportOpml() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (opml: string) => feedsApi.importOpml(opml),
    onSettled: () => client.invalidateQueries({ queryKey: feedKeys.all }),
  });
}

export function useUnsubscribe() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => feedsApi.unsubscribe(id),
    onSettled: () => client.invalidateQueries({ queryKey: feedKeys.all }),
  });
}

export function useUpdateSubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...changes }: { id: number; title?: string | null; folder?: string | null; muted?: boolean }) =>
      feedsApi.update(id, changes),
    onSettled: () => client.invalidateQueries({ queryKey: feedKeys.all }),
  });
}

export function useSetSeen() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, seen }: { id: number; seen: boolean }) => feedsApi.setSeen(id, seen),
    onSuccess: (item) => patchItem(client, item),
    onSettled: () => client.invalidateQueries({ queryKey: feedKeys.subscriptions() }),
  });
}

export function useMarkSeenUpTo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, filter }: { id: number; filter: FeedFilter }) => feedsApi.markSeenUpTo(id, filter),
    onSettled: () => client.invalidateQueries({ queryKey: feedKeys.all }),
  });
}

/** Saves to the Library: the Feed shows the item saved, and the Library's lists refetch. */
export function useSaveToLibrary() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => feedsApi.save(id),
    onSuccess: ({ item }) => patchItem(client, item),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: articleKeys.all });
      void client.invalidateQueries({ queryKey: feedKeys.subscriptions() });
    },
  });
}
