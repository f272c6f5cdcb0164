import type { SearchResponse, SearchResult } from "../api/search";
import { type ChatLanguage, isChatLanguage } from "./chat-phrases";
import { displayTitle, sourceLabel } from "./format";
import { plainSummary, replyText } from "./search-format";

/**
 * The search chat's messages (spec §3: system, user, error). A reply is a system message carrying the results
 * it found, already reduced to what the modal shows, so a conversation is small enough to keep in session storage.
 */
export type ChatMessageType = "system" | "user" | "error";

/** One result as the modal shows it. */
export interface SearchHit {
  articleId: number;
  title: string;
  source: string;
  /** ISO date: the publication date, else when it was saved. */
  date: string | null;
  /**
   * Which of the two `date` is: a page that states no date shows the day it was saved, said so ("Saved Dec 3,
   * 2026"), never as if published. Absent in replies stored before it existed.
   */
  dateKind?: "published" | "saved";
  isRead: boolean;
  /** Plain text, at most 200 characters. */
  summary: string;
  /** In [0, 1]. */
  score: number;
  explanation: string;
  /** Only close to the question (the response's `fit`): shown under "Not quite what you asked, but close". */
  close?: boolean;
}

/** The answer above a reply's results; "[n]" in `text` cites `hits[n - 1]`. */
export interface ChatAnswer {
  text: string;
  /** False for "I found nothing about that in your library". */
  found: boolean;
}

/** A piece of an answer: words, or a citation of the n-th result. */
export type AnswerPart = { text: string } | { cite: number };

/** The answer's words and its citations "[n]" (of results 1 to `hitCount`; any other "[n]" stays words). */
export function answerParts(text: string, hitCount: number): AnswerPart[] {
  const parts: AnswerPart[] = [];
  let at = 0;
  for (const match of text.matchAll(/\[(\d{1,2})\]/g)) {
    const n = Number(match[1]);
    if (n < 1 || n > hitCount) continue;
    if (match.index > at) parts.push({ text: text.slice(at, match.index) });
    parts.push({ cite: n });
    at = match.index + match[0].length;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}

/** The element id of the n-th result card of a reply, which a citation scrolls to and focuses. */
export const resultCardId = (messageId: string, n: number) => `${messageId}-result-${n}`;

export interface ChatMessage {
  id: string;
  type: ChatMessageType;
  text: string;
  hits?: SearchHit[];
  /** The answer written above the results (issue 35 item 6). */
  answer?: ChatAnswer;
  suggestions?: string[];
  /** Set when a follow-up was searched together with the previous question, so the reader sees why. */
  searchedFor?: string;
  /** What the server says besides: it searched without a model or the vector index (it failed). */
  notice?: string;
  /** The reply's language (the question's): the modal's words around the answer are in it. */
  language?: ChatLanguage;
}

export const WELCOME_TEXT = "Hi! Ask me anything about your articles.";
export const INIT_SESSION_ERROR = "Failed to initialize chat session";
export const NEW_CHAT_ERROR = "Failed to start new chat";

let counter = 0;
export function messageId(): string {
  counter += 1;
  return `m${Date.now().toString(36)}-${counter}`;
}

export const welcomeMessage = (): ChatMessage => ({ id: messageId(), type: "system", text: WELCOME_TEXT });
export const userMessage = (text: string): ChatMessage => ({ id: messageId(), type: "user", text });
export const errorMessage = (text: string): ChatMessage => ({ id: messageId(), type: "error", text });

/** The chat line for a failed search: the server's detail, or the default 'Search failed'. */
export function searchErrorText(error: unknown): string {
  const message = error instanceof Error && error.message.trim() ? error.message : "Search failed";
  return `Search failed: ${message}`;
}

export function toSearchHit({ article, relevance_score, match_explanation, fit }: SearchResult): SearchHit {
  return {
    articleId: article.id,
    title: displayTitle(article.title),
    source: sourceLabel(article.domain, article.url),
    date: article.publish_date ?? article.created_at ?? null,
    dateKind: article.publish_date ? "published" : "saved",
    isRead: article.is_read,
    summary: plainSummary(article.summary),
    score: relevance_score,
    explanation: match_explanation,
    ...(fit === "close" ? { close: true } : {}),
  };
}

/**
 * The reply to `query`: a line saying what was found, the answer, the results and the follow-up suggestions, in
 * the reply's language. The line and the answer never contradict each other: when no result fits the question,
 * the answer's "I found nothing about that in your library." is the line, said once, and the close results follow
 * under their own heading; with no result at all the line is "No articles found matching your query.", or the
 * server's notice when a follow-up had nothing to follow ("There are no previous results to refer to…").
 */
export function replyMessage(query: string, response: SearchResponse): ChatMessage {
  const hits = response.results.map(toSearchHit);
  const language = isChatLanguage(response.language) ? response.language : undefined;
  const searched = response.effective_query?.trim();
  const answer = response.answer?.text?.trim()
    ? { text: response.answer.text.trim(), found: response.answer.found }
    : null;
  const fitting = hits.filter((hit) => !hit.close).length;
  const notice = response.notice?.trim();
  // A follow-up with nothing to follow ("the fifth one" after three) is answered by its notice alone.
  const noticeIsReply = Boolean(notice) && hits.length === 0 && !response.degraded && !answer;
  const text = noticeIsReply
    ? (notice as string)
    : answer && !answer.found && hits.length > 0
      ? answer.text
      : fitting < hits.length
        ? replyText(fitting, fitting, response.search_time_ms, language)
        : replyText(hits.length, response.total_found, response.search_time_ms, language);
  return {
    id: messageId(),
    type: "system",
    text,
    hits,
    ...(language ? { language } : {}),
    ...(answer?.found ? { answer } : {}),
    suggestions: (response.suggestions ?? []).filter((s) => typeof s === "string" && s.trim()),
    ...(searched && searched !== query.trim() ? { searchedFor: searched } : {}),
    ...(notice && !noticeIsReply ? { notice } : {}),
  };
}
