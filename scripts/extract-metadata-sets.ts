/**
 * The metadata part of `npm run bench:extract`: titles, authors, site names and dates as the product extracts them,
 * against what three sets of real pages say they are.
 *
 * - readability-test-pages: `expected-metadata.json` (Readability's own output upstream, so a value it got wrong
 *   counts against us too): title, byline, siteName.
 * - trafilatura-dev: `title`, `author`, `date` and `sitename` of evaldata.json where an entry has them (written for
 *   trafilatura's metadata evaluation).
 * - modern-dev: `title` of ground-truth.json. Its pages are split in two fixed halves by id: even ids are dev
 *   (rules may be tuned on them, `--verbose` lists their misses), odd ids are held out: only their rates are printed,
 *   never a page, so that the rules are not tuned on them.
 *
 * Title match: equal after folding (lower case, typographic quotes and dashes made ASCII, only letters and digits
 * compared), or equal once the site's part is taken off one of them: leading or trailing parts split at " | ",
 * " - ", " – ", " — ", " · ", " » ", " :: ", "_", or a bracketed tail ("[LWN.net]", "（CNET Japan）"): modern-dev's
 * titles keep "| Site" on some pages and not on others, Readability's keep the whole <title> when it cannot cut it. Also
 * printed: "exact", equal after folding only. Author match: the same names, whatever their order, case, a leading
 * "By"/"Von"/"Par"/"Por" and the joiners ("and", "und", "et", "y", ",", ";", "&"). Site name match: equal after
 * folding. Date match: the same calendar day (the date as the page wrote it, in its own time zone).
 *
 * Also counted on every page of the three sets: how many the product reads as interface text rather than an article
 * (`readsAsInterfaceText`, docs/processing.md), each listed by name so that a real article read so shows.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { extractArticle } from "../src/worker/domain/extraction/extract-article";
import { readsAsInterfaceText } from "../src/worker/domain/interface-text";
import { decodeHtml } from "../src/worker/services/fetching/decode-html";

type Field = "title" | "author" | "siteName" | "date";
const FIELDS: readonly Field[] = ["title", "author", "siteName", "date"];

interface Expected {
  title?: string | null;
  author?: string | null;
  siteName?: string | null;
  date?: string | null;
}

interface Page {
  set: "readability" | "trafilatura" | "modern" | "modern held-out";
  name: string;
  url: string;
  html: string;
  expected: Expected;
}

interface Checked {
  page: Page;
  actual: Record<Field, string | null>;
  interfaceText: boolean;
}

export interface MetadataSetsOptions {
  readabilityCorpus: string;
  trafilaturaCorpus: string;
  modernCorpus: string;
  verbose: boolean;
}

const READABILITY_URL = "http://fakehost/test/page.html";

/** Lower case, typographic marks made ASCII, then only letters and digits. */
export function folded(value: string | null | undefined): string {
  return (value ?? "")
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[‘’‚‛′]/g, "'")
    .replace(/[“”„‟″«»]/g, '"')
    .replace(/[‐‑‒–—―]/g, "-")
    .replace(/…/g, "...")
    .replace(/[^\p{L}\p{N}]+/gu, "");
}

/** Separators between a title and its site's part: " | ", " - ", "_科技_腾讯网", " [LWN.net]", "（CNET Japan）". */
const TITLE_PARTS = / (?:[|\-–—·»]|::) | ?_|\s*(?=\[[^\]]+\]$)|\s*(?=（[^）]+）)/;

/** Every run of whole parts of a title split at its separators, the whole title first. */
function titleRuns(title: string): string[] {
  const parts = title.split(TITLE_PARTS);
  const runs: string[] = [];
  for (let start = 0; start < parts.length; start++)
    for (let end = parts.length; end > start; end--) runs.push(folded(parts.slice(start, end).join(" ")));
  return runs.filter((run) => run.length > 0);
}

export function titleMatches(actual: string | null, expected: string | null, exact = false): boolean {
  const [a, e] = [folded(actual), folded(expected)];
  if (a === e) return true;
  if (exact || !a || !e) return false;
  return titleRuns(expected ?? "").includes(a) || titleRuns(actual ?? "").includes(e);
}

function authorNames(value: string | null | undefined): string[] {
  return (value ?? "")
    .replace(/^\s*(?:by|von|par|por)\b\s*:?/i, "")
    .split(/\s*(?:,|;|&|\band\b|\bund\b|\bet\b|\by\b)\s*/i)
    .map(folded)
    .filter((name) => name.length > 0)
    .sort();
}

function fieldMatches(field: Field, actual: string | null, expected: string | null): boolean {
  switch (field) {
    case "title":
      return titleMatches(actual, expected);
    case "author":
      return authorNames(actual).join("|") === authorNames(expected).join("|");
    case "siteName":
      return folded(actual) === folded(expected);
    case "date":
      return (actual ?? "").slice(0, 10) === (expected ?? "").slice(0, 10);
  }
}

function readabilityPages(corpus: string): Page[] {
  return readdirSync(corpus)
    .filter((name) => {
      try {
        return statSync(join(corpus, name, "source.html")).isFile();
      } catch {
        return false;
      }
    })
    .sort()
    .map((name) => {
      const meta = JSON.parse(readFileSync(join(corpus, name, "expected-metadata.json"), "utf8")) as Record<
        string,
        unknown
      >;
      const text = (value: unknown) => (typeof value === "string" ? value : null);
      return {
        set: "readability",
        name,
        url: READABILITY_URL,
        html: readFileSync(join(corpus, name, "source.html"), "utf8"),
        expected: { title: text(meta.title), author: text(meta.byline), siteName: text(meta.siteName) },
      };
    });
}

