import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { articlesApi } from "../api/articles";
import { articleKeys, storeArticle } from "./articles";

/** Under the articles key, so every refresh of the library (invalidateLibrary) refreshes the tags too. */
export const tagKeys = { all: [...articleKeys.all, "tags"] as const };

/** The user's tags with their counts, for the dashboard's tag filter. */
export function useTagsQuery() {
  const query = useQuery({ queryKey: tagKeys.all, queryFn: articlesApi.tags });
  return { ...query, data: query.data?.tags };
}

/** Replaces an article's tags; its cached copies take the answer, and tag lists and filtered pages refetch. */
export function useSetArticleTags(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (tags: string[]) => articlesApi.setTags(id, tags),
    onSuccess: (article) => storeArticle(client, article),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: tagKeys.all }),
        client.invalidateQueries({ queryKey: articleKeys.lists() }),
      ]),
  });
}
