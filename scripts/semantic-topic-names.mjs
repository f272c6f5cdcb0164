// The topic-name measures of `npm run bench:semantic` (issue 35), on a multilingual labelled library
// (scripts/bench-data/topic-names-multilingual.json: 348 real pages of ../shared/corpus in 12 languages, each
// with a subject assigned by hand). Offline, with the Worker's own code and local adapters: each page is
// extracted, its language detected, summarised and embedded as article-pipeline does, and the library is
// clustered by the Worker's topics code (library-items, cluster-library). Printed:
//   - the share of topic names that break the naming rules (name-rules.isAcceptableTopicName in the topic's
//     language, or a name two topics share): target 0;
//   - topic homogeneity against the labels: the share of clustered articles whose topic's most common subject
//     is their own (purity, leftover group excluded), and NMI: target ≥ 0.80;
//   - for every topic, the share of members whose title or summary contains its name (every content word of
//     the name, by stem, in the article's language): target ≥ 40% for each.
//
// Run alone: `npx tsx scripts/semantic-topic-names.mjs`. TOPIC_NAMES_SRC=<dir> measures another checkout's
// src/ (the "before" figures of docs/ai.md came from `git archive main`), with the same labels and rules.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { isAcceptableTopicName } from "../src/worker/domain/clustering/name-rules";
import { stemWord, wordsOf } from "../src/worker/domain/words";
import { pageHtml } from "./labelled-library.mjs";
import { ROOT } from "./lib.mjs";
import { normalizedMutualInformation, purity } from "./semantic-metrics";

const DIMENSIONS = 1024; // EMBEDDING_DIMENSIONS in wrangler.toml
const TARGETS = { brokenNames: 0, homogeneity: 0.8, nameInMembers: 0.4 };
const corpusRoot = join(ROOT, "..", "shared", "corpus");
/**
 * TOPIC_NAMES_AS_OLD_PIPELINE=1: cluster as `pipeline cluster` did before it took languages (no language to
 * the embedder or the clustering), for the "before" figure of docs/ai.md.
 */
const AS_OLD_PIPELINE = process.env.TOPIC_NAMES_AS_OLD_PIPELINE === "1";

export async function sourceModules() {
  const src = resolve(process.env.TOPIC_NAMES_SRC ?? join(ROOT, "src"));
  // TOPIC_CLUSTER_SRC: another checkout's embedder and topics code only, with this checkout's extraction and
  // summaries (what an embedder or clustering change cost, on the same texts).
  const clusterSrc = resolve(process.env.TOPIC_CLUSTER_SRC ?? src);
  const load = (path, from = src) => import(join(from, path));
  return {
    extract: await load("worker/domain/extraction/extract-article.ts"),
    language: await load("worker/domain/article-language.ts"),
    summarizer: await load("worker/adapters/local/extractive-language-model.ts"),
    embedder: await load("worker/adapters/local/local-embedder.ts", clusterSrc),
    embeddingText: await load("worker/domain/embedding/article-embedding-text.ts"),
    clustering: await load("worker/domain/clustering/cluster-library.ts", clusterSrc),
    identity: await load("worker/domain/clustering/topic-identity.ts", clusterSrc),
    similarity: await load("worker/domain/similarity/calibrate-library.ts", clusterSrc),
  };
}

/** Whether every content word of `name` is, by stem, among the words of `text` (the name "or its stem"). */
function containsName(text, name, language) {
  const stems = new Set(wordsOf(text, language).map((w) => stemWord(w, language)));
  const nameStems = wordsOf(name, language).map((w) => stemWord(w, language));
  return nameStems.length > 0 && nameStems.every((stem) => stems.has(stem));
}

/**
 * The labelled pages processed as the Worker would (extraction, language, summary, embedding): per article its
 * page, title, summary, language and vector. TOPIC_LIBRARY_CACHE=<file> keeps them in that file between runs
 * (the processing takes minutes; the topics code is what changes).
 */
export async function processedLabelledLibrary() {
  const { pages } = JSON.parse(
    readFileSync(join(ROOT, "scripts", "bench-data", "topic-names-multilingual.json"), "utf8"),
  );
  return processedPages(pages, process.env.TOPIC_LIBRARY_CACHE);
}

/**
 * Labelled pages (each with `corpus`, `page`, `url`, `subject`) processed as the Worker would; `cache`, a file
 * that keeps the result between runs.
 */