function trafilaturaPages(corpus: string): Page[] {
  const evaldata = JSON.parse(readFileSync(join(corpus, "evaldata.json"), "utf8")) as Record<
    string,
    { file: string; title?: string; author?: string; date?: string; sitename?: string }
  >;
  return Object.entries(evaldata)
    .sort(([, a], [, b]) => a.file.localeCompare(b.file))
    .map(([url, entry]) => ({
      set: "trafilatura",
      name: entry.file,
      url,
      html: decodeHtml(gunzipSync(readFileSync(join(corpus, "html", `${entry.file}.gz`)))),
      expected: {
        ...(entry.title?.trim() ? { title: entry.title } : {}),
        ...(entry.author?.trim() ? { author: entry.author } : {}),
        ...(entry.date?.trim() ? { date: entry.date } : {}),
        ...(entry.sitename?.trim() ? { siteName: entry.sitename } : {}),
      },
    }));
}

/** modern-dev's pages; odd ids are the held-out half. */
function modernPages(corpus: string): Page[] {
  const truth = JSON.parse(readFileSync(join(corpus, "ground-truth.json"), "utf8")) as Record<
    string,
    { url: string; title: string }
  >;
  return Object.entries(truth)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([id, entry]) => ({
      set: Number(id) % 2 === 1 ? "modern held-out" : "modern",
      name: id,
      url: entry.url,
      html: decodeHtml(gunzipSync(readFileSync(join(corpus, "html", `${id.padStart(4, "0")}.html.gz`)))),
      expected: { title: entry.title },
    }));
}

function check(page: Page): Checked {
  const article = extractArticle(page.html, page.url);
  return {
    page,
    actual: { title: article.title, author: article.byline, siteName: article.siteName, date: article.publishedTime },
    interfaceText: readsAsInterfaceText(article.text),
  };
}

export function runMetadataSets(options: MetadataSetsOptions): void {
  const pages = [
    ...readabilityPages(options.readabilityCorpus),
    ...trafilaturaPages(options.trafilaturaCorpus),
    ...modernPages(options.modernCorpus),
  ];
  const start = performance.now();
  const checked = pages.map(check);
  const seconds = (performance.now() - start) / 1000;
  const sets = ["readability", "trafilatura", "modern", "modern held-out"] as const;

  if (options.verbose) {
    for (const c of checked) {
      if (c.page.set === "modern held-out") continue;
      for (const field of FIELDS) {
        const expected = c.page.expected[field];
        if (expected === undefined || fieldMatches(field, c.actual[field], expected)) continue;
        console.log(
          `${field} ${c.page.set} ${c.page.name}: expected ${JSON.stringify(expected)}, ours ${JSON.stringify(c.actual[field])}`,
        );
      }
    }
    console.log();
  }

  const pct = (n: number, of: number) => (of ? `${((100 * n) / of).toFixed(1)}% ${`(${n}/${of})`.padEnd(10)}` : "-");
  console.log("Metadata against the pages' own: match rate (pages with an expected value)");
  console.log(
    `  ${"".padEnd(22)}${"title".padEnd(20)}${"title exact".padEnd(20)}${FIELDS.slice(1).join(" ".repeat(12))}`,
  );
  const row = (label: string, group: Checked[]) => {
    const cells = FIELDS.map((field) => {
      const known = group.filter((c) => c.page.expected[field] != null && c.page.expected[field] !== "");
      const same = known.filter((c) => fieldMatches(field, c.actual[field], c.page.expected[field] ?? null));
      return pct(same.length, known.length).padEnd(20);
    });
    const titled = group.filter((c) => c.page.expected.title);
    const exact = titled.filter((c) => titleMatches(c.actual.title, c.page.expected.title ?? null, true));
    cells.splice(1, 0, pct(exact.length, titled.length).padEnd(20));
    console.log(`  ${label.padEnd(22)}${cells.join("")}`);
  };
  for (const set of sets)
    row(
      set,
      checked.filter((c) => c.page.set === set),
    );
  row(
    "dev (all but held-out)",
    checked.filter((c) => c.page.set !== "modern held-out"),
  );
  const dated = checked.filter((c) => c.page.expected.date);
  const missing = dated.filter((c) => !c.actual.date).length;
  const other = dated.filter(
    (c) => c.actual.date && !fieldMatches("date", c.actual.date, c.page.expected.date ?? null),
  );
  console.log(
    `  dates (trafilatura): of ${dated.length} pages with one, ${dated.length - missing - other.length} the same day, ` +
      `${missing} none (the reader sees the day it was saved, said so), ${other.length} another day`,
  );
  console.log();

  const flagged = checked.filter((c) => c.interfaceText);
  console.log(`Read as interface text, not an article: ${flagged.length} of ${checked.length} pages`);
  for (const c of flagged) console.log(`  ${c.page.set} ${c.page.name} ${c.page.url}`);
  console.log(`Metadata run: ${seconds.toFixed(1)} s`);
  console.log();
}
