import type { ChapterHtml } from "./chapter-html";
import type { ManifestItem, PackageDocument } from "./package-document";

/** A cover, title page or printed table of contents with more text than this is read as a chapter. */
export const FRONT_MATTER_TEXT = 300;
/** Letters a title page may hold besides the book's title, authors and date ("by", "a novel", a publisher). */
const TITLE_PAGE_EXTRA = 40;

/**
 * Whether a text document is front matter the reader does not need as a chapter, since the product shows the
 * cover, the title and authors, and lists the chapters itself: the cover page (marked by the guide or
 * `epub:type`, or a first page that is only a picture), the title page (marked so, or a first short page that
 * says little but the title and authors) or a printed table of contents (mostly links within the book).
 */
export function frontMatter(
  chapter: ChapterHtml,
  item: ManifestItem,
  book: Pick<PackageDocument, "coverPage" | "tocPage" | "titlePage" | "title" | "authors" | "published">,
  first: boolean,
): "cover" | "title" | "toc" | null {
  const short = chapter.textChars <= FRONT_MATTER_TEXT && chapter.images.length <= 1;
  const markedCover = item.path === book.coverPage || chapter.types.has("cover");
  if (short && chapter.images.length === 1 && (markedCover || (first && chapter.textChars === 0))) return "cover";
  const markedTitle = item.path === book.titlePage || chapter.types.has("titlepage");
  if (short && (markedTitle || (first && namesOnly(chapter.shortText ?? "", book)))) return "title";
  const markedToc = item.path === book.tocPage || chapter.types.has("toc");
  const mostlyLinks = chapter.inBookLinks >= 3 && chapter.linkTextChars >= 0.8 * chapter.textChars;
  if (mostlyLinks && (markedToc || chapter.images.length === 0)) return "toc";
  return null;
}

/** Whether a page's text is the book's title, its authors and date, and hardly anything else. */
function namesOnly(text: string, book: Pick<PackageDocument, "title" | "authors" | "published">): boolean {
  const fold = (value: string) => value.toLowerCase().replace(/\s+/g, " ");
  const title = fold(book.title);
  let rest = fold(text);
  if (!title || !rest.includes(title)) return false;
  for (const name of [title, ...book.authors.map(fold), fold(book.published ?? "")]) {
    if (name) rest = rest.split(name).join(" ");
  }
  return rest.replace(/[^\p{L}]/gu, "").length <= TITLE_PAGE_EXTRA;
}
