import type { WorkflowStep, WorkflowStepConfig } from "cloudflare:workers";

/**
 * `step.do` for a callback that returns an object: the object crosses the step boundary as a JSON string and
 * is parsed here. A step whose callback returns an object makes the Workflows runtime report its invocation
 * as hung ("The Workers runtime canceled this request because it detected that your Worker's code had
 * hung") although the instance completes: cloudflare/workers-sdk#14959, reported on deployed Workers too,
 * and here locally once per article (80 such errors for 80 saved articles). Steps that return a string or
 * nothing are clean. So only plain JSON data may come back (no Dates, Maps or undefined fields).
 *
 * A result stored as an object by an earlier version of a step (an instance in flight across a deploy) is
 * returned as it is.
 */
export async function jsonStep<T>(
  step: Pick<WorkflowStep, "do">,
  name: string,
  config: WorkflowStepConfig,
  callback: () => Promise<T>,
): Promise<T> {
  const stored: unknown = await step.do(name, config, async () => JSON.stringify(await callback()) ?? "null");
  return (typeof stored === "string" ? JSON.parse(stored) : stored) as T;
}
