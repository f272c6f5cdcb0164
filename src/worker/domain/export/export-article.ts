/** Ratings as exported: the stored feedback -1, 0, 1. */
export type ExportRating = "good" | "alright" | "poor";

export function ratingName(value: number | null | undefined): ExportRating | null {
  if (value === 1) return "good";
  if (value === 0) return "alright";
  if (value === -1) return "poor";
  return null;
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
}

export const EXPORT_FORMATS = ["json", "csv", "html", "markdown"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
