// Topic homogeneity on English news (issue 49 item 5), offline with the Worker's code: the English news pages of
// the labelled library (scripts/bench-data/labelled-library.json, loaded by labelled-library.mjs; each page with a
// subject and a dev or held-out half) are processed as the Worker processes them (semantic-topic-names.mjs) and
// clustered by the topics run's code, each half alone and both together. Printed for each: the number of topics,
// homogeneity (purity of the clustered articles against the subjects, as bench:semantic measures it; target
// ≥ 0.88 at 20 topics or fewer) and NMI.
//
// Run alone: `npx tsx scripts/semantic-topic-news.mjs`. TOPIC_NAMES_SRC=<dir> measures another checkout's src/;
// TOPIC_NEWS_CACHE=<file> keeps the processed pages between runs.
import { readLabelledLibrary, selectPages } from "./labelled-library.mjs";
import { processedPages, sourceModules, subjectAgreement } from "./semantic-topic-names.mjs";

const TARGET = { homogeneity: 0.88, topics: 20 };

/** Topics of these processed articles as a topics run makes them: their count, purity and NMI. */
function measure(m, articles) {
  const now = Date.UTC(2026, 11, 1);
  const items = articles.map((a, position) => ({
    id: a.id,
    vector: a.vector,
    title: a.title,
    text: a.summary,
    isRead: false,
    createdAt: now - position * 60_000,
    feedback: null,
    language: a.language,
  }));
  const clustering = m.clustering.clusterLibrary(items, now, { perLanguage: true });
  const topics = clustering.topics.filter((t) => !t.leftover);
  const agreement = subjectAgreement(
    articles,
    topics.map((t) => t.members.map((member) => member.id)),
  );
  return { topics: topics.length, leftover: articles.length - agreement.clustered, ...agreement };
}

export async function measureNewsTopics(log = console.log) {
  const m = await sourceModules();
  const pages = selectPages(readLabelledLibrary().pages, { language: "en", newsOnly: true });
  const articles = await processedPages(pages, process.env.TOPIC_NEWS_CACHE);
  log(
    `\nTopics of English news (labelled library: ${articles.length} pages, ${new Set(pages.map((p) => p.subject)).size} subjects)`,
  );
  const results = {};
  for (const [name, part] of [
    ["dev", articles.filter((a) => a.page.split === "dev")],
    ["held-out", articles.filter((a) => a.page.split === "heldout")],
    ["both", articles],
  ]) {
    const r = measure(m, part);
    results[name] = r;
    const ok = r.homogeneity >= TARGET.homogeneity && r.topics <= TARGET.topics;
    log(
      `  ${name.padEnd(8)} ${String(part.length).padStart(3)} articles: ${r.topics} topics (${r.leftover} in no topic), homogeneity ${r.homogeneity.toFixed(3)}, NMI ${r.nmi.toFixed(3)}; target ≥ ${TARGET.homogeneity} at ≤ ${TARGET.topics} topics${ok ? "" : "  MISSED"}`,
    );
  }
  return results;
}

if (process.argv[1]?.endsWith("semantic-topic-news.mjs")) await measureNewsTopics();