export async function processedPages(pages, cache) {
  if (cache && existsSync(cache)) return JSON.parse(readFileSync(cache, "utf8"));
  const m = await sourceModules();
  const embedder = m.embedder.createLocalEmbedder(DIMENSIONS);
  const summarizer = m.summarizer.createExtractiveLanguageModel();
  const articles = [];
  for (const [id, page] of pages.entries()) {
    const url = page.url ?? `https://example.com/${page.page}`;
    const article = m.extract.extractArticle(pageHtml(page), url);
    const title = article.title ?? "";
    const text = m.extract.htmlToText(article.content ?? "");
    const language = m.language.articleLanguage(`${title}\n${text}`, article.htmlLanguage);
    const summary = await summarizer.summarize({ title, text, language });
    const [vector] = await embedder.embed(
      [m.embeddingText.articleEmbeddingText({ title, summary, text }, embedder.maxInputChars)],
      AS_OLD_PIPELINE ? {} : { language },
    );
    articles.push({ id, page, title, summary, language, vector: Array.from(Float32Array.from(vector ?? [])) });
  }
  if (cache) writeFileSync(cache, JSON.stringify(articles));
  return articles;
}

/** Processes the labelled pages as the Worker would and clusters them: topics, labels and per-article data. */
export async function clusterLabelledLibrary() {
  const m = await sourceModules();
  const articles = await processedLabelledLibrary();
  const now = Date.now();
  // The fields of library-items' libraryItems, built here so an older checkout without it is measured alike.
  const items = articles.map((a) => ({
    id: a.id,
    vector: a.vector,
    title: a.title,
    text: a.summary,
    isRead: false,
    createdAt: now,
    feedback: null,
    language: AS_OLD_PIPELINE ? null : a.language,
  }));
  // As the topics run clusters with the local embedder: each language apart (it cannot compare languages).
  return { articles, clustering: m.clustering.clusterLibrary(items, now, { perLanguage: !AS_OLD_PIPELINE }) };
}

/**
 * How well the embeddings alone place articles by subject, whatever the clustering does: each article's 5
 * nearest others (cosine) vote for a subject; the share whose vote is its own, overall and for the languages
 * with more than 10 articles.
 */
function nearestNeighbourVote(articles) {
  const cosine = (a, b) => {
    let dot = 0;
    for (let i = 0; i < a.length; i++) dot += a[i] * b[i];
    return dot;
  };
  const right = new Map();
  const total = new Map();
  for (const a of articles) {
    const votes = new Map();
    for (const [other] of articles
      .filter((o) => o !== a)
      .map((o) => [o, cosine(a.vector, o.vector)])
      .sort((x, y) => y[1] - x[1])
      .slice(0, 5)) {
      votes.set(other.page.subject, (votes.get(other.page.subject) ?? 0) + 1);
    }
    const [winner] = [...votes].sort((x, y) => y[1] - x[1])[0];
    total.set(a.language, (total.get(a.language) ?? 0) + 1);
    if (winner === a.page.subject) right.set(a.language, (right.get(a.language) ?? 0) + 1);
  }
  const sum = (map) => [...map.values()].reduce((x, y) => x + y, 0);
  const byLanguage = Object.fromEntries(
    [...total].filter(([, n]) => n > 10).map(([language, n]) => [language, (right.get(language) ?? 0) / n]),
  );
  return { all: sum(right) / sum(total), byLanguage };
}

/**
 * How well topics (each a list of article ids) follow the articles' labelled subjects: homogeneity, the purity
 * of the articles in a topic, and NMI, an article in no topic counting as its own cluster. `clustered`: how many
 * articles are in a topic.
 */
export function subjectAgreement(articles, topics) {
  const topicOf = new Map();
  topics.forEach((ids, index) => {
    for (const id of ids) topicOf.set(id, index);
  });
  const clustered = articles.filter((a) => topicOf.has(a.id));
  return {
    clustered: clustered.length,
    homogeneity: purity(
      clustered.map((a) => a.page.subject),
      clustered.map((a) => topicOf.get(a.id)),
    ),
    nmi: normalizedMutualInformation(
      articles.map((a) => a.page.subject),
      articles.map((a) => (topicOf.has(a.id) ? `t${topicOf.get(a.id)}` : `alone-${a.id}`)),
    ),
  };
}

