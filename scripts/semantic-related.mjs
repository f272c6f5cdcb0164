// Related articles and topic matches on the labelled library (scripts/bench-data/labelled-library.json: real corpus
// pages in en, de, es, fr and a few more, each with a subject, whether it is news, and a dev or held-out half),
// through the API of the built app: each half is the library of its own user, its pages saved with their HTML
// (POST /api/articles { url, html }) and processed as any page, then a topics run. Printed per half:
//   - related (GET /api/articles/{id}/related?limit=5, after the topics run): how many are shown per article and
//     for how many articles any; precision@5, the share of the shown items (at most 5) that are of the article's
//     subject, and the strict one that counts a missing item as a miss; the share of shown items that are of
//     another subject at a shown similarity of 50% or more (target at most 5%) and the same among the items shown
//     at 50% or more; for every article, and for the English news articles (target precision@5 at least 0.80);
//   - topics (GET /api/topics and each topic's articles): the share of articles in "Other articles", the purity of
//     the others (the share of a topic's members of its most common subject), and how many members read 50% or
//     more, of another subject than their topic's.
// Targets are issue 49 item 4's. `-- --offline` prints instead the related floor's trade-off on each half with the
// Worker's own code (extraction, language, summary, local embedder, library profile, related matches: the same
// steps without the app), the figures the floor was chosen by (on the dev half).
//
// Run alone: `npx tsx scripts/semantic-related.mjs` (builds, starts the app on BENCH_PORT; `-- --offline`: no app).
// `npm run bench:semantic` calls measureRelated with its own app.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { LEFTOVER_LABEL } from "../src/worker/domain/clustering/topic-names";
import { loadLabelledLibrary } from "./labelled-library.mjs";
import { apiClient, ROOT, runOrExit, startAppInBackground, tool, waitForHealth, waitUntilProcessed } from "./lib.mjs";
import { applyMigrations, setup } from "./setup.mjs";

const TARGETS = { offSubjectAt50: 0.05, newsPrecision: 0.8 };
const SPLITS = ["dev", "heldout"];
const SAVE_CONCURRENCY = 4;
const PROCESS_TIMEOUT_MS = 30 * 60_000;
const TOPICS_TIMEOUT_MS = 6 * 60_000;
const SHOWN = 5;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const isEnglishNews = (page) => page.news && page.language === "en";

/** The API takes at most 5 MB of HTML: a larger page (2 of the 776) is sent without its scripts and styles. */
const MAX_HTML = 5_000_000;
function withinLimit(html) {
  if (html.length <= MAX_HTML) return html;
  return html.replace(/<script\b[\s\S]*?<\/script>/gi, "").replace(/<style\b[\s\S]*?<\/style>/gi, "");
}

/** Saves the pages for a new user, with their HTML; returns the token and the completed articles' pages by id. */
async function saveLibrary(call, pages, split) {
  const { access_token: token } = await call("POST", "/api/auth/register", {
    body: { email: `semantic-related-${split}-${Date.now()}@example.com`, password: "bench-password" },
  });
  const ids = new Array(pages.length);
  let next = 0;
  const worker = async () => {
    while (next < pages.length) {
      const i = next++;
      const page = pages[i];
      const saved = await call("POST", "/api/articles/", {
        token,
        body: { url: page.address, html: withinLimit(page.html) },
      });
      ids[i] = saved.id;
    }
  };
  await Promise.all(Array.from({ length: SAVE_CONCURRENCY }, worker));
  const finished = await waitUntilProcessed(call, token, ids, {
    timeoutMs: PROCESS_TIMEOUT_MS,
    label: `${split}: `,
    reportEveryMs: 20_000,
    pollMs: 1_000,
  });
  const pageOf = new Map();
  ids.forEach((id, i) => {
    if (finished.get(id)?.status === "completed") pageOf.set(id, pages[i]);
  });
  return { token, pageOf, failed: ids.length - pageOf.size };
}

/** Waits for a topics run over every completed article (the debounced one, or the cron's), then every topic. */
async function settledTopics(call, base, token, completed) {
  const started = Date.now();
  let triggered = false;
  for (;;) {
    const { topics } = await call("GET", "/api/topics/?limit=50&unread_only=false", { token });
    if ((topics[0]?.topic_metadata.generated_from ?? "").startsWith(`${completed} articles`)) {
      const detailed = [];
      for (const topic of topics) {
        const members = [];
        for (let offset = 0; ; offset += 100) {
          const page = await call("GET", `/api/topics/${topic.id}?limit=100&offset=${offset}&unread_only=false`, {
            token,
          });
          members.push(...page.articles);
          if (offset + 100 >= page.pagination.total) break;
        }
        detailed.push({ ...topic, members });
      }
      return detailed;
    }
    if (Date.now() - started > TOPICS_TIMEOUT_MS) throw new Error(`no topics run over ${completed} articles`);
    if (!triggered && Date.now() - started > 90_000) {
      await fetch(`${base}/cdn-cgi/local/scheduled`);
      triggered = true;
    }
    await sleep(2_000);
  }
}

