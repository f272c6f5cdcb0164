import { type DomElement, type DomNode, isElement, parseFragment, TEXT_NODE } from "./dom";
import { ACTIVE_AND_FORM_ELEMENTS } from "./dropped-elements";
import { resolveHttpUrl } from "./urls";

/**
 * Article HTML for the viewer, rebuilt from an allowlist rather than cleaned in place: the output is written
 * tag by tag from the kept elements, so nothing the list does not name (scripts, event handlers, style,
 * unknown attributes, javascript: or data: URLs) can survive by accident.
 *
 * Kept: p, h2-h6 (h1 becomes h2: the viewer shows the title as h1), ul, ol, li, a, img, figure, figcaption,
 * blockquote, pre, code, em, strong, b, i, br, hr, table, thead, tbody, tr, th, td, sup, sub. Attributes:
 * a[href] (absolute http(s), with rel and target added), img[src] (absolute http(s)), img[alt, width,
 * height], ol[start], td/th[colspan, rowspan]. Other containers are unwrapped; text that sat directly in an
 * unwrapped block (a <div>, say) becomes a <p> so neighbouring blocks do not run into one another.
 */
export function sanitizeArticleHtml(root: DomElement, baseUrl: string): string {
  return new ArticleWriter(baseUrl).flow(root.childNodes, true);
}

/** `sanitizeArticleHtml` for an HTML string. */
export function sanitizeHtml(html: string, baseUrl: string): string {
  return sanitizeArticleHtml(parseFragment(html), baseUrl);
}

/** Removed together with their content: active content, embeds, form controls, document metadata. */
const DROPPED = new Set([...ACTIVE_AND_FORM_ELEMENTS, "svg", "noembed", "noframes", "slot", "portal", "wbr", "rp"]);

/** Blocks rendered by `block()`. */
const KEPT_BLOCKS = new Set([
  "p",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "ul",
  "ol",
  "blockquote",
  "pre",
  "figure",
  "table",
  "hr",
]);

/** Inline formatting kept as is, and the tags kept as <code>. */
const KEPT_INLINE = new Set(["em", "strong", "b", "i", "code", "sup", "sub"]);
const AS_CODE = new Set(["kbd", "samp", "tt"]);

/** Containers whose content is kept but which break the flow (their text becomes a paragraph of its own). */
const UNWRAPPED_BLOCKS = new Set([
  "address",
  "article",
  "aside",
  "body",
  "caption",
  "center",
  "dd",
  "details",
  "div",
  "dl",
  "dt",
  "fieldset",
  "figcaption",
  "footer",
  "form",
  "header",
  "hgroup",
  "html",
  "legend",
  "li",
  "main",
  "menu",
  "nav",
  "search",
  "section",
  "summary",
  "tbody",
  "td",
  "tfoot",
  "th",
  "thead",
  "tr",
]);

/** Anything that ends a line of text; an inline element containing one is unwrapped instead of kept. */
const BLOCK_SELECTOR = [...KEPT_BLOCKS, ...UNWRAPPED_BLOCKS].join(",");

type Part = { kind: "inline" | "block"; html: string };

interface PhrasingContext {
  /** Inside <pre>: whitespace is kept and broken-up blocks are separated by newlines. */
  pre: boolean;
  /** Inside a kept <a>: links do not nest. */
  link: boolean;
}

class ArticleWriter {
  constructor(private readonly baseUrl: string) {}

  /**
   * Flow content (the article itself, li, blockquote, td, th, figure). Runs of inline content are wrapped
   * in <p> when `wrapInline` is set or when blocks split them into several runs.
   */
  flow(nodes: Iterable<DomNode>, wrapInline: boolean): string {
    const parts: Part[] = [];
    let run = "";
    const endRun = () => {
      const html = trimRun(run);
      if (hasVisibleContent(html)) parts.push({ kind: "inline", html });
      run = "";
    };
    const visit = (node: DomNode): void => {
      if (node.nodeType === TEXT_NODE) {
        run += escapeText(collapse(node.textContent ?? ""));
        return;
      }
      if (!isElement(node) || isDropped(node)) return;
      const tag = node.localName;
      if (KEPT_BLOCKS.has(tag)) {
        endRun();
        const html = this.block(node);
        if (html) parts.push({ kind: "block", html });
      } else if (isInline(tag) && !node.querySelector(BLOCK_SELECTOR)) {
        run += this.inline(node, { pre: false, link: false });
      } else if (UNWRAPPED_BLOCKS.has(tag) || isInline(tag) || tag.includes("-")) {
        // Custom elements are usually blocks; an inline element holding blocks loses its formatting.
        endRun();
        for (const child of node.childNodes) visit(child);
        endRun();
      } else {
        // span, font, time and other unknown inline wrappers: keep their content in the current run.
        for (const child of node.childNodes) visit(child);
      }
    };
    for (const node of nodes) visit(node);
    endRun();

    const inlineRuns = parts.filter((p) => p.kind === "inline").length;
    const wrap = wrapInline || inlineRuns > 1;
    return parts.map((p) => (p.kind === "inline" && wrap ? `<p>${p.html}</p>` : p.html)).join("\n");
  }

