import { strToU8, type ZipOptions, zipSync } from "fflate";
import { sniffImageType } from "../article-images";
import { xmlText } from "../feeds/atom";
import { articleXhtml, type Mark } from "./article-xhtml";
import { EPUB_CSS } from "./epub-css";

/**
 * An EPUB 3 book of saved articles (one XHTML chapter each), built whole in memory: the caller bounds its size (how
 * many articles, how many picture bytes). Pure. What e-readers rely on, and epubcheck checks:
 * - the zip starts with `mimetype`, stored (not compressed), no extra field, its exact content, and every entry has
 *   its sizes in its local header (no data descriptors: some readers' zip code needs them);
 * - META-INF/container.xml names the package document; the package has dc:identifier, dc:title, dc:language and
 *   dcterms:modified; every file is in the manifest with its media type and every spine item is in the manifest;
 * - a navigation document (EPUB 3) and toc.ncx (for EPUB 2 readers, e.g. older Kobo and Sony firmware);
 * - each chapter is well-formed XHTML (article-xhtml.ts) with ids unique in its file;
 * - pictures are only JPEG, PNG, GIF or WebP (EPUB 3.3's core image types), typed by their bytes; one the caller
 *   could not get, or of another type, is left out of the chapter, never a broken reference.
 */

export const EPUB_MEDIA_TYPE = "application/epub+zip";

export interface EbookImage {
  contentType: string;
  bytes: Uint8Array;
}

export interface EbookHighlight {
  target: "content" | "summary" | "title";
  exact: string;
  positionStart: number | null;
  positionEnd: number | null;
  anchorStatus: "anchored" | "orphaned" | "pending";
  color: string;
  note: string | null;
}

export interface EbookArticle {
  id: number;
  url: string;
  title: string | null;
  author: string | null;
  siteName: string | null;
  domain: string | null;
  /** As the page gave it (usually ISO 8601). */
  publishDate: string | null;
  savedAt: number;
  language: string | null;
  /** The reader's note on the whole article. */
  note: string | null;
  /** Sanitised article HTML; null when the page has not been read yet. */
  contentHtml: string | null;
  /** True when the content was cut to fit the book. */
  shortened?: boolean;
  highlights: readonly EbookHighlight[];
}

export interface EbookInput {
  /** A URN that stays the same for the same book (readers use it to tell a new copy from another book). */
  identifier: string;
  title: string;
  /** Names the book's maker when it holds many articles; a single article's book is by its author. */
  creator: string;
  modifiedAt: number;
  articles: readonly EbookArticle[];
  /** Pictures by their address in the articles' HTML; a missing one is left out. */
  images: ReadonlyMap<string, EbookImage>;
}

const IMAGE_EXTENSIONS: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/gif": "gif",
  "image/webp": "webp",
};

