/**
 * Spec §4: after a polling failure, wait 3 s, doubling each time up to 180 s, with about ±20% jitter,
 * never less than 1 s. `attempt` counts consecutive failures from 1; `random` is injectable for tests.
 */
export const BACKOFF_START_MS = 3_000;
export const BACKOFF_CAP_MS = 180_000;
export const BACKOFF_MIN_MS = 1_000;
const JITTER = 0.2;

export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(BACKOFF_CAP_MS, BACKOFF_START_MS * 2 ** Math.max(0, attempt - 1));
  const jittered = base * (1 + (random() * 2 - 1) * JITTER);
  return Math.max(BACKOFF_MIN_MS, Math.round(jittered));
}
