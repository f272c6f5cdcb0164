import { type Query, QueryClient, type QueryKey } from "@tanstack/react-query";
import { ApiError } from "../api/client";
import { backoffDelay } from "../lib/backoff";

/**
 * Worth trying again: no answer at all (offline, timeout), the server failing (5xx) or asking to slow down (429).
 * A 4xx answer will be the same next time, and a 401 has already sent the reader to /login.
 */
export function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status === 0 || error.status === 429 || error.status >= 500;
}

/** Spec §4's polling backoff (3 s doubling to 180 s, ±20%, at least 1 s); TanStack counts failures from 0. */
export const pollingRetryDelay = (failureCount: number) => backoffDelay(failureCount + 1);

/**
 * Retries for a query that refreshes something already on screen. The first load of a key does not retry, so a
 * failure shows at once (spec §8); a failing background refresh keeps the shown data, is only logged, and tries
 * again after the spec's backoff until the server answers.
 */
export function retryWhileShown(client: QueryClient, queryKey: QueryKey) {
  return (_failureCount: number, error: Error) => {
    const shown = client.getQueryState(queryKey)?.data !== undefined;
    if (shown && isTransient(error)) {
      console.warn("A background refresh failed; trying again later", error);
      return true;
    }
    return false;
  };
}

/**
 * A refetchInterval of `ms` while `active` says so (e.g. while something is still processing). After a failed
 * load the next try waits the spec's backoff instead. A key that has data retries its failures inside the fetch
 * (`retryWhileShown`), so a failed state means this key never loaded, and its error count is the run of failures.
 */
export function pollEvery<T>(ms: number, active: (data: T | undefined) => boolean = () => true) {
  // biome-ignore lint/suspicious/noExplicitAny: TanStack's Query generics are irrelevant to reading its state
  return (query: Query<T, any, T, any>) =>
    query.state.status === "error" ? backoffDelay(query.state.errorUpdateCount) : active(query.state.data) ? ms : false;
}

/**
 * A refresh the reader asked for (a Refresh button): it must answer now, with the data or the failure, not
 * wait in the background backoff. A background retry under way is dropped for it.
 */
export async function refetchNow<T>(client: QueryClient, queryKey: QueryKey, queryFn: () => Promise<T>): Promise<T> {
  await client.cancelQueries({ queryKey });
  return client.fetchQuery({ queryKey, queryFn, staleTime: 0, retry: false });
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Back in the tab or back online: show what changed meanwhile (another tab, device or the API).
        refetchOnWindowFocus: true,
        refetchOnReconnect: true,
        retry: false,
        retryDelay: pollingRetryDelay,
      },
      mutations: { retry: false },
    },
  });
}
