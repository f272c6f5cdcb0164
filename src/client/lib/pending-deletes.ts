/**
 * Deletes that wait while their toast offers Undo (issue 50 item 2: delete with undo, as Gmail does). The article
 * is hidden at once and deleted on the server only when the toast has gone; Undo cancels it, so nothing is lost and
 * no restore is needed. Leaving the page sends the waiting deletes at once (`flushPendingDeletes`, on pagehide).
 */
type Send = (keepalive: boolean) => void;

const pending = new Map<number, { timer: ReturnType<typeof setTimeout>; send: Send }>();
const listeners = new Set<() => void>();
let snapshot: ReadonlySet<number> = new Set();

function changed() {
  snapshot = new Set(pending.keys());
  for (const listener of listeners) listener();
}

/** Hides `id` now and calls `send` after `delayMs`, unless undone. */
export function scheduleDelete(id: number, send: Send, delayMs: number): void {
  cancelDelete(id);
  const timer = setTimeout(() => {
    pending.delete(id);
    send(false);
    changed();
  }, delayMs);
  pending.set(id, { timer, send });
  changed();
}

/** Undo: the delete is not sent. Returns whether there was one waiting. */
export function cancelDelete(id: number): boolean {
  const entry = pending.get(id);
  if (!entry) return false;
  clearTimeout(entry.timer);
  pending.delete(id);
  changed();
  return true;
}

/** Sends every waiting delete now (the page is going away: the requests must outlive it). */
export function flushPendingDeletes(): void {
  for (const [id, entry] of [...pending]) {
    clearTimeout(entry.timer);
    pending.delete(id);
    entry.send(true);
  }
  changed();
}

/** The ids waiting to be deleted: a stable snapshot for useSyncExternalStore. */
export function pendingDeletes(): ReadonlySet<number> {
  return snapshot;
}

export function subscribePendingDeletes(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
