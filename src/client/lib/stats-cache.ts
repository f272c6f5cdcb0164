import { articlesApi } from "../api/articles";
import type { Stats } from "../api/types";

/** Spec §4: statistics are cached 30 s, with one shared request in flight. */
export const STATS_CACHE_MS = 30_000;

let cached: { stats: Stats; at: number } | null = null;
let pending: Promise<Stats> | null = null;
const listeners = new Set<() => void>();

/** The cached statistics if fresh, else one request shared by every caller that asks meanwhile. */
export function loadStats({ force = false } = {}): Promise<Stats> {
  if (!force && cached && Date.now() - cached.at < STATS_CACHE_MS) return Promise.resolve(cached.stats);
  if (pending) return pending;
  pending = articlesApi
    .stats()
    .then((stats) => {
      cached = { stats, at: Date.now() };
      return stats;
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}

/** After create, bulk create, delete, mark read and mark unread (spec §4). Subscribers reload. */
export function invalidateStats(): void {
  cached = null;
  for (const listener of listeners) listener();
}

export function onStatsInvalidated(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
