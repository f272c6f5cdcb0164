/**
 * The trafilatura-dev part of `npm run bench:extract`: 296 real pages (../shared/corpus/trafilatura-dev, see its
 * SOURCE.md), each with snippets the extraction must contain (`with`) and snippets it must leave out (`without`).
 *
 * Scored as trafilatura's evaluation does it: a `with` snippet found in the extracted text is a true positive,
 * missing a false negative; a `without` snippet found is a false positive, absent a true negative; precision =
 * TP / (TP + FP), recall = TP / (TP + FN) and F1 over the whole set. Matching is case-sensitive substring search
 * after whitespace normalisation (every run of whitespace in the snippet and the text becomes one space, both
 * trimmed). The `comments` snippets some entries carry are not scored (trafilatura scores without comments).
 *
 * "The extracted text" is what the reader view shows: the article's title, then the text of the sanitised
 * content HTML (`htmlToText`, as the Content tab renders it and as search, summaries and embeddings read it).
 * For plain Readability 0.6.0 on linkedom it is its `title`, then `htmlToText` of its `content`. A page is
 * decoded from its bytes by the fetcher's own `decodeHtml` (no Content-Type header: BOM, <meta>, else UTF-8).
 *
 * Also reported: the share of pages losing at least one `with` snippet ("lost") and keeping at least one `without`
 * snippet ("clutter"), and p50/p95 wall time per page (parse + extract + text; ours includes the metadata rules
 * and sanitiser, as in the Worker), twice: the first run of each page (as a Worker meets a page, but with whatever
 * garbage collection or compilation lands on it), and the fastest of TIMING_RUNS runs (the page's own cost, the
 * figure that repeats: one run's p95 moved by ±20 ms between runs on this shared 2-core machine).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { Readability } from "@mozilla/readability";
import { parseHTML } from "linkedom";
import {
  DEFAULT_EXTRACTION_RULES,
  EXTRACTION_RULES,
  type ExtractionRule,
  extractArticleWithSource,
} from "../src/worker/domain/extraction/extract-article";
import { htmlToText } from "../src/worker/domain/extraction/html-text";
import { decodeHtml } from "../src/worker/services/fetching/decode-html";
import { percent, printHalves, tableRow } from "./extract-report";

interface Entry {
  file: string;
  with: string[];
  without: string[];
}

interface PageScore {
  file: string;
  url: string;
  missed: string[];
  kept: string[];
  found: number;
  avoided: number;
  /** The first run's time. */
  ms: number;
  /** The fastest of TIMING_RUNS runs. */
  fastestMs: number;
}

/** Runs per page for the "fastest of" timing. */
const TIMING_RUNS = 3;

export interface DevSetSummary {
  pages: number;
  precision: number;
  recall: number;
  f1: number;
  lostPages: number;
  clutterPages: number;
  p50: number;
  p95: number;
  fastestP50: number;
  fastestP95: number;
}

type Extractor = (html: string, url: string) => string;

const squash = (text: string) => text.replace(/\s+/g, " ").trim();

let rules: ReadonlySet<ExtractionRule> = new Set(DEFAULT_EXTRACTION_RULES);

/** The rules the next extractions apply (runDevSet sets them from its options). */
export function applyRules(selected: ReadonlySet<ExtractionRule>): void {
  rules = selected;
}

/** What the reader view shows of a page, with our rules: its title and its text. */
export function oursArticle(html: string, url: string): { title: string; text: string } {
  const { article } = extractArticleWithSource(html, url, { rules });
  return { title: article.title ?? "", text: article.text };
}

/** The same from plain Readability 0.6.0 on linkedom: empty when it throws or finds no article. */
export function plainArticle(html: string, _url: string): { title: string; text: string } {
  try {
    const { document } = parseHTML(html);
    // linkedom's document stands in for the browser Document Readability is typed against.
    const result = new Readability(document as unknown as ConstructorParameters<typeof Readability>[0]).parse();
    return { title: result?.title ?? "", text: htmlToText(result?.content ?? "") };
  } catch {
    return { title: "", text: "" };
  }
}

const titleAndText = ({ title, text }: { title: string; text: string }) => `${title}\n\n${text}`;
const ours = (html: string, url: string) => titleAndText(oursArticle(html, url));
const plainReadability = (html: string, url: string) => titleAndText(plainArticle(html, url));

function scorePage(extract: Extractor, html: string, url: string, entry: Entry): PageScore {
  const start = performance.now();
  const text = squash(extract(html, url));
  const ms = performance.now() - start;
  const missed = entry.with.filter((snippet) => !text.includes(squash(snippet)));
  const kept = entry.without.filter((snippet) => text.includes(squash(snippet)));
  return {
    file: entry.file,
    url,
    missed,
    kept,
    found: entry.with.length - missed.length,
    avoided: entry.without.length - kept.length,
    ms,
    fastestMs: ms,
  };
}

