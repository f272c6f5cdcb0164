import { escapeHtml } from "../../escape-html";
import { type DomDocument, type DomElement, type DomNode, isElement } from "../../extraction/dom";
import { ACTIVE_AND_FORM_ELEMENTS } from "../../extraction/dropped-elements";
import { folderOf, resolveInBook } from "./book-paths";
import { attribute, attributesOf, elementsNamed, localName } from "./xml";

/** How a chapter's HTML names a picture of the book: `<img src="epub-image:OEBPS/images/fig1.png">`. */
export const EPUB_IMAGE_SCHEME = "epub-image:";

/** What the writer needs to know about the rest of the book. */
export interface ChapterLinks {
  /** The anchor id of the chapter at a zip path, when that part is one of the book's text documents. */
  chapterAnchor(path: string): string | undefined;
  /** Whether a zip path is a picture the book holds and the reader can show. */
  isImage(path: string): boolean;
}

/** A chapter's body as clean HTML, and what it holds (to tell a chapter from a cover or a table of contents). */
export interface ChapterHtml {
  html: string;
  /** Zip paths of the pictures the HTML shows, in order, each once. */
  images: string[];
  /** The first h1-h3 heading's text, and the document's <title>. */
  heading?: string;
  documentTitle?: string;
  /** Visible characters of text, and how many of them are the text of links within the book. */
  textChars: number;
  /** The visible text, whitespace collapsed, when it is short (a cover, a title page); else undefined. */
  shortText?: string;
  linkTextChars: number;
  inBookLinks: number;
  /** The `epub:type` values on <body> and its top elements ("cover", "toc", "titlepage"...). */
  types: Set<string>;
}

/** Removed with everything in them: active content, embeds, forms, metadata, and markup the reader cannot show. */
const DROPPED = new Set([...ACTIVE_AND_FORM_ELEMENTS, "math", "case"]);

/** Written out as they are (with only the attributes below). Others are unwrapped: their content is kept. */
const KEPT = new Set([
  "p",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "ul",
  "ol",
  "li",
  "dl",
  "dt",
  "dd",
  "a",
  "img",
  "figure",
  "figcaption",
  "blockquote",
  "pre",
  "code",
  "em",
  "strong",
  "b",
  "i",
  "u",
  "s",
  "small",
  "sub",
  "sup",
  "br",
  "hr",
  "table",
  "caption",
  "thead",
  "tbody",
  "tfoot",
  "tr",
  "th",
  "td",
  "div",
  "section",
  "article",
  "aside",
  "header",
  "footer",
  "nav",
  "main",
  "address",
  "span",
  "cite",
  "q",
  "abbr",
  "dfn",
  "del",
  "ins",
  "mark",
  "kbd",
  "samp",
  "var",
  "time",
  "ruby",
  "rt",
  "rp",
  "bdi",
  "bdo",
]);

/** Visible characters up to which a chapter's text is kept in `shortText`. */
const SHORT_TEXT = 1_000;

const VOID = new Set(["br", "hr", "img"]);
/** Attributes kept on any element, and those kept on some (numbers only, checked below). */
const TEXT_ATTRIBUTES = ["lang", "dir"];
const NUMBER_ATTRIBUTES: Record<string, string[]> = {
  td: ["colspan", "rowspan"],
  th: ["colspan", "rowspan"],
  ol: ["start"],
  img: ["width", "height"],
};

/** `epub:type` and ARIA roles of printed page numbers: the reader has no pages, so they are left out. */
const PAGE_BREAK = /\bpagebreak\b|\bdoc-pagebreak\b/;

/**
 * The body of an XHTML chapter as HTML the reader can show, rebuilt element by element from an allowlist (so
 * nothing it does not name survives: scripts, styles, event handlers, forms, unknown attributes). Pictures
 * become `epub-image:<zip path>`; links to other parts of the book become `#<anchor>` links (ids are prefixed
 * with the chapter's anchor so that chapters shown one after another keep them apart); links that leave the
 * book keep http(s) and mailto only. An inline SVG (a cover page's usual shape) becomes its pictures.
 */
