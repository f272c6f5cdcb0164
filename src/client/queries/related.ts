import { useQuery } from "@tanstack/react-query";
import { articlesApi } from "../api/articles";

export const relatedKeys = {
  all: ["related"] as const,
  forArticle: (id: number) => [...relatedKeys.all, id] as const,
};

/**
 * The viewer's related articles (spec §2): up to 5 unread and 5 read, nearest by meaning. Invalidated with
 * every article change (a read article moves from one tab to the other).
 */
export function useRelatedQuery(articleId: number) {
  return useQuery({
    queryKey: relatedKeys.forArticle(articleId),
    queryFn: async () => {
      const [unread, read] = await Promise.all([
        articlesApi.related(articleId, "unread"),
        articlesApi.related(articleId, "read"),
      ]);
      return { unread: unread.related, read: read.related, notice: unread.notice ?? read.notice };
    },
  });
}
