import { type Query, QueryClient, type QueryKey } from "@tanstack/react-query";
import { ApiError } from "../api/client";
import { backoffDelay } from "../lib/backoff";

/**
 * A failure that says nothing about the request: no answer at all (offline, a timeout, a dropped connection), or a
 * gateway's 502/503/504 without the app's `detail` (the app was not reached). Only these are retried quietly
 * (issue 31 item 5): an answer with a detail, 4xx or 5xx, will be shown, and a 401 has already sent the reader
 * to /login.
 */
export function isNetworkFailure(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.status === 0) return true;
  return error.detail === undefined && [502, 503, 504].includes(error.status);
}

/** Spec §4's polling backoff (3 s doubling to 180 s, ±20%, at least 1 s); TanStack counts failures from 0. */
export const pollingRetryDelay = (failureCount: number) => backoffDelay(failureCount + 1);

/** A first load tries again this many times after a network failure (about 3 s and 6 s later) before saying so. */
export const FIRST_LOAD_NETWORK_RETRIES = 2;

/**
 * Retries of a query: only network failures, quietly (logged). While data is on screen they go on with the
 * spec's backoff until the server answers; a first load gives up after FIRST_LOAD_NETWORK_RETRIES and shows the
 * failure. Any answer with a status (a 4xx, a 500 with the server's detail) fails at once, so its banner shows
 * as soon as it arrives instead of after the query library's default three retries.
 */
export function retryWhileShown(client: QueryClient, queryKey: QueryKey) {
  return (failureCount: number, error: Error) => {
    if (!isNetworkFailure(error)) return false;
    const shown = client.getQueryState(queryKey)?.data !== undefined;
    if (!shown && failureCount >= FIRST_LOAD_NETWORK_RETRIES) return false;
    console.warn("The server could not be reached; trying again later", error);
    return true;
  };
}

/**
 * A refetchInterval of `ms` while `active` says so (e.g. while something is still processing). After a failed
 * load the next try waits the spec's backoff instead. A key that has data retries its network failures inside the fetch
 * (`retryWhileShown`); any failed state is counted as a run of failures by its error count.
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
