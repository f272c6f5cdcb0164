/**
 * The highlights page's export (issue 50): what the page shows, with its filters, as Markdown, JSON or CSV, built
 * in the browser from the same groups the page draws, so the file holds exactly that. Pure; the CSV writer is
 * papaparse (loaded with the export), configured as the library export's (src/worker/domain/export).
 */
import type Papa from "papaparse";
import { blockQuote, highlightMarkdown } from "../../worker/domain/export/highlights-markdown";
import type { HighlightColor } from "../api/types";
import type { ArticleGroup } from "./highlight-list";

export const HIGHLIGHT_EXPORT_FORMATS = ["markdown", "json", "csv"] as const;
export type HighlightExportFormat = (typeof HIGHLIGHT_EXPORT_FORMATS)[number];

export interface HighlightFilters {
  search?: string;
  color?: HighlightColor | null;
  tag?: string;
}

const EXTENSIONS: Record<HighlightExportFormat, string> = { markdown: "md", json: "json", csv: "csv" };
const TYPES: Record<HighlightExportFormat, string> = {
  markdown: "text/markdown; charset=utf-8",
  json: "application/json; charset=utf-8",
  csv: "text/csv; charset=utf-8",
};

const titleOf = (group: ArticleGroup) => (group.article.title?.trim() || group.article.url).replace(/\s+/g, " ");

/** "search "slow", colour yellow, tag "garden"": the filters in words, for the file's header. */
export function filterWords(filters: HighlightFilters): string {
  const words = [
    filters.search ? `search "${filters.search}"` : null,
    filters.color ? `colour ${filters.color}` : null,
    filters.tag ? `tag "${filters.tag}"` : null,
  ].filter(Boolean);
  return words.length > 0 ? words.join(", ") : "none";
}

/** `viberead-highlights-2026-12-01.md`, with the filters' words when there are some. */
export function exportFilename(format: HighlightExportFormat, filters: HighlightFilters, now: Date): string {
  const slug = [filters.search, filters.color, filters.tag]
    .filter(Boolean)
    .join("-")
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40);
  return `viberead-highlights-${now.toISOString().slice(0, 10)}${slug ? `-${slug}` : ""}.${EXTENSIONS[format]}`;
}

/** One document: each article as a heading with its link, its note, then its highlights as block quotes. */
export function highlightsMarkdown(groups: readonly ArticleGroup[], filters: HighlightFilters, now: Date): string {
  const parts = [
    "# Highlights",
    "",
    `Exported from VibeRead on ${now.toISOString().slice(0, 10)}. Filters: ${filterWords(filters)}.`,
    "",
  ];
  for (const group of groups) {
    parts.push(`## ${titleOf(group)}`, "", `<${group.article.url}>`, "");
    if (group.note?.trim()) parts.push("### Note", "", blockQuote(group.note), "");
    if (group.highlights.length > 0) {
      parts.push("### Highlights", "", group.highlights.map(highlightMarkdown).join("\n\n"), "");
    }
  }
  return parts.join("\n");
}

export function highlightsJson(groups: readonly ArticleGroup[], filters: HighlightFilters, now: Date): string {
  const document = {
    format: "viberead-highlights",
    version: 1,
    exported_at: now.toISOString(),
    filters: { search: filters.search || null, color: filters.color || null, tag: filters.tag || null },
    articles: groups.map((group) => ({
      id: group.article.id,
      title: group.article.title,
      url: group.article.url,
      domain: group.article.domain,
      note: group.note?.trim() ? group.note : null,
      highlights: group.highlights.map((h) => ({
        id: h.id,
        quote: h.quote,
        note: h.note,
        color: h.color,
        target: h.target,
        anchor_status: h.anchor_status,
        page: h.page ?? null,
        created_at: h.created_at,
        updated_at: h.updated_at,
      })),
    })),
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}

export const HIGHLIGHT_CSV_COLUMNS = [
  "article_title",
  "article_url",
  "kind",
  "quote",
  "note",
  "color",
  "where",
  "created_at",
  "page",
] as const;

/** One row per article note and per highlight; a cell starting with = + @ is kept from running as a formula. */
export function highlightsCsv(papa: typeof Papa, groups: readonly ArticleGroup[]): string {
  const rows: string[][] = [];
  for (const group of groups) {
    const title = titleOf(group);
    if (group.note?.trim()) rows.push([title, group.article.url, "note", "", group.note, "", "", "", ""]);
    for (const h of group.highlights) {
      const page = h.page ? String(h.page) : "";
      rows.push([title, group.article.url, "highlight", h.quote, h.note ?? "", h.color, h.target, h.created_at, page]);
    }
  }
  return papa.unparse(
    { fields: [...HIGHLIGHT_CSV_COLUMNS], data: rows },
    { newline: "\r\n", escapeFormulae: /^[=+@\t\r]/ },
  );
}

/** The file for a format: its name, type and text. */
export async function highlightsFile(
  format: HighlightExportFormat,
  groups: readonly ArticleGroup[],
  filters: HighlightFilters,
  now = new Date(),
): Promise<{ name: string; type: string; text: string }> {
  const name = exportFilename(format, filters, now);
  if (format === "markdown") return { name, type: TYPES[format], text: highlightsMarkdown(groups, filters, now) };
  if (format === "json") return { name, type: TYPES[format], text: highlightsJson(groups, filters, now) };
  const papa = (await import("papaparse")).default;
  return { name, type: TYPES[format], text: highlightsCsv(papa, groups) };
}
