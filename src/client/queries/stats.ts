import { useQuery, useQueryClient } from "@tanstack/react-query";
import { articlesApi } from "../api/articles";
import { refetchNow, retryWhileShown } from "./query-client";

/** Spec §4: statistics are fresh for 30 s; every screen asking meanwhile shares the answer (or the one request). */
export const STATS_STALE_MS = 30_000;

export const statsKeys = {
  all: ["stats"] as const,
  overview: () => [...statsKeys.all, "overview"] as const,
};

/**
 * The statistics of the stat cards, the tab title's (N) and /stats. Invalidated (so refetched by whoever shows
 * them) after save, bulk save, delete, mark read and unread, and whenever the dashboard's loop sees the library
 * change.
 */
export function useStatsQuery() {
  const client = useQueryClient();
  const queryKey = statsKeys.overview();
  const query = useQuery({
    queryKey,
    queryFn: () => articlesApi.stats(),
    staleTime: STATS_STALE_MS,
    retry: retryWhileShown(client, queryKey),
  });
  /** The Refresh button: bypasses the 30 s freshness and reports a failure at once. */
  const refresh = () => refetchNow(client, queryKey, () => articlesApi.stats());
  return { ...query, refresh };
}
