/**
 * The client's second pass over article HTML before it reaches `dangerouslySetInnerHTML`. The server already
 * rebuilds content from an allowlist (src/worker/domain/extraction/sanitize-html.ts); this pass repeats that
 * allowlist in the browser, so a server bug or a tampered response still cannot run script in the app's origin.
 *
 * The HTML is parsed with DOMParser (an inert document: no script runs, no image loads), then copied element by
 * element into a fresh tree: only allowlisted elements and attributes survive, and URLs must be absolute http(s).
 */

/** An absolute http(s) URL in canonical form, or null for anything else (relative, javascript:, data:, ...). */
export function httpUrl(raw: string | null | undefined): string | null {
  const value = raw?.trim();
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/** Elements kept (with their allowed attributes). Mirrors the server's allowlist. */
const ALLOWED: Record<string, readonly string[]> = {
  p: [],
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  ul: [],
  ol: ["start"],
  li: [],
  a: ["href", "title"],
  img: ["src", "alt", "title", "width", "height"],
  figure: [],
  figcaption: [],
  blockquote: [],
  pre: [],
  code: [],
  em: [],
  strong: [],
  b: [],
  i: [],
  br: [],
  hr: [],
  table: [],
  thead: [],
  tbody: [],
  tr: [],
  th: ["colspan", "rowspan"],
  td: ["colspan", "rowspan"],
  sup: [],
  sub: [],
};

/** Headings above the title's level become h2: the viewer shows the article title as the page's h1. */
const RENAMED: Record<string, string> = { h1: "h2" };

/** Removed with everything inside them; any other unknown element is unwrapped (its content is kept). */
const DROPPED = new Set([
  "script",
  "style",
  "template",
  "noscript",
  "iframe",
  "frame",
  "frameset",
  "object",
  "embed",
  "applet",
  "svg",
  "math",
  "canvas",
  "audio",
  "video",
  "source",
  "track",
  "form",
  "input",
  "button",
  "select",
  "textarea",
  "option",
  "dialog",
  "link",
  "meta",
  "base",
  "title",
  "head",
  "noembed",
  "noframes",
  "xmp",
  "plaintext",
  "portal",
  "slot",
]);

const INTEGER = /^\d{1,5}$/;
const SIGNED_INTEGER = /^-?\d{1,6}$/;

function allowedAttribute(tag: string, name: string, value: string): string | null {
  switch (name) {
    case "href":
    case "src":
      return httpUrl(value);
    case "width":
    case "height":
    case "colspan":
    case "rowspan":
      return INTEGER.test(value.trim()) ? value.trim() : null;
    case "start":
      return tag === "ol" && SIGNED_INTEGER.test(value.trim()) ? value.trim() : null;
    default:
      // alt, title: plain text; the serializer escapes it.
      return value;
  }
}

function copyChildren(from: Node, to: Node, doc: Document): void {
  for (const child of Array.from(from.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) {
      to.appendChild(doc.createTextNode(child.textContent ?? ""));
    } else if (child.nodeType === Node.ELEMENT_NODE) {
      copyElement(child as Element, to, doc);
    }
    // Comments, processing instructions and anything else are left behind.
  }
}

function copyElement(source: Element, parent: Node, doc: Document): void {
  // Foreign (SVG, MathML) elements never match the HTML allowlist, even when their local name does.
  if (source.namespaceURI !== "http://www.w3.org/1999/xhtml") return;
  const sourceTag = source.localName;
  if (DROPPED.has(sourceTag)) return;
  const tag = RENAMED[sourceTag] ?? sourceTag;
  const attributes = ALLOWED[tag];
  if (!attributes) {
    copyChildren(source, parent, doc);
    return;
  }
  const element = doc.createElement(tag);
  for (const name of attributes) {
    const raw = source.getAttribute(name);
    if (raw === null) continue;
    const value = allowedAttribute(tag, name, raw);
    if (value !== null) element.setAttribute(name, value);
  }
  if (tag === "a") {
    if (!element.hasAttribute("href")) {
      // A link without a safe target is just its text.
      copyChildren(source, parent, doc);
      return;
    }
    element.setAttribute("target", "_blank");
    element.setAttribute("rel", "noopener noreferrer nofollow");
  }
  if (tag === "img") {
    if (!element.hasAttribute("src")) return;
    element.setAttribute("loading", "lazy");
    element.setAttribute("decoding", "async");
    element.setAttribute("referrerpolicy", "no-referrer");
  }
  copyChildren(source, element, doc);
  parent.appendChild(element);
}

/** Article HTML reduced to the allowlist. Needs a browser (DOMParser); returns "" for empty input. */
export function sanitizeArticleHtml(html: string | null | undefined): string {
  if (!html?.trim()) return "";
  const parsed = new DOMParser().parseFromString(html, "text/html");
  // The output tree lives in a second inert document, so nothing is ever attached to the live page here.
  const output = document.implementation.createHTMLDocument("");
  const container = output.createElement("div");
  copyChildren(parsed.body, container, output);
  return container.innerHTML;
}
