import { ApiError, request } from "./client";
import type {
  Article,
  ArticleList,
  BatchStatusItem,
  BulkResult,
  Feedback,
  NoFeedback,
  RelatedArticle,
  Stats,
  TagCount,
} from "./types";

/** Spec §7 and §9: the long jobs get their own timeouts. */
export const REGENERATE_TIMEOUT_MS = 120_000;
export const REFETCH_TIMEOUT_MS = 300_000;
export const MAX_BATCH_STATUS_IDS = 50;

export interface ListQuery {
  page: number;
  perPage: number;
  search?: string;
  domain?: string;
  tag?: string;
  /** Only articles with at least one highlight (issue 32). */
  highlighted?: boolean;
}

function listPath({ page, perPage, search, domain, tag, highlighted }: ListQuery): string {
  const params = new URLSearchParams({ page: String(page), per_page: String(perPage) });
  if (search?.trim()) params.set("search", search.trim());
  if (domain?.trim()) params.set("domain", domain.trim());
  if (tag?.trim()) params.set("tag", tag.trim());
  if (highlighted) params.set("has_highlights", "true");
  return `/api/articles/?${params}`;
}

/** The browser's offset, sign inverted: minutes east of UTC, as the stats endpoint expects. */
export function browserTimezoneOffset(): number {
  return -new Date().getTimezoneOffset();
}

/** One function per call of spec §7, each with its spec §8 default error message. */
export const articlesApi = {
  list: (query: ListQuery) =>
    request<ArticleList>("GET", listPath(query), { defaultError: "Failed to fetch articles", group: "articles-list" }),
  get: (id: number) => request<Article>("GET", `/api/articles/${id}`, { defaultError: "Failed to fetch article" }),
  create: (url: string) =>
    request<Article>("POST", "/api/articles/", { body: { url }, defaultError: "Failed to create article" }),
  bulkCreate: (urls: string[]) =>
    request<BulkResult>("POST", "/api/articles/bulk", {
      body: { urls },
      defaultError: "Failed to create articles in bulk",
    }),
  update: (id: number, fields: { title?: string | null; author?: string | null; is_read?: boolean }) =>
    request<Article>("PUT", `/api/articles/${id}`, { body: fields, defaultError: "Failed to update article" }),
  setTags: (id: number, tags: string[]) =>
    request<Article>("PUT", `/api/articles/${id}/tags`, { body: { tags }, defaultError: "Failed to update tags" }),
  tags: () => request<{ tags: TagCount[] }>("GET", "/api/tags", { defaultError: "Failed to fetch tags" }),
  /** `keepalive` lets the request outlive the page (a delete still waiting for its Undo when the tab closes). */
  remove: (id: number, { keepalive = false }: { keepalive?: boolean } = {}) =>
    request<null>("DELETE", `/api/articles/${id}`, { defaultError: "Failed to delete article", keepalive }),
  markRead: (id: number) =>
    request<Article>("POST", `/api/articles/${id}/mark-read`, { defaultError: "Failed to mark article as read" }),
  markUnread: (id: number) =>
    request<Article>("POST", `/api/articles/${id}/mark-unread`, { defaultError: "Failed to mark article as unread" }),
  regenerateSummary: (id: number) =>
    // When the model fails the server answers the article as it was, with `degraded: true` and a `notice`.
    request<Article & { degraded?: boolean; notice?: string | null }>(
      "POST",
      `/api/articles/${id}/regenerate-summary`,
      {
        defaultError: "Failed to regenerate summary",
        timeoutMs: REGENERATE_TIMEOUT_MS,
      },
    ),
  refetchContent: (id: number) =>
    request<Article>("POST", `/api/articles/${id}/refetch-content`, {
      defaultError: "Failed to refetch article content",
      timeoutMs: REFETCH_TIMEOUT_MS,
    }),
  stats: (timezoneOffset = browserTimezoneOffset()) =>
    request<Stats>("GET", `/api/articles/stats/overview?timezone_offset=${timezoneOffset}`, {
      defaultError: "Failed to fetch article statistics",
    }),
  /** At most 50 ids; an empty list answers at once without a call (spec §5). */
  async batchStatus(ids: number[]): Promise<BatchStatusItem[]> {
    if (ids.length === 0) return [];
    const { statuses } = await request<{ statuses: BatchStatusItem[] }>("POST", "/api/articles/batch/status", {
      body: { article_ids: ids.slice(0, MAX_BATCH_STATUS_IDS) },
      defaultError: "Failed to get batch article status",
      group: "batch-status",
    });
    return statuses;
  },
  /** Spec §7: up to `limit` (5) nearest articles of one read state. */
  async related(
    id: number,
    status: "unread" | "read",
    limit = 5,
  ): Promise<{ related: RelatedArticle[]; notice: string | null }> {
    const { related, degraded, notice } = await request<{
      related: RelatedArticle[];
      degraded?: boolean;
      notice?: string | null;
    }>("GET", `/api/articles/${id}/related?status=${status}&limit=${limit}`, {
      defaultError: "Failed to fetch related articles",
    });
    // A degraded answer (semantic features off) carries why: the viewer shows it instead of an empty list.
    return { related, notice: degraded && notice ? notice : null };
  },
  setFeedback: (id: number, feedback: -1 | 0 | 1) =>
    request<Feedback>("POST", `/api/articles/${id}/feedback`, {
      body: { feedback },
      defaultError: "Failed to create article feedback",
    }),
  /** The rating, or null when the article has none (`feedback_value: null`; an older server's 404). */
  async getFeedback(id: number): Promise<Feedback | null> {
    try {
      const feedback = await request<Feedback | NoFeedback>("GET", `/api/articles/${id}/feedback`, {
        defaultError: "Failed to get article feedback",
      });
      return feedback.feedback_value === null ? null : (feedback as Feedback);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
};
