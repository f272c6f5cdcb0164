import { type DomElement, type DomNode, isElement, parseFragment, TEXT_NODE } from "./extraction/dom";

/**
 * Stored article content (sanitised HTML) as markdown, for an AI assistant to read: headings, paragraphs, lists,
 * links, emphasis, quotes, code and images. Tables and anything unknown keep their text. Whitespace inside text
 * collapses as a browser would show it.
 */
export function htmlToMarkdown(html: string): string {
  return blocks(parseFragment(html))
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

const SKIP = new Set(["script", "style", "noscript", "template", "svg", "iframe", "form", "button"]);

function blocks(node: DomNode): string {
  return Array.from(node.childNodes, (child) => convert(child)).join("");
}

function inline(node: DomNode): string {
  return blocks(node).replace(/\s+/g, " ").trim();
}

function convert(node: DomNode): string {
  if (node.nodeType === TEXT_NODE) return (node.textContent ?? "").replace(/\s+/g, " ");
  if (!isElement(node)) return "";
  const tag = node.localName;
  if (SKIP.has(tag)) return "";
  const heading = /^h([1-6])$/.exec(tag);
  if (heading) return `\n\n${"#".repeat(Number(heading[1]))} ${inline(node)}\n\n`;
  switch (tag) {
    case "p":
    case "div":
    case "section":
    case "article":
    case "figure":
    case "table":
    case "tr":
      return `\n\n${blocks(node).trim()}\n\n`;
    case "br":
      return "\n";
    case "hr":
      return "\n\n---\n\n";
    case "strong":
    case "b":
      return wrap(inline(node), "**");
    case "em":
    case "i":
      return wrap(inline(node), "*");
    case "code":
      return node.parentNode && isElement(node.parentNode) && node.parentNode.localName === "pre"
        ? (node.textContent ?? "")
        : wrap((node.textContent ?? "").trim(), "`");
    case "pre":
      return `\n\n\`\`\`\n${(node.textContent ?? "").replace(/\n+$/, "")}\n\`\`\`\n\n`;
    case "blockquote":
      return `\n\n${blocks(node)
        .trim()
        .split("\n")
        .map((line) => `> ${line}`)
        .join("\n")}\n\n`;
    case "a":
      return link(node);
    case "img":
      return image(node);
    case "ul":
    case "ol":
      return `\n\n${list(node, tag === "ol")}\n\n`;
    case "td":
    case "th":
      return `${inline(node)} `;
    default:
      return blocks(node);
  }
}

function wrap(text: string, mark: string): string {
  return text ? `${mark}${text}${mark}` : "";
}

function link(node: DomElement): string {
  const text = inline(node);
  const href = node.getAttribute("href") ?? "";
  return /^https?:\/\//i.test(href) && text ? `[${text}](${href})` : text;
}

function image(node: DomElement): string {
  const src = node.getAttribute("src") ?? "";
  return /^https?:\/\//i.test(src) ? `![${(node.getAttribute("alt") ?? "").trim()}](${src})` : "";
}

function list(node: DomElement, ordered: boolean): string {
  const items = Array.from(node.children).filter((child) => child.localName === "li");
  return items
    .map((item, index) => {
      const marker = ordered ? `${index + 1}.` : "-";
      const text = blocks(item)
        .trim()
        .replace(/\n{2,}/g, "\n")
        .replace(/\n/g, "\n   ");
      return `${marker} ${text}`;
    })
    .join("\n");
}
