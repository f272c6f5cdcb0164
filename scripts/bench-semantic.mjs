// `npm run bench:semantic`: quality and speed of topics, related articles and chat search with the local
// adapters, measured through the HTTP API of the built app (run with tsx: it reuses the Worker's own
// extraction, summary and embedding code to build the 2,000-article library).
//
// Quality. A labelled set: the Readability corpus pages grouped by subject by hand plus a few hand-written
// articles (scripts/bench-data/semantic-labels.json, semantic-extra.json). A local server serves them; one
// user bulk-saves their URLs and the app processes them as it would any page (fetch, extract, language,
// extractive summary, local embedder, D1 vector index, debounced topics run). Then, against the labels:
//   - topics: NMI and purity of GET /api/topics membership (an article in no topic counts as its own cluster);
//   - related: precision@5 of GET /api/articles/{id}/related?limit=5 (neighbours with the same subject), asked
//     after the topics run, which stores the library mean related articles are ranked around;
//   - search: MRR of POST /api/search/chat (limit 10) for a query made of the article's title words: its
//     content words (the chat's own queryTerms, at least 3 characters, not numbers), the 3 rarest in the set
//     (document frequency over title + text), in title order.
//   Also the topics NMI over 8 orders of the same articles (offline, the same clustering code: k-means depends
//   on the order), and the topics NMI against a second, independent labelling (semantic-labels-second.json)
//   and how far the two labellings agree, for scale: the labels' own uncertainty is part of the distance to a
//   target.
// Speed. A second user gets 2,000 processed articles seeded straight into the local D1 (rows, vectors and the
// FTS index through its triggers, made with the same summariser and embedder from corpus text, and the library
// mean a topics run would store), then 200
// sequential requests each (after 20 warm-ups) of GET related?status=unread&limit=5 and POST /api/search/chat,
// with GET /api/health as the reference for the machine's state.
//
// Topic names: scripts/semantic-topic-names.mjs on a multilingual labelled library of 348 corpus pages (share
// of names breaking the naming rules, topic homogeneity, each topic's name in its members' titles/summaries).
//
// Figures are printed against the targets with MISSED marks; the exit code is non-zero only on a crash.
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createLocalEmbedder } from "../src/worker/adapters/local/local-embedder";
import { clusterLibrary } from "../src/worker/domain/clustering/cluster-library";
import { articleEmbeddingText } from "../src/worker/domain/embedding/article-embedding-text";
import { libraryMean } from "../src/worker/domain/embedding/library-space";
import { encodeVector, spaceOf } from "../src/worker/domain/embedding/vector-encoding";
import { extractArticle, htmlToText } from "../src/worker/domain/extraction/extract-article";
import { summarizeExtractively } from "../src/worker/domain/extractive-summary";
import { detectLanguage } from "../src/worker/domain/language/detect-language";
import { queryTerms } from "../src/worker/domain/search/chat-query";
import { encodeProfile, relatedScale } from "../src/worker/domain/similarity/library-profile";
import { tokenize } from "../src/worker/domain/text";
import {
  apiClient,
  mulberry32,
  ROOT,
  run,
  runOrExit,
  startAppInBackground,
  tool,
  waitForHealth,
  waitUntilProcessed,
} from "./lib.mjs";
import { measureConversations } from "./semantic-conversations.mjs";
import { measureFollowUps } from "./semantic-follow-ups.mjs";
import {
  mean,
  normalizedMutualInformation,
  percentile,
  precisionAtK,
  purity,
  reciprocalRank,
} from "./semantic-metrics";
import { measureQuestionLanguage } from "./semantic-question-language.mjs";
import { measureRelated } from "./semantic-related.mjs";
import { measureTopicNames } from "./semantic-topic-names.mjs";
import { measureNewsTopics } from "./semantic-topic-news.mjs";
import { measureTopicStability } from "./semantic-topic-stability.mjs";
import { applyMigrations, setup } from "./setup.mjs";

