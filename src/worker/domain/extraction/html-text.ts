import { type DomNode, isElement, parseFragment, TEXT_NODE } from "./dom";

/** Elements whose text is never part of what a reader sees. */
const SKIPPED = new Set([
  "script",
  "style",
  "template",
  "noscript",
  "head",
  "title",
  "svg",
  "iframe",
  "object",
  "embed",
  "select",
  "textarea",
  "button",
]);

/** Elements that start and end a paragraph of text. Table cells are only separated by a space. */
const BLOCK = new Set([
  "address",
  "article",
  "aside",
  "blockquote",
  "body",
  "caption",
  "center",
  "dd",
  "details",
  "dialog",
  "div",
  "dl",
  "dt",
  "fieldset",
  "figcaption",
  "figure",
  "footer",
  "form",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "header",
  "hgroup",
  "hr",
  "html",
  "legend",
  "li",
  "main",
  "menu",
  "nav",
  "ol",
  "p",
  "section",
  "summary",
  "table",
  "tbody",
  "tfoot",
  "thead",
  "tr",
  "ul",
]);

/**
 * Plain text of stored (sanitised) article HTML: paragraphs separated by a blank line, <br> as a line break,
 * whitespace collapsed except inside <pre>. Later pipeline steps (summary, embeddings, search) read this.
 */
export function htmlToText(html: string): string {
  return nodeText(parseFragment(html));
}

/** Same as `htmlToText`, for a node that is already parsed. */
export function nodeText(root: DomNode): string {
  const paragraphs: string[] = [];
  let run = "";

  const flush = () => {
    const text = run
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line.length > 0)
      .join("\n");
    if (text) paragraphs.push(text);
    run = "";
  };

  const visit = (node: DomNode) => {
    if (node.nodeType === TEXT_NODE) {
      // \s also matches no-break spaces, which read as spaces.
      run += (node.textContent ?? "").replace(/\s+/g, " ");
      return;
    }
    if (!isElement(node)) return;
    const tag = node.localName;
    if (SKIPPED.has(tag)) return;
    if (tag === "br") {
      run += "\n";
      return;
    }
    if (tag === "pre") {
      flush();
      // Keep the layout of code and poetry; drop only the blank lines around it.
      const text = (node.textContent ?? "").replace(/\r\n?/g, "\n").replace(/^\s*\n|\s+$/g, "");
      if (text.trim()) paragraphs.push(text);
      return;
    }
    const block = BLOCK.has(tag);
    if (block) flush();
    else if (tag === "td" || tag === "th") run += " ";
    for (const child of node.childNodes) visit(child);
    if (block) flush();
    else if (tag === "td" || tag === "th") run += " ";
  };

  visit(root);
  flush();
  return paragraphs.join("\n\n");
}
