/**
 * The modern-dev part of `npm run bench:extract`: 481 pages of the 2025-26 web (../shared/corpus/modern-dev, see
 * its SOURCE.md: blogs, guides, docs, product and service pages), ours beside plain Readability, scored as that
 * SOURCE.md says (extraction-scores.ts):
 *
 * - shingle precision, recall and F1 of the article's text (the reader view's content, without its title) against
 *   the page's `articleBody`, on all 481 pages;
 * - the share of pages losing a required snippet and keeping an unwanted one, on the 456 pages with snippets, in
 *   the same text, both folded (`foldForSnippets`). Without the title, as SOURCE.md's reference figures are
 *   measured: plain Readability then reads 46.1% and 14.5% here against its 46.3% and 14.5%. Its shingle F1 reads
 *   0.749 here against 0.726: both extractions' text is taken as the reader view takes it (html-text.ts: block
 *   elements separate words), so words of two blocks are not glued into one token;
 * - the same per half of the set (`halfOf`, by URL): A, the half rules may be tuned on, and B, held out;
 * - p95 time per page (parse + extract + text, first run), for the cost against plain Readability's.
 *
 * `--verbose` lists, per page, its shingle F1 (ours and plain) and the snippets ours loses or keeps.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { decodeHtml } from "../src/worker/services/fetching/decode-html";
import { oursArticle, percentile, plainArticle } from "./extract-dev-set";
import { percent, printHalves, tableRow } from "./extract-report";
import { foldForSnippets, type ShingleCounts, shingleCounts, shingleScore } from "./extraction-scores";

interface Truth {
  articleBody: string;
  url: string;
  title: string;
}

interface Snippets {
  file: string;
  with: string[];
  without: string[];
}

interface PageRun {
  shingles: ShingleCounts;
  /** Null for a page without snippets. */
  lost: string[] | null;
  kept: string[] | null;
  ms: number;
}

interface PageResult {
  id: string;
  url: string;
  ours: PageRun;
  plain: PageRun;
}

export interface ModernSetSummary {
  pages: number;
  f1: number;
  precision: number;
  recall: number;
  snippetPages: number;
  lostPages: number;
  clutterPages: number;
  p95: number;
}

type Extract = (html: string, url: string) => { title: string; text: string };

function runPage(extract: Extract, html: string, truth: Truth, snippets: Snippets | undefined): PageRun {
  const start = performance.now();
  const { text } = extract(html, truth.url);
  const ms = performance.now() - start;
  const shown = foldForSnippets(text);
  const has = (snippet: string) => shown.includes(foldForSnippets(snippet));
  return {
    shingles: shingleCounts(truth.articleBody, text),
    lost: snippets ? snippets.with.filter((snippet) => !has(snippet)) : null,
    kept: snippets ? snippets.without.filter(has) : null,
    ms,
  };
}

function summarise(runs: PageRun[]): ModernSetSummary {
  const withSnippets = runs.filter((run) => run.lost !== null);
  return {
    pages: runs.length,
    ...shingleScore(runs.map((run) => run.shingles)),
    snippetPages: withSnippets.length,
    lostPages: withSnippets.filter((run) => (run.lost?.length ?? 0) > 0).length,
    clutterPages: withSnippets.filter((run) => (run.kept?.length ?? 0) > 0).length,
    p95: percentile(
      runs.map((run) => run.ms),
      95,
    ),
  };
}

const pageF1 = ({ tp, fp, fn }: ShingleCounts) => (tp + fp + fn === 0 ? 1 : (2 * tp) / (2 * tp + fp + fn));

/** Scores ours and plain Readability on modern-dev and prints the table (and per-page losses if asked). */
export function runModernSet({ corpus, verbose }: { corpus: string; verbose: boolean }): {
  ours: ModernSetSummary;
  plain: ModernSetSummary;
} {
  const truths = JSON.parse(readFileSync(join(corpus, "ground-truth.json"), "utf8")) as Record<string, Truth>;
  const evaldata = JSON.parse(readFileSync(join(corpus, "evaldata.json"), "utf8")) as Record<string, Snippets>;
  const snippetsByFile = new Map(Object.values(evaldata).map((entry) => [entry.file, entry]));
  const results: PageResult[] = [];
  for (const [id, truth] of Object.entries(truths).sort(([a], [b]) => a.localeCompare(b))) {
    const file = `${id.padStart(4, "0")}.html`;
    const html = decodeHtml(gunzipSync(readFileSync(join(corpus, "html", `${file}.gz`))));
    const snippets = snippetsByFile.get(file);
    results.push({
      id,
      url: truth.url,
      plain: runPage(plainArticle, html, truth, snippets),
      ours: runPage(oursArticle, html, truth, snippets),
    });
  }

  if (verbose) {
    for (const r of results) {
      const lost = r.ours.lost ?? [];
      const kept = r.ours.kept ?? [];
      console.log(
        `${r.id}  ${r.url}  shingle F1 ${pageF1(r.ours.shingles).toFixed(2)} (plain ${pageF1(r.plain.shingles).toFixed(2)})`,
      );
      for (const snippet of lost) console.log(`  lost   ${JSON.stringify(snippet)}`);
      for (const snippet of kept) console.log(`  kept   ${JSON.stringify(snippet)}`);
    }
    console.log();
  }

  const [pct, row] = [percent, tableRow];
  const o = summarise(results.map((r) => r.ours));
  const p = summarise(results.map((r) => r.plain));
  console.log(
    `Modern web: ${o.pages} pages from ${corpus} (shingle F1 as scrapinghub's benchmark; ${o.snippetPages} with snippets, folded)`,
  );
  console.log();
  row("", "plain Readability", "ours");
  row("shingle F1", p.f1.toFixed(3), o.f1.toFixed(3));
  row("shingle precision", p.precision.toFixed(3), o.precision.toFixed(3));
  row("shingle recall", p.recall.toFixed(3), o.recall.toFixed(3));
  row("pages losing a required snippet", pct(p.lostPages, p.snippetPages), pct(o.lostPages, o.snippetPages));
  row("pages keeping an unwanted snippet", pct(p.clutterPages, p.snippetPages), pct(o.clutterPages, o.snippetPages));
  row("ms per page p95, first run", p.p95.toFixed(1), o.p95.toFixed(1));
  printHalves((inHalf) => {
    const measured = (run: "ours" | "plain") => {
      const summary = summarise(results.filter((r) => inHalf(r.url)).map((r) => r[run]));
      return { ...summary, scoredPages: summary.snippetPages };
    };
    return { plain: measured("plain"), ours: measured("ours") };
  });
  console.log();
  return { ours: o, plain: p };
}