const APP_PORT = Number(process.env.BENCH_PORT || 8841);
const PAGES_PORT = Number(process.env.PAGES_PORT || 8842);
const PERSIST_TO = ".wrangler/semantic-state";
const corpusDir = join(ROOT, "..", "shared", "corpus", "readability-test-pages");
const dataDir = join(ROOT, "scripts", "bench-data");

const LIBRARY_SIZE = 2_000;
const DIMENSIONS = 1024; // EMBEDDING_DIMENSIONS in wrangler.toml
const WARMUP = 20;
const TIMED = 200;
const PROCESS_TIMEOUT_MS = 10 * 60_000;
const TOPICS_TIMEOUT_MS = 4 * 60_000;
const MAX_STATEMENT_CHARS = 90_000; // D1 refuses statements over 100 KB
const TARGETS = { nmi: 0.7, precision: 0.75, mrr: 0.95, searchP95: 300 };

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const escapeHtml = (s) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// ---------------------------------------------------------------------------------------------------------
// The labelled set.

function loadLabelledSet() {
  const { labels } = JSON.parse(readFileSync(join(dataDir, "semantic-labels.json"), "utf8"));
  const { articles: extra } = JSON.parse(readFileSync(join(dataDir, "semantic-extra.json"), "utf8"));
  const pages = Object.entries(labels).map(([folder, subject]) => ({
    key: folder,
    subject,
    html: readFileSync(join(corpusDir, folder, "source.html"), "utf8"),
  }));
  for (const article of extra) {
    const title = escapeHtml(article.title);
    const body = article.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n");
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>
<body><article><h1>${title}</h1>\n${body}\n</article></body></html>`;
    pages.push({ key: article.id, subject: article.subject, html });
  }
  return pages;
}

function startPageServer(pages) {
  const byKey = new Map(pages.map((p) => [p.key, p.html]));
  const server = createServer((req, res) => {
    const key = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname.replace(/^\/page\//, ""));
    const html = byKey.get(key);
    res.writeHead(html ? 200 : 404, { "content-type": "text/html; charset=utf-8" });
    res.end(html ?? "not found");
  });
  return new Promise((resolve) =>
    server.listen(PAGES_PORT, "127.0.0.1", () =>
      resolve({ origin: `http://127.0.0.1:${PAGES_PORT}`, close: () => new Promise((r) => server.close(r)) }),
    ),
  );
}

/** The title-word query of an article: its 3 rarest title content words, in title order. */
function titleQuery(title, documentFrequency) {
  const words = queryTerms(title).filter((w) => w.length >= 3 && !/^\d+$/.test(w));
  const rarest = [...words]
    .sort(
      (a, b) =>
        (documentFrequency.get(a) ?? 0) - (documentFrequency.get(b) ?? 0) || words.indexOf(a) - words.indexOf(b),
    )
    .slice(0, 3);
  return words.filter((w) => rarest.includes(w)).join(" ");
}

function documentFrequencies(texts) {
  const frequency = new Map();
  for (const text of texts)
    for (const word of new Set(tokenize(text))) frequency.set(word, (frequency.get(word) ?? 0) + 1);
  return frequency;
}

// ---------------------------------------------------------------------------------------------------------
// Quality through the API.

/** Waits for the debounced topics run that includes every processed article; returns article id -> topic id. */
async function waitForTopics(call, base, token, processed) {
  const deadline = Date.now() + TOPICS_TIMEOUT_MS;
  let triggered = false;
  const started = Date.now();
  for (;;) {
    const { topics } = await call("GET", "/api/topics/?limit=50&unread_only=false", { token });
    const generated = topics[0]?.topic_metadata.generated_from ?? "";
    if (generated.startsWith(`${processed} articles`)) {
      // Another debounced run of the same library may still land; it computes the same topics.
      await sleep(5_000);
      const settled = await call("GET", "/api/topics/?limit=50&unread_only=false", { token });
      const membership = new Map();
      for (const topic of settled.topics) {
        const detail = await call("GET", `/api/topics/${topic.id}?limit=100&unread_only=false`, { token });
        for (const article of detail.articles) membership.set(article.id, topic.id);
      }
      return { topics: settled.topics, membership };
    }
    if (Date.now() > deadline) throw new Error(`no topics run over ${processed} articles within 4 min`);
    if (!triggered && Date.now() - started > 90_000) {
      // The debounced run should have come by now; the daily cron re-clusters every library.
      await fetch(`${base}/cdn-cgi/local/scheduled`);
      triggered = true;
    }
    await sleep(2_000);
  }
}

