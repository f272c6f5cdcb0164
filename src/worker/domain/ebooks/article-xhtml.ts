import { type DomNode, isElement, parseFragment, TEXT_NODE } from "../extraction/dom";
import { xmlText } from "../feeds/atom";

/**
 * An article's stored HTML as the body of an EPUB chapter, which must be XHTML: well-formed XML (void elements
 * closed, every entity a character, attributes quoted) and the HTML content model. The HTML is parsed as a browser
 * parses it (the same linkedom fragment the highlights count their positions in), and written out again element by
 * element from an allowlist, so nothing the list does not name reaches the book, and every text and attribute goes
 * through `xmlText`. Pure.
 *
 * Highlights are marked with <mark> on the same character offsets the reader's browser counted (the `textContent` of
 * the content); a highlight with a note gets a footnote reference after it. Pictures are rewritten to the book's own
 * files through `imageHref`; a picture it has no file for is left out, never a broken reference.
 */

export interface Mark {
  start: number;
  end: number;
  color: string;
  /** The footnote's number when the highlight has a note (rendered after the highlight as a note reference). */
  noteNumber?: number;
}

export interface ArticleXhtmlOptions {
  marks: readonly Mark[];
  /** The book's file for a picture's address, or null when the book has none (the picture is left out). */
  imageHref: (src: string) => string | null;
}

/** Elements kept as they are (h1 is the chapter's title, so an h1 in the article becomes h2). */
const KEPT = new Set([
  "p",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "ul",
  "ol",
  "li",
  "a",
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
  "sup",
  "sub",
  "q",
  "cite",
  "abbr",
  "kbd",
  "samp",
  "var",
  "table",
  "caption",
  "thead",
  "tbody",
  "tfoot",
  "tr",
  "th",
  "td",
  "dl",
  "dt",
  "dd",
]);
const VOID = new Set(["br", "hr", "img"]);
/** Removed with their content: nothing in them is text a reader reads. */
const DROPPED = new Set([
  "script",
  "style",
  "template",
  "noscript",
  "iframe",
  "object",
  "embed",
  "svg",
  "math",
  "head",
]);
/** Where the content model allows no text: whitespace between their children is left out. */
const NO_TEXT = new Set(["ul", "ol", "table", "thead", "tbody", "tfoot", "tr", "dl"]);

/** Elements that are XHTML only inside these parents; elsewhere their content is kept without them. */
const PARENTS: Record<string, readonly string[]> = {
  li: ["ul", "ol"],
  dt: ["dl"],
  dd: ["dl"],
  figcaption: ["figure"],
  caption: ["table"],
  thead: ["table"],
  tbody: ["table"],
  tfoot: ["table"],
  tr: ["table", "thead", "tbody", "tfoot"],
  th: ["tr"],
  td: ["tr"],
};

const WHOLE_NUMBER = /^\d{1,6}$/;

function attributesOf(tag: string, get: (name: string) => string | null, imageHref: ArticleXhtmlOptions["imageHref"]) {
  const out: [string, string][] = [];
  if (tag === "a") {
    const href = get("href")?.trim() ?? "";
    if (/^(?:https?:|mailto:)/i.test(href)) out.push(["href", href]);
  } else if (tag === "img") {
    const src = get("src")?.trim() ?? "";
    const file = src ? imageHref(src) : null;
    if (!file) return null;
    out.push(["src", file], ["alt", get("alt") ?? ""]);
  } else if (tag === "ol") {
    const start = get("start");
    if (start && WHOLE_NUMBER.test(start)) out.push(["start", start]);
  } else if (tag === "td" || tag === "th") {
    for (const name of ["colspan", "rowspan"]) {
      const value = get(name);
      if (value && WHOLE_NUMBER.test(value) && Number(value) > 0) out.push([name, value]);
    }
  }
  return out;
}

/**
 * The article's HTML as XHTML body content, and the marks it placed (those whose end it reached: a highlight whose
 * stored position lies past the text is not placed, and the caller lists it elsewhere).
 */
export function articleXhtml(
  html: string,
  { marks, imageHref }: ArticleXhtmlOptions,
): { xhtml: string; placed: readonly Mark[] } {
  const sorted = [...marks].filter((m) => m.end > m.start).sort((a, b) => a.start - b.start);
  const out: string[] = [];
  const placed = new Set<Mark>();
  let offset = 0;
  let linkDepth = 0;
  /** Note references waiting for the link they ended in to close (a link inside a link is not allowed). */
  let pendingNotes: number[] = [];
  const noteRef = (n: number) =>
    `<sup><a epub:type="noteref" href="#note-${n}" id="noteref-${n}" class="noteref">${n}</a></sup>`;

  function text(value: string, parentTag: string) {
    const start = offset;
    offset += value.length;
    if (NO_TEXT.has(parentTag) && value.trim() === "") return;
    let at = 0;
    for (const mark of sorted) {
      if (mark.end <= start || mark.start >= offset) continue;
      const from = Math.max(at, mark.start - start);
      const to = Math.min(value.length, mark.end - start);
      if (to <= from) continue;
      out.push(xmlText(value.slice(at, from)));
      out.push(`<mark class="highlight highlight-${xmlText(mark.color)}">${xmlText(value.slice(from, to))}</mark>`);
      at = to;
      if (mark.end <= offset) placed.add(mark);
      if (mark.noteNumber !== undefined && mark.end <= offset) {
        if (linkDepth > 0) pendingNotes.push(mark.noteNumber);
        else out.push(noteRef(mark.noteNumber));
      }
    }
    out.push(xmlText(value.slice(at)));
  }

  /** Children in order; neighbouring text nodes (linkedom splits text at entities) are one text, so one mark. */
  function walkChildren(nodes: Iterable<DomNode>, parentTag: string) {
    let pending = "";
    for (const child of nodes) {
      if (child.nodeType === TEXT_NODE) {
        pending += child.textContent ?? "";
        continue;
      }
      if (pending) text(pending, parentTag);
      pending = "";
      walk(child, parentTag);
    }
    if (pending) text(pending, parentTag);
  }

  function walk(node: DomNode, parentTag: string) {
    if (!isElement(node)) return;
    const tag = node.localName;
    if (DROPPED.has(tag)) {
      offset += (node.textContent ?? "").length;
      return;
    }
    const name = tag === "h1" ? "h2" : tag === "tt" ? "code" : tag;
    const parents = PARENTS[name];
    const kept = (KEPT.has(name) || VOID.has(name)) && (!parents || parents.includes(parentTag));
    // A link inside a link is unwrapped: XHTML does not allow it.
    if (!kept || (name === "a" && linkDepth > 0)) {
      walkChildren(node.childNodes, parentTag);
      return;
    }
    const attributes = attributesOf(name, (a) => node.getAttribute(a), imageHref);
    if (attributes === null) return;
    const open = `<${name}${attributes.map(([k, v]) => ` ${k}="${xmlText(v)}"`).join("")}`;
    if (VOID.has(name)) {
      out.push(`${open}/>`);
      return;
    }
    out.push(`${open}>`);
    if (name === "a") linkDepth += 1;
    walkChildren(node.childNodes, name);
    out.push(`</${name}>`);
    if (name === "a") {
      linkDepth -= 1;
      if (linkDepth === 0) {
        out.push(...pendingNotes.map(noteRef));
        pendingNotes = [];
      }
    }
  }

  walkChildren(parseFragment(html).childNodes, "body");
  out.push(...pendingNotes.map(noteRef));
  return { xhtml: out.join(""), placed: [...placed] };
}
