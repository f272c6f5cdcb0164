import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../../src/client/api/client";
import { BACKOFF_START_MS } from "../../src/client/lib/backoff";
import { isTransient, pollEvery, retryWhileShown } from "../../src/client/queries/query-client";

describe("query client policies (spec §4 polling, §8 errors)", () => {
  it("retries only what may pass next time: no answer, a failing server, too many requests", () => {
    expect([0, 429, 500, 503].map((status) => isTransient(new ApiError(status, "x")))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect([400, 401, 404, 409].map((status) => isTransient(new ApiError(status, "x")))).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect(isTransient(new Error("bug"))).toBe(false);
  });

  it("a first load fails at once; a refresh of shown data retries a transient failure", () => {
    const client = new QueryClient();
    const key = ["articles", "list", { page: 1 }];
    const retry = retryWhileShown(client, key);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(retry(0, new ApiError(503, "down"))).toBe(false);
    client.setQueryData(key, { articles: [] });
    expect(retry(0, new ApiError(503, "down"))).toBe(true);
    expect(retry(5, new ApiError(0, "offline"))).toBe(true);
    expect(retry(0, new ApiError(404, "gone"))).toBe(false);
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
