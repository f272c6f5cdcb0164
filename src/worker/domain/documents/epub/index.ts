import { PROXIED_IMAGE_TYPES, sniffImageType } from "../../article-images";
import { formatByteLimit } from "../../byte-size";
import type { DomDocument } from "../../extraction/dom";
import { chapterHtml, EPUB_IMAGE_SCHEME, replaceEpubImages } from "./chapter-html";
import { EpubReadError } from "./epub-error";
import { DEFAULT_EPUB_LIMITS, type EpubLimits } from "./epub-limits";
import { notAZip, otherZip } from "./file-kind";
import { frontMatter } from "./front-matter";
import { type ManifestItem, packagePath, readPackage, readTocLabels } from "./package-document";
import { attribute, decodeText, elementsNamed, parseXml } from "./xml";
import { startsAsZip, ZipArchive, type ZipEntry } from "./zip-archive";

export { EPUB_IMAGE_SCHEME, replaceEpubImages } from "./chapter-html";
export { type EpubErrorCode, EpubReadError } from "./epub-error";
export { DEFAULT_EPUB_LIMITS, type EpubLimits } from "./epub-limits";

export interface EpubImage {
  /**
   * Unpacked each time it is read (readEpub has checked it once), so that a book's pictures are never all in
   * memory at once unless the caller keeps them: read it, store it, let it go.
   */
  readonly bytes: Uint8Array;
  /** Its media type: JPEG, PNG, GIF, WebP or AVIF. */
  type: string;
}

export interface EpubChapter {
  /** From the book's table of contents, else the chapter's first heading or its <title>. */
  title: string;
  /**
   * The chapter's body as clean HTML: pictures as `<img src="epub-image:<zip path>">` (a key of `images`; see
   * `replaceEpubImages`), links within the book as `#<anchor>`, ids prefixed with `anchor`.
   */
  html: string;
  /** Unique in the book: the id a wrapper around the chapter takes for the book's own links to reach it. */
  anchor: string;
}

export interface EpubDocument {
  /** Empty when the book names none (the caller falls back to the file's name). */
  title: string;
  authors: string[];
  language?: string;
  /** YYYY, YYYY-MM or YYYY-MM-DD. */
  published?: string;
  /** In reading order, without the cover page and a printed table of contents. */
  chapters: EpubChapter[];
  /** The pictures the chapters show, by zip path (what follows `epub-image:` in the HTML). */
  images: Map<string, EpubImage>;
  coverImage?: EpubImage & { readonly path: string };
  /** Parts of the reading order that the zip does not hold (the rest of the book is read without them). */
  missing: string[];
}

/** Text documents a reading order may list (text/html is not allowed by the standard, but books use it). */
const TEXT_TYPES = new Set(["application/xhtml+xml", "text/html", "application/xml", "text/xml", ""]);
const IMAGE_EXTENSIONS: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
  avif: "image/avif",
};
/**
 * The pictures the reader shows (those the image proxy passes) less SVG: an SVG file can carry script, and the
 * caller serves these pictures from the product's own origin.
 */
const SHOWN_IMAGE_TYPES = new Set([...PROXIED_IMAGE_TYPES].filter((type) => type !== "image/svg+xml"));
/** Font obfuscation (IDPF and Adobe) scrambles fonts only and is not DRM: such books read normally. */
const FONT_OBFUSCATION = new Set(["http://www.idpf.org/2008/embedding", "http://ns.adobe.com/pdf/enc#RC"]);
/** Files that only DRM schemes put in a book: Adobe ADEPT, Apple FairPlay, Readium LCP. */
const DRM_FILES = ["META-INF/rights.xml", "META-INF/sinf.xml", "META-INF/license.lcpl"];

/**
 * An EPUB 2 or EPUB 3 book as its chapters (in reading order, clean HTML) and the pictures they show. Throws an
 * EpubReadError, whose message is one sentence for the reader, for a file that is not an EPUB, is damaged,
 * locked by DRM, too large, a zip bomb, or has nothing to read. Pure and synchronous: no I/O.
 */
export function readEpub(bytes: Uint8Array, limits: Partial<EpubLimits> = {}): EpubDocument {
  try {
    return readBook(bytes, { ...DEFAULT_EPUB_LIMITS, ...limits });
  } catch (error) {
    if (error instanceof EpubReadError) throw error;
    // A part malformed in a way no check foresaw still gets a sentence for the reader, never a server error.
    throw new EpubReadError("corrupt", "This EPUB is damaged: part of it could not be read.", error);
  }
}

