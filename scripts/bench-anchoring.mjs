// `npm run bench:anchoring`: how long the viewer takes to anchor and draw 300 highlights in a long article, in
// the machine's Chromium (Playwright, as the e2e tests run it). Issue 32 asks for under 100 ms.
//
// The article is a real extracted page (../shared/corpus/readability-test-pages/wikipedia-4, about 130 KB of HTML;
// a generated one when the corpus is not there), put into the page the way the viewer does (the client's
// sanitizer, then innerHTML). 300 highlights are spread over its text, each made as the viewer makes one
// (selectorsAt over the container's text), some across blocks. Each run draws them with the very function the
// viewer calls (src/client/lib/highlight-marks.ts drawHighlights: anchor each, then wrap its text in <mark>s),
// into a fresh copy of the article, and times it; then the layout that follows. Two cases:
//   unchanged text   every stored position still holds its quote (what opening an article costs);
//   changed text     a sentence added at the top moves every position, so each is found by its quote
//                    (matchQuote), as after a re-fetch before the server has re-anchored.
// Prints the medians of 15 runs (after 2 warm-up runs): the time of anchoring + drawing (PASS/FAIL against the
// target; exits 1 on FAIL), the same with the layout the marks cause, and the main thread's CPU time for both
// (what this machine spends on it whatever else runs on it: on a busy shared machine the times swing several-fold).
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { build } from "esbuild";
import { CHROMIUM, CHROMIUM_FLAGS, ROOT } from "./lib.mjs";

const HIGHLIGHTS = 300;
const RUNS = 15;
const WARM_UP = 2;
const TARGET_MS = 100;
const CORPUS_PAGE = join(ROOT, "..", "shared", "corpus", "readability-test-pages", "wikipedia-4", "expected.html");

/** A long article with headings, lists, links and emphasis, for machines without the corpus. */
function generatedArticle() {
  const blocks = [];
  for (let i = 1; i <= 120; i++) {
    if (i % 10 === 1) blocks.push(`<h2>Part ${Math.ceil(i / 10)} of the long article</h2>`);
    if (i % 15 === 0) {
      blocks.push(
        `<ul>${[1, 2, 3].map((k) => `<li>Item ${k} of list ${i}: a short point worth keeping.</li>`).join("")}</ul>`,
      );
    }
    blocks.push(
      `<p>Paragraph ${i} opens with a plain sentence about reading slowly. <a href="https://example.com/${i}">A link in paragraph ${i}</a> leads elsewhere, and <em>an emphasised phrase number ${i}</em> stands out. The paragraph ends with a longer sentence that carries on for a while, so that a highlight has somewhere to land in paragraph ${i}.</p>`,
    );
  }
  return blocks.join("\n");
}

const entry = `
import { sanitizeArticleHtml } from "./src/client/lib/sanitize-html";
import { drawHighlights } from "./src/client/lib/highlight-marks";
import { selectorsAt } from "./src/worker/domain/highlights/selectors";
window.bench = { sanitizeArticleHtml, drawHighlights, selectorsAt };
`;

async function bundle() {
  const result = await build({
    stdin: { contents: entry, resolveDir: ROOT, loader: "ts", sourcefile: "bench-anchoring-entry.ts" },
    bundle: true,
    format: "iife",
    platform: "browser",
    target: "es2022",
    write: false,
    logLevel: "silent",
  });
  return result.outputFiles[0].text;
}

/** Runs in the page: puts the article in the container and makes the highlights (kept on `window`). */
function prepare({ html, count, changed }) {
  const { sanitizeArticleHtml, selectorsAt } = window.bench;
  const clean = sanitizeArticleHtml(html);
  const container = document.querySelector(".viewer-content");
  container.innerHTML = clean;
  const text = container.textContent;
  // A seeded generator: the same highlights every run and every machine.
  let seed = 32;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const colors = ["yellow", "green", "blue", "pink"];
  const slot = Math.floor(text.length / count);
  const highlights = [];
  for (let i = 0; highlights.length < count; i++) {
    // One per stretch of the text, 20 to 320 characters from a random place in it (some run into the next block).
    let start = (i % count) * slot + Math.floor(random() * slot * 0.5);
    const length = 20 + Math.floor(random() * 300);
    let end = Math.min(text.length, start + length);
    while (start < end && /\s/.test(text[start])) start++;
    while (end > start && /\s/.test(text[end - 1])) end--;
    if (end - start < 3) continue;
    const selectors = selectorsAt(text, start, end);
    const at = new Date(Date.UTC(2026, 0, 1, 0, 0, highlights.length)).toISOString();
    highlights.push({
      id: highlights.length + 1,
      article_id: 1,
      target: "content",
      quote: selectors[0].exact,
      color: colors[i % colors.length],
      note: i % 5 === 0 ? `Note ${i}` : null,
      anchor_status: "anchored",
      selectors,
      client_id: null,
      created_at: at,
      updated_at: at,
    });
  }
  window.run = {
    highlights,
    source: changed
      ? clean.replace(/<p[^>]*>/, (open) => `${open}A sentence added by a re-fetch moves every later character. `)
      : clean,
  };
  return text.length;
}

