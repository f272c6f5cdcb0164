import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError } from "../api/client";
import { type Topic, type TopicDetail, topicsApi } from "../api/topics";
import { retryWhileShown } from "./query-client";

export const topicKeys = {
  all: ["topics"] as const,
  lists: () => [...topicKeys.all, "list"] as const,
  list: (limit: number) => [...topicKeys.lists(), { limit, unreadOnly: true }] as const,
  details: () => [...topicKeys.all, "detail"] as const,
  detail: (id: number, page: TopicPageQuery) => [...topicKeys.details(), id, page] as const,
};

export type TopicsState =
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "loaded"; topics: Topic[]; notice: string | null };

/**
 * The user's best topics with something unread. Unread counts are live, so every article change invalidates
 * them (see `invalidateLibrary`); a failed refresh keeps the topics already shown.
 */
export function useTopics(limit: number) {
  const client = useQueryClient();
  const queryKey = topicKeys.list(limit);
  const query = useQuery({
    queryKey,
    queryFn: async () => {
      const list = await topicsApi.list({ limit, unreadOnly: true });
      // A degraded answer's notice is shown instead of a promise of topics that will not come.
      return { topics: list.topics, notice: list.degraded && list.notice ? list.notice : null };
    },
    retry: retryWhileShown(client, queryKey),
  });
  const state: TopicsState = query.data
    ? { status: "loaded", topics: query.data.topics, notice: query.data.notice }
    : query.isError
      ? { status: "error", message: query.error.message || "Failed to fetch topics" }
      : { status: "loading" };
  return { state, reload: () => void query.refetch() };
}

export interface TopicPageQuery {
  unreadOnly: boolean;
  page: number;
  perPage: number;
}

export type TopicDetailState =
  | { status: "loading" }
  | { status: "not-found" }
  | { status: "error"; message: string }
  | { status: "loaded"; topic: TopicDetail };

/**
 * One topic with one page of its articles. A new page or filter keeps the current one on screen (`updating`)
 * until the answer arrives; a 404 (deleted, someone else's, a mistyped id) or an invalid id is 'not-found'.
 */
export function useTopicDetail(topicId: number | null, page: TopicPageQuery) {
  const client = useQueryClient();
  const queryKey = topicKeys.detail(topicId ?? 0, page);
  const query = useQuery({
    queryKey,
    queryFn: () =>
      topicsApi.detail(topicId as number, {
        unreadOnly: page.unreadOnly,
        limit: page.perPage,
        offset: (page.page - 1) * page.perPage,
      }),
    enabled: topicId !== null,
    placeholderData: keepPreviousData,
    retry: retryWhileShown(client, queryKey),
  });
  let state: TopicDetailState;
  if (topicId === null) state = { status: "not-found" };
  else if (query.isError && !query.isPlaceholderData) {
    state =
      query.error instanceof ApiError && query.error.status === 404
        ? { status: "not-found" }
        : { status: "error", message: query.error.message || "Failed to fetch topic details" };
  } else if (query.data) state = { status: "loaded", topic: query.data };
  else state = { status: "loading" };
  return { state, updating: query.isFetching, retry: () => void query.refetch() };
}

/** Deletes a topic; every topic list and detail is refetched by whoever shows one next. */
export function useDeleteTopic() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => topicsApi.remove(id),
    onSuccess: (_nothing, id) => {
      client.removeQueries({ queryKey: [...topicKeys.details(), id] });
      void client.invalidateQueries({ queryKey: topicKeys.all });
    },
  });
}