function readBook(bytes: Uint8Array, allowed: EpubLimits): EpubDocument {
  if (bytes.length > allowed.maxBytes) {
    throw new EpubReadError(
      "too-large",
      `This book is ${formatByteLimit(bytes.length)}, over the ${formatByteLimit(allowed.maxBytes)} an uploaded book may be.`,
    );
  }
  if (!startsAsZip(bytes)) throw new EpubReadError("not-an-epub", notAZip(bytes));
  const zip = new ZipArchive(bytes, allowed);
  const xml: ReadXml = (entry) => readXml(zip, entry, allowed.maxChapterBytes);
  const opfPath = findPackage(zip, xml);
  refuseDrm(zip, xml);
  const opf = zip.find(opfPath);
  if (!opf)
    throw new EpubReadError("corrupt", "This EPUB is damaged: the package file that lists its chapters is missing.");
  const book = readPackage(xml(opf), opfPath);
  const labels = tocLabels(zip, xml, book.toc);

  const documents = book.spine.filter(
    (item) => TEXT_TYPES.has(item.mediaType) && !item.properties.has("nav") && item !== book.toc,
  );
  const textBytes = [...new Set(documents.map((item) => item.path))].reduce(
    (sum, path) => sum + (zip.find(path)?.size ?? 0),
    0,
  );
  if (textBytes > allowed.maxTextBytes) {
    throw new EpubReadError(
      "too-large",
      `This book holds ${formatByteLimit(textBytes)} of text, over the ${formatByteLimit(allowed.maxTextBytes)} a book may have.`,
    );
  }
  const anchors = new Map<string, string>();
  documents.forEach((item, i) => {
    if (!anchors.has(item.path)) anchors.set(item.path, `epub-${i + 1}`);
  });
  const imageTypes = new Map<string, string>();
  const declaredTypes = new Map([...book.manifest.values()].map((item) => [item.path, item.mediaType]));
  const links = {
    chapterAnchor: (path: string) => anchors.get(path),
    isImage: (path: string) => {
      const type = imageType(zip, declaredTypes, path);
      if (type) imageTypes.set(path, type);
      return type !== null;
    },
  };

  const chapters: EpubChapter[] = [];
  const shown = new Set<string>();
  const missing: string[] = [];
  let coverPath = book.coverImage?.path;
  let seenText = false;
  const read = new Set<string>();
  for (const item of documents) {
    // A spine may list a document twice; the reader shows it once.
    if (read.has(item.path)) continue;
    read.add(item.path);
    const anchor = anchors.get(item.path) ?? "";
    const entry = zip.find(item.path);
    if (!entry) {
      missing.push(item.path);
      continue;
    }
    const chapter = chapterHtml(xml(entry), item.path, anchor, links);
    const front = frontMatter(chapter, item, book, !seenText);
    if (front === "cover" && chapter.images.length === 1) coverPath ??= chapter.images[0];
    if (front) continue;
    seenText = true;
    if (chapter.textChars === 0 && chapter.images.length === 0) continue;
    for (const image of chapter.images) shown.add(image);
    chapters.push({
      title:
        labels.get(item.path) ??
        chapter.heading ??
        ownTitle(chapter.documentTitle, book.title) ??
        `Chapter ${chapters.length + 1}`,
      html: chapter.html,
      anchor,
    });
  }
  if (chapters.length === 0) {
    throw new EpubReadError(
      "no-chapters",
      missing.length
        ? "This EPUB has no chapters to read: the files its reading order lists are missing from it."
        : "This EPUB has no chapters to read: its reading order lists no text.",
    );
  }

  const images = new Map<string, EpubImage>();
  for (const path of shown) {
    const image = readImage(zip, path, imageTypes.get(path));
    if (image) images.set(path, image);
    else for (const chapter of chapters) chapter.html = withoutImage(chapter.html, path);
  }
  const cover = coverPath ? (images.get(coverPath) ?? readImage(zip, coverPath, imageTypes.get(coverPath))) : null;
  const coverImage =
    cover && coverPath
      ? {
          type: cover.type,
          path: coverPath,
          get bytes() {
            return cover.bytes;
          },
        }
      : undefined;
  return {
    title: book.title,
    authors: book.authors,
    language: book.language,
    published: book.published,
    chapters,
    images,
    coverImage,
    missing,
  };
}

/**
 * A chapter document's <title> when it names the chapter: many tools write the book's title, or a placeholder,
 * into every chapter's.
 */
function ownTitle(documentTitle: string | undefined, bookTitle: string): string | undefined {
  const folded = documentTitle?.toLowerCase();
  if (!folded || folded === bookTitle.toLowerCase() || /^(unknown|untitled|none)$/.test(folded)) return undefined;
  return documentTitle;
}

/**
 * The package document's path. container.xml names it; a zip that lacks that file but says it is an EPUB (its
 * `mimetype` part) is read from its one .opf file, as most reading apps do.
 */
