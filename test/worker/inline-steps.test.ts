import { describe, expect, it } from "vitest";
import { durationMs, INLINE_MAX_PAUSE_MS, inlineSteps } from "../../src/worker/workflows/inline-steps";

class NonRetryableError extends Error {
  override name = "NonRetryableError";
}

describe("inline processing steps (an import's articles, run by the queue consumer)", () => {
  it("reads Workflows durations", () => {
    expect(durationMs("10 seconds")).toBe(10_000);
    expect(durationMs("1 second")).toBe(1_000);
    expect(durationMs("2 minutes")).toBe(120_000);
    expect(durationMs(250)).toBe(250);
  });

  it("runs a step at once and answers its result, with or without a config", async () => {
    const steps = inlineSteps();
    expect(await steps.do("plain", async () => "done")).toBe("done");
    expect(await steps.do("with config", { retries: { limit: 2, delay: 1 } }, async () => 42)).toBe(42);
  });

  it("tries a failing step again up to its retry limit, then fails with the last error", async () => {
    const steps = inlineSteps();
    let calls = 0;
    const flaky = async () => {
      calls += 1;
      if (calls < 3) throw new Error(`failure ${calls}`);
      return calls;
    };
    expect(await steps.do("flaky", { retries: { limit: 2, delay: 1 } }, flaky)).toBe(3);

    let attempts = 0;
    const broken = steps.do("broken", { retries: { limit: 1, delay: 1 } }, async () => {
      attempts += 1;
      throw new Error(`broken ${attempts}`);
    });
    await expect(broken).rejects.toThrow("broken 2");
    expect(attempts).toBe(2);
  });

  it("does not retry a NonRetryableError", async () => {
    let attempts = 0;
    const failing = inlineSteps().do("refused", { retries: { limit: 3, delay: 1 } }, async () => {
      attempts += 1;
      throw new NonRetryableError("no");
    });
    await expect(failing).rejects.toThrow("no");
    expect(attempts).toBe(1);
  });

  it("caps waits between tries and sleeps, so a round of an import is not held for 30 s", async () => {
    const started = Date.now();
    await inlineSteps().sleep("back off", "30 seconds");
    const slept = Date.now() - started;
    expect(slept).toBeGreaterThanOrEqual(INLINE_MAX_PAUSE_MS - 50);
    expect(slept).toBeLessThan(30_000);
  });
});
