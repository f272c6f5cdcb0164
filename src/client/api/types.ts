/** Response shapes of the VibeRead API, as the client reads them (spec §3, docs/api.md). */
export type ProcessingStatus = "pending" | "processing" | "retrying" | "completed" | "failed";

/** Issue 54: what a document article was read from, and where its original file is. */
export interface ArticleDocument {
  type: "pdf" | "epub" | "html" | "markdown" | "text";
  /** The uploaded file's name; null for a saved link that answered a PDF. */
  name: string | null;
  pages: number | null;
  /** GET with the bearer token: the file as it was saved. */
  original_url: string;
}

export interface Article {
  id: number;
  url: string;
  /** Set when the article was read from a document (an upload, or a link that answered a PDF). */
  document?: ArticleDocument | null;
  title: string | null;
  summary: string | null;
  /** Only on GET /api/articles/{id}; list items have none. */
  content?: string | null;
  author: string | null;
  domain: string | null;
  language: string | null;
  text_direction: "ltr" | "rtl";
  publish_date: string | null;
  site_name: string | null;
  image_url: string | null;
  word_count: number | null;
  reading_time_minutes: number | null;
  is_read: boolean;
  read_at: string | null;
  processing_status: ProcessingStatus;
  processing_error: string | null;
  /**
   * False when the page's text is mostly its interface (a sign-in form's messages, a cookie notice): there is no
   * summary and the viewer offers the original. Absent in data cached before it existed (read as true).
   */
  reads_as_article?: boolean;
  processing_attempts: number;
  processed_at: string | null;
  status: "processing" | "failed" | "completed";
  created_at: string;
  updated_at: string;
  /** The article's tags (issue 23), alphabetical; absent in a list cached offline before tags existed. */
  tags?: string[];
  /** Issue 32: the reader's note on the whole article (plain text, shown as typed). */
  note?: string | null;
  /** Issue 32: the first visible text offset of the content, and how far into the article that is (0-1). */
  reading_position?: number | null;
  reading_progress?: number | null;
  /** Issue 32: how many highlights the article has (list items). */
  highlight_count?: number;
  /** GET /api/articles/{id} only: each picture of the content with its address through the image proxy. */
  images?: Record<string, string>;
}

export type HighlightColor = "yellow" | "green" | "blue" | "pink";
export type HighlightTarget = "content" | "summary" | "title";
export type TextQuoteSelector = { type: "TextQuoteSelector"; exact: string; prefix: string; suffix: string };
export type TextPositionSelector = { type: "TextPositionSelector"; start: number; end: number };

/** A highlight as the API returns it (issue 32). */
export interface Highlight {
  id: number;
  article_id: number;
  target: HighlightTarget;
  quote: string;
  color: HighlightColor;
  note: string | null;
  /** anchored: found in the current text; orphaned: "no longer in the text"; pending: the text is not there yet. */
  anchor_status: "anchored" | "orphaned" | "pending";
  selectors: (TextQuoteSelector | TextPositionSelector)[];
  client_id: string | null;
  /** The page of a document (a PDF) the highlight starts on; null (or absent, older servers) for web articles. */
  page?: number | null;
  created_at: string;
  updated_at: string;
}

export interface LibraryHighlight extends Highlight {
  /** `note`: the article's own note (absent from servers before issue 50). */
  article: { id: number; title: string | null; url: string; domain: string | null; note?: string | null };
}

/** GET /api/highlights/notes: an article's own note, for /#/highlights. */
export interface LibraryNote {
  article: { id: number; title: string | null; url: string; domain: string | null };
  note: string;
  note_updated_at: string;
}

export interface NotePage {
  notes: LibraryNote[];
  next_cursor: string | null;
}

export interface HighlightPage {
  highlights: LibraryHighlight[];
  next_cursor: string | null;
}

export interface ReadingPosition {
  reading_position: number | null;
  reading_progress: number | null;
  position_updated_at: string | null;
}

export interface ArticleList {
  articles: Article[];
  page: number;
  per_page: number;
  total: number;
  /** False when a search matched more articles than it ranks: `total` is a lower bound, newest first. */
  total_exact?: boolean;
  total_pages: number;
  pagination: { page: number; pages: number; total: number; per_page: number };
}

export interface BulkResult {
  results: { url: unknown; success: boolean; article?: Article; duplicate?: boolean; error?: string }[];
  successful: number;
  duplicates: number;
  failed: number;
  invalid: number;
}

export interface BatchStatusItem {
  article_id: number;
  status: ProcessingStatus;
  display_status: "processing" | "failed" | "completed";
  error: string | null;
  attempts: number;
  processed_at: string | null;
  title: string | null;
  summary: string | null;
  domain: string | null;
  author: string | null;
  language: string | null;
}

/** POST /api/articles/batch/status: ids the user does not have (deleted, or never theirs) are in `missing_ids`. */
export interface BatchStatusResponse {
  statuses: BatchStatusItem[];
  missing_ids: number[];
}

export interface RelatedArticle {
  id: number;
  title: string | null;
  summary: string | null;
  domain: string | null;
  author: string | null;
  publish_date: string | null;
  created_at: string;
  is_read: boolean;
  /** How alike to the article being read, in [0, 1]: read against the reader's own library (docs/ai.md). */
  similarity_score: number;
}

export interface Feedback {
  id: number;
  user_id: number;
  article_id: number;
  feedback_value: -1 | 0 | 1;
  created_at: string;
  updated_at: string;
}

/** GET /api/articles/{id}/feedback of an unrated article: the same shape, the rating's fields null. */
export interface NoFeedback {
  id: null;
  user_id: number;
  article_id: number;
  feedback_value: null;
  created_at: null;
  updated_at: null;
}

export interface Stats {
  total_articles: number;
  unread_articles: number;
  read_articles: number;
  weekly_read_articles: number;
  articles_this_month: number;
  reading_streak: number;
  daily_activity: { date: string; articles_saved: number; articles_read: number }[];
  processing_stats: { completed: number; processing: number; pending: number; failed: number };
  top_domains: { domain: string; count: number }[];
  recent_activity: {
    id: number;
    title: string | null;
    /** The saved URL (absent from servers before issue 50): names an article without a title. */
    url?: string;
    domain: string | null;
    date: string;
    action: "saved" | "read";
  }[];
  timezone_offset: number;
  today: string;
}

/** GET /api/tags: the user's tags with how many articles carry each, most used first. */
export interface TagCount {
  tag: string;
  count: number;
}
