/**
 * The unread queue kept on the device (issue 50): the newest unread articles, their text and pictures, so the
 * installed app reads them offline though they were never opened here. The rules, pure: what to keep, what changed
 * since the last refresh, what the kept copies weigh. The fetching is lib/offline-queue-sync.ts.
 */

/** How many articles the device keeps: the Settings choice; 0 keeps none. */
export const QUEUE_SIZES = [0, 10, 25, 50, 100, 200] as const;
export const DEFAULT_QUEUE_SIZE = 50;

/** What the queue needs of a list item. */
export interface QueueCandidate {
  id: number;
  is_read: boolean;
  processing_status: string;
  updated_at: string;
}

/** One kept article: the version kept, its pictures' addresses and what its copies weigh. */
export interface KeptArticle {
  updatedAt: string;
  images: string[];
  /** The article's answer plus its pictures, in bytes. */
  bytes: number;
}

export interface QueueManifest {
  articles: Record<string, KeptArticle>;
  /** When the last refresh finished (ISO), or null before the first. */
  syncedAt: string | null;
}

export const EMPTY_MANIFEST: QueueManifest = { articles: {}, syncedAt: null };

/**
 * The articles to keep: the first `size` unread ones that have finished processing, in the list's order (unread
 * first, newest first, as the API sorts). A failed article has nothing to read; one still processing is kept at a
 * later refresh, once it has its text.
 */
export function pickQueue<T extends QueueCandidate>(list: readonly T[], size: number): T[] {
  return list.filter((a) => !a.is_read && a.processing_status === "completed").slice(0, Math.max(0, size));
}

/** Whether the list may hold more unread articles past this page: its last article is still unread. */
export function moreUnreadAfter(page: readonly QueueCandidate[], fullPage: boolean): boolean {
  return fullPage && page.length > 0 && !page[page.length - 1]?.is_read;
}

/**
 * What a refresh does: fetch the articles new to the queue or changed since kept (`updated_at` moves on every edit
 * and re-processing), keep the rest as they are, and let go of those no longer in it (read, deleted, past the size).
 */
export function planRefresh(
  manifest: QueueManifest,
  picked: readonly QueueCandidate[],
): { fetch: number[]; keep: number[]; drop: number[] } {
  const wanted = new Set(picked.map((a) => a.id));
  const fetch: number[] = [];
  const keep: number[] = [];
  for (const article of picked) {
    const kept = manifest.articles[String(article.id)];
    (kept && kept.updatedAt === article.updated_at ? keep : fetch).push(article.id);
  }
  const drop = Object.keys(manifest.articles)
    .map(Number)
    .filter((id) => !wanted.has(id));
  return { fetch, keep, drop };
}

/** Pictures of the dropped articles that no kept article shows: the ones to delete from the device. */
export function picturesToDelete(manifest: QueueManifest, drop: readonly number[], kept: readonly number[]): string[] {
  const stillShown = new Set(kept.flatMap((id) => manifest.articles[String(id)]?.images ?? []));
  return [...new Set(drop.flatMap((id) => manifest.articles[String(id)]?.images ?? []))].filter(
    (src) => !stillShown.has(src),
  );
}

/** What the kept articles weigh, and how many there are. */
export function queueTotals(manifest: QueueManifest): { count: number; bytes: number } {
  const kept = Object.values(manifest.articles);
  return { count: kept.length, bytes: kept.reduce((sum, article) => sum + article.bytes, 0) };
}

/** "23.4 MB", "850 KB", "0 KB": the space a reader reads about. */
export function formatSpace(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.round(bytes / 1024)} KB`;
}

/** A manifest read back from storage, or the empty one when it is missing or not one. */
export function parseManifest(raw: string | null): QueueManifest {
  if (!raw) return EMPTY_MANIFEST;
  try {
    const value = JSON.parse(raw) as Partial<QueueManifest>;
    if (!value || typeof value !== "object" || typeof value.articles !== "object" || value.articles === null) {
      return EMPTY_MANIFEST;
    }
    const articles: Record<string, KeptArticle> = {};
    for (const [id, kept] of Object.entries(value.articles)) {
      if (
        /^\d+$/.test(id) &&
        kept &&
        typeof kept.updatedAt === "string" &&
        Array.isArray(kept.images) &&
        Number.isFinite(kept.bytes)
      ) {
        articles[id] = {
          updatedAt: kept.updatedAt,
          images: kept.images.filter((s): s is string => typeof s === "string"),
          bytes: kept.bytes,
        };
      }
    }
    return { articles, syncedAt: typeof value.syncedAt === "string" ? value.syncedAt : null };
  } catch {
    return EMPTY_MANIFEST;
  }
}

/** The size setting read back from storage: one of QUEUE_SIZES, else the default. */
export function parseQueueSize(raw: string | null): number {
  const size = Number(raw);
  return raw !== null && (QUEUE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_QUEUE_SIZE;
}
