/** What the bookmark-file scanner reports, in document order. */
export type HtmlEvent =
  | { kind: "heading"; level: number; text: string }
  | { kind: "list-open" }
  | { kind: "list-close" }
  | { kind: "link"; attributes: Map<string, string>; text: string };

const TAG = /<(\/?)([a-z][a-z0-9]*)\b((?:[^>"']|"[^"]*"|'[^']*')*)>/gi;
const ATTRIBUTE = /([a-z_:][-a-z0-9_:.]*)\s*(?:=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/gi;

/**
 * Scans a bookmark export (Netscape bookmark file, Pocket's ril_export.html) for headings, lists and links.
 * Not a general HTML parser: these files are flat, generated markup, and a scan keeps a 10,000-link file cheap
 * (no DOM of it in the Worker's memory). Unclosed `<DT>`/`<p>` tags, which these files are full of, do not matter.
 */
export function* scanHtml(html: string): Generator<HtmlEvent> {
  let open: { kind: "heading"; level: number; start: number } | { kind: "link"; attrs: string; start: number } | null =
    null;
  for (const match of html.matchAll(TAG)) {
    const [whole, slash, rawName, attrs = ""] = match;
    const name = (rawName ?? "").toLowerCase();
    const at = match.index ?? 0;
    if (!slash && /^h[1-6]$/.test(name)) {
      open = { kind: "heading", level: Number(name[1]), start: at + whole.length };
    } else if (slash && /^h[1-6]$/.test(name) && open?.kind === "heading") {
      yield { kind: "heading", level: open.level, text: textOf(html.slice(open.start, at)) };
      open = null;
    } else if (!slash && name === "a") {
      open = { kind: "link", attrs, start: at + whole.length };
    } else if (slash && name === "a" && open?.kind === "link") {
      yield { kind: "link", attributes: parseAttributes(open.attrs), text: textOf(html.slice(open.start, at)) };
      open = null;
    } else if (name === "dl" || name === "ul" || name === "ol") {
      yield slash ? { kind: "list-close" } : { kind: "list-open" };
    }
  }
}

function parseAttributes(source: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of source.matchAll(ATTRIBUTE)) {
    const name = match[1]?.toLowerCase();
    if (name) attributes.set(name, decodeEntities(match[2] ?? match[3] ?? match[4] ?? ""));
  }
  return attributes;
}

function textOf(fragment: string): string {
  return decodeEntities(fragment.replace(/<[^>]*>/g, " "))
    .replace(/\s+/g, " ")
    .trim();
}

const NAMED: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, body: string) => {
    if (body[0] === "#") {
      const code = body[1] === "x" || body[1] === "X" ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return NAMED[body.toLowerCase()] ?? entity;
  });
}