async function measureQuality(call, base, pages, origin) {
  const { access_token: token } = await call("POST", "/api/auth/register", {
    body: { email: `semantic-quality-${Date.now()}@example.com`, password: "bench-password" },
  });
  const urls = pages.map((p) => `${origin}/page/${encodeURIComponent(p.key)}`);
  console.log(`\n› Saving the ${pages.length} labelled articles through the API and waiting for processing...`);
  const bulk = await call("POST", "/api/articles/bulk", { token, body: { urls } });
  if (bulk.successful !== pages.length) throw new Error(`bulk saved ${bulk.successful} of ${pages.length}`);
  const articleIds = bulk.results.map((r) => r.article.id);
  const statuses = await waitUntilProcessed(call, token, articleIds, { timeoutMs: PROCESS_TIMEOUT_MS });
  const failed = [...statuses.values()].filter((s) => s.status !== "completed");
  for (const f of failed) console.log(`  failed: article ${f.article_id}: ${f.error}`);

  const items = [];
  for (const [i, id] of articleIds.entries()) {
    if (statuses.get(id)?.status !== "completed") continue;
    const article = await call("GET", `/api/articles/${id}`, { token });
    items.push({
      id,
      key: pages[i].key,
      subject: pages[i].subject,
      title: article.title ?? "",
      summary: article.summary ?? "",
      text: htmlToText(article.content ?? ""),
      language: article.language ?? "en",
    });
  }
  const subjectOf = new Map(items.map((item) => [item.id, item.subject]));

  console.log("› Search, topics and related articles...");
  const frequency = documentFrequencies(items.map((item) => `${item.title}\n${item.text}`));
  const reciprocalRanks = [];
  const searchMisses = [];
  for (const item of items) {
    const query = titleQuery(item.title, frequency);
    const { results } = await call("POST", "/api/search/chat", { token, body: { query, limit: 10 } });
    const rr = reciprocalRank(results.map((r) => r.article.id === item.id));
    reciprocalRanks.push(rr);
    if (rr < 1) searchMisses.push(`${item.key} "${query}" → ${rr === 0 ? "not in top 10" : `rank ${1 / rr}`}`);
  }
  // Two-turn conversations over the same articles: follow-ups and filters (scripts/semantic-conversations.mjs).
  const conversations = await measureConversations(call, token, items);

  const { topics, membership } = await waitForTopics(call, base, token, items.length);
  // After the topics run, as in steady use: it stores the library mean that related articles are ranked around.
  const precisions = [];
  const shown = { items: 0, same: 0 };
  for (const item of items) {
    const { related } = await call("GET", `/api/articles/${item.id}/related?limit=5`, { token });
    const same = related.map((r) => subjectOf.get(r.id) === item.subject);
    precisions.push(precisionAtK(same, 5));
    // Related articles below the library's floor are not shown: the share of those shown that fit.
    shown.items += same.length;
    shown.same += same.filter(Boolean).length;
  }

  const clusters = items.map((item) => membership.get(item.id) ?? `alone-${item.id}`);
  const subjects = items.map((item) => item.subject);
  // How far a second, independent labelling agrees with the first, and the topics against it: how much of the
  // distance to the target is the labels' own uncertainty.
  const secondLabels = JSON.parse(readFileSync(join(dataDir, "semantic-labels-second.json"), "utf8")).labels;
  const secondSubjects = items.map((item) => secondLabels[item.key] ?? "unlabelled");

  return {
    articles: items.length,
    failed: failed.length,
    subjects: new Set(subjects).size,
    topics: topics.length,
    unclustered: items.filter((item) => !membership.has(item.id)).length,
    silhouette: topics[0]?.topic_metadata.silhouette_score ?? 0,
    topicSizes: topics.map((t) => `${t.label} (${t.cluster_size})`),
    nmi: normalizedMutualInformation(subjects, clusters),
    purity: purity(subjects, clusters),
    second: {
      agreement: subjects.filter((subject, i) => subject === secondSubjects[i]).length,
      labellingsNmi: normalizedMutualInformation(subjects, secondSubjects),
      topicsNmi: normalizedMutualInformation(secondSubjects, clusters),
    },
    precision: shown.items ? shown.same / shown.items : 0,
    strictPrecision: mean(precisions),
    relatedPerArticle: shown.items / items.length,
    mrr: mean(reciprocalRanks),
    searchMisses,
    conversations,
    items,
  };
}

