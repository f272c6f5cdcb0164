import type { ExportArticle, ExportHighlight } from "./export-article";

/**
 * Highlights and the article note as Markdown, in the shape Obsidian users know from Readwise's Obsidian export:
 * a `## Note` section, then `## Highlights` with each quote as a block quote, its note below it, and its colour
 * as a nested tag (`#highlight/yellow`) that Obsidian's tag pane groups. Pure.
 */

/** Every line of the quote inside the block quote, blank lines kept as `>` so paragraphs stay in one quote. */
export function blockQuote(text: string): string {
  return text
    .trim()
    .split(/\r?\n/)
    .map((line) => (line.trim() ? `> ${line.trimEnd()}` : ">"))
    .join("\n");
}

const STATUS_LINES: Record<ExportHighlight["anchor_status"], string | null> = {
  anchored: null,
  orphaned: "_No longer in the article's text._",
  pending: null,
};

export function highlightMarkdown(h: ExportHighlight): string {
  const parts = [blockQuote(h.quote)];
  // A document's page (issue 54), as a citation gives it.
  if (h.page) parts.push(`p. ${h.page}`);
  const status = STATUS_LINES[h.anchor_status];
  if (status) parts.push(status);
  if (h.note?.trim()) parts.push(h.note.trim());
  parts.push(`#highlight/${h.color}`);
  return parts.join("\n\n");
}

/** `## Note` and `## Highlights`, or nothing when the article has neither. */
export function keptSections(a: Pick<ExportArticle, "note" | "highlights">): string[] {
  const parts: string[] = [];
  if (a.note?.trim()) parts.push("## Note", "", a.note.trim(), "");
  if (a.highlights.length > 0) {
    parts.push("## Highlights", "", a.highlights.map(highlightMarkdown).join("\n\n"), "");
  }
  return parts;
}

/** Whether the highlights-only export has a file for the article. */
export const hasKept = (a: Pick<ExportArticle, "note" | "highlights">) =>
  a.highlights.length > 0 || Boolean(a.note?.trim());
