import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { articlesApi } from "../api/articles";
import type { Feedback } from "../api/types";
import { useToast } from "../hooks/use-toast";
import { topicKeys } from "./topics";

export type Rating = Feedback["feedback_value"];

export const feedbackKeys = {
  all: ["feedback"] as const,
  forArticle: (articleId: number) => [...feedbackKeys.all, articleId] as const,
};

/**
 * The reader's rating of one article (-1 poor, 0 alright, 1 good): set optimistically, rolled back with an error
 * toast on failure, one request at a time (spec §4). A failed load is only logged: the choices still work.
 */
export function useFeedback(articleId: number) {
  const client = useQueryClient();
  const toast = useToast();
  const queryKey = feedbackKeys.forArticle(articleId);
  const query = useQuery({
    queryKey,
    queryFn: async (): Promise<Rating | null> => (await articlesApi.getFeedback(articleId))?.feedback_value ?? null,
    // A rating changes only through this page; the answer cannot go stale behind its back.
    staleTime: Number.POSITIVE_INFINITY,
  });
  useEffect(() => {
    if (query.error) console.warn("Could not load the article's rating", query.error);
  }, [query.error]);

  const mutation = useMutation({
    mutationFn: (value: Rating) => articlesApi.setFeedback(articleId, value),
    onMutate: async (value) => {
      // A click made while the rating loads wins over the stored value the load would bring.
      await client.cancelQueries({ queryKey });
      const previous = client.getQueryData<Rating | null>(queryKey) ?? null;
      client.setQueryData<Rating | null>(queryKey, value);
      return { previous };
    },
    onSuccess: (saved) => {
      client.setQueryData<Rating | null>(queryKey, saved.feedback_value);
      // Topics show the average rating of their articles.
      void client.invalidateQueries({ queryKey: topicKeys.all });
    },
    onError: (error, _value, context) => {
      client.setQueryData<Rating | null>(queryKey, context?.previous ?? null);
      toast.error(error instanceof Error ? error.message : "Failed to create article feedback");
    },
  });

  const rating = query.data ?? null;
  return {
    rating,
    loaded: !query.isPending || query.isError,
    saving: mutation.isPending,
    rate: (value: Rating) => {
      if (mutation.isPending || value === rating) return;
      mutation.mutate(value);
    },
  };
}

const RATING_LABELS: Record<Rating, string> = { [-1]: "Poor", 0: "Alright", 1: "Good" };

/**
 * Rates any article from the dashboard's keyboard (issue 50 item 2: 1, 2, 3): the same call as the viewer's
 * buttons, with a toast that says what was stored, since the card shows no rating.
 */
export function useRateArticle() {
  const client = useQueryClient();
  const toast = useToast();
  return (articleId: number, value: Rating) =>
    articlesApi.setFeedback(articleId, value).then(
      (saved) => {
        client.setQueryData<Rating | null>(feedbackKeys.forArticle(articleId), saved.feedback_value);
        void client.invalidateQueries({ queryKey: topicKeys.all });
        toast.success(`Rated ${RATING_LABELS[saved.feedback_value]}`);
      },
      (error: unknown) => toast.error(error instanceof Error ? error.message : "Failed to create article feedback"),
    );
}

/** The viewer's and the dashboard's rating keys: 1 Poor, 2 Alright, 3 Good (the order of the viewer's buttons). */
export const RATING_KEYS: { key: string; value: Rating; label: string }[] = [
  { key: "1", value: -1, label: "Rate Poor" },
  { key: "2", value: 0, label: "Rate Alright" },
  { key: "3", value: 1, label: "Rate Good" },
];
