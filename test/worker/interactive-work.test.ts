import { describe, expect, it } from "vitest";
import { asInteractive, interactiveRunning, yieldToInteractive } from "../../src/worker/jobs/interactive-work";
import { inlineSteps } from "../../src/worker/workflows/inline-steps";
import { interactiveSteps } from "../../src/worker/workflows/interactive-steps";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("background work yields to interactive work in the isolate", () => {
  // Other test files' requests may run in the same isolate: counts are read relative to what runs already.
  it("waits until interactive work settles, whether it succeeds or throws", async () => {
    const order: string[] = [];
    const before = interactiveRunning();
    const request = asInteractive(async () => {
      await sleep(150);
      order.push("request");
      throw new Error("the request failed");
    }).catch(() => undefined);
    expect(interactiveRunning()).toBe(before + 1);
    await yieldToInteractive(5_000).then(() => order.push("import step"));
    await request;
    expect(order).toEqual(["request", "import step"]);
    expect(interactiveRunning()).toBe(before);
  });

  it("goes on at once with no time to wait", async () => {
    const started = Date.now();
    await yieldToInteractive(0);
    expect(Date.now() - started).toBeLessThan(100);
  });

  it("waits at most its limit, so a busy isolate slows an import but never stops it", async () => {
    let release = () => {};
    const busy = asInteractive(() => new Promise<void>((resolve) => (release = resolve)));
    const started = Date.now();
    await yieldToInteractive(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    expect(interactiveRunning()).toBeGreaterThanOrEqual(1);
    release();
    await busy;
  });

  it("inline steps run the hook before every step", async () => {
    const calls: string[] = [];
    const steps = inlineSteps({ beforeEach: async () => void calls.push("yield") });
    await steps.do("fetch", async () => void calls.push("fetch"));
    await steps.do("extract", async () => void calls.push("extract"));
    expect(calls).toEqual(["yield", "fetch", "yield", "extract"]);
  });

  it("a save's Workflow counts as interactive while a step runs, not while it sleeps", async () => {
    const before = interactiveRunning();
    const seen: number[] = [];
    const steps = interactiveSteps(inlineSteps());
    await steps.do("extract", async () => void seen.push(interactiveRunning()));
    await steps.do("summarise", { retries: { limit: 0, delay: 0 } }, async () => void seen.push(interactiveRunning()));
    await steps.sleep("wait", 10);
    seen.push(interactiveRunning());
    expect(seen).toEqual([before + 1, before + 1, before]);
  });
});
