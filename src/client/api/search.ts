import { request } from "./client";
import type { Article } from "./types";

/** Spec §3 search shapes, as the client reads them (README "Topics, related articles and search"). */
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
}

export interface SearchResponse {
  results: SearchResult[];
  total_found: number;
  search_time_ms: number;
  suggestions: string[];
  session_id: string | null;
  /** The question as searched: a follow-up is read together with the session's previous question. */
  effective_query: string;
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
      body: { query, ...(sessionId ? { session_id: sessionId } : {}), limit, filters },
      defaultError: "Search failed",
    }),
};
