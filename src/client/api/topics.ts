import { request } from "./client";

/** Spec §3 Topic, as GET /api/topics/ and GET /api/topics/{id} answer it (docs/api.md, topics). */
export interface Topic {
  id: number;
  label: string;
  keywords: string[];
  /** Ranks the topics, in [0, 1]. */
  final_score: number;
  /** Live: reading or deleting an article changes it at once. */
  unread_count: number;
  /** As of the last clustering. */
  cluster_size: number;
  /** Live, like unread_count. */
  article_count: number;
  avg_recency_days: number;
  /** Mean rating of the rated members (-1 poor .. 1 good); null when none was rated. */
  avg_feedback_score: number | null;
  created_at: string;
  algorithm: string;
  /**
   * The language of all its articles when the library's languages are grouped apart (an embedder that cannot
   * compare languages); null when topics may span languages, and for 'Other articles'.
   */
  language: string | null;
  topic_metadata: {
    /** Mean silhouette of the whole clustering, in [-1, 1]: the same for every topic of one run. */
    silhouette_score: number;
    /** Mean silhouette of this topic's articles, in [-1, 1]: how well this topic stands apart. */
    topic_silhouette_score: number;
    article_count: number;
    generated_from: string;
  };
}

export interface TopicArticle {
  id: number;
  title: string | null;
  summary: string | null;
  author: string | null;
  domain: string | null;
  created_at: string;
  is_read: boolean;
  /** Cosine similarity to the topic's centre, in [0, 1]. */
  similarity: number;
}

export interface TopicPagination {
  total: number;
  limit: number;
  offset: number;
  page: number;
  pages: number;
}

export interface TopicDetail extends Topic {
  /** Closest to the topic's centre first. */
  articles: TopicArticle[];
  pagination: TopicPagination;
}

export interface TopicList {
  topics: Topic[];
  total: number;
  /** True when topics cannot be made now (semantic features off); `notice` says why. */
  degraded?: boolean;
  notice?: string | null;
}

/** Spec §7 and §9: the dashboard panel asks for 8 topics, the topics page for 50; the API's default is 12. */
export const PANEL_TOPICS_LIMIT = 8;
export const PAGE_TOPICS_LIMIT = 50;
/** Spec §9: topic detail shows 20 articles a page unless the reader picks another size. */
export const TOPIC_ARTICLES_PER_PAGE = 20;

export interface TopicListQuery {
  limit?: number;
  unreadOnly?: boolean;
}

export interface TopicDetailQuery {
  unreadOnly?: boolean;
  limit?: number;
  offset?: number;
}

/** One function per topic call of spec §7, each with its spec §8 default error message. */
export const topicsApi = {
  list: ({ limit = 12, unreadOnly = true }: TopicListQuery = {}) =>
    request<TopicList>(
      "GET",
      `/api/topics/?${new URLSearchParams({ limit: String(limit), unread_only: String(unreadOnly) })}`,
      {
        defaultError: "Failed to fetch topics",
      },
    ),
  detail: (id: number, { unreadOnly = false, limit = TOPIC_ARTICLES_PER_PAGE, offset = 0 }: TopicDetailQuery = {}) =>
    request<TopicDetail>(
      "GET",
      `/api/topics/${id}?${new URLSearchParams({ unread_only: String(unreadOnly), limit: String(limit), offset: String(offset) })}`,
      { defaultError: "Failed to fetch topic details" },
    ),
  remove: (id: number) => request<null>("DELETE", `/api/topics/${id}`, { defaultError: "Failed to delete topic" }),
};

/** Spec §9: the page sizes offered, as on the dashboard. */
export const TOPIC_PAGE_SIZES = [10, 20, 50] as const;
