/** Spec §4: after any update the list is unread first, then newest created_at first (id breaks ties, as the API does). */
interface Orderable {
  id: number;
  is_read: boolean;
  created_at: string;
}

export function compareArticles(a: Orderable, b: Orderable): number {
  if (a.is_read !== b.is_read) return a.is_read ? 1 : -1;
  const byDate = (Date.parse(b.created_at) || 0) - (Date.parse(a.created_at) || 0);
  return byDate !== 0 ? byDate : b.id - a.id;
}

/** A sorted copy; the input is left alone (it is React state). */
export function sortArticles<T extends Orderable>(articles: readonly T[]): T[] {
  return [...articles].sort(compareArticles);
}

/** The fields of spec §4 that a batch status item carries (Article and BatchStatusItem, structurally). */
type ProcessingStatus = "pending" | "processing" | "retrying" | "completed" | "failed";
interface Trackable extends Orderable {
  url: string;
  title: string | null;
  summary: string | null;
  domain: string | null;
  author: string | null;
  language: string | null;
  processing_status: ProcessingStatus;
  processing_error: string | null;
  processing_attempts: number;
  processed_at: string | null;
  status: "processing" | "failed" | "completed";
}
interface StatusItem {
  article_id: number;
  status: ProcessingStatus;
  error: string | null;
  attempts: number;
  processed_at: string | null;
  title?: string | null;
  summary?: string | null;
  domain?: string | null;
  author?: string | null;
  language?: string | null;
}

const UNFINISHED = new Set<ProcessingStatus>(["pending", "processing", "retrying"]);

/** Pending, processing and retrying articles are polled (spec §4). */
export function isUnfinished(article: { processing_status: ProcessingStatus }): boolean {
  return UNFINISHED.has(article.processing_status);
}

export interface StatusChange<T> {
  before: T;
  after: T;
}

/**
 * Applies batch status items whose status differs from the article's (spec §4): status and content fields are
 * taken from the item, the list is re-ordered, and each change is returned so the caller can toast it.
 */
export function applyStatusUpdates<T extends Trackable>(
  articles: readonly T[],
  items: readonly StatusItem[],
): { articles: T[]; changes: StatusChange<T>[] } {
  const byId = new Map(items.map((item) => [item.article_id, item]));
  const changes: StatusChange<T>[] = [];
  const next = articles.map((article) => {
    const item = byId.get(article.id);
    if (!item || item.status === article.processing_status) return article;
    const after: T = {
      ...article,
      processing_status: item.status,
      status: item.status === "completed" || item.status === "failed" ? item.status : "processing",
      title: item.title ?? article.title,
      summary: item.summary ?? article.summary,
      domain: item.domain ?? article.domain,
      author: item.author ?? article.author,
      language: item.language ?? article.language,
      processing_error: item.error,
      processing_attempts: item.attempts,
      processed_at: item.processed_at,
    };
    changes.push({ before: article, after });
    return after;
  });
  return { articles: changes.length ? sortArticles(next) : [...articles], changes };
}
