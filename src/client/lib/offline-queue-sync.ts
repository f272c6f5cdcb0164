/**
 * Keeps the unread queue on the device (issue 50; rules in lib/offline-queue.ts). A refresh asks for the newest
 * unread articles, fetches each new or changed one (GET /api/articles/{id}: the service worker keeps its answer in
 * the article cache, as for an article opened) and each of its pictures through the Worker's image proxy into the
 * pictures cache, then lets go of the pictures of articles no longer in the queue. It runs only online under the
 * service worker (without it nothing would be kept); sizes and versions are remembered per account in local storage.
 */
import { readStoredToken } from "./auth-storage";
import { API_CACHE, IMAGE_CACHE } from "./offline";
import {
  EMPTY_MANIFEST,
  type KeptArticle,
  moreUnreadAfter,
  parseManifest,
  parseQueueSize,
  pickQueue,
  picturesToDelete,
  planRefresh,
  type QueueCandidate,
  type QueueManifest,
  queueTotals,
} from "./offline-queue";

const manifestKey = (userId: number) => `viberead:offline-queue:${userId}`;
const sizeKey = (userId: number) => `viberead:offline-queue-size:${userId}`;
/** The list's largest page (the API's per_page limit). */
const PAGE_SIZE = 100;
/** Articles and pictures fetched at once: enough to fill a connection, few enough to leave the reader's requests room. */
const PARALLEL = 4;

export interface QueueStatus {
  size: number;
  count: number;
  bytes: number;
  syncedAt: string | null;
  running: boolean;
  /** Why the last refresh stopped, in words (null when it finished). */
  problem: string | null;
}

let status: QueueStatus | null = null;
let statusUser: number | null = null;
const listeners = new Set<() => void>();

/** Tells the screens what is kept now (always read from the manifest) and how the refresh goes. */
function publish(userId: number, changes: Partial<Pick<QueueStatus, "running" | "problem">>): void {
  settle(userId, changes);
  for (const listener of listeners) listener();
}

/** The status from the manifest and the refresh's state, without telling anyone (a screen reading it). */
function settle(userId: number, changes: Partial<Pick<QueueStatus, "running" | "problem">>): void {
  const manifest = readManifest(userId);
  const before = statusUser === userId ? status : null;
  status = {
    size: readQueueSize(userId),
    ...queueTotals(manifest),
    syncedAt: manifest.syncedAt,
    running: before?.running ?? false,
    problem: before?.problem ?? null,
    ...changes,
  };
  statusUser = userId;
}

export function subscribeQueueStatus(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The queue's state for a screen (useSyncExternalStore): what is kept, and whether a refresh is under way. */
export function queueStatus(userId: number): QueueStatus {
  if (statusUser !== userId || !status) settle(userId, {});
  return status as QueueStatus;
}

export function readManifest(userId: number): QueueManifest {
  try {
    return parseManifest(localStorage.getItem(manifestKey(userId)));
  } catch {
    return EMPTY_MANIFEST;
  }
}

function writeManifest(userId: number, manifest: QueueManifest): void {
  try {
    localStorage.setItem(manifestKey(userId), JSON.stringify(manifest));
  } catch {
    // A full storage keeps the last manifest: the next refresh fetches what it does not list again.
  }
}

export function readQueueSize(userId: number): number {
  try {
    return parseQueueSize(localStorage.getItem(sizeKey(userId)));
  } catch {
    return parseQueueSize(null);
  }
}

export function writeQueueSize(userId: number, size: number): void {
  try {
    localStorage.setItem(sizeKey(userId), String(size));
  } catch {
    // Not remembered: the default applies at the next start.
  }
  publish(userId, {});
}

/** Runs `work` over `items`, at most PARALLEL at a time. */
async function inParallel<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, items.length) }, worker));
}

async function getJson<T>(path: string, token: string): Promise<{ body: T; bytes: number }> {
  const response = await fetch(path, { headers: { Authorization: `Bearer ${token}`, Accept: "application/json" } });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  const text = await response.text();
  return { body: JSON.parse(text) as T, bytes: new TextEncoder().encode(text).byteLength };
}

/** The first `size` unread, processed articles of the list, a page of 100 at a time. */
async function unreadArticles(size: number, token: string): Promise<QueueCandidate[]> {
  const found: QueueCandidate[] = [];
  for (let page = 1; found.length < size; page++) {
    const { body } = await getJson<{ articles: QueueCandidate[] }>(
      `/api/articles/?page=${page}&per_page=${PAGE_SIZE}`,
      token,
    );
    found.push(...body.articles);
    if (!moreUnreadAfter(body.articles, body.articles.length === PAGE_SIZE)) break;
  }
  return pickQueue(found, size);
}

