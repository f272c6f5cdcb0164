/**
 * Extraction benchmark: our extractor against plain Readability 0.6.0 on linkedom, on two corpora.
 *
 *   npm run bench:extract -- [corpus-dir] [--verbose] [--only dev|modern|readability|metadata] [--page <file>] [--without r1,r2] [--with r3]
 *
 * 1. The trafilatura-dev set (../shared/corpus/trafilatura-dev): 296 real multilingual pages scored by snippets
 *    that must and must not be in the text; the quality figure (scripts/extract-dev-set.ts says how).
 *    `--page <file>` scores that one page and prints its extracted text; `--verbose` lists, per page, the
 *    required snippets lost and the unwanted ones kept. `--without <rule,...>` (or `all`) turns rules of ours
 *    off, to measure what each is worth, and `--with <rule>` turns on one the Worker does not apply
 *    (extract-article.ts: EXTRACTION_RULES, DEFAULT_EXTRACTION_RULES).
 * 1b. The modern-dev set (../shared/corpus/modern-dev): 481 pages of the 2025-26 web, shingle F1 against each
 *    page's article body and snippets (scripts/extract-modern-set.ts says how). Both dev sets also print their
 *    halves by URL (A, the half rules may be tuned on; B, held out).
 * 2. The Readability test pages (../shared/corpus/readability-test-pages, or the folder given as the first
 *    argument): the regression check, below.
 *
 * Content metric, per page: tokens are the lower-cased words (words.ts: letters/digits, each CJK character a
 * word) of the text of an article's HTML, taken the same way for all three (html-text.ts: block elements
 * separate words, script/style skipped). With E = tokens of expected.html and A = tokens of the candidate,
 * overlap = Σ over words of min(count in A, count in E) (multiset intersection); precision = overlap / |A|,
 * recall = overlap / |E|, F1 = their harmonic mean (1 when both are empty, 0 when only one is). Reported as the
 * mean and median over pages. A page is a win or a loss when the F1s differ by more than 0.001, else a tie.
 *
 * Plain Readability is `new Readability(document).parse()` on linkedom's `parseHTML(source)`, its `content`
 * measured; ours is `extractArticle(source, url)`, its sanitised `content` measured. Both get the page URL the
 * upstream tests use. A page counts as a failure when Readability throws or returns null (ours then falls
 * back to the page body).
 *
 * Metadata metric: exact-match rate against expected-metadata.json (itself Readability's output upstream)
 * for title, byline, publishedTime and siteName. "exact": equal after trimming and collapsing whitespace,
 * null and "" being equal; published times are also equal when both parse to the same instant (ours are
 * normalised to ISO 8601). "lenient" additionally ignores case and a leading "By"/"Par"/"Por"/"Von".
 * Because the expected values are Readability's, ours are also broken down: where expected has a value,
 * how many we match (lenient), change or drop; and where it has none, how many we fill in.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Readability } from "@mozilla/readability";
import { parseHTML } from "linkedom";
import { extractArticleWithSource } from "../src/worker/domain/extraction/extract-article";
import { htmlToText } from "../src/worker/domain/extraction/html-text";
import { wordTokens } from "../src/worker/domain/extraction/words";
import { applyRules, runDevSet, selectRules } from "./extract-dev-set";
import { runMetadataSets } from "./extract-metadata-sets";
import { runModernSet } from "./extract-modern-set";

const PAGE_URL = "http://fakehost/test/page.html";
const FIELDS = ["title", "byline", "publishedTime", "siteName"] as const;
type Field = (typeof FIELDS)[number];
type Metadata = Record<Field, string | null>;

interface Score {
  precision: number;
  recall: number;
  f1: number;
}

interface Run {
  score: Score;
  metadata: Metadata;
  failed: boolean;
  ms: number;
}

interface PageResult {
  name: string;
  plain: Run;
  ours: Run;
  expected: Metadata;
}

const args = process.argv.slice(2);
const verbose = args.includes("--verbose");
const flagValue = (flag: string) => {
  const at = args.indexOf(flag);
  return at >= 0 ? (args[at + 1] ?? null) : null;
};
const page = flagValue("--page");
const only = page ? "dev" : flagValue("--only");
const corpusArgument = args.find(
  (a, i) => !a.startsWith("--") && !["--page", "--only", "--without", "--with"].includes(args[i - 1] ?? ""),
);
const corpus = corpusArgument
  ? resolve(corpusArgument)
  : fileURLToPath(new URL("../../shared/corpus/readability-test-pages/", import.meta.url));
const devCorpus = fileURLToPath(new URL("../../shared/corpus/trafilatura-dev/", import.meta.url));
const modernCorpus = fileURLToPath(new URL("../../shared/corpus/modern-dev/", import.meta.url));

const list = (flag: string) => (flagValue(flag) ?? "").split(",").filter(Boolean);
if (only === null || only === "dev") {
  runDevSet({ corpus: devCorpus, verbose, page, without: list("--without"), with: list("--with") });
}
if (only === null || only === "modern") {
  if (only === "modern") applyRules(selectRules(list("--without"), list("--with")));
  runModernSet({ corpus: modernCorpus, verbose });
}
if (only === null || only === "readability") runReadabilityPages();
if (only === null || only === "metadata") {
  runMetadataSets({ readabilityCorpus: corpus, trafilaturaCorpus: devCorpus, modernCorpus, verbose });
}

function tokenCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const token of wordTokens(text)) counts.set(token, (counts.get(token) ?? 0) + 1);
  return counts;
}

function total(counts: Map<string, number>): number {
  let sum = 0;
  for (const n of counts.values()) sum += n;
  return sum;
}

function overlapScore(candidate: Map<string, number>, expected: Map<string, number>): Score {
  const candidateTotal = total(candidate);
  const expectedTotal = total(expected);
  if (candidateTotal === 0 && expectedTotal === 0) return { precision: 1, recall: 1, f1: 1 };
  let overlap = 0;
  for (const [token, n] of candidate) overlap += Math.min(n, expected.get(token) ?? 0);
  const precision = candidateTotal ? overlap / candidateTotal : 0;
  const recall = expectedTotal ? overlap / expectedTotal : 0;
  const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, f1 };
}

function str(value: unknown): string | null {
  return typeof value === "string" ? value : null;
}

function runPlain(source: string, expected: Map<string, number>): Run {
  const start = performance.now();
  try {
    const { document } = parseHTML(source);
    // linkedom's document stands in for the browser Document Readability is typed against.
    const result = new Readability(document as unknown as ConstructorParameters<typeof Readability>[0]).parse();
    const text = htmlToText(result?.content ?? "");
    const ms = performance.now() - start;
    return {
      score: overlapScore(tokenCounts(text), expected),
      metadata: {
        title: str(result?.title),
        byline: str(result?.byline),
        publishedTime: str(result?.publishedTime),
        siteName: str(result?.siteName),
      },
      failed: result === null,
      ms,
    };
  } catch {
    const ms = performance.now() - start;
    const empty = { title: null, byline: null, publishedTime: null, siteName: null };
    return { score: overlapScore(new Map(), expected), metadata: empty, failed: true, ms };
  }
}

function runOurs(source: string, expected: Map<string, number>): Run {
  const start = performance.now();
  const { article, source: contentSource } = extractArticleWithSource(source, PAGE_URL, {
    rules: selectRules(list("--without"), list("--with")),
  });
  const ms = performance.now() - start;
  return {
    score: overlapScore(tokenCounts(article.text), expected),
    metadata: {
      title: article.title,
      byline: article.byline,
      publishedTime: article.publishedTime,
      siteName: article.siteName,
    },
    failed: contentSource !== "readability",
    ms,
  };
}

function normalise(value: string | null): string {
  return (value ?? "").replace(/\s+/g, " ").trim();
}

function lenient(value: string | null): string {
  return normalise(value)
    .toLowerCase()
    .replace(/^(?:by|par|por|von)\b\s*:?\s*/, "");
}