  private block(el: DomElement): string {
    const tag = el.localName;
    switch (tag) {
      case "hr":
        return "<hr>";
      case "ul":
      case "ol":
        return this.list(el);
      case "table":
        return this.table(el);
      case "figure":
        return this.figure(el);
      case "blockquote":
        return wrapIfVisible("blockquote", this.flow(el.childNodes, false));
      case "pre":
        return wrapIfVisible("pre", this.phrasing(el.childNodes, { pre: true, link: false }));
      case "h1":
        return wrapIfVisible("h2", trimRun(this.phrasing(el.childNodes, { pre: false, link: false })));
      default:
        // p, h2-h6
        return wrapIfVisible(tag, trimRun(this.phrasing(el.childNodes, { pre: false, link: false })));
    }
  }

  /** Content that may only hold text and inline elements (p, headings, pre, inline formatting). */
  private phrasing(nodes: Iterable<DomNode>, context: PhrasingContext): string {
    let html = "";
    for (const node of nodes) {
      if (node.nodeType === TEXT_NODE) {
        const text = node.textContent ?? "";
        html += escapeText(context.pre ? text : collapse(text));
        continue;
      }
      if (!isElement(node) || isDropped(node)) continue;
      const tag = node.localName;
      if (isInline(tag)) {
        html += this.inline(node, context);
      } else if (KEPT_BLOCKS.has(tag) || UNWRAPPED_BLOCKS.has(tag) || tag.includes("-")) {
        // A block inside a paragraph, heading or link cannot stay a block; keep its words apart.
        const separator = context.pre ? "\n" : " ";
        html += `${separator}${this.phrasing(node.childNodes, context)}${separator}`;
      } else {
        html += this.phrasing(node.childNodes, context);
      }
    }
    return html;
  }

  private inline(el: DomElement, context: PhrasingContext): string {
    const tag = el.localName;
    if (tag === "br") return "<br>";
    if (tag === "img") return this.image(el);
    if (tag === "a") return this.link(el, context);
    const inner = this.phrasing(el.childNodes, context);
    if (!hasVisibleContent(inner)) return inner;
    const name = AS_CODE.has(tag) ? "code" : tag;
    return `<${name}>${inner}</${name}>`;
  }

  private link(el: DomElement, context: PhrasingContext): string {
    const inner = this.phrasing(el.childNodes, { ...context, link: true });
    if (context.link) return inner;
    const href = resolveHttpUrl(el.getAttribute("href"), this.baseUrl);
    if (!href || !hasVisibleContent(inner)) return inner;
    return `<a href="${escapeAttribute(href)}" rel="noopener noreferrer nofollow" target="_blank">${inner}</a>`;
  }

  private image(el: DomElement): string {
    const src = imageSource(el, this.baseUrl);
    if (!src) return "";
    const width = dimension(el.getAttribute("width"));
    const height = dimension(el.getAttribute("height"));
    // Tracking pixels carry nothing for the reader.
    if (width !== null && height !== null && width <= 2 && height <= 2) return "";
    let html = `<img src="${escapeAttribute(src)}"`;
    const alt = el.getAttribute("alt");
    // Some sites put markup in alt text (MSN: alt="<span style=…>Nintendo/Apple</span>"); a reader wants the words.
    if (alt !== null) html += ` alt="${escapeAttribute(collapse(alt.replace(/<\/?[a-z][^>]*>/gi, " ")).trim())}"`;
    if (width !== null) html += ` width="${width}"`;
    if (height !== null) html += ` height="${height}"`;
    return `${html}>`;
  }

