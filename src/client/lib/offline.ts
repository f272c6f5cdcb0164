/**
 * Offline state of the installable app (docs/web-app.md). The service worker (pwa.config.ts) keeps the
 * article list and the articles opened in one cache and marks the answers it serves from there with a header; the
 * API client reports each answer here, so screens can say they show the copy saved on this device.
 */

/** Same names as in pwa.config.ts, where the service worker is generated. */
export const API_CACHE = "viberead-api";
/** The article pictures kept on the device: through the Worker's image proxy (issue 50). */
export const IMAGE_CACHE = "viberead-images";
export const OFFLINE_HEADER = "X-VibeRead-Offline";

let lastAnswerFromDevice = false;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

/** Called by the API client with every answer: the latest one says whether the network or the device answered. */
export function noteApiAnswer(response: Response): void {
  const fromDevice = response.headers.get(OFFLINE_HEADER) === "1";
  if (fromDevice === lastAnswerFromDevice) return;
  lastAnswerFromDevice = fromDevice;
  notify();
}

export function subscribeOffline(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener("online", listener);
  window.addEventListener("offline", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("online", listener);
    window.removeEventListener("offline", listener);
  };
}

/** Offline: the browser says so, or the server could not be reached and the device's copy answered instead. */
export function isOffline(): boolean {
  return !navigator.onLine || lastAnswerFromDevice;
}

/** Where the service worker looks up the token of the session that signed out (pwa.config.ts repeats both names). */
const SESSION_CACHE = "viberead-session";
const SIGNED_OUT_KEY = "/viberead-signed-out";

/**
 * Deletes the cached API answers and the pictures kept with them. Workbox keys its cache by URL, not by the
 * Authorization header, so /api/articles/7 of one account would answer the next account on this device: called on
 * sign-in and sign-out. `signedOutToken`: the token of the session that ends, written first, so that an answer to
 * one of its requests still on its way is not kept after the cache is emptied.
 */
export async function clearOfflineCache(signedOutToken?: string | null): Promise<void> {
  lastAnswerFromDevice = false;
  forgetKeptQueues();
  if (typeof caches === "undefined") return;
  try {
    if (signedOutToken) await (await caches.open(SESSION_CACHE)).put(SIGNED_OUT_KEY, new Response(signedOutToken));
    await Promise.all([caches.delete(API_CACHE), caches.delete(IMAGE_CACHE)]);
  } catch {
    // No Cache Storage (a private window, an insecure origin): there is nothing to clear.
  }
}

/** The unread queue's lists of what is kept (lib/offline-queue-sync.ts) go with the caches they describe. */
function forgetKeptQueues(): void {
  try {
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith("viberead:offline-queue:")) localStorage.removeItem(key);
    }
  } catch {
    // No local storage: nothing was kept.
  }
}