/**
 * k-means depends on the order articles come in (its seeds are drawn in that order), so one run's NMI is one
 * sample. The same clustering code, offline, over ORDERS orders of the processed articles: the save order
 * reversed (the topics run reads newest first) and ORDERS - 1 seeded shuffles. Vectors are made as the
 * pipeline makes them, from the app's title, summary and text.
 */
const ORDERS = 8;
async function nmiOverOrders(items) {
  const embedder = createLocalEmbedder(DIMENSIONS);
  const vectors = [];
  for (const item of items) {
    const [vector] = await embedder.embed([articleEmbeddingText(item, embedder.maxInputChars)], {
      language: item.language,
    });
    vectors.push(vector);
  }
  const newestFirst = items.map((_, i) => i).reverse();
  const random = mulberry32(7);
  const values = [];
  for (let o = 0; o < ORDERS; o++) {
    const order = newestFirst.slice();
    if (o > 0)
      for (let i = order.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [order[i], order[j]] = [order[j], order[i]];
      }
    const library = order.map((i) => ({
      id: i,
      vector: vectors[i],
      title: items[i].title,
      text: items[i].summary,
      isRead: false,
      createdAt: 0,
      feedback: null,
      language: items[i].language,
    }));
    const topicOf = new Map();
    clusterLibrary(library, 0).topics.forEach((topic, t) => {
      for (const member of topic.members) topicOf.set(member.id, t);
    });
    values.push(
      normalizedMutualInformation(
        order.map((i) => items[i].subject),
        order.map((i) => topicOf.get(i) ?? `alone-${i}`),
      ),
    );
  }
  return { mean: mean(values), min: Math.min(...values), max: Math.max(...values) };
}

// ---------------------------------------------------------------------------------------------------------
// A multilingual library (offline, the topics run's code): the labelled set's processed articles, the corpus
// pages in other languages and short articles in German, French, Spanish and Italian on four of the labelled
// subjects (scripts/bench-data/semantic-multilingual.json). Printed: its topic names, sizes and languages,
// how many topics hold more than one language, and the NMI of the labelled ones (the corpus pages in other
// languages have no subject label: they only show where they land).

