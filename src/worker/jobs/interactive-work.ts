/**
 * Work a reader is waiting for, in this isolate: API requests, and the Workflows that process what readers save
 * one at a time. An import's articles are processed in place by its queue consumer (inline steps), ten at once,
 * in the same isolate, and JavaScript runs one task at a time per isolate: every await of a reader's request or of
 * their save's processing waited behind the import's parsing, summarising and embedding. So the import yields
 * between its steps while interactive work runs, for at most INTERACTIVE_WAIT_MS a step, so that a busy isolate
 * slows an import but never stops it (docs/capacity.md, "A 10,000-row import beside other readers' saves").
 *
 * The count is the isolate's own (module state): deployed, an isolate serves many requests at once and the
 * platform spreads the rest over others; each yields only to what shares its thread.
 */
let running = 0;

/** How long one step of background work waits at most for interactive work to finish. */
export const INTERACTIVE_WAIT_MS = 1_000;
/** How often a waiting step looks again. */
const LOOK_EVERY_MS = 20;

/** Runs `work` counted as interactive: background work in this isolate yields to it until it settles. */
export async function asInteractive<T>(work: () => Promise<T>): Promise<T> {
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
  }
}

/**
 * Resolves once no interactive work runs in this isolate, or after `maxWaitMs`. It first gives up the thread for
 * one turn of the event loop (a timer), even when nothing interactive runs yet: a request that arrived meanwhile
 * starts only there. A chain of awaited D1 calls never let one in: during a 1,000-row chunk of an import, a save's
 * answer waited 1.4 s before the Worker saw it, and 9 ms once it had.
 */
export async function yieldToInteractive(maxWaitMs = INTERACTIVE_WAIT_MS): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  const started = Date.now();
  while (running > 0 && Date.now() - started < maxWaitMs) {
    await new Promise((resolve) => setTimeout(resolve, LOOK_EVERY_MS));
  }
}

/** Interactive work running in this isolate now (for tests). */
export function interactiveRunning(): number {
  return running;
}
