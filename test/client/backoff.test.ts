import { describe, expect, it } from "vitest";
import { BACKOFF_CAP_MS, backoffDelay } from "../../src/client/lib/backoff";

const middle = () => 0.5; // no jitter
const lowest = () => 0; // -20%
const highest = () => 0.999999; // about +20%

describe("polling backoff (spec §4)", () => {
  it("starts at 3 s and doubles", () => {
    expect([1, 2, 3, 4, 5].map((n) => backoffDelay(n, middle))).toEqual([3000, 6000, 12000, 24000, 48000]);
  });

  it("caps at 180 s", () => {
    expect(backoffDelay(7, middle)).toBe(BACKOFF_CAP_MS);
    expect(backoffDelay(30, middle)).toBe(BACKOFF_CAP_MS);
  });

  it("adds at most ±20% jitter", () => {
    expect(backoffDelay(1, lowest)).toBe(2400);
    expect(backoffDelay(1, highest)).toBe(3600);
    expect(backoffDelay(30, highest)).toBeLessThanOrEqual(BACKOFF_CAP_MS * 1.2);
    for (let i = 0; i < 100; i++) {
      const delay = backoffDelay(2);
      expect(delay).toBeGreaterThanOrEqual(4800);
      expect(delay).toBeLessThanOrEqual(7200);
    }
  });

  it("never goes below 1 s", () => {
    expect(backoffDelay(0, lowest)).toBeGreaterThanOrEqual(1000);
    expect(backoffDelay(-5, lowest)).toBeGreaterThanOrEqual(1000);
  });
});
