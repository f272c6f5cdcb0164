import { type DomElement, type DomNode, isElement, parseFragment, TEXT_NODE } from "./extraction/dom";

/** Never part of what a reader sees. */
const SKIPPED = new Set(["script", "style", "template", "noscript", "svg", "iframe", "object", "embed", "button"]);
const BLOCKS = new Set([
  "p",
  "div",
  "section",
  "article",
  "header",
  "footer",
  "aside",
  "main",
  "figure",
  "figcaption",
  "table",
  "tr",
  "dl",
  "dt",
  "dd",
  "details",
  "summary",
  "address",
]);

/** Characters that would start markdown syntax inside plain text. */
const escapeText = (text: string) => text.replace(/([\\`*_[\]<>#])/g, "\\$1");
const collapse = (text: string) => text.replace(/\s+/g, " ");
const safeUrl = (href: string | null) => {
  if (!href) return null;
  try {
    const url = new URL(href);
    return url.protocol === "http:" || url.protocol === "https:"
      ? url.href.replace(/[()\s]/g, encodeURIComponent)
      : null;
  } catch {
    return null;
  }
};

function inline(nodes: Iterable<DomNode>): string {
  let out = "";
  for (const node of nodes) out += inlineNode(node);
  return out;
}

function inlineNode(node: DomNode): string {
  if (node.nodeType === TEXT_NODE) return escapeText(collapse(node.textContent ?? ""));
  if (!isElement(node) || SKIPPED.has(node.localName)) return "";
  const inner = () => inline(node.childNodes);
  switch (node.localName) {
    case "br":
      return "  \n";
    case "strong":
    case "b": {
      const text = inner().trim();
      return text ? `**${text}**` : "";
    }
    case "em":
    case "i": {
      const text = inner().trim();
      return text ? `*${text}*` : "";
    }
    case "code":
      return `\`${(node.textContent ?? "").replace(/`/g, "'")}\``;
    case "a": {
      const href = safeUrl(node.getAttribute("href"));
      const text = inner().trim();
      return href && text ? `[${text}](${href})` : text;
    }
    case "img": {
      const src = safeUrl(node.getAttribute("src"));
      return src ? `![${escapeText(collapse(node.getAttribute("alt") ?? ""))}](${src})` : "";
    }
    default:
      return BLOCKS.has(node.localName) || /^h[1-6]$/.test(node.localName) ? `\n\n${inner()}\n\n` : inner();
  }
}

function blocks(parent: DomElement, depth = 0): string[] {
  const out: string[] = [];
  let pending = "";
  const flush = () => {
    const text = pending.trim();
    if (text) out.push(text);
    pending = "";
  };
  for (const node of parent.childNodes) {
    if (!isElement(node)) {
      pending += inlineNode(node);
      continue;
    }
    const name = node.localName;
    if (SKIPPED.has(name)) continue;
    const heading = /^h([1-6])$/.exec(name);
    if (heading) {
      flush();
      const text = collapse(inline(node.childNodes)).trim();
      if (text) out.push(`${"#".repeat(Number(heading[1]))} ${text}`);
    } else if (name === "ul" || name === "ol") {
      flush();
      let n = 0;
      const items: string[] = [];
      for (const item of node.children) {
        if (item.localName !== "li") continue;
        n += 1;
        const marker = name === "ol" ? `${n}.` : "-";
        const body = blocks(item, depth + 1)
          .join("\n\n")
          .replace(/\n/g, "\n   ");
        items.push(`${marker} ${body}`);
      }
      if (items.length) out.push(items.join("\n"));
    } else if (name === "pre") {
      flush();
      out.push(`\`\`\`\n${(node.textContent ?? "").replace(/```/g, "'''").replace(/\n$/, "")}\n\`\`\``);
    } else if (name === "blockquote") {
      flush();
      const text = blocks(node, depth + 1).join("\n\n");
      if (text) out.push(text.replace(/^/gm, "> "));
    } else if (name === "hr") {
      flush();
      out.push("---");
    } else if (BLOCKS.has(name) || name === "li") {
      flush();
      out.push(...blocks(node, depth + 1));
    } else {
      pending += inlineNode(node);
    }
  }
  flush();
  return out.map((b) => b.replace(/[ \t]*\n[ \t]*\n[\s]*/g, "\n\n").trim()).filter(Boolean);
}

/**
 * An article's stored HTML as Markdown, for note-taking apps (the Markdown export) and for AI assistants (the MCP
 * get_article tool): one converter for both. Headings, paragraphs, lists, quotes, code, links
 * and images (http(s) only), emphasis. Text is escaped so that it never turns into markup it was not.
 */
export function htmlToMarkdown(html: string): string {
  return blocks(parseFragment(html)).join("\n\n");
}