/** A picture kept on the device, fetched through the proxy when it is not there yet; its size in bytes (0: failed). */
async function keepPicture(cache: Cache, address: string): Promise<number> {
  let stored = await cache.match(address);
  if (!stored) {
    try {
      await cache.add(address);
    } catch {
      // Its site refused it (the proxy answered 502): the page shows its alt text, as online.
      return 0;
    }
    stored = await cache.match(address);
  }
  const length = Number(stored?.headers.get("content-length"));
  return Number.isFinite(length) && length > 0 ? length : ((await stored?.blob())?.size ?? 0);
}

let running: Promise<void> | null = null;

/**
 * One refresh of the account's queue; a refresh asked for while one runs waits for it. Does nothing offline,
 * without Cache Storage or while no service worker controls the page.
 */
export function refreshOfflineQueue(userId: number): Promise<void> {
  running ??= refresh(userId).finally(() => {
    running = null;
  });
  return running;
}

async function refresh(userId: number): Promise<void> {
  const token = readStoredToken();
  if (!token || !navigator.onLine || typeof caches === "undefined" || !navigator.serviceWorker?.controller) return;
  const size = readQueueSize(userId);
  publish(userId, { running: true, problem: null });
  try {
    const manifest = readManifest(userId);
    const picked = size > 0 ? await unreadArticles(size, token) : [];
    const plan = planRefresh(manifest, picked);
    const [articleCache, pictureCache] = await Promise.all([caches.open(API_CACHE), caches.open(IMAGE_CACHE)]);
    // An article kept before whose copy or one of whose pictures is gone from the device (the browser or the service
    // worker's expiry cleared it) is fetched again.
    const onDevice = async (id: number) => {
      const kept = manifest.articles[String(id)];
      if (!kept || !(await articleCache.match(`/api/articles/${id}`))) return false;
      const pictures = await Promise.all(kept.images.map((address) => pictureCache.match(address)));
      return pictures.every(Boolean);
    };
    const missing = await Promise.all(plan.keep.map(async (id) => !(await onDevice(id))));
    const fetchIds = [...plan.fetch, ...plan.keep.filter((_, i) => missing[i])];
    const keepIds = plan.keep.filter((_, i) => !missing[i]);
    const kept: Record<string, KeptArticle> = {};
    for (const id of keepIds) kept[String(id)] = manifest.articles[String(id)] as KeptArticle;
    await inParallel(fetchIds, async (id) => {
      const { body, bytes } = await getJson<{ updated_at: string; images?: Record<string, string> }>(
        `/api/articles/${id}`,
        token,
      );
      // Only the pictures kept are listed: one its site refused is asked for again at the next change of the article.
      const images: string[] = [];
      let pictureBytes = 0;
      await inParallel(Object.values(body.images ?? {}), async (address) => {
        const size = await keepPicture(pictureCache, address);
        if (size > 0) images.push(address);
        pictureBytes += size;
      });
      // Its highlights too, so the viewer draws them offline (the service worker keeps the answer as it does the article's).
      const highlightBytes = await getJson(`/api/articles/${id}/highlights`, token).then(
        (answer) => answer.bytes,
        () => 0,
      );
      kept[String(id)] = { updatedAt: body.updated_at, images, bytes: bytes + pictureBytes + highlightBytes };
      // Written as it goes: a refresh cut short (the train enters the tunnel) keeps what it already has.
      const current = readManifest(userId);
      writeManifest(userId, { ...current, articles: { ...current.articles, ...kept } });
      publish(userId, {});
    });
    for (const address of picturesToDelete({ ...manifest, articles: { ...manifest.articles, ...kept } }, plan.drop, [
      ...keepIds,
      ...fetchIds,
    ])) {
      await pictureCache.delete(address);
    }
    writeManifest(userId, { articles: kept, syncedAt: new Date().toISOString() });
    publish(userId, { running: false });
  } catch (error) {
    console.warn("offline queue refresh stopped", error);
    publish(userId, {
      running: false,
      problem: navigator.onLine
        ? "The last refresh stopped early; it is tried again later."
        : "Offline: refreshed when back online.",
    });
  }
}
