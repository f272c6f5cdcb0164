/**
 * A PDF's text as a reader wants it, rebuilt from PDF.js text items (pure: pdf-reader.ts feeds it). A PDF has no
 * paragraphs or headings, only runs of text placed on pages, so they are inferred:
 *
 * - lines: items in content order, a new line where an item ends one (hasEOL) or moves off the line's baseline;
 * - running headers and footers: a line in the top or bottom band of the page whose text (digits aside) recurs at
 *   the same height on at least half of the pages (at least 2) is dropped, and so is a lone page number there
 *   ("12", "- 12 -", "Page 12 of 40", "12/40", "xii");
 * - paragraphs: lines join while the gap between them is a normal line gap of the body text and the font size
 *   stays; a larger gap, a new size, a bullet, or a short line ending a sentence before a new one ends one. A
 *   paragraph that runs past the end of a page (or a column) goes on into the next;
 * - headings: short blocks set larger than the body text (the size most of the text has), levels by size;
 * - words hyphenated at a line's end are joined ("hyphen-" + "ated"), soft hyphens dropped.
 *
 * Every block keeps the page it starts on, so highlights can report a page.
 */

export interface PdfTextItem {
  str: string;
  /** Left edge and baseline, in PDF space (origin bottom-left). */
  x: number;
  y: number;
  width: number;
  fontSize: number;
  hasEOL: boolean;
}

export interface PdfPageText {
  /** Page size in PDF units. */
  width: number;
  height: number;
  items: PdfTextItem[];
}

export type PdfBlock =
  | { kind: "heading"; level: 2 | 3 | 4; text: string; page: number }
  | { kind: "paragraph"; text: string; page: number }
  /** A bulleted list item (a numbered one stays a paragraph with its number: its numbers may not start at 1). */
  | { kind: "item"; text: string; page: number };

interface Line {
  text: string;
  x: number;
  right: number;
  y: number;
  size: number;
  /** 1-based. */
  page: number;
}

/** The top and bottom share of a page where running headers, footers and page numbers sit. */
const MARGIN_BAND = 0.12;
const BULLET = /^[•◦▪▫●○■□‣⁃∙·*–-]\s+/u;
const NUMBERED = /^(?:\d{1,3}|[a-z]|[ivx]{1,5})[.)]\s+/i;
const PAGE_NUMBER =
  /^(?:[-–—]\s*)?(?:(?:page|p\.|seite|página|pagina)\s*)?(?:\d{1,4}|[ivxlc]{1,7})(?:\s*(?:\/|of|von|de|di|sur)\s*\d{1,4})?(?:\s*[-–—])?$/i;