/** The related measures over the articles `counted` picks, from each article's shown list (best first). */
export function relatedFigures(lists, subjectOf, counted) {
  let queries = 0;
  let withAny = 0;
  let shown = 0;
  let same = 0;
  let atHalf = 0;
  let offAtHalf = 0;
  for (const [id, related] of lists) {
    if (!counted(id)) continue;
    queries++;
    const top = related.slice(0, SHOWN);
    if (top.length > 0) withAny++;
    shown += top.length;
    for (const r of top) {
      const isSame = subjectOf.get(r.id) === subjectOf.get(id);
      if (isSame) same++;
      if (r.similarity >= 0.5) {
        atHalf++;
        if (!isSame) offAtHalf++;
      }
    }
  }
  return {
    queries,
    withAny,
    perArticle: queries ? shown / queries : 0,
    precision: shown ? same / shown : 0,
    strictPrecision: queries ? same / (queries * SHOWN) : 0,
    offAt50: shown ? offAtHalf / shown : 0,
    offAmongAt50: atHalf ? offAtHalf / atHalf : 0,
    atHalf,
  };
}

/** Topic figures: Other articles' share, purity of the rest, members shown at 50% or more and those off-subject. */
function topicFigures(topics, subjectOf, articles) {
  const other = topics.filter((t) => t.label === LEFTOVER_LABEL);
  const real = topics.filter((t) => !other.includes(t));
  let members = 0;
  let majority = 0;
  let atHalf = 0;
  let offAtHalf = 0;
  for (const topic of real) {
    const counts = new Map();
    for (const m of topic.members) counts.set(subjectOf.get(m.id), (counts.get(subjectOf.get(m.id)) ?? 0) + 1);
    const [main, count] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [null, 0];
    members += topic.members.length;
    majority += count;
    for (const m of topic.members)
      if (m.similarity >= 0.5) {
        atHalf++;
        if (subjectOf.get(m.id) !== main) offAtHalf++;
      }
  }
  const inOther = other.reduce((sum, t) => sum + t.members.length, 0);
  return {
    topics: real.length,
    inOther,
    otherShare: inOther / articles,
    purity: members ? majority / members : 0,
    atHalf,
    offAtHalf,
  };
}

/** Measures one half: saves it for a new user, waits for its topics, asks every article's related articles. */
async function measureSplit(call, base, split) {
  const pages = loadLabelledLibrary({ split });
  const started = Date.now();
  console.log(`› ${split}: saving ${pages.length} labelled pages through the API...`);
  const { token, pageOf, failed } = await saveLibrary(call, pages, split);
  const topics = await settledTopics(call, base, token, pageOf.size);
  const subjectOf = new Map([...pageOf].map(([id, page]) => [id, page.subject]));
  const lists = new Map();
  for (const id of pageOf.keys()) {
    const { related } = await call("GET", `/api/articles/${id}/related?limit=${SHOWN}`, { token });
    lists.set(
      id,
      related.map((r) => ({ id: r.id, similarity: r.similarity_score })),
    );
  }
  return {
    split,
    articles: pageOf.size,
    failed,
    minutes: (Date.now() - started) / 60_000,
    all: relatedFigures(lists, subjectOf, () => true),
    news: relatedFigures(lists, subjectOf, (id) => isEnglishNews(pageOf.get(id))),
    topics: topicFigures(topics, subjectOf, pageOf.size),
  };
}

function printSplit(r, log) {
  const pct = (x) => `${(x * 100).toFixed(1)}%`;
  const f = (x) => x.toFixed(3);
  const mark = (ok) => (ok ? "" : "  MISSED");
  log(
    `\n  ${r.split}: ${r.articles} articles${r.failed ? ` (${r.failed} failed to process)` : ""}, ${r.minutes.toFixed(1)} min`,
  );
  for (const [name, g] of [
    ["every article", r.all],
    ["English news", r.news],
  ]) {
    log(
      `    related, ${name} (${g.queries}): ${g.perArticle.toFixed(2)} shown per article, ${g.withAny} with any; ` +
        `precision@5 ${f(g.precision)} (strict ${f(g.strictPrecision)})` +
        (name === "English news"
          ? `; target >= ${TARGETS.newsPrecision}${mark(g.precision >= TARGETS.newsPrecision)}`
          : ""),
    );
    log(
      `      another subject at 50% or more: ${pct(g.offAt50)} of shown; target <= ${pct(TARGETS.offSubjectAt50)}` +
        `${mark(g.offAt50 <= TARGETS.offSubjectAt50)}; ${pct(g.offAmongAt50)} of the ${g.atHalf} shown at 50% or more`,
    );
  }
  const t = r.topics;
  log(
    `    topics: ${t.topics} topics and Other articles (${t.inOther}, ${pct(t.otherShare)}); purity of the rest ` +
      `${f(t.purity)}; ${t.atHalf} members at 50% or more, ${t.offAtHalf} of another subject than their topic's`,
  );
}

/**
 * `call`, asked again (up to 3 times, a second apart) when the local server answers 500 with no body: busy
 * processing hundreds of pages, it now and then drops a request.
 */