const LANGUAGE_TAG = /^[a-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$/;
const languageOf = (language: string | null) => (language && LANGUAGE_TAG.test(language) ? language : null);

/** The language of most of the articles (a book has one; each chapter still says its own). */
function bookLanguage(articles: readonly EbookArticle[]): string {
  const counts = new Map<string, number>();
  for (const article of articles) {
    const language = languageOf(article.language);
    if (language) counts.set(language, (counts.get(language) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? "en";
}

/** `YYYY-MM-DDThh:mm:ssZ`: dcterms:modified allows no fractions of a second. */
const modifiedStamp = (ms: number) => `${new Date(ms).toISOString().slice(0, 19)}Z`;

function readableDate(value: string | number): string | null {
  const ms = typeof value === "number" ? value : Date.parse(value);
  if (!Number.isFinite(ms)) return typeof value === "string" && value.trim() ? value.trim() : null;
  return new Date(ms).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
}

export const chapterTitle = (article: Pick<EbookArticle, "title" | "url">) => article.title?.trim() || article.url;

const XHTML_HEAD = (title: string, language: string) =>
  [
    '<?xml version="1.0" encoding="utf-8"?>',
    "<!DOCTYPE html>",
    `<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="${language}" lang="${language}">`,
    "<head>",
    `<title>${xmlText(title)}</title>`,
    '<link rel="stylesheet" type="text/css" href="style.css"/>',
    "</head>",
  ].join("\n");

/** Highlights that are not marked in the text (in the summary or title, no longer found, or not placed). */
function keptElsewhere(highlights: readonly EbookHighlight[]): string {
  if (highlights.length === 0) return "";
  const items = highlights.map(
    (h) =>
      `<blockquote class="kept-highlight"><p><mark class="highlight highlight-${xmlText(h.color)}">${xmlText(h.exact)}</mark></p>` +
      `${h.note ? `<p class="kept-note">${xmlText(h.note)}</p>` : ""}</blockquote>`,
  );
  return `<section class="kept-highlights"><h2>Highlights not marked in the text</h2>${items.join("")}</section>`;
}

function chapterXhtml(article: EbookArticle, bookLang: string, imageHref: (src: string) => string | null): string {
  const title = chapterTitle(article);
  const language = languageOf(article.language) ?? bookLang;
  const inContent = article.highlights.filter(
    (h) =>
      h.target === "content" && h.anchorStatus === "anchored" && h.positionStart !== null && h.positionEnd !== null,
  );
  let noteNumber = 0;
  const marks: (Mark & { highlight: EbookHighlight })[] = inContent.map((h) => ({
    start: h.positionStart as number,
    end: h.positionEnd as number,
    color: h.color,
    noteNumber: h.note?.trim() ? ++noteNumber : undefined,
    highlight: h,
  }));
  const body = article.contentHtml ? articleXhtml(article.contentHtml, { marks, imageHref }) : null;
  const placed = new Set((body?.placed ?? []).map((mark) => (mark as (typeof marks)[number]).highlight));
  const notes = marks.filter((m) => m.noteNumber !== undefined && placed.has(m.highlight));
  const elsewhere = article.highlights.filter((h) => !placed.has(h));

  const site = article.siteName?.trim() || article.domain;
  const published = article.publishDate ? readableDate(article.publishDate) : null;
  const metaLine = [site, published ? `published ${published}` : null, `saved ${readableDate(article.savedAt)}`]
    .filter(Boolean)
    .join(" · ");
  return [
    XHTML_HEAD(title, language),
    "<body>",
    `<section epub:type="chapter" class="chapter">`,
    "<header>",
    `<h1>${xmlText(title)}</h1>`,
    article.author?.trim() ? `<p class="byline">By ${xmlText(article.author.trim())}</p>` : "",
    `<p class="meta">${xmlText(metaLine)}</p>`,
    `<p class="source"><a href="${xmlText(article.url)}">${xmlText(article.url)}</a></p>`,
    "</header>",
    article.note?.trim()
      ? `<aside class="article-note"><p class="article-note-label">Your note</p><p>${xmlText(article.note.trim())}</p></aside>`
      : "",
    body
      ? `<div class="content">${body.xhtml}</div>`
      : '<p class="unread-page"><em>VibeRead has not read this page yet: the article is at its link above.</em></p>',
    article.shortened
      ? '<p class="shortened"><em>Shortened to fit the book: the whole article is at its link.</em></p>'
      : "",
    keptElsewhere(elsewhere),
    ...notes.map(
      (m) =>
        `<aside epub:type="footnote" id="note-${m.noteNumber}" class="footnote"><p><a href="#noteref-${m.noteNumber}">${m.noteNumber}</a> ${xmlText(m.highlight.note ?? "")}</p></aside>`,
    ),
    "</section>",
    "</body>",
    "</html>",
    "",
  ]
    .filter((line) => line !== "")
    .join("\n");
}

function navXhtml(title: string, language: string, chapters: { href: string; title: string }[]): string {
  return [
    XHTML_HEAD(title, language),
    "<body>",
    `<nav epub:type="toc" id="toc">`,
    `<h1>${xmlText(title)}</h1>`,
    "<ol>",
    ...chapters.map((c) => `<li><a href="${c.href}">${xmlText(c.title)}</a></li>`),
    "</ol>",
    "</nav>",
    "</body>",
    "</html>",
    "",
  ].join("\n");
}

function tocNcx(identifier: string, title: string, chapters: { href: string; title: string }[]): string {
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1">',
    "<head>",
    `<meta name="dtb:uid" content="${xmlText(identifier)}"/>`,
    '<meta name="dtb:depth" content="1"/>',
    '<meta name="dtb:totalPageCount" content="0"/>',
    '<meta name="dtb:maxPageNumber" content="0"/>',
    "</head>",
    `<docTitle><text>${xmlText(title)}</text></docTitle>`,
    "<navMap>",
    ...chapters.map(
      (c, i) =>
        `<navPoint id="navpoint-${i + 1}" playOrder="${i + 1}"><navLabel><text>${xmlText(c.title)}</text></navLabel><content src="${c.href}"/></navPoint>`,
    ),
    "</navMap>",
    "</ncx>",
    "",
  ].join("\n");
}

const CONTAINER_XML = [
  '<?xml version="1.0" encoding="utf-8"?>',
  '<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">',
  "<rootfiles>",
  '<rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/>',
  "</rootfiles>",
  "</container>",
  "",
].join("\n");

/** The picture's type told by its bytes, when it is one a book may hold. */
function bookImageType(image: EbookImage): string | null {
  const type = sniffImageType(image.bytes);
  return type && IMAGE_EXTENSIONS[type] ? type : null;
}

/** The EPUB file's bytes. */
export function buildEpub(input: EbookInput): Uint8Array {
  const language = bookLanguage(input.articles);
  const imageFiles = new Map<string, { href: string; id: string; type: string; bytes: Uint8Array }>();
  const imageHref = (src: string) => {
    const known = imageFiles.get(src);
    if (known) return known.href;
    const image = input.images.get(src);
    const type = image ? bookImageType(image) : null;
    if (!image || !type) return null;
    const n = imageFiles.size + 1;
    const file = { href: `images/image-${n}.${IMAGE_EXTENSIONS[type]}`, id: `image-${n}`, type, bytes: image.bytes };
    imageFiles.set(src, file);
    return file.href;
  };

  const chapters = input.articles.map((article, i) => {
    const href = `chapter-${i + 1}.xhtml`;
    return {
      id: `chapter-${i + 1}`,
      href,
      title: chapterTitle(article),
      xhtml: chapterXhtml(article, language, imageHref),
    };
  });

  const manifest = [
    '<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>',
    '<item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>',
    '<item id="style" href="style.css" media-type="text/css"/>',
    ...chapters.map((c) => `<item id="${c.id}" href="${c.href}" media-type="application/xhtml+xml"/>`),
    ...[...imageFiles.values()].map((f) => `<item id="${f.id}" href="${f.href}" media-type="${f.type}"/>`),
  ];
  const opf = [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="${language}">`,
    '<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">',
    `<dc:identifier id="book-id">${xmlText(input.identifier)}</dc:identifier>`,
    `<dc:title>${xmlText(input.title)}</dc:title>`,
    `<dc:language>${language}</dc:language>`,
    `<dc:creator>${xmlText(input.creator)}</dc:creator>`,
    "<dc:publisher>VibeRead</dc:publisher>",
    `<meta property="dcterms:modified">${modifiedStamp(input.modifiedAt)}</meta>`,
    "</metadata>",
    "<manifest>",
    ...manifest,
    "</manifest>",
    '<spine toc="ncx">',
    // The contents page first: a reader opening a book of many articles sees what is in it.
    ...(chapters.length > 1 ? ['<itemref idref="nav"/>'] : []),
    ...chapters.map((c) => `<itemref idref="${c.id}"/>`),
    "</spine>",
    "</package>",
    "",
  ].join("\n");

  const stored: ZipOptions = { level: 0 };
  const files: Record<string, [Uint8Array, ZipOptions]> = {
    // First and stored: readers identify the file by these bytes at offset 38.
    mimetype: [strToU8(EPUB_MEDIA_TYPE), stored],
    "META-INF/container.xml": [strToU8(CONTAINER_XML), {}],
    "OEBPS/content.opf": [strToU8(opf), {}],
    "OEBPS/nav.xhtml": [strToU8(navXhtml(input.title, language, chapters)), {}],
    "OEBPS/toc.ncx": [strToU8(tocNcx(input.identifier, input.title, chapters)), {}],
    "OEBPS/style.css": [strToU8(EPUB_CSS), {}],
  };
  for (const chapter of chapters) files[`OEBPS/${chapter.href}`] = [strToU8(chapter.xhtml), {}];
  // Pictures are compressed already: storing them saves the Worker's time and costs no space.
  for (const image of imageFiles.values()) files[`OEBPS/${image.href}`] = [image.bytes, stored];
  return zipSync(files, { level: 6, mtime: new Date(input.modifiedAt) });
}
