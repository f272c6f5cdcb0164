import { useCallback, useEffect, useState } from "react";
import type { Stats } from "../api/types";
import { loadStats, onStatsInvalidated } from "../lib/stats-cache";

/** Statistics through the shared 30 s cache; reloads when an action invalidates them. */
export function useStats() {
  const [stats, setStats] = useState<Stats | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);

  const load = useCallback(async (force = false) => {
    setLoading(true);
    try {
      setStats(await loadStats({ force }));
      setError(null);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : "Failed to fetch article statistics");
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load();
    return onStatsInvalidated(() => void load());
  }, [load]);

  return { stats, error, loading, refresh: () => load(true) };
}
