import { httpUrl } from "./sanitize-html";

/**
 * The light markdown of article summaries (spec §2): headings up to level 3, bullet and numbered lists, bold,
 * images with captions, paragraphs (plus emphasis, inline code and http(s) links, which summaries from a
 * language model often contain). Parsed into a small tree that the viewer renders as React elements, so no
 * HTML string is ever produced: text stays text, whatever it contains.
 */
export type Inline =
  | { type: "text"; text: string }
  | { type: "strong"; children: Inline[] }
  | { type: "emphasis"; children: Inline[] }
  | { type: "code"; text: string }
  | { type: "link"; href: string; children: Inline[] }
  | { type: "image"; src: string; alt: string };

export type Block =
  | { type: "heading"; level: 1 | 2 | 3; children: Inline[] }
  | { type: "paragraph"; children: Inline[] }
  | { type: "list"; ordered: boolean; start: number; items: Inline[][] }
  | { type: "figure"; src: string; caption: string };

const HEADING = /^ {0,3}(#{1,6})\s+(.*?)(?:\s+#+)?\s*$/;
const BULLET = /^\s*[-*+]\s+(.*)$/;
const ORDERED = /^\s*(\d{1,9})[.)]\s+(.*)$/;
const RULE = /^ {0,3}([-*_])(?:\s*\1){2,}\s*$/;
const FENCE = /^\s*(?:```|~~~)/;
const QUOTE = /^\s*>\s?/;
const INDENTED = /^(?: {2,}|\t)\S/;

/** Parses a summary into blocks. Never throws; unknown syntax is kept as text. */
export function parseMarkdown(source: string | null | undefined): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  // Cast, not annotation: the closures below reassign it, which control-flow narrowing cannot see.
  let list = null as { ordered: boolean; start: number; items: string[] } | null;
  /** A blank line was seen inside the current list: a following item continues it, anything else ends it. */
  let listGap = false;

  const endParagraph = () => {
    if (paragraph.length > 0) {
      const children = parseInline(paragraph.join(" "));
      if (children.length > 0) blocks.push({ type: "paragraph", children });
    }
    paragraph = [];
  };
  const endList = () => {
    if (list) {
      const items = list.items.map((item) => parseInline(item)).filter((item) => item.length > 0);
      if (items.length > 0) blocks.push({ type: "list", ordered: list.ordered, start: list.start, items });
    }
    list = null;
    listGap = false;
  };
  const endAll = () => {
    endParagraph();
    endList();
  };
  const addItem = (ordered: boolean, start: number, text: string) => {
    endParagraph();
    if (!list || list.ordered !== ordered) {
      endList();
      list = { ordered, start, items: [] };
    }
    list.items.push(text.trim());
    listGap = false;
  };

  for (const rawLine of (source ?? "").replace(/\r\n?/g, "\n").split("\n")) {
    const line = rawLine.replace(QUOTE, "");
    if (!line.trim()) {
      endParagraph();
      if (list) listGap = true;
      continue;
    }
    if (FENCE.test(line)) continue;
    if (RULE.test(line)) {
      endAll();
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      endAll();
      const children = parseInline(heading[2] ?? "");
      const level = Math.min(3, heading[1]?.length ?? 1) as 1 | 2 | 3;
      if (children.length > 0) blocks.push({ type: "heading", level, children });
      continue;
    }
    const image = imageLine(line);
    if (image) {
      endAll();
      const caption = image.label.trim();
      const src = httpUrl(image.target);
      if (src) blocks.push({ type: "figure", src, caption });
      else if (caption) blocks.push({ type: "paragraph", children: [{ type: "text", text: caption }] });
      continue;
    }
    const bullet = BULLET.exec(line);
    if (bullet) {
      addItem(false, 1, bullet[1] ?? "");
      continue;
    }
    const ordered = ORDERED.exec(line);
    if (ordered) {
      addItem(true, Number(ordered[1]), ordered[2] ?? "");
      continue;
    }
    // A wrapped line of the last item: right after it, or indented after a blank line.
    if (list && (!listGap || INDENTED.test(rawLine))) {
      const last = list.items.length - 1;
      list.items[last] = `${list.items[last]} ${line.trim()}`;
      listGap = false;
      continue;
    }
    endList();
    paragraph.push(line.trim());
  }
  endAll();
  return blocks;
}

/** A line that is nothing but one image: `![caption](url)` or `![caption](url "title")`. */
function imageLine(line: string): { label: string; target: string } | null {
  const trimmed = line.trim();
  if (!trimmed.startsWith("![")) return null;
  const link = readLink(trimmed, 1);
  return link && link.end === trimmed.length ? link : null;
}

const ESCAPABLE = /[\\`*_{}[\]()#+\-.!>~|]/;

/** Inline markdown of one block's text. Unmatched markers stay literal text. */
export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let buffer = "";
  const pushText = (value: string) => {
    buffer += value;
  };
  const flush = () => {
    if (buffer) out.push({ type: "text", text: buffer });
    buffer = "";
  };
  const push = (node: Inline) => {
    flush();
    out.push(node);
  };

  let i = 0;
  while (i < text.length) {
    const ch = text[i] as string;
    const next = text[i + 1];

    if (ch === "\\" && next !== undefined && ESCAPABLE.test(next)) {
      pushText(next);
      i += 2;
      continue;
    }

    if (ch === "`") {
      const end = text.indexOf("`", i + 1);
      if (end > i + 1) {
        push({ type: "code", text: text.slice(i + 1, end) });
        i = end + 1;
        continue;
      }
    }

    if (ch === "!" && next === "[") {
      const link = readLink(text, i + 1);
      if (link) {
        const src = httpUrl(link.target);
        if (src) push({ type: "image", src, alt: link.label });
        else pushText(link.label);
        i = link.end;
        continue;
      }
    }

    if (ch === "[") {
      const link = readLink(text, i);
      if (link) {
        const href = httpUrl(link.target);
        const children = parseInline(link.label);
        if (href) push({ type: "link", href, children });
        else {
          flush();
          out.push(...children);
        }
        i = link.end;
        continue;
      }
    }

    if (ch === "*" && next === "*") {
      const end = findClosing(text, i + 2, "**");
      if (end !== -1) {
        const children = parseInline(text.slice(i + 2, end));
        if (children.length > 0) push({ type: "strong", children });
        i = end + 2;
        continue;
      }
    }

    if (ch === "*" && next !== "*") {
      const end = findClosing(text, i + 1, "*");
      if (end !== -1) {
        const children = parseInline(text.slice(i + 1, end));
        if (children.length > 0) push({ type: "emphasis", children });
        i = end + 1;
        continue;
      }
    }

    pushText(ch);
    i += 1;
  }
  flush();
  return mergeText(out);
}

