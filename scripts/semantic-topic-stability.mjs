// Topics that hold still (issue 49 item 5), measured offline with the Worker's topics code on the multilingual
// labelled library of semantic-topic-names.mjs (348 real pages, 12 languages, 10 subjects): the library is
// saved in 10 steps of 10% (a seeded shuffle: articles arrive in no order of subject), and after each step the
// topics are made again as a topics run makes them, from the topics of the step before (their ids, names and
// articles). Printed per step: the number of topics, and of the topics before it how many were renamed (their
// name is not that of the topic now holding most of their articles, or that topic is gone), split into those
// whose subject stayed (a topic holds SAME_TOPIC_SHARE of their articles) and those whose articles scattered;
// at the end, homogeneity (purity of the clustered articles) and NMI against the subjects.
//
// Run alone: `npx tsx scripts/semantic-topic-stability.mjs`. TOPIC_NAMES_SRC=<dir> measures another checkout's
// src/ (for a "before" figure: there a run's names are the fresh key phrases, as the local model's label steps
// leave them, and ids follow that checkout's topic-identity). TOPIC_LIBRARY_CACHE=<file> keeps the processed
// pages between runs.
import { mulberry32 } from "./lib.mjs";
import { processedLabelledLibrary, sourceModules, subjectAgreement } from "./semantic-topic-names.mjs";

const STEPS = 10;
const SHARE = 0.6;
const TARGET_RENAMED_SHARE = 0.2;

/** Topics as a run of the measured checkout stores them, from `items` and the previous step's topics. */
function topicsRun(m, items, now, previous, nextId) {
  const newApi = typeof m.identity.SAME_TOPIC_SHARE === "number";
  if (newApi) {
    const clustering = m.clustering.clusterLibrary(items, now, { perLanguage: true, previous });
    return clustering.topics
      .filter((t) => !t.leftover)
      .map((t) => ({
        id: t.continues?.id ?? nextId(),
        createdAt: t.continues?.createdAt ?? now,
        label: t.label,
        memberIds: t.members.map((x) => x.id),
      }));
  }
  // The checkout before: identities by Jaccard, and every topic named again by the label step (the local model
  // returns the key-phrase name it is given).
  const clustering = m.clustering.clusterLibrary(items, now);
  const named = clustering.topics.filter((t) => !t.leftover);
  const identities = m.identity.inheritTopicIdentities(
    previous,
    named.map((t) => t.members.map((x) => x.id)),
  );
  return named.map((t, i) => ({
    id: identities.get(i)?.id ?? nextId(),
    createdAt: identities.get(i)?.createdAt ?? now,
    label: t.label,
    memberIds: t.members.map((x) => x.id),
  }));
}

export async function measureTopicStability(log = console.log) {
  const m = await sourceModules();
  const articles = await processedLabelledLibrary();
  const random = mulberry32(49);
  const order = articles.map((a) => a.id);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  const byId = new Map(articles.map((a) => [a.id, a]));
  let id = 1_000;
  const nextId = () => ++id;
  let previous = [];
  const start = Date.UTC(2026, 10, 1);
  const rows = [];
  log(`\nTopics that hold still: the multilingual labelled library (${articles.length} pages) saved in ${STEPS} steps`);
  for (let step = 1; step <= STEPS; step++) {
    const ids = order.slice(0, Math.round((step / STEPS) * order.length));
    const items = ids.map((articleId, position) => {
      const a = byId.get(articleId);
      return {
        id: a.id,
        vector: a.vector,
        title: a.title,
        text: a.summary,
        isRead: false,
        createdAt: start + position * 60_000,
        feedback: null,
        language: a.language,
      };
    });
    const now = start + step * 86_400_000;
    const topics = topicsRun(m, items, now, previous, nextId);
    if (previous.length > 0) {
      const topicOf = new Map();
      for (const t of topics) for (const member of t.memberIds) topicOf.set(member, t);
      const previousIds = new Set(previous.map((t) => t.id));
      const outcome = { renamed: 0, held: 0, merged: 0, scattered: 0 };
      for (const before of previous) {
        const counts = new Map();
        for (const member of before.memberIds) {
          const now = topicOf.get(member);
          if (now) counts.set(now, (counts.get(now) ?? 0) + 1);
        }
        const [successor, held = 0] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [];
        if (successor?.label === before.label && successor?.id === before.id) continue;
        outcome.renamed++;
        // Why: its articles still together under another name (held), or in a topic that continues another
        // earlier topic (merged), or spread over several topics or none (scattered).
        if (held < SHARE * before.memberIds.length) outcome.scattered++;
        else if (previousIds.has(successor.id) && successor.id !== before.id) outcome.merged++;
        else outcome.held++;
      }
      rows.push({ step, topics: topics.length, before: previous.length, ...outcome });
      log(
        `  step ${String(step).padStart(2)} (${ids.length} articles): ${topics.length} topics; renamed ${outcome.renamed} of ${previous.length} (${Math.round((100 * outcome.renamed) / previous.length)}%): ${outcome.held} held together, ${outcome.merged} merged into another, ${outcome.scattered} scattered`,
      );
    } else log(`  step  1 (${ids.length} articles): ${topics.length} topics`);
    previous = topics;
  }
  const { homogeneity, nmi, clustered } = subjectAgreement(
    articles,
    previous.map((t) => t.memberIds),
  );
  const worst = Math.max(...rows.map((r) => r.renamed / r.before));
  const total = rows.reduce((sum, r) => sum + r.renamed, 0);
  const of = rows.reduce((sum, r) => sum + r.before, 0);
  const sum = (key) => rows.reduce((total, r) => total + r[key], 0);
  log(
    `  renamed per step: ${total} of ${of} (${Math.round((100 * total) / of)}%), worst step ${Math.round(100 * worst)}%; target ≤ ${Math.round(100 * TARGET_RENAMED_SHARE)}% each${worst <= TARGET_RENAMED_SHARE ? "" : "  MISSED"}; ${sum("held")} held together, ${sum("merged")} merged, ${sum("scattered")} scattered`,
  );
  log(
    `  final step: ${previous.length} topics, homogeneity ${homogeneity.toFixed(3)}, NMI ${nmi.toFixed(3)}, ${articles.length - clustered} articles in no topic`,
  );
  return { rows, worst, homogeneity, nmi };
}

if (process.argv[1]?.endsWith("semantic-topic-stability.mjs")) await measureTopicStability();
