import { browserTimezoneOffset } from "./articles";
import { request } from "./client";
import type { Article } from "./types";

/** Spec §3 search shapes, as the client reads them (docs/api.md "Topics, related articles and search"). */
export interface SearchSession {
  session_id: string;
}

export interface SearchFilters {
  domain?: string;
  is_read?: boolean;
  language?: string;
}

export interface SearchResult {
  /** A list-style article: no `content`. */
  article: Article;
  /** Hybrid full-text and meaning relevance in [0, 1]. */
  relevance_score: number;
  match_explanation: string;
  /** "close": only near the question (fewer than half its words, or none): shown under its own heading. */
  fit?: "match" | "close";
}

export interface SearchResponse {
  results: SearchResult[];
  total_found: number;
  search_time_ms: number;
  suggestions: string[];
  session_id: string | null;
  /**
   * The words searched: a question's own, without those that named a filter; a follow-up with no words of its own
   * ("only the unread ones") or one that points back ("the first one") the previous question's.
   */
  effective_query: string;
  /** What the question (and `filters`) narrowed the results to ("in French", "unread", "from the Guardian"). */
  applied_filters?: {
    language: string | null;
    domain: string | null;
    saved_since: string | null;
    saved_before: string | null;
    is_read: boolean | null;
  };
  /** The previous result a follow-up pointed at ("tell me more about the first one"), else null. */
  refers_to?: number | null;
  /** The question's language: the answer, the notice, the explanations and the modal's headings are in it. */
  language?: string;
  /**
   * A short answer from the shown results in the question's language; "[n]" in `text` cites the n-th result.
   * Null when the question only lists articles, or the model failed (`notice` says so).
   */
  answer?: {
    text: string;
    found: boolean;
    citations: { number: number; article_id: number }[];
  } | null;
  /** True when a model or the vector index failed and the search went on without it; `notice` says how. */
  degraded?: boolean;
  notice?: string | null;
}

export interface ChatRequest {
  query: string;
  sessionId?: string | null;
  limit?: number;
  filters?: SearchFilters;
}

/** The server's limit on a question (422 beyond it). */
export const MAX_QUERY_LENGTH = 500;
export const DEFAULT_RESULT_LIMIT = 10;

/**
 * The browser's interface language, a hint of the question's language for a question whose words do not say
 * ("iPhone 15?"); left out when the browser gives none the server would accept.
 */
function interfaceLanguage(): { interface_language?: string } {
  const tag = typeof navigator === "undefined" ? "" : navigator.language;
  return /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$/.test(tag ?? "") && tag.length <= 35 ? { interface_language: tag } : {};
}

/** Spec §7 search calls, each with its spec §8 default error message. */
export const searchApi = {
  createSession: () =>
    request<SearchSession>("POST", "/api/search/session", {
      body: { action: "create" },
      defaultError: "Failed to create search session",
    }),
  clearSession: (sessionId: string) =>
    request<{ session_id: string; cleared: boolean }>("POST", "/api/search/session", {
      body: { action: "clear", session_id: sessionId },
      defaultError: "Failed to clear search session",
    }),
  chat: ({ query, sessionId, limit = DEFAULT_RESULT_LIMIT, filters = {} }: ChatRequest) =>
    request<SearchResponse>("POST", "/api/search/chat", {
      // The browser's offset places "yesterday" or "this week" in the question in the user's own day.
      body: {
        query,
        ...(sessionId ? { session_id: sessionId } : {}),
        limit,
        filters,
        timezone_offset: browserTimezoneOffset(),
        ...interfaceLanguage(),
      },
      defaultError: "Search failed",
    }),
};
