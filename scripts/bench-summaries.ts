/**
 * Summaries benchmark: how many sentences of the local summariser's summaries are not whole sentences of their
 * article, over the Readability test pages (../shared/corpus/readability-test-pages, or the folder given as the
 * first argument) and our own news-style pages in several languages (test/fixtures/summaries/*.html).
 *
 *   npx tsx scripts/bench-summaries.ts [corpus-dir] [--worst=N]
 *
 * Each page goes through the product's path: `extractArticle`, the language as the Worker detects it, and the
 * local language model's `summarize` on `htmlToText(content)`. Every quoted line of the summary (the bold gist
 * and each bullet, markers removed) is a **fragment** when any of these holds:
 * - not a sentence: it is not one of the article text's sentences by the product's segmenter
 *   (sentences/segment.ts), so it does not start at a sentence start and end at a sentence end;
 * - cut: in the article it is followed, on the same line, by a small letter, or it ends in a word of the
 *   abbreviation lists that never end a sentence ("Mr.", "z.B."), or in an initial before a capitalised name;
 * - open quote: it holds an unclosed quotation (it starts or ends inside one);
 * - caption, credit, reference entry or dateline (patterns below, independent of the summariser's own);
 * - ends in a colon;
 * - starts with a small letter or a closing mark (checked only for scripts with case).
 * The rate is fragments / quoted sentences over all pages that have a prose sentence at all (the others are
 * named); the worst pages and their fragments are printed.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { createExtractiveLanguageModel } from "../src/worker/adapters/local/extractive-language-model";
import { articleLanguage } from "../src/worker/domain/article-language";
import { extractArticle, htmlToText } from "../src/worker/domain/extraction/extract-article";
import { abbreviationsFor } from "../src/worker/domain/sentences/abbreviations";
import { splitSentences } from "../src/worker/domain/sentences/segment";
import { STOP_WORDS } from "../src/worker/domain/text";

const PAGE_URL = "http://fakehost/test/page.html";
const args = process.argv.slice(2);
const corpusArgument = args.find((a) => !a.startsWith("--"));
const worstCount = Number(args.find((a) => a.startsWith("--worst="))?.slice(8) ?? 10);
const corpus = corpusArgument
  ? resolve(corpusArgument)
  : fileURLToPath(new URL("../../shared/corpus/readability-test-pages/", import.meta.url));
const ownPages = fileURLToPath(new URL("../test/fixtures/summaries/", import.meta.url));

const CAPTION_OR_CREDIT =
  /\((?:AP|AFP|dpa|Reuters|EPA|Getty)\b[^)]*\)$|AP Photo|Getty Images|Shutterstock|^(?:©|photo|foto|bild|image|credit)s?\b\s*[:/]/iu;
const REFERENCE = /^(?:\^|↑|\[\d+\])|\bRetrieved\b|\bAbgerufen am\b|\bConsulté le\b|\bISBN\b/iu;
const PROSE = /^["'“„«‘(¿¡]*[\p{Lu}\p{Lo}\p{N}].*[.!?…。！？؟।]["'”’»)\]]*$/u;
const DATELINE = /^\p{Lu}{2,}[\p{Lu} ,.]*(?:\([^)]*\))? ?[-–—]/u;

interface Page {
  name: string;
  html: string;
}

function pages(): Page[] {
  const found: Page[] = [];
  for (const name of readdirSync(corpus).sort()) {
    const dir = join(corpus, name);
    if (!statSync(dir).isDirectory()) continue;
    found.push({ name, html: readFileSync(join(dir, "source.html"), "utf8") });
  }
  for (const name of readdirSync(ownPages).sort()) {
    if (name.endsWith(".html"))
      found.push({ name: `summaries/${name}`, html: readFileSync(join(ownPages, name), "utf8") });
  }
  return found;
}

/** Why a quoted sentence is a fragment of its article, or null when it is a whole sentence. */
function fragmentReason(sentence: string, lines: string[], sentences: Set<string>, language: string): string | null {
  if (!sentences.has(sentence)) return "not a sentence of the article";
  for (const line of lines) {
    const at = line.indexOf(sentence);
    if (at >= 0 && /^ ?\p{Ll}/u.test(line.slice(at + sentence.length))) return "cut before a small letter";
  }
  const last = /(?:^|\s)([\p{L}.]+)\.$/u.exec(sentence)?.[1]?.toLowerCase();
  if (last && abbreviationsFor(language).always.has(last)) return "ends at an abbreviation";
  if (/(?:^|\s)\p{Lu}\.$/u.test(sentence) && lines.some((line) => beforeAName(line, sentence))) {
    return "ends at an initial";
  }
  if (openQuote(sentence)) return "open quotation";
  if (CAPTION_OR_CREDIT.test(sentence)) return "caption or credit";
  if (REFERENCE.test(sentence)) return "reference entry";
  if (DATELINE.test(sentence)) return "dateline";
  if (/[:：]["'”’»)]*$/u.test(sentence)) return "ends in a colon";
  // Scripts without case (CJK, Arabic…) may start with any letter; a cased one with a capital or a digit.
  const first = /[\p{L}\p{N}]/u.exec(sentence)?.[0] ?? "";
  const leading = sentence.slice(0, sentence.indexOf(first));
  if (/\p{Ll}/u.test(first) || !/^["'“„«‘(¿¡]*$/u.test(leading)) return "starts mid-sentence";
  return null;
}

/** "J. | Smith": the article goes on, on the same line, with a capitalised word that is not a function word. */
function beforeAName(line: string, sentence: string): boolean {
  const at = line.indexOf(sentence);
  if (at < 0) return false;
  const next = /^ (\p{Lu}[\p{L}'’-]*)/u.exec(line.slice(at + sentence.length))?.[1];
  return next !== undefined && !STOP_WORDS.has(next.toLowerCase());
}

function openQuote(text: string): boolean {
  const straight = (text.match(/"/g) ?? []).length % 2 === 1;
  const opens = (text.match(/[“«„]/g) ?? []).length;
  const closes = (text.match(/[”»]/g) ?? []).length + (text.includes("„") ? (text.match(/“/g) ?? []).length : 0);
  return straight || (text.includes("„") ? opens - (text.match(/“/g) ?? []).length : opens) !== closes;
}

const model = createExtractiveLanguageModel();
let quoted = 0;
let fragments = 0;
let summarised = 0;
const started = performance.now();
const perPage: { name: string; language: string; total: number; bad: { sentence: string; reason: string }[] }[] = [];
const reasons = new Map<string, number>();
const withoutProse: string[] = [];

for (const page of pages()) {
  const article = extractArticle(page.html, PAGE_URL);
  const text = htmlToText(article.content ?? "");
  const title = article.title ?? "";
  const language = articleLanguage(`${title}\n${text}`, article.htmlLanguage);
  const summary = await model.summarize({ title, text, language });
  const lines = summary
    .split("\n")
    .map((line) => line.replace(/^\*\*|\*\*$|^- /g, "").trim())
    .filter(Boolean);
  if (lines.length === 0) continue;
  summarised++;
  const textLines = text.split(/\n+/).map((line) => line.replace(/\s+/g, " ").trim());
  const sentences = new Set(splitSentences(text, language));
  // A page with no sentence at all ("abc def ghi", a changelog of "+ Added …" lines) is summarised by its
  // lines: there is no whole sentence to quote. Counted apart, not in the rate.
  if (![...sentences].some((s) => s.length >= 20 && PROSE.test(s))) {
    withoutProse.push(page.name);
    continue;
  }
  const bad: { sentence: string; reason: string }[] = [];
  for (const sentence of lines) {
    // A summary of a page without prose is its title: not a quote of the article.
    if (lines.length === 1 && sentence === title.trim()) continue;
    quoted++;
    const reason = fragmentReason(sentence, textLines, sentences, language);
    if (reason) {
      fragments++;
      bad.push({ sentence, reason });
      reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
    }
  }
  perPage.push({ name: page.name, language, total: lines.length, bad });
}
const ms = performance.now() - started;

const rate = quoted ? fragments / quoted : 0;
console.log(
  `pages summarised: ${summarised}; quoted sentences: ${quoted}; fragments: ${fragments} ` +
    `(${(rate * 100).toFixed(2)}%, target ≤ 1%); ${ms.toFixed(0)} ms`,
);
if (withoutProse.length > 0) {
  console.log(`pages without a prose sentence (summaries list their lines; not counted): ${withoutProse.join(", ")}`);
}
for (const [reason, n] of [...reasons].sort((a, b) => b[1] - a[1])) console.log(`  ${reason}: ${n}`);
const worst = perPage
  .filter((p) => p.bad.length > 0)
  .sort((a, b) => b.bad.length / b.total - a.bad.length / a.total)
  .slice(0, worstCount);
if (worst.length > 0) console.log("\nworst pages:");
for (const page of worst) {
  console.log(`${page.name} (${page.language}): ${page.bad.length} of ${page.total}`);
  for (const { sentence, reason } of page.bad) console.log(`  [${reason}] ${sentence.slice(0, 160)}`);
}