/** Times `extract` on the page again, keeping the fastest run in `score`. */
function timeAgain(extract: Extractor, html: string, url: string, score: PageScore): void {
  const start = performance.now();
  extract(html, url);
  score.fastestMs = Math.min(score.fastestMs, performance.now() - start);
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

function summarise(scores: PageScore[]): DevSetSummary {
  let tp = 0;
  let fn = 0;
  let fp = 0;
  for (const s of scores) {
    tp += s.found;
    fn += s.missed.length;
    fp += s.kept.length;
  }
  const precision = tp / Math.max(tp + fp, 1);
  const recall = tp / Math.max(tp + fn, 1);
  const ms = scores.map((s) => s.ms);
  const fastest = scores.map((s) => s.fastestMs);
  return {
    pages: scores.length,
    precision,
    recall,
    f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0,
    lostPages: scores.filter((s) => s.missed.length > 0).length,
    clutterPages: scores.filter((s) => s.kept.length > 0).length,
    p50: percentile(ms, 50),
    p95: percentile(ms, 95),
    fastestP50: percentile(fastest, 50),
    fastestP95: percentile(fastest, 95),
  };
}

export interface DevSetOptions {
  corpus: string;
  verbose: boolean;
  /** Only this page (its `file`, with or without .html/.gz), listed in full. */
  page: string | null;
  /** Rules turned off ("all" for plain Readability plus our metadata and sanitiser), to measure each. */
  without: readonly string[];
  /** Rules turned on that the Worker does not apply. */
  with: readonly string[];
}

/** The Worker's rules without those named in `without` (or all of them) and with those in `added`. */
export function selectRules(without: readonly string[], added: readonly string[]): Set<ExtractionRule> {
  for (const name of [...without, ...added]) {
    if (name !== "all" && !EXTRACTION_RULES.includes(name as ExtractionRule))
      throw new Error(`No rule ${name}: ${EXTRACTION_RULES.join(", ")}`);
  }
  return new Set(
    EXTRACTION_RULES.filter(
      (rule) =>
        added.includes(rule) ||
        (DEFAULT_EXTRACTION_RULES.includes(rule) && !without.includes(rule) && !without.includes("all")),
    ),
  );
}

/** Scores ours and plain Readability on the dev set and prints the table (and per-page failures if asked). */
export function runDevSet({ corpus, verbose, page, without, with: added }: DevSetOptions): {
  ours: DevSetSummary;
  plain: DevSetSummary;
} {
  applyRules(selectRules(without, added));
  const evaldata = JSON.parse(readFileSync(join(corpus, "evaldata.json"), "utf8")) as Record<string, Entry>;
  let entries = Object.entries(evaldata).sort(([, a], [, b]) => a.file.localeCompare(b.file));
  if (page) {
    const wanted = page.replace(/\.gz$/, "").replace(/^.*\//, "");
    entries = entries.filter(([, e]) => e.file === wanted || e.file === `${wanted}.html`);
    if (entries.length === 0) throw new Error(`No page ${page} in ${corpus}/evaldata.json`);
  }
  const oursScores: PageScore[] = [];
  const plainScores: PageScore[] = [];
  for (const [url, entry] of entries) {
    const html = decodeHtml(gunzipSync(readFileSync(join(corpus, "html", `${entry.file}.gz`))));
    const plain = scorePage(plainReadability, html, url, entry);
    const own = scorePage(ours, html, url, entry);
    for (let run = 1; run < TIMING_RUNS; run++) {
      timeAgain(plainReadability, html, url, plain);
      timeAgain(ours, html, url, own);
    }
    plainScores.push(plain);
    oursScores.push(own);
  }

  if (verbose || page) {
    for (const [i, s] of oursScores.entries()) {
      const p = plainScores[i];
      if (!page && s.missed.length === 0 && s.kept.length === 0) continue;
      console.log(`${s.file}  ${s.url}  (${s.ms.toFixed(1)} ms)`);
      for (const m of s.missed)
        console.log(`  lost   ${JSON.stringify(m)}${p?.missed.includes(m) ? "" : "  (plain has it)"}`);
      for (const k of s.kept)
        console.log(`  kept   ${JSON.stringify(k)}${p?.kept.includes(k) ? "" : "  (plain leaves it out)"}`);
      if (page)
        console.log(`\n${ours(decodeHtml(gunzipSync(readFileSync(join(corpus, "html", `${s.file}.gz`)))), s.url)}`);
    }
    console.log();
  }

  const o = summarise(oursScores);
  const r = summarise(plainScores);
  const [pct, row] = [percent, tableRow];
  console.log(`Dev set: ${o.pages} pages from ${corpus} (snippets, trafilatura's method)`);
  console.log(`Rules: ${[...rules].join(", ") || "none"}`);
  console.log();
  row("", "plain Readability", "ours");
  row("F1", r.f1.toFixed(3), o.f1.toFixed(3));
  row("precision", r.precision.toFixed(3), o.precision.toFixed(3));
  row("recall", r.recall.toFixed(3), o.recall.toFixed(3));
  row("pages losing a required snippet", pct(r.lostPages, r.pages), pct(o.lostPages, o.pages));
  row("pages keeping an unwanted snippet", pct(r.clutterPages, r.pages), pct(o.clutterPages, o.pages));
  row("ms per page p50, first run", r.p50.toFixed(1), o.p50.toFixed(1));
  row("ms per page p95, first run", r.p95.toFixed(1), o.p95.toFixed(1));
  row(`ms per page p50, fastest of ${TIMING_RUNS}`, r.fastestP50.toFixed(1), o.fastestP50.toFixed(1));
  row(`ms per page p95, fastest of ${TIMING_RUNS}`, r.fastestP95.toFixed(1), o.fastestP95.toFixed(1));
  printHalves((inHalf) => {
    const measured = (scores: PageScore[]) => {
      const summary = summarise(scores.filter((score) => inHalf(score.url)));
      return { ...summary, scoredPages: summary.pages };
    };
    return { plain: measured(plainScores), ours: measured(oursScores) };
  });
  console.log();
  return { ours: o, plain: r };
}