/** The measures above, printed; returns them for callers. */
export async function measureTopicNames(log = console.log) {
  const started = Date.now();
  const { articles, clustering } = await clusterLabelledLibrary();
  const byId = new Map(articles.map((a) => [a.id, a]));
  // Each name is checked in the main language of its topic's articles as detected (not the topic's own
  // `language`, which a run that passed no languages set to "en").
  const topics = clustering.topics
    .filter((t) => !t.leftover)
    .map((t) => {
      const counts = new Map();
      for (const { id } of t.members) counts.set(byId.get(id).language, (counts.get(byId.get(id).language) ?? 0) + 1);
      return { ...t, language: [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0][0] };
    });
  const nameCounts = new Map();
  for (const t of topics) nameCounts.set(t.label.toLowerCase(), (nameCounts.get(t.label.toLowerCase()) ?? 0) + 1);
  const broken = topics.filter(
    (t) => !isAcceptableTopicName(t.label, t.language) || (nameCounts.get(t.label.toLowerCase()) ?? 0) > 1,
  );
  const { homogeneity, nmi } = subjectAgreement(
    articles,
    topics.map((t) => t.members.map((member) => member.id)),
  );
  const rows = topics.map((t) => {
    const members = t.members.map((member) => byId.get(member.id));
    const subjects = new Map();
    for (const a of members) subjects.set(a.page.subject, (subjects.get(a.page.subject) ?? 0) + 1);
    const [subject, count] = [...subjects].sort((x, y) => y[1] - x[1])[0];
    const named = members.filter((a) => containsName(`${a.title}\n${a.summary}`, t.label, a.language)).length;
    return {
      label: t.label,
      language: t.language,
      size: members.length,
      subject,
      share: count / members.length,
      named: named / members.length,
    };
  });
  const languages = new Map();
  for (const a of articles) languages.set(a.language, (languages.get(a.language) ?? 0) + 1);
  const pct = (x) => `${Math.round(x * 100)}%`;
  const mark = (ok) => (ok ? "" : "  MISSED");
  log(
    `\nTopic names on a multilingual labelled library (${articles.length} pages: ${[...languages]
      .sort((a, b) => b[1] - a[1])
      .map(([l, n]) => `${l} ${n}`)
      .join(", ")})`,
  );
  log(
    `  ${topics.length} topics, ${clustering.unclustered.length} articles in no topic; silhouette ${clustering.silhouette}; ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  for (const r of rows)
    log(
      `  - ${r.label} (${r.language}, ${r.size}): ${pct(r.share)} ${r.subject}; name in ${pct(r.named)} of titles/summaries${isAcceptableTopicName(r.label, r.language) ? "" : "  BREAKS THE RULES"}`,
    );
  const brokenShare = topics.length ? broken.length / topics.length : 0;
  const minNamed = Math.min(...rows.map((r) => r.named));
  const namedOk = rows.filter((r) => r.named >= TARGETS.nameInMembers).length;
  const vote = nearestNeighbourVote(articles);
  log(
    `  5-nearest-neighbour subject vote (embeddings alone, leave one out): ${vote.all.toFixed(3)}; ${Object.entries(
      vote.byLanguage,
    )
      .map(([language, share]) => `${language} ${share.toFixed(2)}`)
      .join(", ")}`,
  );
  log(
    `  names breaking the rules: ${pct(brokenShare)} (${broken.length} of ${topics.length}${broken.length ? `: ${broken.map((t) => t.label).join(", ")}` : ""}); target 0${mark(brokenShare <= TARGETS.brokenNames)}`,
  );
  log(
    `  topic homogeneity (purity of clustered articles): ${homogeneity.toFixed(3)}; target ≥ ${TARGETS.homogeneity}${mark(homogeneity >= TARGETS.homogeneity)}; NMI ${nmi.toFixed(3)}`,
  );
  log(
    `  name in members' titles or summaries: every topic ≥ ${pct(TARGETS.nameInMembers)}? ${namedOk} of ${rows.length} topics; lowest ${pct(minNamed)}${mark(namedOk === rows.length)}`,
  );
  return { topics: topics.length, brokenShare, homogeneity, nmi, minNamed, namedOk, nearestNeighbourVote: vote.all };
}

if (process.argv[1]?.endsWith("semantic-topic-names.mjs")) {
  if (!existsSync(join(corpusRoot, "trafilatura-dev"))) {
    console.error("../shared/corpus/trafilatura-dev is missing");
    process.exit(1);
  }
  await measureTopicNames();
}
