import { XMLParser, XMLValidator } from "fast-xml-parser";
import { strFromU8, unzipSync } from "fflate";
import { sniffImageType } from "../../src/worker/domain/article-images";

/**
 * The EPUB rules that matter to readers, checked on a book's bytes (epubcheck's, where a reader breaks without them):
 * the OCF container (mimetype first, stored, no extra field, exact content, sizes in the local header; the container
 * naming the package), the package (identifier, title, language, modified), the manifest (every item exists, every
 * file is an item, images typed by their bytes), the spine (every item in the manifest), navigation (nav with a toc,
 * toc.ncx), every XHTML file well-formed XML with only XML's own entities, ids unique per file, and every internal
 * link landing on a file and id that exist. Throws with the rule broken; answers what a reader would show.
 */
export interface ReadBook {
  title: string;
  language: string;
  identifier: string;
  modified: string;
  files: Record<string, Uint8Array>;
  /** Spine order: each chapter's path, XHTML and visible text. */
  chapters: { path: string; xhtml: string; text: string }[];
  /** The navigation document's entries: label and target. */
  toc: { label: string; href: string }[];
  images: { path: string; mediaType: string }[];
}

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", removeNSPrefix: false });
const list = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

function fail(rule: string): never {
  throw new Error(`EPUB rule broken: ${rule}`);
}

function wellFormed(path: string, xml: string) {
  const result = XMLValidator.validate(xml);
  if (result !== true) fail(`${path} is not well-formed XML: ${result.err.msg} (line ${result.err.line})`);
  const entity = xml.match(/&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)[^;\s]{0,20};?/);
  if (entity) fail(`${path} uses an entity XML does not define: ${entity[0]}`);
}

function resolve(base: string, href: string): string {
  const parts = base.split("/").slice(0, -1);
  for (const part of href.split("/")) {
    if (part === "..") parts.pop();
    else if (part !== ".") parts.push(part);
  }
  return parts.join("/");
}

