import { parseHTML } from "linkedom";

/**
 * The slice of the DOM the extractor touches. linkedom implements it, but its bundled types describe a
 * browser `Window`, which the Worker's type environment (no DOM lib; `Element` there is HTMLRewriter's) does
 * not have. Declaring what we use keeps the code typed in both the Worker and the test configuration.
 */
export interface DomNode {
  readonly nodeType: number;
  readonly nodeName: string;
  readonly parentNode: DomNode | null;
  readonly childNodes: DomList<DomNode>;
  textContent: string | null;
}

export interface DomList<T> extends ArrayLike<T>, Iterable<T> {}

export interface DomElement extends DomNode {
  /** Lower-case tag name for HTML elements. */
  readonly localName: string;
  readonly tagName: string;
  readonly attributes: ArrayLike<{ readonly name: string; readonly value: string }>;
  readonly children: DomList<DomElement>;
  readonly ownerDocument: DomDocument;
  innerHTML: string;
  getAttribute(name: string): string | null;
  hasAttribute(name: string): boolean;
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
  querySelector(selectors: string): DomElement | null;
  querySelectorAll(selectors: string): DomList<DomElement>;
  /** The element itself or its nearest ancestor matching `selectors`. */
  closest(selectors: string): DomElement | null;
  contains(other: DomNode): boolean;
  append(...nodes: DomNode[]): void;
  prepend(...nodes: DomNode[]): void;
  before(...nodes: DomNode[]): void;
  replaceWith(...nodes: DomNode[]): void;
  remove(): void;
  cloneNode(deep: boolean): DomElement;
}

export interface DomDocument {
  readonly documentElement: DomElement | null;
  readonly head: DomElement;
  readonly body: DomElement;
  readonly title: string;
  createElement(tagName: string): DomElement;
  querySelector(selectors: string): DomElement | null;
  querySelectorAll(selectors: string): DomList<DomElement>;
}

export const ELEMENT_NODE = 1;
export const TEXT_NODE = 3;

export function isElement(node: DomNode): node is DomElement {
  return node.nodeType === ELEMENT_NODE;
}

/** The nearest ancestor of `node` with the tag `localName` (linkedom has `closest`, but it starts at the node). */
export function closestAncestor(node: DomNode, localName: string): DomElement | null {
  for (let parent = node.parentNode; parent && isElement(parent); parent = parent.parentNode) {
    if (parent.localName === localName) return parent;
  }
  return null;
}

/** Elements that belong in <head> when a sloppy page puts them between <head> and <body>. */
const HEAD_ONLY = new Set(["title", "meta", "link", "base", "style"]);

/**
 * Parses a whole page. linkedom builds no implied <html>/<head>/<body> and its `head`/`body` getters
 * silently insert empty elements when the tree is not exactly html > head + body, so a page without a
 * <body> tag would read as empty. The tree is therefore put into that shape here, once.
 */
export function parseDocument(html: string): DomDocument {
  let document = parse(html);
  const root = document.documentElement;
  if (root?.localName !== "html") {
    // normaliseShape then moves <title> and <meta> to <head> and the rest to <body>.
    document = parse(`<!DOCTYPE html><html>${stripDoctype(html)}</html>`);
  }
  normaliseShape(document);
  return document;
}

/** Parses an HTML fragment (such as stored article content) and returns the element that holds it. */
export function parseFragment(html: string): DomElement {
  return parseDocument(`<!DOCTYPE html><html><head></head><body>${html}</body></html>`).body;
}

function parse(html: string): DomDocument {
  // linkedom's `parseHTML` is typed as a browser Window; the document it returns implements `DomDocument`.
  return (parseHTML(html) as unknown as { document: DomDocument }).document;
}

function stripDoctype(html: string): string {
  return html.replace(/^\s*<!doctype[^>]*>/i, "");
}

function normaliseShape(document: DomDocument): void {
  const root = document.documentElement;
  if (!root) return;
  const elements = [...root.children];
  let head = elements.find((e) => e.localName === "head");
  let body = elements.find((e) => e.localName === "body");
  if (head === elements[0] && body === elements[1] && elements.length === 2) return;
  head ??= document.createElement("head");
  body ??= document.createElement("body");
  const beforeBody: DomNode[] = [];
  const afterBody: DomNode[] = [];
  let seenBody = false;
  for (const node of [...root.childNodes]) {
    if (node === head) continue;
    if (node === body) {
      seenBody = true;
      continue;
    }
    if (isElement(node) && HEAD_ONLY.has(node.localName) && !seenBody) head.append(node);
    else (seenBody ? afterBody : beforeBody).push(node);
  }
  body.prepend(...beforeBody);
  body.append(...afterBody);
  // One node at a time: linkedom misplaces nodes when prepend() gets several and one is already a child.
  head.remove();
  body.remove();
  root.prepend(body);
  root.prepend(head);
}
