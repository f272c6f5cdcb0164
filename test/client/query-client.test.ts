import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../../src/client/api/client";
import { BACKOFF_START_MS } from "../../src/client/lib/backoff";
import {
  FIRST_LOAD_NETWORK_RETRIES,
  isNetworkFailure,
  pollEvery,
  retryWhileShown,
} from "../../src/client/queries/query-client";

describe("query client policies (spec §4 polling, §8 errors)", () => {
  it("counts as a network failure only no answer at all, or a gateway's 502-504 without the app's detail", () => {
    const answered = (status: number) => new ApiError(status, "x", { detail: "The library is resting" });
    const bare = (status: number) => new ApiError(status, "Failed to fetch articles", "<html>Bad gateway</html>");
    expect(isNetworkFailure(new ApiError(0, "offline"))).toBe(true);
    expect([502, 503, 504].map((status) => isNetworkFailure(bare(status)))).toEqual([true, true, true]);
    expect([400, 404, 409, 429, 500, 502, 503].map((status) => isNetworkFailure(answered(status)))).toEqual(
      Array(7).fill(false),
    );
    expect(isNetworkFailure(bare(500))).toBe(false);
    expect(isNetworkFailure(new Error("bug"))).toBe(false);
  });

  it("an answer with a detail fails at once, shown data or not; only a network failure is retried quietly", () => {
    const client = new QueryClient();
    const key = ["articles", "list", { page: 1 }];
    const retry = retryWhileShown(client, key);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const serverError = new ApiError(500, "The library is resting", { detail: "The library is resting" });
    const offline = new ApiError(0, "Cannot reach VibeRead");
    // A first load: the server's 500 fails at once; no answer is tried again a few times, then shown.
    expect(retry(0, serverError)).toBe(false);
    expect(retry(0, new ApiError(404, "gone", { detail: "gone" }))).toBe(false);
    expect(retry(0, offline)).toBe(true);
    expect(retry(FIRST_LOAD_NETWORK_RETRIES - 1, offline)).toBe(true);
    expect(retry(FIRST_LOAD_NETWORK_RETRIES, offline)).toBe(false);
    // Data on screen: the 500 with its detail still fails at once (its banner shows over the cards), while no
    // answer is retried for as long as it takes.
    client.setQueryData(key, { articles: [] });
    expect(retry(0, serverError)).toBe(false);
    expect(retry(0, new ApiError(429, "slow down", { detail: "slow down" }))).toBe(false);
    expect(retry(5, offline)).toBe(true);
    expect(retry(50, new ApiError(503, "Failed to fetch articles", null))).toBe(true);
    warn.mockRestore();
  });

  it("polls every period while active, stops when not, and backs off after a failed load", () => {
    const interval = pollEvery<number[]>(3_000, (data) => (data?.length ?? 0) > 0);
    // Only the state fields the interval reads; the rest of a Query does not matter here.
    const query = (state: object) => ({ state }) as any;
    expect(interval(query({ status: "success", data: [1] }))).toBe(3_000);
    expect(interval(query({ status: "success", data: [] }))).toBe(false);
    const first = interval(query({ status: "error", errorUpdateCount: 1 })) as number;
    expect(first).toBeGreaterThanOrEqual(BACKOFF_START_MS * 0.8);
    expect(first).toBeLessThanOrEqual(BACKOFF_START_MS * 1.2);
    const fourth = interval(query({ status: "error", errorUpdateCount: 4 })) as number;
    expect(fourth).toBeGreaterThanOrEqual(BACKOFF_START_MS * 8 * 0.8);
  });
});