async function multilingualTopics(items) {
  const labelled = new Set(Object.keys(JSON.parse(readFileSync(join(dataDir, "semantic-labels.json"), "utf8")).labels));
  const library = items.map((item) => ({ ...item }));
  for (const name of readdirSync(corpusDir)) {
    if (labelled.has(name) || !existsSync(join(corpusDir, name, "source.html"))) continue;
    const article = extractArticle(readFileSync(join(corpusDir, name, "source.html"), "utf8"), "http://fakehost/x");
    if (!article.title || article.text.length < 500) continue;
    const { language } = detectLanguage(article.text);
    if (language === "en") continue;
    const summary = summarizeExtractively(article.title, article.text, language);
    library.push({ key: name, subject: null, title: article.title, summary, text: article.text, language });
  }
  const { articles } = JSON.parse(readFileSync(join(dataDir, "semantic-multilingual.json"), "utf8"));
  for (const article of articles) {
    const text = article.paragraphs.join("\n\n");
    const summary = summarizeExtractively(article.title, text, article.language);
    library.push({
      key: article.id,
      subject: article.subject,
      title: article.title,
      summary,
      text,
      language: article.language,
    });
  }
  const embedder = createLocalEmbedder(DIMENSIONS);
  const vectors = [];
  for (const item of library) {
    const [vector] = await embedder.embed([articleEmbeddingText(item, embedder.maxInputChars)], {
      language: item.language,
    });
    vectors.push(vector);
  }
  const clustering = clusterLibrary(
    library.map((item, i) => ({
      id: i,
      vector: vectors[i],
      title: item.title,
      text: item.summary,
      isRead: false,
      createdAt: 0,
      feedback: null,
      language: item.language,
    })),
    0,
    { perLanguage: !embedder.multilingual },
  );
  const topicOf = new Map();
  clustering.topics.forEach((topic, t) => {
    for (const member of topic.members) topicOf.set(member.id, t);
  });
  const withSubject = library.flatMap((item, i) => (item.subject ? [i] : []));
  const languages = (topic) => {
    const counts = new Map();
    for (const m of topic.members) counts.set(library[m.id].language, (counts.get(library[m.id].language) ?? 0) + 1);
    return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([l, n]) => `${l} ${n}`);
  };
  const byLanguage = new Map();
  for (const item of library) byLanguage.set(item.language, (byLanguage.get(item.language) ?? 0) + 1);
  return {
    articles: library.length,
    languages: [...byLanguage.entries()].sort((a, b) => b[1] - a[1]).map(([l, n]) => `${l} ${n}`),
    topics: clustering.topics.map((t) => `${t.label} (${t.size}: ${languages(t).join(", ")})`),
    mixed: clustering.topics.filter((t) => !t.leftover && languages(t).length > 1).length,
    real: clustering.topics.filter((t) => !t.leftover).length,
    largestShare: Math.max(...clustering.topics.map((t) => t.size)) / library.length,
    nmi: normalizedMutualInformation(
      withSubject.map((i) => library[i].subject),
      withSubject.map((i) => topicOf.get(i) ?? `alone-${i}`),
    ),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Latency at 2,000 articles: a library seeded straight into D1, rows as the pipeline writes them.

const sqlValue = (value) => {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "number") return String(value);
  if (typeof value === "boolean") return value ? "1" : "0";
  return `'${String(value).replace(/'/g, "''")}'`;
};

/** Corpus texts (every page with some English-or-other text) as paragraphs, to make library articles from. */
function sourceTexts(pages) {
  const sources = [];
  const seen = new Set(pages.map((p) => p.key));
  const all = [
    ...pages,
    ...readdirSync(corpusDir)
      .filter((name) => !seen.has(name) && existsSync(join(corpusDir, name, "source.html")))
      .map((name) => ({ key: name, html: readFileSync(join(corpusDir, name, "source.html"), "utf8") })),
  ];
  for (const page of all) {
    const article = extractArticle(page.html, "http://fakehost/test/page.html");
    const paragraphs = article.text.split(/\n\s*\n/).filter((p) => p.trim().length > 40);
    if (article.title && paragraphs.length >= 2) sources.push({ title: article.title, paragraphs });
  }
  return sources;
}

