import { useCallback, useEffect, useRef, useState } from "react";
import { type Topic, topicsApi } from "../../api/topics";
import { onStatsInvalidated } from "../../lib/stats-cache";

export type TopicsState =
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "loaded"; topics: Topic[] };

/**
 * The user's best topics with something unread (GET /api/topics/?limit&unread_only=true). Unread counts are
 * live, so the list reloads quietly (keeping what is shown) whenever an article is added, read or deleted.
 */
export function useTopics(limit: number) {
  const [state, setState] = useState<TopicsState>({ status: "loading" });
  /** Only the newest request may set the state: an older answer arriving late must not win. */
  const latest = useRef(0);

  const load = useCallback(
    async ({ quiet = false } = {}) => {
      const call = ++latest.current;
      if (!quiet) setState({ status: "loading" });
      try {
        const { topics } = await topicsApi.list({ limit, unreadOnly: true });
        if (call === latest.current) setState({ status: "loaded", topics });
      } catch (error) {
        if (call !== latest.current) return;
        // A quiet reload that fails keeps the topics already shown rather than replacing them by an error.
        setState((previous) =>
          quiet && previous.status === "loaded"
            ? previous
            : { status: "error", message: error instanceof Error ? error.message : "Failed to fetch topics" },
        );
      }
    },
    [limit],
  );

  useEffect(() => {
    void load();
    return onStatsInvalidated(() => void load({ quiet: true }));
  }, [load]);

  return { state, reload: () => load() };
}