  private list(el: DomElement): string {
    const items: string[] = [];
    let loose: DomNode[] = [];
    const pushItem = (nodes: Iterable<DomNode>) => {
      const html = this.flow(nodes, false);
      if (hasVisibleContent(html)) items.push(`<li>${html}</li>`);
    };
    const endLoose = () => {
      if (loose.length > 0) pushItem(loose);
      loose = [];
    };
    const visit = (node: DomNode): void => {
      if (isElement(node)) {
        if (isDropped(node)) return;
        const tag = node.localName;
        if (tag === "li") {
          endLoose();
          pushItem(node.childNodes);
          return;
        }
        const last = items.at(-1);
        if ((tag === "ul" || tag === "ol") && last !== undefined && loose.length === 0) {
          // <ul><li>a</li><ul>…</ul></ul> is a common mistake for a sub-list of the previous item.
          const nested = this.list(node);
          if (nested) items[items.length - 1] = `${last.slice(0, -"</li>".length)}\n${nested}</li>`;
          return;
        }
        if (tag !== "ul" && tag !== "ol" && node.querySelector("li")) {
          // A wrapper (div, form, span) around the items.
          endLoose();
          for (const child of node.childNodes) visit(child);
          endLoose();
          return;
        }
      } else if (loose.length === 0 && !(node.textContent ?? "").trim()) {
        return;
      }
      loose.push(node);
    };
    for (const child of el.childNodes) visit(child);
    endLoose();
    if (items.length === 0) return "";
    const tag = el.localName === "ol" ? "ol" : "ul";
    const start = tag === "ol" ? el.getAttribute("start")?.trim() : undefined;
    const startAttribute = start && /^-?\d{1,6}$/.test(start) ? ` start="${start}"` : "";
    return `<${tag}${startAttribute}>\n${items.join("\n")}\n</${tag}>`;
  }

  private figure(el: DomElement): string {
    const parts: string[] = [];
    let pending: DomNode[] = [];
    const endPending = () => {
      if (pending.length > 0) parts.push(this.flow(pending, false));
      pending = [];
    };
    for (const child of el.childNodes) {
      if (isElement(child) && child.localName === "figcaption") {
        endPending();
        const caption = this.flow(child.childNodes, false);
        if (hasVisibleContent(caption)) parts.push(`<figcaption>${caption}</figcaption>`);
      } else {
        pending.push(child);
      }
    }
    endPending();
    return wrapIfVisible("figure", parts.filter(hasVisibleContent).join("\n"));
  }

  private table(el: DomElement): string {
    const captions: string[] = [];
    const rows = this.tableRows(el.childNodes, captions, false);
    const table = rows.some(hasVisibleContent) ? `<table>\n${rows.join("\n")}\n</table>` : "";
    // The allowlist has no <caption>; the caption goes before the table as a paragraph.
    return [...captions, table].filter(Boolean).join("\n");
  }

  /** Rows (and row groups unless `inGroup`) of a table; stray content gets a row of its own. */
  private tableRows(nodes: Iterable<DomNode>, captions: string[], inGroup: boolean): string[] {
    const out: string[] = [];
    for (const node of nodes) {
      if (!isElement(node)) {
        const text = (node.nodeType === TEXT_NODE ? node.textContent : "")?.trim();
        if (text) out.push(`<tr><td>${escapeText(collapse(text))}</td></tr>`);
        continue;
      }
      if (isDropped(node)) continue;
      const tag = node.localName;
      if (tag === "caption") {
        const caption = this.flow(node.childNodes, true);
        if (hasVisibleContent(caption)) captions.push(caption);
      } else if (tag === "colgroup" || tag === "col") {
        // Presentation only.
      } else if (!inGroup && (tag === "thead" || tag === "tbody" || tag === "tfoot")) {
        const rows = this.tableRows(node.childNodes, captions, true);
        const group = tag === "thead" ? "thead" : "tbody";
        if (rows.length > 0) out.push(`<${group}>\n${rows.join("\n")}\n</${group}>`);
      } else if (tag === "tr") {
        const row = this.tableRow(node);
        if (row) out.push(row);
      } else if (node.querySelector("tr")) {
        out.push(...this.tableRows(node.childNodes, captions, inGroup));
      } else {
        const html = this.flow([node], false);
        if (hasVisibleContent(html)) out.push(`<tr><td>${html}</td></tr>`);
      }
    }
    return out;
  }

