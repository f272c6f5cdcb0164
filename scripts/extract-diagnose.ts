/**
 * Why the extractor loses or keeps snippets on the trafilatura-dev set: for every page, each required snippet
 * lost and each unwanted one kept, with where it sits in the page as fetched (the smallest element holding it and
 * its ancestors: tag, class, id, role, hidden; the block's length and link density). This is how the general
 * patterns behind the rules were found; rules themselves never name a host or a site's class names.
 *
 *   npx tsx scripts/extract-diagnose.ts [--lost | --kept] [--page <file>] [--depth N] [--without r1,r2] [--with r3]
 *
 * The last lines group the snippets by the nearest ancestor's generic traits (tag, ARIA role, hidden, link
 * density band, position relative to Readability's choice) to show the largest groups.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { type DomElement, type DomNode, isElement, parseDocument } from "../src/worker/domain/extraction/dom";
import {
  DEFAULT_EXTRACTION_RULES,
  EXTRACTION_RULES,
  type ExtractionRule,
  extractArticleWithSource,
} from "../src/worker/domain/extraction/extract-article";
import { decodeHtml } from "../src/worker/services/fetching/decode-html";

interface Entry {
  file: string;
  with: string[];
  without: string[];
}

const args = process.argv.slice(2);
const flagValue = (flag: string) => {
  const at = args.indexOf(flag);
  return at >= 0 ? (args[at + 1] ?? null) : null;
};
const list = (flag: string) => (flagValue(flag) ?? "").split(",").filter(Boolean);
const onlyLost = args.includes("--lost");
const onlyKept = args.includes("--kept");
const page = flagValue("--page");
const depth = Number(flagValue("--depth") ?? 4);
const without = list("--without");
const added = list("--with");
const rules = new Set<ExtractionRule>(
  EXTRACTION_RULES.filter(
    (rule) =>
      added.includes(rule) ||
      (DEFAULT_EXTRACTION_RULES.includes(rule) && !without.includes(rule) && !without.includes("all")),
  ),
);

const corpus = fileURLToPath(new URL("../../shared/corpus/trafilatura-dev/", import.meta.url));
const squash = (text: string) => text.replace(/\s+/g, " ").trim();

const evaldata = JSON.parse(readFileSync(join(corpus, "evaldata.json"), "utf8")) as Record<string, Entry>;
let entries = Object.entries(evaldata).sort(([, a], [, b]) => a.file.localeCompare(b.file));
if (page) entries = entries.filter(([, e]) => e.file === page || e.file === `${page}.html`);

function describe(element: DomElement): string {
  const cls = squash(element.getAttribute("class") ?? "").slice(0, 40);
  const id = element.getAttribute("id");
  const role = element.getAttribute("role");
  const hidden =
    element.hasAttribute("hidden") ||
    element.getAttribute("aria-hidden") === "true" ||
    /display\s*:\s*none|visibility\s*:\s*hidden/i.test(element.getAttribute("style") ?? "");
  return `${element.localName}${cls ? `.${cls.replace(/ /g, ".")}` : ""}${id ? `#${id}` : ""}${role ? `[role=${role}]` : ""}${hidden ? "[hidden]" : ""}`;
}

function linkDensity(element: DomElement): number {
  const text = squash(element.textContent ?? "").length;
  if (!text) return 0;
  let links = 0;
  for (const a of element.querySelectorAll("a")) links += squash(a.textContent ?? "").length;
  return links / text;
}

/** The deepest element whose text holds the snippet. */
function holder(root: DomElement, snippet: string): DomElement | null {
  const wanted = squash(snippet);
  if (!squash(root.textContent ?? "").includes(wanted)) return null;
  let node = root;
  for (;;) {
    const next = [...node.children].find((c) => squash(c.textContent ?? "").includes(wanted));
    if (!next) return node;
    node = next;
  }
}

function ancestors(element: DomElement, n: number): DomElement[] {
  const out: DomElement[] = [];
  for (let node: DomNode | null = element; node && isElement(node) && out.length < n; node = node.parentNode) {
    if (node.localName === "body" || node.localName === "html") break;
    out.push(node);
  }
  return out;
}

const groups = new Map<string, number>();
const count = (key: string) => groups.set(key, (groups.get(key) ?? 0) + 1);

for (const [url, entry] of entries) {
  const html = decodeHtml(gunzipSync(readFileSync(join(corpus, "html", `${entry.file}.gz`))));
  const { article } = extractArticleWithSource(html, url, { rules });
  const text = squash(`${article.title ?? ""}\n\n${article.text}`);
  const missed = onlyKept ? [] : entry.with.filter((s) => !text.includes(squash(s)));
  const kept = onlyLost ? [] : entry.without.filter((s) => text.includes(squash(s)));
  if (missed.length === 0 && kept.length === 0) continue;
  const document = parseDocument(html);
  const lang = document.documentElement?.getAttribute("lang") ?? "?";
  console.log(`${entry.file}  [${lang}]  ${url}`);
  for (const [kind, snippets] of [
    ["lost", missed],
    ["kept", kept],
  ] as const) {
    for (const snippet of snippets) {
      const element = holder(document.body, snippet);
      console.log(`  ${kind} ${JSON.stringify(snippet.slice(0, 90))}`);
      if (!element) {
        console.log("       (not in the body's text: head, script or split across elements)");
        count(`${kind} not-in-dom`);
        continue;
      }
      const chain = ancestors(element, depth);
      for (const a of chain) {
        const len = squash(a.textContent ?? "").length;
        console.log(`       ${describe(a)}  len ${len} links ${linkDensity(a).toFixed(2)}`);
      }
      const semantic = ancestors(element, 50).find(
        (a) =>
          ["nav", "aside", "footer", "header", "form"].includes(a.localName) ||
          a.hasAttribute("role") ||
          a.hasAttribute("hidden"),
      );
      const band = linkDensity(element) >= 0.5 ? "links" : "text";
      count(
        `${kind} ${element.localName} ${band}${semantic ? ` in ${semantic.localName}${semantic.getAttribute("role") ? `[${semantic.getAttribute("role")}]` : ""}` : ""}`,
      );
    }
  }
}

console.log("\nGroups (kind, holder tag, link band, nearest semantic ancestor):");
for (const [key, n] of [...groups].sort((a, b) => b[1] - a[1])) console.log(`  ${String(n).padStart(4)}  ${key}`);