/** SQL files that give `userId` LIBRARY_SIZE processed articles with vectors; returns files and article ids. */
async function writeLibrarySql(userId, sources, dir) {
  const embedder = createLocalEmbedder(DIMENSIONS);
  const random = mulberry32(20261121);
  const now = Date.now();
  const files = [];
  let statements = [];
  let chars = 0;
  const flush = () => {
    if (!statements.length) return;
    const file = join(dir, `library-${String(files.length + 1).padStart(2, "0")}.sql`);
    writeFileSync(file, `${statements.join("\n")}\n`);
    files.push(file);
    statements = [];
    chars = 0;
  };
  const ids = [];
  const titles = [];
  const vectors = [];
  const firstId = 1_000_000;
  for (let i = 0; i < LIBRARY_SIZE; i++) {
    // An article: a stretch of one source page plus a few paragraphs of another, so texts vary like a library.
    const base = sources[i % sources.length];
    const other = sources[Math.floor(random() * sources.length)];
    const start = Math.floor(random() * Math.max(1, base.paragraphs.length - 4));
    const own = base.paragraphs.slice(start, start + 4 + Math.floor(random() * 12));
    const mixed = other.paragraphs.slice(0, 1 + Math.floor(random() * 3));
    const paragraphs = [...own, ...mixed];
    const title = i < sources.length ? base.title : `${base.title} (${Math.floor(i / sources.length) + 1})`;
    let content = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n");
    if (content.length > 60_000) content = content.slice(0, content.lastIndexOf("</p>", 60_000) + 4);
    const text = htmlToText(content);
    const summary = summarizeExtractively(title, text);
    const [vector] = await embedder.embed([articleEmbeddingText({ title, summary, text }, embedder.maxInputChars)]);
    const id = firstId + i;
    const domain = `site${1 + Math.floor(random() * 40)}.example.com`;
    const url = `https://${domain}/article/${id}`;
    const createdAt = now - Math.floor(random() * 365 * 86_400_000);
    const isRead = random() < 0.4;
    const wordCount = text.split(/\s+/).filter(Boolean).length;
    const article = [
      id,
      userId,
      url,
      url,
      title,
      summary,
      content,
      null,
      domain,
      "en",
      null,
      wordCount,
      isRead,
      isRead ? createdAt + 3_600_000 : null,
      "completed",
      null,
      1,
      createdAt + 30_000,
      createdAt,
      createdAt + 30_000,
    ];
    const insertArticle =
      "INSERT INTO articles (id, user_id, url, normalized_url, title, summary, content, author, domain, language, " +
      "publish_date, word_count, is_read, read_at, processing_status, processing_error, processing_attempts, " +
      `processed_at, created_at, updated_at) VALUES (${article.map(sqlValue).join(", ")});`;
    const insertVector =
      "INSERT INTO local_vectors (user_id, item_id, vector, updated_at) VALUES " +
      `(${userId}, '${id}', '${encodeVector(vector, embedder.name)}', ${createdAt + 30_000});`;
    // The plain text the full-text index reads, as processing stores it; a statement of its own, as content and
    // text together can pass D1's statement size.
    const indexText = `UPDATE articles SET search_text = ${sqlValue(text)} WHERE id = ${id};`;
    // The index entry with that text, as the app writes it (the index is contentless, migration 0028: no trigger
    // re-indexes an updated row). A row that holds its own text is one the body mover has not moved yet. These
    // articles have no note or highlights, so their annotation_text is NULL.
    const indexEntry =
      "INSERT OR REPLACE INTO articles_fts (rowid, title, summary, search_text, domain, author, annotation_text, " +
      "user_id) SELECT id, title, summary, search_text, domain, author, NULL, user_id FROM articles " +
      `WHERE id = ${id};`;
    for (const statement of [insertArticle, indexText, indexEntry, insertVector]) {
      if (statement.length > MAX_STATEMENT_CHARS) throw new Error(`statement of ${statement.length} characters`);
      statements.push(statement);
      chars += statement.length;
    }
    if (chars > 8_000_000) flush();
    ids.push(id);
    titles.push(title);
    vectors.push(vector);
  }
  // As a topics run would store it, so related articles are ranked inside the library as in steady use.
  const mean = encodeVector(libraryMean(vectors), spaceOf(embedder.name));
  statements.push(`UPDATE users SET library_mean = '${mean}' WHERE id = ${userId};`);
  // And the similarity profile it would measure (an evenly spaced 1,000 of them, as a run samples), read by related.
  const related = relatedScale(vectors, libraryMean(vectors));
  const profile = encodeProfile({ space: spaceOf(embedder.name), articles: vectors.length, related, topics: null });
  statements.push(`UPDATE users SET similarity_profile = '${profile}' WHERE id = ${userId};`);
  flush();
  return { files, ids, titles };
}