/**
 * The closing `marker` for an opening one just before `from`: the content may not start or end with
 * whitespace (so "2 * 3 * 4" stays text), and a single `*` skips over any `**` inside it.
 */
function findClosing(text: string, from: number, marker: string): number {
  if (from >= text.length || /\s/.test(text[from] as string)) return -1;
  let search = from;
  for (;;) {
    const end = text.indexOf(marker, search);
    if (end === -1) return -1;
    if (marker === "*" && text[end + 1] === "*") {
      search = end + 2;
      continue;
    }
    if (end > from && !/\s/.test(text[end - 1] as string)) {
      // `***both***`: the strong run closes on the last pair, leaving `*both*` inside as emphasis.
      let last = end;
      while (marker === "**" && text[last + 2] === "*") last++;
      return last;
    }
    search = end + 1;
  }
}

/** `[label](target)` starting at `start` (the `[`), or null. Labels may hold balanced brackets. */
function readLink(text: string, start: number): { label: string; target: string; end: number } | null {
  if (text[start] !== "[") return null;
  let depth = 0;
  let close = -1;
  for (let j = start; j < text.length; j++) {
    const c = text[j];
    if (c === "\\") {
      j++;
      continue;
    }
    if (c === "[") depth++;
    if (c === "]") {
      depth--;
      if (depth === 0) {
        close = j;
        break;
      }
    }
  }
  if (close === -1 || text[close + 1] !== "(") return null;
  // The target ends at the parenthesis that balances the opening one: URLs may hold pairs, e.g. (1).
  let end = -1;
  let parens = 1;
  for (let j = close + 2; j < text.length; j++) {
    if (text[j] === "(") parens++;
    else if (text[j] === ")" && --parens === 0) {
      end = j;
      break;
    }
  }
  if (end === -1) return null;
  const inside = text.slice(close + 2, end).trim();
  const target = (inside.match(/^<?([^\s>]*)>?/)?.[1] ?? "").trim();
  return { label: text.slice(start + 1, close), target, end: end + 1 };
}

function mergeText(nodes: Inline[]): Inline[] {
  const merged: Inline[] = [];
  for (const node of nodes) {
    const last = merged.at(-1);
    if (node.type === "text" && last?.type === "text") last.text += node.text;
    else merged.push(node);
  }
  return merged;
}

/** The plain text of inline nodes (for accessible names and previews). */
export function inlineText(nodes: Inline[]): string {
  return nodes
    .map((node) => {
      switch (node.type) {
        case "text":
        case "code":
          return node.text;
        case "image":
          return node.alt;
        default:
          return inlineText(node.children);
      }
    })
    .join("");
}