export function chapterHtml(document: DomDocument, path: string, anchor: string, links: ChapterLinks): ChapterHtml {
  const folder = folderOf(path);
  // A document without <body> (a bare fragment) is read whole.
  const body = elementsNamed(document, "body")[0] ?? document.documentElement ?? undefined;
  const images: string[] = [];
  const out: string[] = [];
  const stats = { textChars: 0, linkTextChars: 0, inBookLinks: 0 };
  const shortText: string[] = [];
  const idFor = (id: string) => `${anchor}-${id.replace(/[^\w-]/g, "_")}`;

  const image = (src: string | undefined, alt: string | null, attributes?: Map<string, string>) => {
    const target = src ? resolveInBook(folder, src) : null;
    if (!target?.path || !links.isImage(target.path)) return;
    if (!images.includes(target.path)) images.push(target.path);
    out.push(`<img src="${escapeHtml(EPUB_IMAGE_SCHEME + target.path)}"`);
    if (alt !== null) out.push(` alt="${escapeHtml(alt)}"`);
    if (attributes) writeAttributes(attributes, "img");
    out.push(">");
  };

  const writeAttributes = (attributes: Map<string, string>, tag: string) => {
    const id = attributes.get("id");
    if (id && tag !== "img") out.push(` id="${escapeHtml(idFor(id))}"`);
    for (const name of TEXT_ATTRIBUTES) {
      const value = attributes.get(name);
      if (value && /^[\w-]{1,35}$/.test(value)) out.push(` ${name}="${value}"`);
    }
    for (const name of NUMBER_ATTRIBUTES[tag] ?? []) {
      const value = attributes.get(name)?.trim();
      if (value && /^\d{1,5}$/.test(value)) out.push(` ${name}="${value}"`);
    }
  };

  /** The href a link keeps, or null when the link is unwrapped. Counts links within the book. */
  const linkTarget = (href: string | undefined): string | null => {
    if (!href) return null;
    const trimmed = href.trim();
    if (/^(https?:|mailto:)/i.test(trimmed)) return trimmed;
    const target = resolveInBook(folder, trimmed);
    if (!target) return null;
    const targetAnchor = target.path === "" || target.path === path ? anchor : links.chapterAnchor(target.path);
    if (!targetAnchor) return null;
    stats.inBookLinks++;
    return target.fragment ? `#${targetAnchor}-${target.fragment.replace(/[^\w-]/g, "_")}` : `#${targetAnchor}`;
  };

  const visit = (node: DomNode, inLink: boolean): void => {
    if (node.nodeType === 3 || node.nodeType === 4) {
      const value = node.textContent ?? "";
      const visible = value.replace(/\s+/g, "").length;
      stats.textChars += visible;
      if (stats.textChars <= SHORT_TEXT) shortText.push(value);
      if (inLink) stats.linkTextChars += visible;
      out.push(escapeHtml(value));
      return;
    }
    if (!isElement(node)) return;
    const tag = localName(node);
    if (DROPPED.has(tag)) return;
    const attributes = attributesOf(node);
    if (PAGE_BREAK.test(`${attributes.get("type") ?? ""} ${attributes.get("role") ?? ""}`)) return;
    if (tag === "svg") {
      for (const picture of elementsNamed(node, "image")) {
        image(attribute(picture, "href") ?? undefined, "");
      }
      return;
    }
    if (tag === "img") {
      image(attributes.get("src"), attributes.get("alt") ?? "", attributes);
      // In XML, an <img> left open wraps what follows it: keep that content.
      for (const child of node.childNodes) visit(child, inLink);
      return;
    }
    if (!KEPT.has(tag) || (tag === "a" && inLink)) {
      for (const child of node.childNodes) visit(child, inLink);
      return;
    }
    let href: string | null = null;
    if (tag === "a") {
      href = linkTarget(attributes.get("href"));
      if (!href && !attributes.has("id")) {
        for (const child of node.childNodes) visit(child, false);
        return;
      }
    }
    out.push(`<${tag}`);
    if (href) out.push(` href="${escapeHtml(href)}"`);
    writeAttributes(attributes, tag);
    out.push(">");
    const linked = inLink || href?.startsWith("#") === true;
    for (const child of node.childNodes) visit(child, linked);
    if (!VOID.has(tag)) out.push(`</${tag}>`);
  };

  if (body) for (const child of body.childNodes) visit(child, false);

  const types = new Set<string>();
  for (const element of body ? [body, ...body.children] : []) {
    for (const type of (attribute(element, "type") ?? "").split(/\s+/)) if (type) types.add(type.toLowerCase());
  }
  const heading = body ? elementsNamed(body, "h1", "h2", "h3").map(collapsed).find(Boolean) : undefined;
  const title = elementsNamed(document, "title").map(collapsed).find(Boolean);
  return {
    html: out.join("").trim(),
    images,
    heading,
    documentTitle: title,
    ...stats,
    shortText: stats.textChars <= SHORT_TEXT ? shortText.join("").replace(/\s+/g, " ").trim() : undefined,
    types,
  };
}

function collapsed(element: DomElement): string {
  return (element.textContent ?? "").replace(/\s+/g, " ").trim();
}

/**
 * The chapter HTML with each `epub-image:` picture given the address `addressOf` returns for its zip path; a
 * picture it returns null for is left out. For the caller that stores the pictures and serves them.
 */
const UNESCAPED: Record<string, string> = { quot: '"', "#39": "'", lt: "<", gt: ">", amp: "&" };

export function replaceEpubImages(html: string, addressOf: (path: string) => string | null): string {
  return html.replace(/<img src="epub-image:([^"]*)"[^>]*>/g, (tag, escaped: string) => {
    const path = escaped.replace(/&(quot|#39|lt|gt|amp);/g, (_, name: string) => UNESCAPED[name] ?? "");
    const address = addressOf(path);
    return address === null ? "" : tag.replace(`src="epub-image:${escaped}"`, () => `src="${escapeHtml(address)}"`);
  });
}