function findPackage(zip: ZipArchive, xml: ReadXml): string {
  const mimetypeEntry = zip.find("mimetype");
  // The mimetype part is one short line; a big one is not an EPUB's and is not unpacked.
  const mimetype = !mimetypeEntry
    ? null
    : mimetypeEntry.size > 200
      ? "a large mimetype file"
      : new TextDecoder().decode(zip.read(mimetypeEntry)).trim();
  if (mimetype && mimetype !== "application/epub+zip") {
    throw new EpubReadError(
      "not-an-epub",
      `This file is a zip archive of another kind (${mimetype.slice(0, 80)}), not an EPUB book.`,
    );
  }
  const container = zip.find("META-INF/container.xml");
  if (container) {
    const path = packagePath(xml(container));
    if (!path || !zip.find(path)) {
      throw new EpubReadError("corrupt", "This EPUB is damaged: the package file that lists its chapters is missing.");
    }
    return path;
  }
  const packages = [...zip.entries.keys()].filter((name) => name.toLowerCase().endsWith(".opf"));
  const [only] = packages;
  if (mimetype && only && packages.length === 1) return only;
  throw new EpubReadError("not-an-epub", otherZip(zip.entries.keys()));
}

/**
 * DRM: a rights or licence file, or content (not fonts) encrypted as META-INF/encryption.xml lists. Paths there
 * are from the top of the zip.
 */
function refuseDrm(zip: ZipArchive, xml: ReadXml): void {
  const drm = new EpubReadError(
    "encrypted-drm",
    "This EPUB is locked with DRM (its chapters are encrypted), so it cannot be read here; a DRM-free copy can.",
  );
  if (DRM_FILES.some((name) => zip.find(name))) throw drm;
  const encryption = zip.find("META-INF/encryption.xml");
  if (!encryption) return;
  for (const data of elementsNamed(xml(encryption), "encrypteddata")) {
    const method = elementsNamed(data, "encryptionmethod")[0];
    const algorithm = method ? (attribute(method, "algorithm") ?? "").trim() : "";
    if (!FONT_OBFUSCATION.has(algorithm) && elementsNamed(data, "cipherreference").length) throw drm;
  }
}

type ReadXml = (entry: ZipEntry) => DomDocument;

/**
 * An XML part of the book, parsed. Its tree takes several times its size, so a part over `maxBytes` (a chapter,
 * or a package or table of contents forged to be huge) is refused before it is unpacked.
 */
function readXml(zip: ZipArchive, entry: ZipEntry, maxBytes: number): DomDocument {
  if (entry.size > maxBytes) {
    throw new EpubReadError(
      "too-large",
      `This book keeps ${formatByteLimit(entry.size)} of text in one file (${entry.name}), over the ${formatByteLimit(maxBytes)} one file of text may be.`,
    );
  }
  return parseXml(decodeText(zip.read(entry)));
}

/** Chapter names from the table of contents; a missing or unreadable one only costs the names. */
function tocLabels(zip: ZipArchive, xml: ReadXml, toc: ManifestItem | undefined): Map<string, string> {
  const entry = toc ? zip.find(toc.path) : undefined;
  if (!toc || !entry) return new Map();
  try {
    return readTocLabels(xml(entry), toc.path);
  } catch (error) {
    if (error instanceof EpubReadError && error.code === "corrupt") return new Map();
    throw error;
  }
}

/** A picture's media type from the package (else its name), when it is one the reader shows; null otherwise. */
function imageType(zip: ZipArchive, declaredTypes: Map<string, string>, path: string): string | null {
  if (!zip.find(path)) return null;
  const type = declaredTypes.get(path) || IMAGE_EXTENSIONS[path.slice(path.lastIndexOf(".") + 1).toLowerCase()];
  return type && SHOWN_IMAGE_TYPES.has(type) ? type : null;
}

/**
 * A picture, unpacked once here to check it and tell its type, then again whenever its bytes are read; null when
 * it is damaged or not a picture the reader shows, so the chapter loses the picture, not the book.
 */
function readImage(zip: ZipArchive, path: string, declared: string | undefined): EpubImage | null {
  const entry: ZipEntry | undefined = zip.find(path);
  if (!entry) return null;
  try {
    const type = sniffImageType(zip.read(entry)) ?? declared;
    if (!type || !SHOWN_IMAGE_TYPES.has(type)) return null;
    return {
      type,
      get bytes() {
        return zip.read(entry);
      },
    };
  } catch (error) {
    if (error instanceof EpubReadError && error.code === "corrupt") return null;
    throw error;
  }
}

function withoutImage(html: string, path: string): string {
  return replaceEpubImages(html, (shown) => (shown === path ? null : EPUB_IMAGE_SCHEME + shown));
}