function patient(call) {
  return async (...args) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await call(...args);
      } catch (error) {
        if (attempt >= 3 || !/answered 500: null$/.test(error.message)) throw error;
        await sleep(1_000);
      }
    }
  };
}

/** Both halves through the API of a running app (`call` from lib.mjs's apiClient, `base` its address). */
export async function measureRelated(call, base, log = console.log) {
  const results = [];
  for (const split of SPLITS) results.push(await measureSplit(patient(call), base, split));
  log("\nRelated articles and topic matches on the labelled library (scripts/bench-data/labelled-library.json)");
  for (const r of results) printSplit(r, log);
  return results;
}

/**
 * The related floor's trade-off offline, on each half as its own library: the Worker's extraction, language,
 * summary and local embedder, the profile a topics run would store (relatedCalibration over every pair, around the
 * library mean), the vector index's 31 nearest by plain cosine as candidates, and calibratedMatches at each floor.
 */
async function offlineTradeOff(log = console.log) {
  const { extractArticle, htmlToText } = await import("../src/worker/domain/extraction/extract-article");
  const { articleLanguage } = await import("../src/worker/domain/article-language");
  const { createExtractiveLanguageModel } = await import("../src/worker/adapters/local/extractive-language-model");
  const { createLocalEmbedder } = await import("../src/worker/adapters/local/local-embedder");
  const { articleEmbeddingText } = await import("../src/worker/domain/embedding/article-embedding-text");
  const { libraryMean } = await import("../src/worker/domain/embedding/library-space");
  const { relatedCalibration } = await import("../src/worker/domain/similarity/library-profile");
  const { calibratedMatches } = await import("../src/worker/domain/similarity/related-matches");
  const { dot, unit } = await import("../src/worker/domain/clustering/vectors");
  const embedder = createLocalEmbedder(1024);
  const summarizer = createExtractiveLanguageModel();
  for (const split of SPLITS) {
    const pages = loadLabelledLibrary({ split });
    const articles = [];
    for (const page of pages) {
      const article = extractArticle(page.html, page.address);
      const title = article.title ?? "";
      const text = htmlToText(article.content ?? "");
      const language = articleLanguage(`${title}\n${text}`, article.htmlLanguage);
      const summary = await summarizer.summarize({ title, text, language });
      const [vector] = await embedder.embed([articleEmbeddingText({ title, summary, text }, embedder.maxInputChars)], {
        language,
      });
      articles.push({ page, language, vector: Array.from(Float32Array.from(vector)) });
    }
    const vectors = articles.map((a) => a.vector);
    const calibration = relatedCalibration(articles, libraryMean(vectors));
    const units = vectors.map((v) => unit(v));
    const subjectOf = new Map(articles.map((a, i) => [i, a.page.subject]));
    const candidates = articles.map((_, i) =>
      articles
        .map((a, j) => ({
          id: j,
          vector: a.vector,
          language: a.language,
          plain: j === i ? -2 : dot(units[i], units[j]),
        }))
        .sort((x, y) => y.plain - x.plain)
        .slice(0, 31),
    );
    log(
      `\n  ${split} (${articles.length} articles), offline: floor → shown per article, precision@5, off-subject at 50%+`,
    );
    for (const floor of [0, 0.1, 0.2, 0.25, 0.3, 0.35, 0.4, 0.5]) {
      const lists = new Map(
        articles.map((_, i) => [
          i,
          calibratedMatches(articles[i], candidates[i], calibration, floor).map((m) => ({
            id: m.candidate.id,
            similarity: m.percent,
          })),
        ]),
      );
      const all = relatedFigures(lists, subjectOf, () => true);
      const news = relatedFigures(lists, subjectOf, (i) => isEnglishNews(articles[i].page));
      log(
        `    ${floor.toFixed(2)}: all ${all.perArticle.toFixed(2)}, ${all.precision.toFixed(3)} (strict ${all.strictPrecision.toFixed(3)}), ` +
          `${(all.offAt50 * 100).toFixed(1)}% | English news ${news.perArticle.toFixed(2)}, ${news.precision.toFixed(3)} ` +
          `(strict ${news.strictPrecision.toFixed(3)}), ${news.withAny} of ${news.queries} with any`,
      );
    }
  }
}

const PERSIST_TO = ".wrangler/related-state";

if (process.argv[1]?.endsWith("semantic-related.mjs")) {
  if (process.argv.includes("--offline")) {
    await offlineTradeOff();
  } else {
    await setup();
    await runOrExit(tool("vite"), ["build"]);
    rmSync(join(ROOT, PERSIST_TO), { recursive: true, force: true });
    await applyMigrations(PERSIST_TO);
    const app = startAppInBackground({
      port: Number(process.env.BENCH_PORT || 8841),
      persistTo: PERSIST_TO,
      logPath: join(ROOT, ".wrangler", "related-server.log"),
    });
    try {
      await waitForHealth(app);
      await measureRelated(apiClient(app.base), app.base);
    } finally {
      app.stop();
    }
  }
  process.exit(0);
}
