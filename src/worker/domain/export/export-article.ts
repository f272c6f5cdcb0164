/** Ratings as exported: the stored feedback -1, 0, 1. */
export type ExportRating = "good" | "alright" | "poor";

export function ratingName(value: number | null | undefined): ExportRating | null {
  if (value === 1) return "good";
  if (value === 0) return "alright";
  if (value === -1) return "poor";
  return null;
}

/** One highlight in an export: the API's highlight JSON (W3C selectors, colour, note, anchor status, dates). */
export interface ExportHighlight {
  id: number;
  target: "content" | "summary" | "title";
  quote: string;
  color: "yellow" | "green" | "blue" | "pink";
  note: string | null;
  anchor_status: "anchored" | "orphaned" | "pending";
  /** The document page it starts on (a PDF, issue 54); null or absent for web articles. */
  page?: number | null;
  selectors: (
    | { type: "TextQuoteSelector"; exact: string; prefix: string; suffix: string }
    | { type: "TextPositionSelector"; start: number; end: number }
  )[];
  created_at: string;
  updated_at: string;
}

/**
 * One article in an export (issue 23), every field, dates as ISO 8601. The JSON export is a list of these, and
 * the other formats are written from it; the importer reads this shape back.
 */
export interface ExportArticle {
  id: number;
  url: string;
  title: string | null;
  summary: string | null;
  content: string | null;
  language: string | null;
  domain: string | null;
  author: string | null;
  site_name: string | null;
  publish_date: string | null;
  image_url: string | null;
  word_count: number | null;
  created_at: string;
  updated_at: string;
  read_at: string | null;
  is_read: boolean;
  rating: ExportRating | null;
  tags: string[];
  topics: string[];
  processing_status: string;
  processing_error: string | null;
  processed_at: string | null;
  /** Issue 32: the reader's note on the article and when it was written (newest write wins on import). */
  note: string | null;
  note_updated_at: string | null;
  /** Where the reader is: a text offset into the content's text, how far (0-1), and when. */
  reading_position: number | null;
  reading_progress: number | null;
  position_updated_at: string | null;
  /** In reading order: title, summary, then content, each by position. */
  highlights: ExportHighlight[];
}

/** `highlights`: only what the reader kept (highlights and notes), as Markdown files in a zip. */
export const EXPORT_FORMATS = ["json", "csv", "html", "markdown", "highlights"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
