import { getDocumentProxy } from "unpdf";
import { toIsoDate } from "../../extraction/dates";
import { documentErrors } from "../document-error";
import { MAX_PDF_PAGES } from "../document-limits";
import type { ReadDocument } from "../read-document";
import { blocksToHtml } from "./blocks-html";
import { layoutBlocks, type PdfPageText, type PdfTextItem } from "./pdf-layout";

/**
 * A PDF read into an article with unpdf (PDF.js built for serverless runtimes: it runs in workerd, locally and
 * deployed, without a worker thread or a canvas). The text comes from PDF.js's text items, rebuilt into
 * paragraphs and headings by pdf-layout.ts; the title, author, date and language from the document's information
 * dictionary, else from its first page. A PDF without a text layer (a scan) is refused: there would be nothing to
 * read, summarise or highlight.
 */

/** Fewer letters than this in the whole document: it has no text layer worth the name (a scan, a picture). */
const MIN_LETTERS = 40;
/** Fewer letters a page on average (and the document is several pages): a scan with a stray stamp or page number. */
const MIN_LETTERS_PER_PAGE = 25;

interface PdfJsTextItem {
  str?: string;
  transform?: number[];
  width?: number;
  hasEOL?: boolean;
}

interface PdfInfo {
  Title?: unknown;
  Author?: unknown;
  CreationDate?: unknown;
  ModDate?: unknown;
  Language?: unknown;
}

function pdfJsError(error: unknown): never {
  const name = error instanceof Error ? error.name : "";
  if (name === "PasswordException") throw documentErrors.encrypted();
  throw documentErrors.corrupt("PDF");
}

/** "D:20240315093000+01'00'" (the PDF date format) as ISO 8601. */
export function pdfDate(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const match = /^(?:D:)?(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?([Zz]|[+-]\d{2}'?\d{2}'?)?/.exec(value.trim());
  if (!match) return null;
  const [, year, month = "01", day = "01", hour, minute, second, zone] = match;
  if (hour === undefined || minute === undefined) return toIsoDate(`${year}-${month}-${day}`);
  const offset = !zone
    ? ""
    : /^z$/i.test(zone)
      ? "Z"
      : `${zone.slice(0, 3)}:${zone.replace(/'/g, "").slice(3, 5) || "00"}`;
  return toIsoDate(`${year}-${month}-${day}T${hour}:${minute}:${second ?? "00"}${offset}`);
}

/** A title tools write when the author gave none: a file name, a word processor's stand-in. */
function usableTitle(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const title = value.replace(/\s+/g, " ").trim();
  if (!title || title.length > 300 || !/\p{L}/u.test(title)) return null;
  if (/^(untitled|title|document|slide \d+|microsoft word\b.*|presentation\d*)$/i.test(title)) return null;
  if (/\.(docx?|pdf|tex|dvi|ps|indd|pptx?|odt|rtf|xlsx?|txt)$/i.test(title)) return null;
  if (/^microsoft (word|powerpoint) - /i.test(title)) return null;
  return title;
}

function usableAuthor(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const author = value.replace(/\s+/g, " ").trim();
  if (!author || author.length > 200 || !/\p{L}/u.test(author)) return null;
  if (/^(unknown|user|admin|administrator|author|owner|default)$/i.test(author)) return null;
  return author;
}

const normalise = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

function toItem(raw: PdfJsTextItem, left: number, bottom: number): PdfTextItem | null {
  if (typeof raw.str !== "string" || !raw.transform) return null;
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = raw.transform;
  // The font size is the text matrix's vertical scale (c, d); a rotated run keeps its size.
  const fontSize = Math.hypot(c, d) || Math.hypot(a, b);
  return { str: raw.str, x: e - left, y: f - bottom, width: raw.width ?? 0, fontSize, hasEOL: Boolean(raw.hasEOL) };
}

export async function readPdf(bytes: Uint8Array, fileName?: string): Promise<ReadDocument> {
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // A copy: PDF.js takes over (detaches) the buffer it is given, and the caller keeps the original to store.
    pdf = await getDocumentProxy(bytes.slice(), { stopAtErrors: false });
  } catch (error) {
    pdfJsError(error);
  }
  try {
    if (pdf.numPages > MAX_PDF_PAGES) throw documentErrors.tooManyPages(pdf.numPages);
    const pages: PdfPageText[] = [];
    for (let number = 1; number <= pdf.numPages; number++) {
      const page = await pdf.getPage(number).catch(pdfJsError);
      const [left = 0, bottom = 0, right = 612, top = 792] = page.view;
      const content = await page.getTextContent().catch(pdfJsError);
      const items: PdfTextItem[] = [];
      for (const raw of content.items as PdfJsTextItem[]) {
        const item = toItem(raw, left, bottom);
        if (item) items.push(item);
      }
      pages.push({ width: right - left, height: top - bottom, items });
      page.cleanup();
    }
    const letters = pages.reduce((sum, page) => sum + page.items.reduce((n, i) => n + countLetters(i.str), 0), 0);
    if (letters < MIN_LETTERS || (pages.length >= 3 && letters / pages.length < MIN_LETTERS_PER_PAGE)) {
      throw documentErrors.noText();
    }

    const { info } = (await pdf.getMetadata().catch(() => ({ info: {} }))) as { info: PdfInfo };
    const blocks = layoutBlocks(pages);
    const firstHeading = blocks.find((block) => block.page === 1 && block.kind === "heading");
    const title =
      usableTitle(info.Title) ?? firstHeading?.text ?? blocks[0]?.text.slice(0, 200) ?? fileStem(fileName) ?? null;
    // The title opens most documents' first page: the viewer shows it above the text already.
    const opening = blocks[0];
    if (opening && title && normalise(opening.text) === normalise(title)) blocks.shift();
    // With the title gone, the largest heading left is the document's first level (h2).
    if (!blocks.some((block) => block.kind === "heading" && block.level === 2)) {
      for (const block of blocks)
        if (block.kind === "heading" && block.level > 2) block.level = (block.level - 1) as 2 | 3;
    }
    const author = usableAuthor(info.Author) ?? bylineOnFirstPage(blocks);
    const language = typeof info.Language === "string" ? (info.Language.split(/[-_]/)[0]?.toLowerCase() ?? null) : null;
    return {
      kind: "pdf",
      title,
      author,
      publishedTime: pdfDate(info.CreationDate) ?? pdfDate(info.ModDate),
      language: language && /^[a-z]{2,3}$/.test(language) ? language : null,
      content: blocksToHtml(blocks),
      pages: pdf.numPages,
    };
  } finally {
    // Frees the parsed document (the loading task owns it) whether reading finished or failed.
    await pdf.loadingTask.destroy().catch(() => {});
  }
}

function countLetters(text: string): number {
  return text.match(/\p{L}/gu)?.length ?? 0;
}

function fileStem(name: string | undefined): string | null {
  const stem = name?.replace(/\.[a-z0-9]{1,5}$/i, "").trim();
  return stem || null;
}

/** "By Ada Lovelace" among the first blocks of the first page, when the document's information names nobody. */
function bylineOnFirstPage(blocks: ReturnType<typeof layoutBlocks>): string | null {
  for (const block of blocks.slice(0, 6)) {
    if (block.page !== 1) break;
    const match = /^(?:by|von|par|por|di)\s+(.{3,80})$/i.exec(block.text);
    if (match?.[1]) return match[1].trim();
  }
  return null;
}
