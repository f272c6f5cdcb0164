import type { DomDocument, DomElement } from "../../extraction/dom";
import { folderOf, resolveInBook } from "./book-paths";
import { attribute, elementsNamed, localName } from "./xml";

/** One resource the package lists, its href resolved to a zip path. */
export interface ManifestItem {
  id: string;
  path: string;
  mediaType: string;
  properties: Set<string>;
}

export interface PackageDocument {
  title: string;
  authors: string[];
  language?: string;
  published?: string;
  /** By id. */
  manifest: Map<string, ManifestItem>;
  /** The reading order. */
  spine: ManifestItem[];
  /** EPUB 3's navigation document, or EPUB 2's NCX. */
  toc?: ManifestItem;
  coverImage?: ManifestItem;
  /** EPUB 2's guide: the parts that are the cover page, a printed table of contents and the title page. */
  coverPage?: string;
  tocPage?: string;
  titlePage?: string;
}

/** Where container.xml says the package document is (the first rootfile that is one). */
export function packagePath(container: DomDocument): string | null {
  for (const rootfile of elementsNamed(container, "rootfile")) {
    const type = attribute(rootfile, "media-type");
    const path = attribute(rootfile, "full-path")?.trim();
    if (path && (!type || type === "application/oebps-package+xml")) return resolveInBook("", path)?.path ?? null;
  }
  return null;
}

/** Metadata, manifest and spine of an EPUB 2 or EPUB 3 package document at `path`. */
export function readPackage(opf: DomDocument, path: string): PackageDocument {
  const folder = folderOf(path);
  const manifest = new Map<string, ManifestItem>();
  for (const item of elementsNamed(opf, "item")) {
    const id = attribute(item, "id");
    const href = attribute(item, "href");
    const resolved = href ? resolveInBook(folder, href) : null;
    if (!id || !resolved?.path || manifest.has(id)) continue;
    manifest.set(id, {
      id,
      path: resolved.path,
      mediaType: (attribute(item, "media-type") ?? "").trim().toLowerCase(),
      properties: new Set((attribute(item, "properties") ?? "").trim().split(/\s+/).filter(Boolean)),
    });
  }
  const spineElement = elementsNamed(opf, "spine")[0];
  const spine = elementsNamed(opf, "itemref")
    .map((ref) => manifest.get(attribute(ref, "idref") ?? ""))
    .filter((item): item is ManifestItem => item !== undefined);
  const items = [...manifest.values()];
  const toc =
    items.find((item) => item.properties.has("nav")) ??
    manifest.get(spineElement ? (attribute(spineElement, "toc") ?? "") : "") ??
    items.find((item) => item.mediaType === "application/x-dtbncx+xml");
  const guide = new Map<string, string>();
  for (const reference of elementsNamed(opf, "reference")) {
    const type = attribute(reference, "type")?.trim().toLowerCase();
    const target = resolveInBook(folder, attribute(reference, "href") ?? "");
    if (type && target?.path && !guide.has(type)) guide.set(type, target.path);
  }
  return {
    ...readMetadata(opf),
    manifest,
    spine,
    toc,
    coverImage: coverImage(opf, manifest),
    coverPage: guide.get("cover"),
    tocPage: guide.get("toc"),
    titlePage: guide.get("title-page"),
  };
}

function readMetadata(opf: DomDocument): Pick<PackageDocument, "title" | "authors" | "language" | "published"> {
  // EPUB 3 qualifies a title or creator with <meta refines="#id" property="...">.
  const refinements = new Map<string, string>();
  for (const meta of elementsNamed(opf, "meta")) {
    const refines = attribute(meta, "refines")?.trim().replace(/^#/, "");
    const property = attribute(meta, "property")?.trim();
    if (refines && property) refinements.set(`${refines} ${property}`, text(meta).toLowerCase());
  }
  const refined = (element: DomElement, property: string) =>
    refinements.get(`${attribute(element, "id") ?? ""} ${property}`);

  const titles = elementsNamed(opf, "title").filter((element) => text(element));
  const title = titles.find((element) => refined(element, "title-type") === "main") ?? titles[0];

  const creators = elementsNamed(opf, "creator").filter((element) => text(element));
  const roleOf = (element: DomElement) => (attribute(element, "role") ?? refined(element, "role") ?? "").trim();
  const writers = creators.filter((element) => ["", "aut"].includes(roleOf(element).toLowerCase()));
  const authors = [...new Set((writers.length ? writers : creators).map(text))];

  const language = elementsNamed(opf, "language").map(text).find(Boolean);
  const dates = elementsNamed(opf, "date");
  const eventOf = (element: DomElement) => attribute(element, "event")?.toLowerCase() ?? "";
  const date =
    dates.find((element) => eventOf(element) === "publication") ??
    dates.find((element) => !["modification", "creation"].includes(eventOf(element)));
  return {
    title: title ? text(title) : "",
    authors,
    language: language && language.toLowerCase() !== "und" ? language : undefined,
    published: date ? publicationDate(text(date)) : undefined,
  };
}

/**
 * The date part of a `dc:date` (YYYY, YYYY-MM or YYYY-MM-DD). Calibre writes year 101 for "unknown", so a year
 * before 1000 is no date.
 */
function publicationDate(value: string): string | undefined {
  const match = /^(\d{4})(-\d{2})?(-\d{2})?/.exec(value);
  return match && Number(match[1]) >= 1000 ? match[0] : undefined;
}

/**
 * The cover picture: EPUB 3 marks it `properties="cover-image"`; EPUB 2 names its id in `<meta name="cover">`
 * (some books give its path there instead).
 */
function coverImage(opf: DomDocument, manifest: Map<string, ManifestItem>): ManifestItem | undefined {
  const items = [...manifest.values()];
  const marked = items.find((item) => item.properties.has("cover-image"));
  if (marked) return marked;
  const named = elementsNamed(opf, "meta").find((meta) => attribute(meta, "name")?.toLowerCase() === "cover");
  const content = named ? (attribute(named, "content") ?? "").trim() : "";
  if (!content) return undefined;
  const item = manifest.get(content) ?? items.find((candidate) => candidate.path.endsWith(content));
  return item?.mediaType.startsWith("image/") ? item : undefined;
}

/**
 * Chapter names from the table of contents, by zip path: EPUB 3's `<nav epub:type="toc">` or EPUB 2's NCX
 * navPoints. The first entry that points into a part names it.
 */
export function readTocLabels(toc: DomDocument, tocPath: string): Map<string, string> {
  const folder = folderOf(tocPath);
  const labels = new Map<string, string>();
  const add = (href: string | null, label: string) => {
    const target = href ? resolveInBook(folder, href) : null;
    if (target?.path && label && !labels.has(target.path)) labels.set(target.path, label);
  };
  const navs = elementsNamed(toc, "nav");
  const nav = navs.find((element) => /\btoc\b/.test(attribute(element, "type") ?? "")) ?? navs[0];
  if (nav) {
    for (const link of elementsNamed(nav, "a")) add(attribute(link, "href"), text(link));
    return labels;
  }
  for (const point of elementsNamed(toc, "navpoint")) {
    const label = [...point.children].find((child) => localName(child) === "navlabel");
    const content = [...point.children].find((child) => localName(child) === "content");
    add(content ? attribute(content, "src") : null, label ? text(label) : "");
  }
  return labels;
}

/** An element's text with its whitespace collapsed. */
export function text(element: DomElement): string {
  return (element.textContent ?? "").replace(/\s+/g, " ").trim();
}
