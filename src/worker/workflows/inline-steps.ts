import type { WorkflowSleepDuration, WorkflowStepConfig } from "cloudflare:workers";
import type { ProcessingSteps } from "./process-article";

/**
 * The longest pause of inline steps, between tries or in a sleep. The consumer that runs them waits for the
 * slowest article of a round, so a site answering 429 is tried again after 2 s, not after 10 and 30 s as in
 * a Workflow (its article fails sooner and can be re-fetched).
 */
export const INLINE_MAX_PAUSE_MS = 2_000;

const UNIT_MS: Record<string, number> = {
  second: 1_000,
  minute: 60_000,
  hour: 3_600_000,
  day: 86_400_000,
  week: 604_800_000,
  month: 2_592_000_000,
  year: 31_536_000_000,
};

/** A Workflows duration ("10 seconds", "1 minute", or milliseconds) in milliseconds. */
export function durationMs(duration: WorkflowSleepDuration): number {
  if (typeof duration === "number") return duration;
  const [amount = "0", unit = "second"] = duration.split(" ");
  return Number(amount) * (UNIT_MS[unit.replace(/s$/, "")] ?? 1_000);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.min(ms, INLINE_MAX_PAUSE_MS)));

/** The runtime marks an error not to retry by its name (NonRetryableError), as Workflows does. */
const isNonRetryable = (error: unknown) => error instanceof Error && error.name === "NonRetryableError";

/**
 * Processing steps run in place, by a queue consumer, instead of as a Workflow's durable steps: each callback
 * is run at once and tried again after its config's delay (capped) up to its retry limit; nothing is stored
 * between steps. The imports' consumer uses them: a Workflow instance per imported article is a Durable Object
 * with its own SQLite file, and the local runtime keeps every one open (10,000 articles ran out of the
 * machine's 20,000 open files at about 6,600). A message delivered again simply processes its articles again.
 * `beforeEach` runs before each step (the imports' consumer yields to interactive work there).
 */
export function inlineSteps({ beforeEach }: { beforeEach?: () => Promise<void> } = {}): ProcessingSteps {
  async function run<T>(config: WorkflowStepConfig | undefined, callback: () => Promise<T>): Promise<T> {
    await beforeEach?.();
    const limit = config?.retries?.limit ?? 0;
    const delay = config?.retries?.delay;
    const base = typeof delay === "function" ? 1_000 : durationMs(delay ?? 1_000);
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await callback();
      } catch (error) {
        if (attempt >= limit || isNonRetryable(error)) throw error;
        await pause(config?.retries?.backoff === "exponential" ? base * 2 ** attempt : base);
      }
    }
  }

  const steps = {
    do<T>(
      _name: string,
      configOrCallback: WorkflowStepConfig | (() => Promise<T>),
      callback?: () => Promise<T>,
    ): Promise<T> {
      if (typeof configOrCallback === "function") return run(undefined, configOrCallback);
      if (!callback) throw new TypeError("step.do needs a callback");
      return run(configOrCallback, callback);
    },
    async sleep(_name: string, duration: WorkflowSleepDuration): Promise<void> {
      await pause(durationMs(duration));
    },
  };
  return steps as unknown as ProcessingSteps;
}
