import type { WorkflowSleepDuration, WorkflowStepConfig } from "cloudflare:workers";
import { asInteractive } from "../jobs/interactive-work";
import type { ProcessingSteps } from "./process-article";

/**
 * A save's Workflow steps, each callback counted as interactive work while it runs (jobs/interactive-work.ts): an
 * import in the same isolate yields to them. Only the callbacks: a Workflow waiting between tries of a site that
 * does not answer, or sleeping, holds up no import.
 */
export function interactiveSteps(step: ProcessingSteps): ProcessingSteps {
  const steps = {
    do<T>(
      name: string,
      configOrCallback: WorkflowStepConfig | (() => Promise<T>),
      callback?: () => Promise<T>,
    ): Promise<T> {
      const run = step.do as unknown as (
        name: string,
        ...rest: [WorkflowStepConfig, () => Promise<T>] | [() => Promise<T>]
      ) => Promise<T>;
      if (typeof configOrCallback === "function") return run(name, () => asInteractive(configOrCallback));
      if (!callback) throw new TypeError("step.do needs a callback");
      return run(name, configOrCallback, () => asInteractive(callback));
    },
    sleep(name: string, duration: WorkflowSleepDuration): Promise<void> {
      return step.sleep(name, duration);
    },
  };
  return steps as unknown as ProcessingSteps;
}