function sameField(field: Field, actual: string | null, expected: string | null, loose: boolean): boolean {
  const a = loose ? lenient(actual) : normalise(actual);
  const e = loose ? lenient(expected) : normalise(expected);
  if (a === e) return true;
  if (field !== "publishedTime" || !a || !e) return false;
  const [ta, te] = [Date.parse(a), Date.parse(e.replace(" ", "T"))];
  return !Number.isNaN(ta) && ta === te;
}

function runReadabilityPages(): void {
  const names = readdirSync(corpus)
    .filter((name) => statSync(join(corpus, name)).isDirectory())
    .filter((name) => {
      try {
        return statSync(join(corpus, name, "source.html")).isFile();
      } catch {
        return false;
      }
    })
    .sort();

  const results: PageResult[] = [];
  const benchStart = performance.now();
  for (const name of names) {
    const read = (file: string) => readFileSync(join(corpus, name, file), "utf8");
    const source = read("source.html");
    const expectedTokens = tokenCounts(htmlToText(read("expected.html")));
    const meta = JSON.parse(read("expected-metadata.json")) as Record<string, unknown>;
    const expected: Metadata = {
      title: str(meta.title),
      byline: str(meta.byline),
      publishedTime: str(meta.publishedTime),
      siteName: str(meta.siteName),
    };
    results.push({ name, plain: runPlain(source, expectedTokens), ours: runOurs(source, expectedTokens), expected });
  }
  const benchSeconds = (performance.now() - benchStart) / 1000;

  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(values.length, 1);
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
  };
  const f = (n: number) => n.toFixed(5);
  const pct = (n: number, of: number) => `${((100 * n) / Math.max(of, 1)).toFixed(1)}%`.padStart(6);

  if (verbose) {
    console.log("page".padEnd(38), "plain F1", " ours F1", "  delta");
    for (const r of results) {
      const delta = r.ours.score.f1 - r.plain.score.f1;
      console.log(
        r.name.padEnd(38),
        f(r.plain.score.f1).padStart(8),
        f(r.ours.score.f1).padStart(8),
        f(delta).padStart(7),
      );
    }
    console.log();
    for (const field of FIELDS) {
      for (const r of results) {
        const plainOk = sameField(field, r.plain.metadata[field], r.expected[field], false);
        const oursOk = sameField(field, r.ours.metadata[field], r.expected[field], false);
        if (plainOk && oursOk) continue;
        console.log(`${field} ${r.name}: expected ${JSON.stringify(r.expected[field])}`);
        if (!plainOk) console.log(`  plain ${JSON.stringify(r.plain.metadata[field])}`);
        if (!oursOk) console.log(`  ours  ${JSON.stringify(r.ours.metadata[field])}`);
      }
    }
    console.log();
  }

  const pages = results.length;
  console.log(`Extraction benchmark: ${pages} pages from ${corpus}`);
  console.log();
  console.log("Content: token overlap with expected.html       plain Readability        ours");
  for (const key of ["f1", "precision", "recall"] as const) {
    const plain = results.map((r) => r.plain.score[key]);
    const ours = results.map((r) => r.ours.score[key]);
    for (const [label, stat] of [
      ["mean", mean],
      ["median", median],
    ] as const) {
      console.log(`  ${`${label} ${key}`.padEnd(42)}${f(stat(plain)).padStart(14)}${f(stat(ours)).padStart(14)}`);
    }
  }
  let wins = 0;
  let ties = 0;
  let losses = 0;
  for (const r of results) {
    const delta = r.ours.score.f1 - r.plain.score.f1;
    if (delta > 0.001) wins++;
    else if (delta < -0.001) losses++;
    else ties++;
  }
  console.log(`  ours vs plain, per page F1: ${wins} wins, ${ties} ties, ${losses} losses`);
  console.log();
  console.log(
    "Metadata: match rate vs expected-metadata.json    plain          ours        ours where expected has a value",
  );
  console.log(
    "                                              exact lenient  exact lenient      same  changed  dropped   filled*",
  );
  for (const field of FIELDS) {
    const count = (run: "plain" | "ours", loose: boolean) =>
      results.filter((r) => sameField(field, r[run].metadata[field], r.expected[field], loose)).length;
    const known = results.filter((r) => normalise(r.expected[field]) !== "");
    const same = known.filter((r) => sameField(field, r.ours.metadata[field], r.expected[field], true)).length;
    const dropped = known.filter((r) => normalise(r.ours.metadata[field]) === "").length;
    const filled = results.filter(
      (r) => normalise(r.expected[field]) === "" && normalise(r.ours.metadata[field]) !== "",
    );
    console.log(
      `  ${field.padEnd(44)}${pct(count("plain", false), pages)} ${pct(count("plain", true), pages)}  ` +
        `${pct(count("ours", false), pages)} ${pct(count("ours", true), pages)}  ` +
        `${`${same}/${known.length}`.padStart(9)}${String(known.length - same - dropped).padStart(9)}` +
        `${String(dropped).padStart(9)}${String(filled.length).padStart(10)}`,
    );
  }
  console.log("  * ours has a value where expected-metadata.json has none.");
  console.log("  expected-metadata.json is Readability's own output upstream, so a value we correct or fill in counts");
  console.log("  against the exact rate even when it is the better one; --verbose lists every difference.");
  console.log();
  const plainFailures = results.filter((r) => r.plain.failed).map((r) => r.name);
  const ourFallbacks = results.filter((r) => r.ours.failed).map((r) => r.name);
  console.log(
    `Failures (Readability threw or found no article): plain ${plainFailures.length}, ours ${ourFallbacks.length}`,
  );
  for (const name of new Set([...plainFailures, ...ourFallbacks])) console.log(`  ${name}`);
  console.log(
    `Time per page: plain ${mean(results.map((r) => r.plain.ms)).toFixed(1)} ms, ` +
      `ours ${mean(results.map((r) => r.ours.ms)).toFixed(1)} ms (median ${median(results.map((r) => r.ours.ms)).toFixed(1)} ms); ` +
      `whole run ${benchSeconds.toFixed(1)} s`,
  );
}