/** A fresh copy of the article, laid out, and nothing left to collect from the run before. */
function reset() {
  const container = document.querySelector(".viewer-content");
  container.innerHTML = window.run.source;
  void container.offsetHeight;
  window.gc?.();
}

/** One drawing, timed; then the layout it causes (the browser would do it before the next paint), timed with it. */
function draw() {
  const container = document.querySelector(".viewer-content");
  const started = performance.now();
  const placements = window.bench.drawHighlights(container, window.run.highlights);
  const drawn = performance.now();
  void container.offsetHeight;
  return {
    ms: drawn - started,
    withLayout: performance.now() - started,
    anchored: [...placements.values()].filter((p) => p.status === "anchored").length,
    pieces: container.querySelectorAll("mark[data-highlight-id]").length,
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The main thread's CPU time so far, in ms (CDP Performance metrics in thread ticks). */
async function threadTime(cdp) {
  const { metrics } = await cdp.send("Performance.getMetrics");
  return (metrics.find((m) => m.name === "ThreadTime")?.value ?? 0) * 1000;
}

const html = existsSync(CORPUS_PAGE) ? readFileSync(CORPUS_PAGE, "utf8") : generatedArticle();
const source = existsSync(CORPUS_PAGE) ? "wikipedia-4 (readability corpus)" : "generated article";
const script = await bundle();
// gc() between runs: the article of the run before is garbage, and a page that opens an article has none of it.
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: [...CHROMIUM_FLAGS, "--js-flags=--expose-gc"],
});
let failed = false;
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.setContent(
    `<!doctype html><html><head><meta charset="utf-8"><style>
      body { font: 17px/1.7 system-ui, sans-serif; max-width: 680px; margin: 2rem auto; }
      mark.highlight { background: #fde68a; } mark.highlight-green { background: #bbf7d0; }
      mark.highlight-blue { background: #bfdbfe; } mark.highlight-pink { background: #fbcfe8; }
    </style></head><body><article><div class="viewer-content"></div></article></body></html>`,
  );
  await page.addScriptTag({ content: script });
  console.log(`Anchoring and drawing ${HIGHLIGHTS} highlights in Chromium: ${source}`);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Performance.enable", { timeDomain: "threadTicks" });
  for (const changed of [false, true]) {
    const textLength = await page.evaluate(prepare, { html, count: HIGHLIGHTS, changed });
    const wall = [];
    const withLayout = [];
    const cpu = [];
    let drawn = { anchored: 0, pieces: 0 };
    for (let run = 0; run < WARM_UP + RUNS; run++) {
      await page.evaluate(reset);
      const before = await threadTime(cdp);
      drawn = await page.evaluate(draw);
      const spent = (await threadTime(cdp)) - before;
      if (run < WARM_UP) continue;
      wall.push(drawn.ms);
      withLayout.push(drawn.withLayout);
      cpu.push(spent);
    }
    const pass = median(wall) < TARGET_MS && drawn.anchored === HIGHLIGHTS;
    if (!pass) failed = true;
    const ms = (values) => `${median(values).toFixed(1)} ms`;
    console.log(
      `  ${changed ? "changed text  " : "unchanged text"}  ${drawn.anchored}/${HIGHLIGHTS} anchored in ${drawn.pieces} ` +
        `marks (text ${textLength.toLocaleString("en-US")} chars)\n` +
        `    anchoring + drawing: median ${ms(wall)} (min ${Math.min(...wall).toFixed(1)}, max ` +
        `${Math.max(...wall).toFixed(1)})  ${pass ? "PASS" : "FAIL"} (< ${TARGET_MS} ms, all anchored)\n` +
        `    with the layout after it: median ${ms(withLayout)}; main-thread CPU for both ${ms(cpu)}`,
    );
  }
} finally {
  await browser.close();
}
process.exit(failed ? 1 : 0);
