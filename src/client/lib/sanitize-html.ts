import createDOMPurify, { type DOMPurify } from "dompurify";
import { ACTIVE_AND_FORM_ELEMENTS } from "../../worker/domain/extraction/dropped-elements";

/**
 * The client's second pass over article HTML before it reaches `dangerouslySetInnerHTML`. The server already
 * rebuilds content from an allowlist (src/worker/domain/extraction/sanitize-html.ts); this pass repeats that
 * allowlist in the browser, so a server bug or a tampered response still cannot run script in the app's origin.
 *
 * The pass is DOMPurify (the standard sanitiser, fuzzed and reviewed by many; it handles the parser's namespace
 * and mutation tricks that a hand-written walker has to rediscover one by one), configured to the server's
 * allowlist: the same elements, the same attributes per element, and URLs that must be absolute http(s).
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
  // data-page: the page of a document (a PDF) the block starts on (issue 54), which a highlight reports.
  p: ["data-page"],
  h2: ["data-page"],
  h3: ["data-page"],
  h4: ["data-page"],
  h5: [],
  h6: [],
  ul: [],
  ol: ["start"],
  li: ["data-page"],
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

/**
 * Removed with everything inside them: what the server drops so (domain/extraction/dropped-elements.ts), and what
 * only a tampered response could bring besides (DOMPurify's own list adds more); any other element outside the
 * allowlist is unwrapped, its content kept.
 */
const DROPPED = [
  ...ACTIVE_AND_FORM_ELEMENTS,
  "svg",
  "math",
  "form",
  "noembed",
  "noframes",
  "xmp",
  "plaintext",
  "portal",
  "slot",
];

const INTEGER = /^\d{1,5}$/;
const SIGNED_INTEGER = /^-?\d{1,6}$/;

/** The attribute's value as kept, or null to drop it. */
function allowedAttribute(tag: string, name: string, value: string): string | null {
  if (!ALLOWED[tag]?.includes(name)) return null;
  switch (name) {
    case "href":
    case "src":
      return httpUrl(value);
    case "width":
    case "height":
    case "colspan":
    case "rowspan":
    case "start":
    case "data-page":
      return (name === "start" ? SIGNED_INTEGER : INTEGER).test(value.trim()) ? value.trim() : null;
    default:
      // alt, title: plain text; the serializer escapes it.
      return value;
  }
}

let purifier: DOMPurify | null = null;

/** One DOMPurify instance of our own (its hooks are per instance), made on first use: it needs the browser's DOM. */
function articlePurifier(): DOMPurify {
  if (purifier) return purifier;
  const instance = createDOMPurify(window);
  instance.addHook("uponSanitizeAttribute", (node, event) => {
    // h1 is renamed to h2 afterwards and has no attributes either way.
    const tag = node.localName === "h1" ? "h2" : node.localName;
    const value = allowedAttribute(tag, event.attrName, event.attrValue);
    if (value === null) event.keepAttr = false;
    else event.attrValue = value;
  });
  purifier = instance;
  return instance;
}

function throughProxy(root: Element, images: Record<string, string>): void {
  // Keyed as the sanitiser writes a src (URL-normalised), whatever the stored HTML had.
  const byAddress = new Map(Object.entries(images).map(([src, proxied]) => [httpUrl(src) ?? src, proxied]));
  for (const image of Array.from(root.querySelectorAll("img"))) {
    const proxied = byAddress.get(image.getAttribute("src") ?? "");
    if (proxied && PROXIED_IMAGE.test(proxied)) image.setAttribute("src", proxied);
  }
}

/** What the viewer adds to what survived: safe link targets, lazy images, one h1 (the title) per page. */
function finish(root: DocumentFragment, doc: Document): void {
  for (const heading of Array.from(root.querySelectorAll("h1"))) {
    // Headings above the title's level become h2: the viewer shows the article title as the page's h1.
    const renamed = doc.createElement("h2");
    while (heading.firstChild) renamed.appendChild(heading.firstChild);
    heading.replaceWith(renamed);
  }
  for (const link of Array.from(root.querySelectorAll("a"))) {
    if (!link.hasAttribute("href")) {
      // A link without a safe target is just its text.
      while (link.firstChild) link.parentNode?.insertBefore(link.firstChild, link);
      link.remove();
      continue;
    }
    link.setAttribute("target", "_blank");
    link.setAttribute("rel", "noopener noreferrer nofollow");
  }
  for (const image of Array.from(root.querySelectorAll("img"))) {
    if (!image.hasAttribute("src")) {
      image.remove();
      continue;
    }
    image.setAttribute("loading", "lazy");
    image.setAttribute("decoding", "async");
    image.setAttribute("referrerpolicy", "no-referrer");
  }
}

/** Article HTML reduced to the allowlist. Needs a browser (DOMPurify works on the DOM); "" for empty input. */
/** Addresses through the image proxy: only these same-origin paths may replace a picture's address. */
const PROXIED_IMAGE = /^\/api\/images\/\d+\/[\w-]+\?src=/;

/**
 * `images` (GET /api/articles/{id}'s map of each picture to its address through the Worker's image proxy) replaces
 * the pictures' addresses after sanitising, so they load from this origin, also when their site is down or the
 * device offline (issue 50); a picture not in it keeps its own address.
 */
export function sanitizeArticleHtml(html: string | null | undefined, images?: Record<string, string>): string {
  if (!html?.trim()) return "";
  const fragment = articlePurifier().sanitize(html, {
    ALLOWED_TAGS: [...Object.keys(ALLOWED), "h1"],
    ALLOWED_ATTR: [...new Set(Object.values(ALLOWED).flat())],
    // Only the data-* attributes the allowlist names (data-page), through ALLOWED_ATTR and the hook.
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    // URLs are checked by the hook above (absolute http(s) only); this keeps DOMPurify's own check as strict.
    ALLOWED_URI_REGEXP: /^https?:\/\//i,
    // DOMPurify holds every attribute outside its "URI-safe" list to the URL pattern; these are numbers, checked
    // by the hook above, so they are exempt from it (as alt and title are by default).
    ADD_URI_SAFE_ATTR: ["width", "height", "colspan", "rowspan", "start", "data-page"],
    ADD_FORBID_CONTENTS: DROPPED,
    KEEP_CONTENT: true,
    RETURN_DOM_FRAGMENT: true,
  });
  // The output is finished in an inert document, so nothing is attached to the live page here.
  const output = document.implementation.createHTMLDocument("");
  const container = output.createElement("div");
  container.appendChild(output.importNode(fragment, true));
  finish(container as unknown as DocumentFragment, output);
  if (images) throughProxy(container, images);
  return container.innerHTML;
}
