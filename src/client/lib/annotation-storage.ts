import { emptyQueue, parseQueue, type QueueState } from "./annotation-queue";

/**
 * Where the annotation queue (lib/annotation-queue.ts) lives: local storage, one queue per account, as the offline
 * saves do (lib/offline-saves.ts). Local storage because it is synchronous: a position written as the page is
 * hidden is stored before the page can go, which an IndexedDB transaction does not promise. A storage that is
 * missing or throws (private modes, quota) keeps nothing, and writes are then only sent, never kept.
 */
const KEY_PREFIX = "viberead:annotation-queue:";
const CHANGED = "viberead:annotation-queue-changed";

const keyFor = (userId: number) => `${KEY_PREFIX}${userId}`;

/** The stored text of the account's queue: a stable snapshot for useSyncExternalStore ("" when empty). */
export function annotationQueueSnapshot(userId: number): string {
  try {
    return localStorage.getItem(keyFor(userId)) ?? "";
  } catch {
    return "";
  }
}

export function loadQueue(userId: number): QueueState {
  return parseQueue(annotationQueueSnapshot(userId));
}

/** Reads, changes and stores the queue in one synchronous step (no other code of this tab runs in between). */
export function changeQueue<T>(userId: number, change: (state: QueueState) => { state: QueueState; result: T }): T {
  const { state, result } = change(loadQueue(userId));
  try {
    const empty = state.writes.length === 0 && Object.keys(state.ids).length === 0;
    if (empty && state.nextTempId === emptyQueue().nextTempId) localStorage.removeItem(keyFor(userId));
    else localStorage.setItem(keyFor(userId), JSON.stringify(state));
  } catch {
    // Not kept; the write is still sent now if the network lets it.
  }
  window.dispatchEvent(new Event(CHANGED));
  return result;
}

/** Calls `listener` when any account's queue changes, in this tab or another. */
export function subscribeAnnotationQueue(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith(KEY_PREFIX)) listener();
  };
  window.addEventListener(CHANGED, listener);
  window.addEventListener("storage", onStorage);
  return () => {
    window.removeEventListener(CHANGED, listener);
    window.removeEventListener("storage", onStorage);
  };
}