const SENTENCE_END = /[.!?:;…"”’)\]]$/u;

function lineText(items: PdfTextItem[]): string {
  let text = "";
  let end: number | null = null;
  for (const item of [...items].sort((a, b) => a.x - b.x)) {
    // A gap wider than a fifth of the font size between two runs is a space the PDF did not write as one.
    const gap = end === null ? 0 : item.x - end;
    if (end !== null && gap > item.fontSize * 0.2 && !/\s$/.test(text) && !/^\s/.test(item.str)) text += " ";
    text += item.str;
    end = Math.max(end ?? 0, item.x + item.width);
  }
  return text.replace(/\s+/g, " ").trim();
}

/** Items to lines, in content order (which keeps a column's lines together even where two columns share a baseline). */
export function pageLines(page: PdfPageText, pageNumber: number): Line[] {
  const lines: Line[] = [];
  let current: PdfTextItem[] = [];
  let baseline = 0;
  let size = 0;
  const flush = () => {
    const printed = current.filter((item) => item.str.trim() !== "");
    if (printed.length > 0) {
      const text = lineText(printed);
      if (text) {
        // The size most of the line's characters have: a bold or italic word set slightly apart does not decide.
        const bySize = new Map<number, number>();
        for (const item of printed) {
          const key = Math.round(item.fontSize * 2) / 2;
          bySize.set(key, (bySize.get(key) ?? 0) + item.str.length);
        }
        const mainSize = [...bySize.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? size;
        lines.push({
          text,
          x: Math.min(...printed.map((item) => item.x)),
          right: Math.max(...printed.map((item) => item.x + item.width)),
          y: printed[0]?.y ?? baseline,
          size: mainSize,
          page: pageNumber,
        });
      }
    }
    current = [];
  };
  for (const item of page.items) {
    const printed = item.str.trim() !== "";
    if (printed && current.some((c) => c.str.trim() !== "")) {
      // Off the baseline by more than half the text's height: a new line (a superscript stays on its line).
      if (Math.abs(item.y - baseline) > Math.max(size, item.fontSize) * 0.6) flush();
    }
    if (printed && !current.some((c) => c.str.trim() !== "")) {
      baseline = item.y;
      size = item.fontSize;
    }
    current.push(item);
    if (item.hasEOL) flush();
  }
  flush();
  return lines;
}

/** Digits stand for any number, so "Page 3" and "Page 4" are the same running line. */
const runningKey = (line: Line) => `${Math.round(line.y / 4)}|${line.text.toLowerCase().replace(/\d+/g, "#")}`;

function inMarginBand(line: Line, page: PdfPageText): boolean {
  return line.y > page.height * (1 - MARGIN_BAND) || line.y < page.height * MARGIN_BAND;
}

/** Drops running headers and footers, and lone page numbers in the margins. */
export function withoutPageFurniture(pages: PdfPageText[], lines: Line[][]): Line[][] {
  const seen = new Map<string, Set<number>>();
  lines.forEach((pageLines, index) => {
    const page = pages[index];
    if (!page) return;
    for (const line of pageLines) {
      if (!inMarginBand(line, page)) continue;
      const key = runningKey(line);
      const pagesWith = seen.get(key) ?? new Set<number>();
      pagesWith.add(index);
      seen.set(key, pagesWith);
    }
  });
  const needed = Math.max(2, Math.ceil(pages.length / 2));
  return lines.map((pageLines, index) => {
    const page = pages[index];
    if (!page) return pageLines;
    return pageLines.filter((line) => {
      if (!inMarginBand(line, page)) return true;
      if (PAGE_NUMBER.test(line.text)) return false;
      return pages.length < 2 || (seen.get(runningKey(line))?.size ?? 0) < needed;
    });
  });
}

/** The size most characters are set in: the body text. */
function bodySize(lines: Line[]): number {
  const counts = new Map<number, number>();
  for (const line of lines) counts.set(line.size, (counts.get(line.size) ?? 0) + line.text.length);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 10;
}

/** The usual distance from one body line's baseline to the next: the most common one. */
function lineGap(lines: Line[], body: number): number {
  const counts = new Map<number, number>();
  for (let i = 1; i < lines.length; i++) {
    const previous = lines[i - 1] as Line;
    const line = lines[i] as Line;
    if (previous.page !== line.page || previous.size !== body || line.size !== body) continue;
    const gap = Math.round((previous.y - line.y) * 2) / 2;
    if (gap > 0) counts.set(gap, (counts.get(gap) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]?.[0] ?? body * 1.2;
}

/** Joins a paragraph's next line: a word hyphenated at the line's end is made whole. */
export function joinLine(text: string, next: string): string {
  if (text.endsWith("\u00ad")) return text.slice(0, -1) + next;
  // "hyphen-" + "ated": a letter, a hyphen (or U+2010, which browsers print for a soft hyphen they break at), then a
  // lower-case letter starting the next line.
  if (/\p{L}[-\u2010]$/u.test(text) && /^\p{Ll}/u.test(next)) return text.slice(0, -1) + next;
  // CJK text has no spaces between words, so none between its lines either.
  if (/[\u3040-\u30ff\u3400-\u9fff]$/u.test(text) && /^[\u3040-\u30ff\u3400-\u9fff]/u.test(next)) return text + next;
  return `${text} ${next}`;
}

interface Draft {
  kind: "text" | "item";
  lines: Line[];
  text: string;
}

/** Lines to blocks: paragraphs, list items and headings, in reading order. */
export function layoutBlocks(pages: PdfPageText[]): PdfBlock[] {
  const kept = withoutPageFurniture(
    pages,
    pages.map((page, index) => pageLines(page, index + 1)),
  );
  const lines = kept.flat();
  if (lines.length === 0) return [];
  const body = bodySize(lines);
  const gap = lineGap(lines, body);
  // The right edge of the text column, per page: a line ending well short of it ends its paragraph.
  const rightEdge = new Map<number, number>();
  for (const line of lines) {
    if (line.size === body) rightEdge.set(line.page, Math.max(rightEdge.get(line.page) ?? 0, line.right));
  }

  const drafts: Draft[] = [];
  let open: Draft | null = null;
  for (const line of lines) {
    const bullet = BULLET.exec(line.text) ?? NUMBERED.exec(line.text);
    const previous = open?.lines[open.lines.length - 1];
    let continues = false;
    if (open && previous && !bullet && Math.abs(line.size - previous.size) < 0.6) {
      const samePage = previous.page === line.page;
      const drop = previous.y - line.y;
      if (samePage && drop > 0) {
        const shortEnd =
          previous.size === body &&
          previous.right < (rightEdge.get(previous.page) ?? previous.right) - body * 6 &&
          SENTENCE_END.test(previous.text);
        // A normal line gap of the body text, or of a larger size's own lines (a title over two lines).
        continues = drop <= Math.max(gap * 1.3, line.size * 1.6) && !shortEnd;
      } else {
        // On to the next page or column: the paragraph goes on unless it ended a sentence.
        continues = line.size === body && !SENTENCE_END.test(previous.text);
      }
    }
    if (open && continues) {
      open.lines.push(line);
      open.text = joinLine(open.text, line.text);
      continue;
    }
    open = {
      kind: bullet && BULLET.test(line.text) ? "item" : "text",
      lines: [line],
      text: bullet && BULLET.test(line.text) ? line.text.replace(BULLET, "") : line.text,
    };
    drafts.push(open);
  }

  // Heading sizes, largest first: the three largest above the body text are h2, h3 and h4.
  const headingSizes = [...new Set(drafts.filter((d) => isHeading(d, body)).map((d) => d.lines[0]?.size ?? body))].sort(
    (a, b) => b - a,
  );
  return drafts.map((draft): PdfBlock => {
    const page = draft.lines[0]?.page ?? 1;
    if (isHeading(draft, body)) {
      const rank = headingSizes.indexOf(draft.lines[0]?.size ?? body);
      return { kind: "heading", level: (Math.min(rank, 2) + 2) as 2 | 3 | 4, text: draft.text, page };
    }
    if (draft.kind === "item") return { kind: "item", text: draft.text, page };
    return { kind: "paragraph", text: draft.text, page };
  });
}

function isHeading(draft: Draft, body: number): boolean {
  const size = draft.lines[0]?.size ?? body;
  return size >= body * 1.15 && draft.lines.length <= 3 && draft.text.length <= 200 && /\p{L}/u.test(draft.text);
}
