import { useCallback } from "react";
import { useSearchParams } from "react-router";

/**
 * A screen's filters kept in its URL's query: the current parameters, and an update that sets or (for null or "")
 * removes several at once, replacing the history entry so Back leaves the screen rather than undoing a filter.
 */
export function useUrlFilters(): [URLSearchParams, (changes: Record<string, string | null>) => void] {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (changes: Record<string, string | null>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [params, update];
}
