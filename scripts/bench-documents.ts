/**
 * Documents benchmark (issue 54): how well the PDF reader gets a document's text back, and how fast a PDF becomes a
 * readable article.
 *
 *   npm run bench:documents -- [--out <dir>] [--no-server]
 *
 * 1. Fidelity. 40 pages of the dev sets (20 of ../shared/corpus/trafilatura-dev, 20 of modern-dev: in file order,
 *    every page whose extraction has at least 300 words, the first 20 of each) are extracted by the product's
 *    extractor, and each extraction (its title and content, as the reader view shows it) is printed to PDF by the
 *    machine's Chromium (Playwright's page.pdf, A4, with Chromium's running header (date, title) and footer (the
 *    address, "page / pages") on every page: the furniture the reader must drop). The PDFs are saved in --out.
 *    Each PDF is read by the product's reader (domain/documents/pdf/read-pdf.ts), and its title and text are scored
 *    against the title and text of the same page's HTML extraction with the extraction bench's shingle F1
 *    (scripts/extraction-scores.ts: 4-word shingles, as multisets), soft hyphens dropped from both (a printed PDF
 *    has none where the line did not break there). Reported: the mean of the pages' F1, precision
 *    and recall, the worst pages, and the share of pages at or above 0.95. Target: mean F1 >= 0.95.
 * 2. Time to a readable article for a 20-page PDF: a PDF of at least 20 pages (the longest extractions printed
 *    as one document) read by the reader (first read, then the median of 5 more), and, unless --no-server, end
 *    to end: the built app served as `npm start` serves it, the PDF uploaded through POST /api/documents, and the
 *    article polled until its text is there (readable) and until `completed` (language, summary, embedding too).
 *    Target: readable in at most 5 s.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { readPdf } from "../src/worker/domain/documents/pdf/read-pdf";
import { escapeHtml } from "../src/worker/domain/escape-html";
import { extractArticle, htmlToText } from "../src/worker/domain/extraction/extract-article";
import { decodeHtml } from "../src/worker/services/fetching/decode-html";
import { shingleCounts } from "./extraction-scores";
import { CHROMIUM, CHROMIUM_FLAGS, ROOT, runOrExit, startAppInBackground, tool, waitForHealth } from "./lib.mjs";
import { applyMigrations } from "./setup.mjs";

const args = process.argv.slice(2);
const flag = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const OUT = flag("--out") ?? "/tmp/viberead-bench-documents";
const WITH_SERVER = !args.includes("--no-server");
const PAGES_PER_SET = 20;
const MIN_WORDS = 300;
const TARGET_F1 = 0.95;
const TARGET_SECONDS = 5;
const APP_PORT = Number(process.env.BENCH_PORT || 8852);
const CORPORA = ["trafilatura-dev", "modern-dev"].map((name) => ({
  name,
  dir: join(ROOT, "..", "shared", "corpus", name),
}));

interface Sample {
  set: string;
  file: string;
  url: string;
  title: string;
  content: string;
  text: string;
  words: number;
}

/** The extraction as a printable document: what the reader view shows, without pictures (no network here). */
function printable(sample: Pick<Sample, "title" | "content">): string {
  const content = sample.content.replace(/<img\b[^>]*>/gi, "").replace(/<figure\b[^>]*>\s*<\/figure>/gi, "");
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(sample.title)}</title>
<style>body{font-family:serif;font-size:12pt;line-height:1.4;margin:0}h1{font-size:22pt}</style></head>
<body><h1>${escapeHtml(sample.title)}</h1>${content}</body></html>`;
}

function pickSamples(): Sample[] {
  const samples: Sample[] = [];
  for (const corpus of CORPORA) {
    const evaldata = JSON.parse(readFileSync(join(corpus.dir, "evaldata.json"), "utf8")) as Record<
      string,
      { file: string }
    >;
    const entries = Object.entries(evaldata).sort(([, a], [, b]) => a.file.localeCompare(b.file));
    let taken = 0;
    for (const [url, entry] of entries) {
      if (taken >= PAGES_PER_SET) break;
      const html = decodeHtml(gunzipSync(readFileSync(join(corpus.dir, "html", `${entry.file}.gz`))));
      const article = extractArticle(html, url);
      if (article.wordCount < MIN_WORDS || !article.title) continue;
      samples.push({
        set: corpus.name,
        file: entry.file,
        url,
        title: article.title,
        content: article.content,
        text: article.text,
        words: article.wordCount,
      });
      taken += 1;
    }
  }
  return samples;
}

const f1Of = (c: { tp: number; fp: number; fn: number }) => {
  const precision = c.tp + c.fp > 0 ? c.tp / (c.tp + c.fp) : 0;
  const recall = c.tp + c.fn > 0 ? c.tp / (c.tp + c.fn) : 0;
  return { precision, recall, f1: precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0 };
};
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
const samples = pickSamples();
console.log(`Printing ${samples.length} pages to PDF with ${CHROMIUM} into ${OUT}`);
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
const page = await browser.newPage();
async function print(html: string, path: string): Promise<Uint8Array> {
  await page.setContent(html, { waitUntil: "load" });
  const pdf = await page.pdf({
    path,
    format: "A4",
    displayHeaderFooter: true,
    // Chromium's own header and footer: the date and the title above, the address and "page / pages" below.
    headerTemplate:
      '<div style="font-size:8px;width:100%;padding:0 24px;display:flex;justify-content:space-between"><span class="date"></span><span class="title"></span></div>',
    footerTemplate:
      '<div style="font-size:8px;width:100%;padding:0 24px;display:flex;justify-content:space-between"><span>https://example.org/printed</span><span><span class="pageNumber"></span>/<span class="totalPages"></span></span></div>',
    margin: { top: "60px", bottom: "60px", left: "48px", right: "48px" },
  });
  return new Uint8Array(pdf);
}

const rows: { sample: Sample; pages: number; precision: number; recall: number; f1: number }[] = [];
for (const [index, sample] of samples.entries()) {
  const file = join(OUT, `${String(index + 1).padStart(2, "0")}-${sample.set}-${sample.file}.pdf`);
  const bytes = await print(printable(sample), file);
  const read = await readPdf(bytes);
  const text = `${read.title ?? ""}\n\n${htmlToText(read.content)}`;
  // Soft hyphens (U+00AD) are dropped from both: a page that marks every syllable with one would otherwise be scored
  // in syllables on the HTML side (they split \w+ tokens) and in words on the PDF side, where they are not printed.
  const unsoft = (value: string) => value.replace(/\u00ad/g, "");
  const score = f1Of(shingleCounts(unsoft(`${sample.title}\n\n${sample.text}`), unsoft(text)));
  rows.push({ sample, pages: read.pages ?? 0, ...score });
}

console.log("\n1. PDF text against the HTML extraction (shingle F1, 4-word shingles)\n");
for (const set of CORPORA.map((c) => c.name)) {
  const of = rows.filter((r) => r.sample.set === set);
  console.log(
    `  ${set.padEnd(16)} ${of.length} pages  F1 ${mean(of.map((r) => r.f1)).toFixed(3)}  precision ${mean(of.map((r) => r.precision)).toFixed(3)}  recall ${mean(of.map((r) => r.recall)).toFixed(3)}`,
  );
}
const meanF1 = mean(rows.map((r) => r.f1));
console.log(
  `  ${"all".padEnd(16)} ${rows.length} pages  F1 ${meanF1.toFixed(3)}  precision ${mean(rows.map((r) => r.precision)).toFixed(3)}  recall ${mean(rows.map((r) => r.recall)).toFixed(3)}  (${rows.reduce((n, r) => n + r.pages, 0)} PDF pages; ${rows.filter((r) => r.f1 >= TARGET_F1).length}/${rows.length} pages at or above ${TARGET_F1})`,
);
console.log("  lowest:");
for (const row of [...rows].sort((a, b) => a.f1 - b.f1).slice(0, 5)) {
  console.log(`    ${row.f1.toFixed(3)}  ${row.sample.set}/${row.sample.file}  ${row.pages} pages  ${row.sample.url}`);
}

// 2. A PDF of at least 20 pages: the longest extractions, one after another, until the print has 20 pages.
const longest = [...samples].sort((a, b) => b.words - a.words);
let combined = "";
let longPdf: Uint8Array = new Uint8Array();
let longPages = 0;
for (const sample of longest) {
  combined += `<h1>${escapeHtml(sample.title)}</h1>${sample.content.replace(/<img\b[^>]*>/gi, "")}`;
  longPdf = await print(printable({ title: "Twenty pages of the dev sets", content: combined }), join(OUT, "long.pdf"));
  longPages = (await readPdf(longPdf)).pages ?? 0;
  if (longPages >= 20) break;
}
await browser.close();
const times: number[] = [];
for (let run = 0; run < 6; run++) {
  const start = performance.now();
  await readPdf(longPdf);
  times.push(performance.now() - start);
}
console.log(
  `\n2. Time to a readable article, a ${longPages}-page PDF (${(longPdf.byteLength / 1024).toFixed(0)} KB)\n`,
);
console.log(
  `  reader: first read ${(times[0] ?? 0).toFixed(0)} ms (loads PDF.js), then median ${median(times.slice(1)).toFixed(0)} ms`,
);

let endToEnd: number | null = null;
if (WITH_SERVER) {
  await runOrExit(tool("vite"), ["build"]);
  const persistTo = ".wrangler/bench-documents-state";
  rmSync(join(ROOT, persistTo), { recursive: true, force: true });
  await applyMigrations(persistTo);
  const app = startAppInBackground({
    port: APP_PORT,
    persistTo,
    logPath: join(ROOT, ".wrangler", "bench-documents.log"),
  });
  try {
    await waitForHealth(app);
    const registered = await fetch(`${app.base}/api/auth/register`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: `bench-${Date.now()}@example.com`, password: "bench-password" }),
    });
    const token = ((await registered.json()) as { access_token: string }).access_token;
    const runs: number[] = [];
    const readableRuns: number[] = [];
    for (let run = 0; run < 3; run++) {
      const form = new FormData();
      // A different file each run (one byte appended after %%EOF): the same file again would be a duplicate.
      const bytes = new Uint8Array(longPdf.byteLength + run + 1);
      bytes.set(longPdf);
      bytes.fill(0x0a, longPdf.byteLength);
      form.set("file", new File([bytes], `long-${run}.pdf`, { type: "application/pdf" }));
      const start = performance.now();
      const uploaded = await fetch(`${app.base}/api/documents`, {
        method: "POST",
        headers: { Authorization: `Bearer ${token}` },
        body: form,
      });
      if (uploaded.status !== 201) throw new Error(`upload answered ${uploaded.status}: ${await uploaded.text()}`);
      const { id } = (await uploaded.json()) as { id: number };
      let readable: number | null = null;
      for (;;) {
        const article = (await (
          await fetch(`${app.base}/api/articles/${id}`, { headers: { Authorization: `Bearer ${token}` } })
        ).json()) as { processing_status: string; processing_error: string | null; content?: string | null };
        // Readable: the text is stored and the viewer shows it (summary and embedding may still be under way).
        if (readable === null && article.content) readable = performance.now() - start;
        if (article.processing_status === "completed") break;
        if (article.processing_status === "failed") throw new Error(`processing failed: ${article.processing_error}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      readableRuns.push(readable ?? performance.now() - start);
      runs.push(performance.now() - start);
    }
    endToEnd = median(readableRuns);
    const list = (values: number[]) => values.map((ms) => `${(ms / 1000).toFixed(2)} s`).join(", ");
    console.log(
      `  end to end, upload -> text readable (local server): ${list(readableRuns)}; median ${(endToEnd / 1000).toFixed(2)} s`,
    );
    console.log(
      `  end to end, upload -> completed (summary, embedding): ${list(runs)}; median ${(median(runs) / 1000).toFixed(2)} s`,
    );
  } finally {
    app.stop();
  }
}

const readSeconds = median(times.slice(1)) / 1000;
const worst = Math.max(readSeconds, (endToEnd ?? 0) / 1000);
console.log(
  `\nTargets: mean F1 ${meanF1.toFixed(3)} ${meanF1 >= TARGET_F1 ? ">=" : "<"} ${TARGET_F1}; ` +
    `${longPages}-page PDF readable in ${worst.toFixed(2)} s ${worst <= TARGET_SECONDS ? "<=" : ">"} ${TARGET_SECONDS} s`,
);
writeFileSync(
  join(OUT, "results.json"),
  JSON.stringify(
    {
      meanF1,
      rows: rows.map((r) => ({ ...r, sample: { set: r.sample.set, file: r.sample.file, url: r.sample.url } })),
      longPages,
      readMs: times,
      endToEndMs: endToEnd,
    },
    null,
    2,
  ),
);
