// The labelled library that the related-article and topic benchmarks share (scripts/bench-data/labelled-library.json:
// real pages of ../shared/corpus, each with a subject, a language, whether it is news, and a dev or held-out half).
// One loader so that every benchmark reads the same pages the same way. Plain Node with no dependencies and no
// import of the project's other scripts: a benchmark in any checkout can copy it as it is.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";

const SCRIPTS = dirname(fileURLToPath(import.meta.url));
export const LIBRARY_PATH = join(SCRIPTS, "bench-data", "labelled-library.json");
export const CORPUS_ROOT = join(SCRIPTS, "..", "..", "shared", "corpus");

/** The labelled library as stored: `{ about, subjects, pages }`. */
export function readLabelledLibrary(path = LIBRARY_PATH) {
  return JSON.parse(readFileSync(path, "utf8"));
}

/** Where a page's HTML is: trafilatura-dev and modern-dev keep it gzipped under html/, readability-test-pages in a directory. */
export function corpusFile(page, corpusRoot = CORPUS_ROOT) {
  if (page.corpus === "readability-test-pages") return join(corpusRoot, page.corpus, page.page, "source.html");
  return join(corpusRoot, page.corpus, "html", `${page.page}.gz`);
}

/** A page's HTML as the corpus stores it, unzipped. */
export function pageHtml(page, corpusRoot = CORPUS_ROOT) {
  const file = corpusFile(page, corpusRoot);
  const bytes = readFileSync(file);
  return (file.endsWith(".gz") ? gunzipSync(bytes) : bytes).toString("utf8");
}

/** The pages that pass the filter; every field left out means "any". */
export function selectPages(pages, { split, language, newsOnly = false, subject } = {}) {
  return pages.filter(
    (page) =>
      (split === undefined || page.split === split) &&
      (language === undefined || page.language === language) &&
      (subject === undefined || page.subject === subject) &&
      (!newsOnly || page.news),
  );
}

/**
 * The labelled pages that pass the filter, each with its HTML read from the corpus and an address to extract it
 * under (its own, or a stand-in on example.com for the readability pages that have none).
 */
export function loadLabelledLibrary(filter = {}, { libraryPath = LIBRARY_PATH, corpusRoot = CORPUS_ROOT } = {}) {
  const { pages } = readLabelledLibrary(libraryPath);
  return selectPages(pages, filter).map((page) => ({
    ...page,
    address: page.url ?? `https://example.com/${page.corpus}/${page.page}`,
    html: pageHtml(page, corpusRoot),
  }));
}

const FIELDS = ["corpus", "page", "url", "title", "language", "subject", "news", "split"];
const CORPORA = ["trafilatura-dev", "modern-dev", "readability-test-pages"];

/** What is wrong with a labelled library: an empty list when every page is well formed and in its corpus. */
export function libraryProblems(library, corpusRoot = CORPUS_ROOT) {
  const problems = [];
  const subjects = new Set(library.subjects);
  const seen = new Set();
  for (const page of library.pages) {
    const name = `${page.corpus}/${page.page}`;
    const missing = FIELDS.filter((field) => !(field in page));
    if (missing.length > 0) problems.push(`${name}: no ${missing.join(", ")}`);
    if (!CORPORA.includes(page.corpus)) problems.push(`${name}: unknown corpus`);
    else if (!existsSync(corpusFile(page, corpusRoot))) problems.push(`${name}: not in the corpus`);
    if (seen.has(name)) problems.push(`${name}: listed twice`);
    seen.add(name);
    if (!subjects.has(page.subject)) problems.push(`${name}: subject "${page.subject}" not in the list`);
    if (page.split !== "dev" && page.split !== "heldout") problems.push(`${name}: split "${page.split}"`);
    if (typeof page.news !== "boolean") problems.push(`${name}: news is not true or false`);
    if (typeof page.title !== "string" || page.title.trim() === "") problems.push(`${name}: no title`);
    if (!/^[a-z]{2,3}$/.test(page.language)) problems.push(`${name}: language "${page.language}"`);
    if (page.url !== null && !/^https?:\/\//.test(page.url)) problems.push(`${name}: url "${page.url}"`);
  }
  return problems;
}

/** How many pages each value of `key(page)` has, most first. */
export function countBy(pages, key) {
  const counts = new Map();
  for (const page of pages) counts.set(key(page), (counts.get(key(page)) ?? 0) + 1);
  return Object.fromEntries([...counts].sort((a, b) => b[1] - a[1]));
}
