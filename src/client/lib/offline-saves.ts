/**
 * Saves made while offline (docs/web-app.md "Installable app"): kept on this device in local storage, one list per
 * account, until they are sent. Local storage, not the service worker's background sync: the page has to show
 * the queued cards, and Workbox's queue lives inside the service worker, replaying only when the browser fires
 * `sync` (Chromium) or the worker next starts (Safari, Firefox), so an iPhone's installed app would hold a save
 * until it was restarted. A storage that is missing or throws (private modes, quota) keeps nothing.
 */
export interface QueuedSave {
  url: string;
  /** ISO time the save was made. */
  queued_at: string;
}

const KEY_PREFIX = "viberead:offline-saves:";
const CHANGED = "viberead:offline-saves-changed";

const keyFor = (userId: number) => `${KEY_PREFIX}${userId}`;

/** The stored text of the account's queue: a stable snapshot for useSyncExternalStore ("" when empty). */
export function queuedSavesSnapshot(userId: number): string {
  try {
    return localStorage.getItem(keyFor(userId)) ?? "";
  } catch {
    return "";
  }
}

export function readQueuedSaves(userId: number): QueuedSave[] {
  return parseQueuedSaves(queuedSavesSnapshot(userId));
}

export function parseQueuedSaves(snapshot: string): QueuedSave[] {
  try {
    const parsed: unknown = JSON.parse(snapshot || "[]");
    return Array.isArray(parsed)
      ? parsed.filter((item): item is QueuedSave => typeof item?.url === "string" && typeof item.queued_at === "string")
      : [];
  } catch {
    return [];
  }
}

function write(userId: number, saves: QueuedSave[]): void {
  try {
    if (saves.length === 0) localStorage.removeItem(keyFor(userId));
    else localStorage.setItem(keyFor(userId), JSON.stringify(saves));
  } catch {
    // Not kept; the next read sees what was there before.
  }
  window.dispatchEvent(new Event(CHANGED));
}

/** Adds URLs to the account's queue; one already queued is not queued twice. */
export function queueSaves(userId: number, urls: string[], at = new Date()): void {
  const saves = readQueuedSaves(userId);
  const known = new Set(saves.map((save) => save.url));
  const added = urls.filter((url) => !known.has(url)).map((url) => ({ url, queued_at: at.toISOString() }));
  write(userId, [...added.reverse(), ...saves]);
}

/** Takes URLs off the queue (sent, or given up by the reader). */
export function unqueueSaves(userId: number, urls: string[]): void {
  const gone = new Set(urls);
  write(
    userId,
    readQueuedSaves(userId).filter((save) => !gone.has(save.url)),
  );
}

/** Calls `listener` when any account's queue changes, in this tab or another. */
export function subscribeQueuedSaves(listener: () => void): () => void {
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
