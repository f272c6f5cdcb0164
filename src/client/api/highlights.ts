import { request } from "./client";
import type {
  Article,
  Highlight,
  HighlightColor,
  HighlightPage,
  HighlightTarget,
  ReadingPosition,
  TextPositionSelector,
  TextQuoteSelector,
} from "./types";

export interface NewHighlight {
  target: HighlightTarget;
  color: HighlightColor;
  note?: string | null;
  selectors: [TextQuoteSelector, TextPositionSelector] | [TextQuoteSelector];
  /** Makes a retried write (an offline queue sending again) store one highlight, not two. */
  client_id?: string;
}

export interface HighlightQuery {
  search?: string;
  color?: HighlightColor;
  tag?: string;
  cursor?: string;
  limit?: number;
}

function libraryPath(query: HighlightQuery): string {
  const params = new URLSearchParams();
  if (query.search?.trim()) params.set("search", query.search.trim());
  if (query.color) params.set("color", query.color);
  if (query.tag?.trim()) params.set("tag", query.tag.trim());
  if (query.cursor) params.set("cursor", query.cursor);
  if (query.limit) params.set("limit", String(query.limit));
  const qs = params.toString();
  return qs ? `/api/highlights?${qs}` : "/api/highlights";
}

/** Issue 32: highlights, the article note and the reading position. */
export const highlightsApi = {
  ofArticle: (articleId: number) =>
    request<{ highlights: Highlight[] }>("GET", `/api/articles/${articleId}/highlights`, {
      defaultError: "Failed to load highlights",
    }),
  create: (articleId: number, highlight: NewHighlight) =>
    request<Highlight>("POST", `/api/articles/${articleId}/highlights`, {
      body: highlight,
      defaultError: "Failed to save the highlight",
    }),
  update: (id: number, patch: { color?: HighlightColor; note?: string | null; client_updated_at?: number }) =>
    request<Highlight>("PATCH", `/api/highlights/${id}`, {
      body: patch,
      defaultError: "Failed to update the highlight",
    }),
  remove: (id: number) =>
    request<void>("DELETE", `/api/highlights/${id}`, { defaultError: "Failed to delete the highlight" }),
  library: (query: HighlightQuery) =>
    request<HighlightPage>("GET", libraryPath(query), { defaultError: "Failed to load highlights" }),
  saveNote: (articleId: number, note: string | null, writtenAt = Date.now()) =>
    request<Article>("PUT", `/api/articles/${articleId}`, {
      body: { note, note_updated_at: writtenAt },
      defaultError: "Failed to save the note",
    }),
  saveProgress: (articleId: number, position: number, progress: number, writtenAt = Date.now()) =>
    request<ReadingPosition>("PUT", `/api/articles/${articleId}/progress`, {
      body: { position, progress, client_updated_at: writtenAt },
      defaultError: "Failed to save the reading position",
    }),
};