const visibleText = (xhtml: string) =>
  (xhtml.split(/<body[^>]*>/)[1] ?? "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();

export function readEpub(bytes: Uint8Array): ReadBook {
  // The container's first entry, byte for byte: readers identify the file by it.
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, true) !== 0x04034b50) fail("the file is not a zip");
  if ((view.getUint16(6, true) & 0x8) !== 0) fail("mimetype has a data descriptor (sizes not in its local header)");
  if (view.getUint16(8, true) !== 0) fail("mimetype is compressed");
  if (view.getUint16(26, true) !== 8 || strFromU8(bytes.subarray(30, 38)) !== "mimetype") fail("mimetype is not first");
  if (view.getUint16(28, true) !== 0) fail("mimetype has an extra field");
  if (strFromU8(bytes.subarray(38, 58)) !== "application/epub+zip") fail("mimetype's content is not exact");

  const files = unzipSync(bytes);
  const text = (path: string) => {
    const file = files[path];
    if (!file) fail(`${path} is missing`);
    return strFromU8(file);
  };
  const containerXml = text("META-INF/container.xml");
  wellFormed("META-INF/container.xml", containerXml);
  const rootfile = list(parser.parse(containerXml).container?.rootfiles?.rootfile)[0];
  const opfPath = rootfile?.["@full-path"];
  if (!opfPath || rootfile["@media-type"] !== "application/oebps-package+xml") fail("the container names no package");
  const opfXml = text(opfPath);
  wellFormed(opfPath, opfXml);
  const pkg = parser.parse(opfXml).package;
  if (pkg?.["@version"] !== "3.0") fail("the package is not EPUB 3");
  const metadata = pkg.metadata;
  const identifiers = list(metadata["dc:identifier"]);
  const uid = identifiers.find((id: any) => id["@id"] === pkg["@unique-identifier"]);
  if (!uid?.["#text"]) fail("the package's unique-identifier names no dc:identifier");
  const title = list(metadata["dc:title"])[0];
  const language = list(metadata["dc:language"])[0];
  if (!title || !language) fail("dc:title or dc:language is missing");
  const modified = list(metadata.meta).find((m: any) => m["@property"] === "dcterms:modified")?.["#text"];
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/.test(modified ?? "")) fail("dcterms:modified is missing or malformed");

  const items = list(pkg.manifest.item).map((item: any) => ({
    id: item["@id"] as string,
    path: resolve(opfPath, item["@href"]),
    mediaType: item["@media-type"] as string,
    properties: (item["@properties"] ?? "") as string,
  }));
  const byId = new Map(items.map((item) => [item.id, item]));
  if (byId.size !== items.length) fail("manifest ids repeat");
  for (const item of items) {
    if (!files[item.path]) fail(`manifest item ${item.path} is not in the zip`);
    if (item.mediaType.startsWith("image/")) {
      const sniffed = sniffImageType(files[item.path] as Uint8Array);
      if (sniffed !== item.mediaType) fail(`${item.path} is declared ${item.mediaType} but is ${sniffed ?? "unknown"}`);
    }
  }
  const manifested = new Set(items.map((item) => item.path));
  for (const path of Object.keys(files)) {
    if (path.endsWith("/") || path === "mimetype" || path.startsWith("META-INF/") || path === opfPath) continue;
    if (!manifested.has(path)) fail(`${path} is in the zip but not in the manifest`);
  }

  const navItems = items.filter((item) => item.properties.split(" ").includes("nav"));
  if (navItems.length !== 1) fail("there must be exactly one nav document");
  const ncxId = pkg.spine["@toc"];
  if (byId.get(ncxId)?.mediaType !== "application/x-dtbncx+xml") fail("the spine names no toc.ncx");
  wellFormed("toc.ncx", text((byId.get(ncxId) as { path: string }).path));

  const xhtmlFiles = items.filter((item) => item.mediaType === "application/xhtml+xml");
  const idsOf = new Map<string, Set<string>>();
  for (const item of xhtmlFiles) {
    const xhtml = text(item.path);
    wellFormed(item.path, xhtml);
    const ids = [...xhtml.matchAll(/\sid="([^"]*)"/g)].map((m) => m[1] as string);
    if (new Set(ids).size !== ids.length) fail(`${item.path} repeats an id`);
    idsOf.set(item.path, new Set(ids));
  }
  for (const item of xhtmlFiles) {
    const xhtml = text(item.path);
    for (const [, href] of xhtml.matchAll(/\s(?:href|src)="([^"]*)"/g)) {
      if (!href || /^[a-z][a-z0-9+.-]*:/i.test(href)) continue;
      const [file, fragment] = href.split("#");
      const target = file ? resolve(item.path, file) : item.path;
      if (!files[target]) fail(`${item.path} links to ${href}, which is not in the book`);
      if (fragment && !idsOf.get(target)?.has(fragment))
        fail(`${item.path} links to #${fragment}, which no element has`);
      if (target !== item.path && !manifested.has(target))
        fail(`${item.path} uses ${href}, which is not in the manifest`);
    }
  }

  const navItem = navItems[0] as { path: string };
  const navXhtml = text(navItem.path);
  if (!/<nav\b[^>]*epub:type="toc"/.test(navXhtml)) fail("the nav document has no toc");
  const toc = [...navXhtml.matchAll(/<a href="([^"]*)">([^<]*)<\/a>/g)].map((m) => ({
    href: resolve(navItem.path, m[1] as string),
    label: visibleText(`<body>${m[2]}`),
  }));

  const spine = list(pkg.spine.itemref).map((ref: any) => {
    const item = byId.get(ref["@idref"]);
    if (!item) fail(`spine item ${ref["@idref"]} is not in the manifest`);
    return item;
  });
  const chapters = spine
    .filter((item) => item !== navItem)
    .map((item) => ({ path: item.path, xhtml: text(item.path), text: visibleText(text(item.path)) }));
  for (const chapter of chapters) {
    if (!toc.some((entry) => entry.href === chapter.path)) fail(`${chapter.path} is not in the table of contents`);
  }
  return {
    title: String(typeof title === "object" ? title["#text"] : title),
    language: String(typeof language === "object" ? language["#text"] : language),
    identifier: String(uid["#text"]),
    modified: String(modified),
    files,
    chapters,
    toc,
    images: items.filter((i) => i.mediaType.startsWith("image/")).map(({ path, mediaType }) => ({ path, mediaType })),
  };
}