async function timeRequests(name, base, token, request) {
  const times = [];
  for (let i = 0; i < WARMUP + TIMED; i++) {
    const { method, path, body } = request(i);
    const started = performance.now();
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await response.text();
    const elapsed = performance.now() - started;
    if (response.status !== 200)
      throw new Error(`${name}: ${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
    if (i >= WARMUP) times.push(elapsed);
  }
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
}

async function measureLatency(call, base, pages) {
  const session = await call("POST", "/api/auth/register", {
    body: { email: `semantic-speed-${Date.now()}@example.com`, password: "bench-password" },
  });
  const token = session.access_token;
  console.log(
    `\n› Seeding ${LIBRARY_SIZE.toLocaleString("en-US")} processed articles with vectors into the local D1...`,
  );
  const seedStarted = performance.now();
  const dir = join(tmpdir(), `viberead-semantic-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  let library;
  try {
    library = await writeLibrarySql(session.user.id, sourceTexts(pages), dir);
    const seedLog = join(ROOT, ".wrangler", "semantic-seed.log");
    for (const file of library.files) {
      const args = ["d1", "execute", "DB", "--local", "--persist-to", PERSIST_TO, "--file", file, "--yes"];
      const log = openSync(seedLog, "w");
      const code = await run(tool("wrangler"), args, { spawn: { stdio: ["ignore", log, log] } });
      closeSync(log);
      if (code !== 0) throw new Error(`wrangler ${args.join(" ")} exited with ${code}; see ${seedLog}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const { total } = await call("GET", "/api/articles/?per_page=1", { token });
  if (total !== LIBRARY_SIZE) throw new Error(`the seeded library has ${total} articles, expected ${LIBRARY_SIZE}`);
  console.log(
    `  seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s; timing ${TIMED} requests each...`,
  );

  // GET /api/health is the reference: wrangler's local proxy and whatever else the machine is doing.
  const health = await timeRequests("health", base, token, () => ({ method: "GET", path: "/api/health" }));
  const random = mulberry32(7);
  const frequency = documentFrequencies(library.titles);
  const pickIndex = () => Math.floor(random() * library.ids.length);
  const related = await timeRequests("related", base, token, () => ({
    method: "GET",
    path: `/api/articles/${library.ids[pickIndex()]}/related?status=unread&limit=5`,
  }));
  const search = await timeRequests("search", base, token, () => ({
    method: "POST",
    path: "/api/search/chat",
    body: { query: titleQuery(library.titles[pickIndex()], frequency) || "news", limit: 10 },
  }));
  return { health, related, search };
}

// ---------------------------------------------------------------------------------------------------------

function report(quality, latency) {
  const mark = (ok) => (ok ? "ok" : "MISSED");
  const f = (x) => x.toFixed(3);
  const ms = (x) => `${x.toFixed(1)} ms`;
  const rows = [
    ["topics NMI", f(quality.nmi), `>= ${TARGETS.nmi}`, mark(quality.nmi >= TARGETS.nmi)],
    ["topics purity", f(quality.purity), "", ""],
    [
      `topics NMI, ${ORDERS} article orders (offline)`,
      `${f(quality.orders.mean)} (${f(quality.orders.min)} to ${f(quality.orders.max)})`,
      "",
      "",
    ],
    [
      `related precision@5 of those shown (${quality.relatedPerArticle.toFixed(2)} per article; strict ${f(quality.strictPrecision)})`,
      f(quality.precision),
      `>= ${TARGETS.precision}`,
      mark(quality.precision >= TARGETS.precision),
    ],
    ["search MRR (title words)", f(quality.mrr), `>= ${TARGETS.mrr}`, mark(quality.mrr >= TARGETS.mrr)],
    ["health p50 / p95 (reference)", `${ms(latency.health.p50)} / ${ms(latency.health.p95)}`, "", ""],
    ["related p50 / p95", `${ms(latency.related.p50)} / ${ms(latency.related.p95)}`, "", ""],
    [
      "search p50 / p95",
      `${ms(latency.search.p50)} / ${ms(latency.search.p95)}`,
      `p95 <= ${TARGETS.searchP95} ms`,
      mark(latency.search.p95 <= TARGETS.searchP95),
    ],
  ];
  console.log("\nbench:semantic results (local adapters)");
  console.log(
    `  labelled set: ${quality.articles} articles in ${quality.subjects} subjects` +
      `${quality.failed ? ` (${quality.failed} failed to process)` : ""}; ` +
      `${quality.topics} topics (silhouette ${quality.silhouette}), ${quality.unclustered} articles in none`,
  );
  console.log(`  topics: ${quality.topicSizes.join("; ")}`);
  console.log(
    `  second, independent labelling (semantic-labels-second.json): agrees on ${quality.second.agreement} of ` +
      `${quality.articles} (NMI ${quality.second.labellingsNmi.toFixed(3)} between the two); topics NMI against ` +
      `it ${quality.second.topicsNmi.toFixed(3)}`,
  );
  if (quality.searchMisses.length) console.log(`  search below rank 1: ${quality.searchMisses.join("; ")}`);
  console.log(`  latency: ${LIBRARY_SIZE} articles, ${TIMED} sequential requests each after ${WARMUP} warm-ups\n`);
  const widths = [0, 1, 2].map((c) => Math.max(...rows.map((r) => r[c].length)));
  for (const r of rows)
    console.log(`  ${r[0].padEnd(widths[0])}  ${r[1].padStart(widths[1])}  ${r[2].padEnd(widths[2])}  ${r[3]}`);
}

function reportMultilingual(m) {
  console.log(`\nmultilingual library (offline): ${m.articles} articles (${m.languages.join(", ")})`);
  console.log(
    `  ${m.real} topics, ${m.mixed} of them in more than one language; largest ${(m.largestShare * 100).toFixed(0)}% ` +
      `of the library; NMI of the labelled articles ${m.nmi.toFixed(3)}`,
  );
  for (const topic of m.topics) console.log(`  - ${topic}`);
}

/** `-- --follow-ups`: only the follow-up set (scripts/semantic-follow-ups.mjs), a minute instead of several. */
const FOLLOW_UPS_ONLY = process.argv.includes("--follow-ups");

async function main() {
  const started = performance.now();
  if (!existsSync(corpusDir)) throw new Error(`corpus not found at ${corpusDir}`);
  const pages = loadLabelledSet();
  await setup();
  await runOrExit(tool("vite"), ["build"]);
  rmSync(join(ROOT, PERSIST_TO), { recursive: true, force: true });
  await applyMigrations(PERSIST_TO);
  const pageServer = await startPageServer(pages);
  const app = startAppInBackground({
    port: APP_PORT,
    persistTo: PERSIST_TO,
    logPath: join(ROOT, ".wrangler", "semantic-server.log"),
  });
  try {
    await waitForHealth(app);
    const call = apiClient(app.base);
    if (FOLLOW_UPS_ONLY) {
      await measureFollowUps(call, PERSIST_TO);
      await measureQuestionLanguage(call);
      return;
    }
    const quality = await measureQuality(call, app.base, pages, pageServer.origin);
    await measureFollowUps(call, PERSIST_TO);
    await measureRelated(call, app.base);
    await measureQuestionLanguage(call);
    const latency = await measureLatency(call, app.base, pages);
    // Offline and CPU-bound, so after the API calls: seconds of a blocked event loop close idle connections.
    const orders = await nmiOverOrders(quality.items);
    const multilingual = await multilingualTopics(quality.items);
    report({ ...quality, orders }, latency);
    reportMultilingual(multilingual);
    // Topic names (issue 35) on the multilingual labelled library: offline, the Worker's topics code.
    await measureTopicNames();
    await measureTopicStability();
    await measureNewsTopics();
    console.log(`\n  (bench took ${((performance.now() - started) / 60_000).toFixed(1)} min)`);
  } finally {
    app.stop();
    await pageServer.close();
  }
}

await main();
process.exit(0);