  private tableRow(tr: DomElement): string {
    const cells: string[] = [];
    const visit = (node: DomNode): void => {
      if (!isElement(node)) {
        const text = (node.nodeType === TEXT_NODE ? node.textContent : "")?.trim();
        if (text) cells.push(`<td>${escapeText(collapse(text))}</td>`);
        return;
      }
      if (isDropped(node)) return;
      const tag = node.localName;
      if (tag === "td" || tag === "th") {
        // Empty cells stay: they keep the other cells in their columns.
        cells.push(`<${tag}${spanAttributes(node)}>${this.flow(node.childNodes, false)}</${tag}>`);
      } else if (node.querySelector("td,th")) {
        for (const child of node.childNodes) visit(child);
      } else {
        const html = this.flow([node], false);
        if (hasVisibleContent(html)) cells.push(`<td>${html}</td>`);
      }
    };
    for (const child of tr.childNodes) visit(child);
    return cells.some(hasVisibleContent) ? `<tr>${cells.join("")}</tr>` : "";
  }
}

function isInline(tag: string): boolean {
  return tag === "a" || tag === "img" || tag === "br" || KEPT_INLINE.has(tag) || AS_CODE.has(tag);
}

function isDropped(el: DomElement): boolean {
  return DROPPED.has(el.localName) || el.hasAttribute("hidden");
}

/**
 * The image URL: `src` unless it is missing or not http(s) (lazy loaders put a data: placeholder there and
 * the real URL in data-src or a srcset), then the largest candidate of srcset / data-srcset.
 */
function imageSource(el: DomElement, baseUrl: string): string | null {
  for (const name of ["src", "data-src", "data-original", "data-lazy-src", "data-url"]) {
    const url = resolveHttpUrl(el.getAttribute(name), baseUrl);
    if (url) return url;
  }
  for (const name of ["srcset", "data-srcset"]) {
    const url = largestSrcsetCandidate(el.getAttribute(name), baseUrl);
    if (url) return url;
  }
  return null;
}

function largestSrcsetCandidate(srcset: string | null, baseUrl: string): string | null {
  if (!srcset) return null;
  let best: { url: string; size: number } | null = null;
  // Candidates are "url [descriptor]" separated by commas; URLs themselves may contain commas, but not ", ".
  for (const candidate of srcset.split(/,\s+/)) {
    const [rawUrl, descriptor] = candidate.trim().split(/\s+/);
    const url = resolveHttpUrl(rawUrl, baseUrl);
    if (!url) continue;
    const size = Number.parseFloat(descriptor ?? "1") || 1;
    if (!best || size > best.size) best = { url, size };
  }
  return best?.url ?? null;
}

function dimension(value: string | null): number | null {
  const match = value?.trim().match(/^(\d{1,5})(?:px)?$/);
  return match?.[1] ? Number(match[1]) : null;
}

function spanAttributes(cell: DomElement): string {
  let html = "";
  for (const name of ["colspan", "rowspan"]) {
    const value = cell.getAttribute(name)?.trim();
    if (value && /^\d{1,3}$/.test(value) && value !== "1") html += ` ${name}="${value}"`;
  }
  return html;
}

function wrapIfVisible(tag: string, inner: string): string {
  return hasVisibleContent(inner) ? `<${tag}>${inner}</${tag}>` : "";
}

/** True when the HTML we wrote shows something: text other than whitespace, or an image. */
function hasVisibleContent(html: string): boolean {
  return html.includes("<img ") || html.replace(/<[^>]*>/g, "").trim().length > 0;
}

/** Leading and trailing whitespace and line breaks of a run of inline HTML. */
function trimRun(html: string): string {
  return html.replace(/^(?:\s|<br>)+|(?:\s|<br>)+$/g, "");
}

/** Collapses runs of HTML whitespace (not no-break spaces, which are content). */
function collapse(text: string): string {
  return text.replace(/[ \t\n\r\f]+/g, " ");
}

function escapeText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function escapeAttribute(text: string): string {
  return escapeText(text).replace(/"/g, "&quot;");
}
