import type { WorkflowStep } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { jsonStep } from "../../src/worker/workflows/json-step";

/** Records what each step's callback handed to the Workflows runtime; or replays a stored result. */
function recordingStep(stored?: unknown) {
  const crossed: unknown[] = [];
  const step = {
    async do(_name: string, _config: unknown, callback: () => Promise<unknown>) {
      if (stored !== undefined) return stored;
      const result = await callback();
      crossed.push(result);
      return result;
    },
  } as unknown as WorkflowStep;
  return { step, crossed };
}

describe("jsonStep (an object result crosses the step boundary as JSON text)", () => {
  it("hands the runtime a string, never an object, and gives the caller the object back", async () => {
    const { step, crossed } = recordingStep();
    const result = await jsonStep(step, "extract", {}, async () => ({ hasText: true, words: [1, 2], none: null }));
    expect(result).toEqual({ hasText: true, words: [1, 2], none: null });
    expect(crossed).toEqual(['{"hasText":true,"words":[1,2],"none":null}']);
  });

  it("round-trips null, and a result stored as an object by an earlier version is returned as it is", async () => {
    expect(await jsonStep(recordingStep().step, "begin", {}, async () => null)).toBeNull();
    const old = { url: "https://example.com/a" };
    expect(await jsonStep(recordingStep(old).step, "begin", {}, async () => ({ url: "other" }))).toBe(old);
  });
});
