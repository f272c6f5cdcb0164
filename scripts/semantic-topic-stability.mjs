// Topics that hold still (issue 49 item 5), measured offline with the Worker's topics code on the multilingual
// labelled library of semantic-topic-names.mjs (348 real pages, 12 languages, 10 subjects): the library is
// saved in 10 steps of 10% (a seeded shuffle: articles arrive in no order of subject), and after each step the
// topics are made again as a topics run makes them, from the topics of the step before (their ids, names and
// articles). Printed per step: the number of topics, and of the topics before it how many were renamed (their
// name is not that of the topic now holding most of their articles, or that topic is gone), split into those
// whose subject changed (their articles scattered, or merged with a topic of another labelled subject) and
// those whose subject did not (held together, or merged with a topic of the same subject); at the end,
// homogeneity (purity of the clustered articles) and NMI against the subjects.
//
// Run alone: `npx tsx scripts/semantic-topic-stability.mjs`. TOPIC_NAMES_SRC=<dir> measures another checkout's
// src/ (for a "before" figure: there a run's names are the fresh key phrases, as the local model's label steps
// leave them, and ids follow that checkout's topic-identity). TOPIC_LIBRARY_CACHE=<file> keeps the processed
// pages between runs; TOPIC_STABILITY_ORDERS=8 measures 8 saving orders.
import { mulberry32 } from "./lib.mjs";
import { processedLabelledLibrary, sourceModules, subjectAgreement } from "./semantic-topic-names.mjs";

const STEPS = 10;
const SHARE = 0.6;
const TARGET_RENAMED_SHARE = 0.2;
/**
 * The seeds of the saving orders: the first is printed step by step. TOPIC_STABILITY_ORDERS=8 measures 8 orders
 * (k-means and the topics of each step depend on the order articles arrive in; one order is one sample).
 */
const ORDERS = [49, 7, 2026, 1, 3, 11, 100, 5].slice(0, Number(process.env.TOPIC_STABILITY_ORDERS ?? 1));

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

/** The most common labelled subject of these articles (ties by name). */
function mainSubject(ids, byId) {
  const counts = new Map();
  for (const id of ids) counts.set(byId.get(id).page.subject, (counts.get(byId.get(id).page.subject) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0];
}

/**
 * What became of each topic of the step before: renamed or not (the topic now holding most of its articles has
 * another id or name, or none holds any), and for a renamed one whether its subject changed: its articles
 * scattered (no topic holds SHARE of them), or they merged into a topic that continues an earlier topic of
 * another labelled subject; or not: held together under a new name, or merged with a topic of the same subject.
 * `split` counts the topics that kept their name though under SHARE of their articles stayed together.
 */
function outcomes(previous, topics, byId) {
  const topicOf = new Map();
  for (const t of topics) for (const member of t.memberIds) topicOf.set(member, t);
  const previousById = new Map(previous.map((t) => [t.id, t]));
  const outcome = { renamed: 0, scattered: 0, mergedOther: 0, held: 0, mergedSame: 0, split: 0 };
  for (const before of previous) {
    const counts = new Map();
    for (const member of before.memberIds) {
      const now = topicOf.get(member);
      if (now) counts.set(now, (counts.get(now) ?? 0) + 1);
    }
    const [successor, held = 0] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [];
    const together = held >= SHARE * before.memberIds.length;
    if (successor?.label === before.label && successor?.id === before.id) {
      if (!together) outcome.split++;
      continue;
    }
    outcome.renamed++;
    const other = successor && successor.id !== before.id ? previousById.get(successor.id) : undefined;
    if (!together) outcome.scattered++;
    else if (!other) outcome.held++;
    else if (mainSubject(other.memberIds, byId) === mainSubject(before.memberIds, byId)) outcome.mergedSame++;
    else outcome.mergedOther++;
  }
  return outcome;
}

/** The library saved in STEPS steps in the order `seed` shuffles it, topics made after each step. */
function savedInSteps(m, articles, seed, log) {
  const random = mulberry32(seed);
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
      const o = outcomes(previous, topics, byId);
      rows.push({ step, topics: topics.length, before: previous.length, ...o });
      const changed = o.scattered + o.mergedOther;
      log?.(
        `  step ${String(step).padStart(2)} (${ids.length} articles): ${topics.length} topics; renamed ${o.renamed} of ${previous.length} (${Math.round((100 * o.renamed) / previous.length)}%), ${changed} of them on a change of subject (${o.scattered} scattered, ${o.mergedOther} merged with another subject), ${o.held + o.mergedSame} not (${o.held} held together, ${o.mergedSame} merged with the same subject); ${o.split} kept their name in their largest part`,
      );
    } else log?.(`  step  1 (${ids.length} articles): ${topics.length} topics`);
    previous = topics;
  }
  const { homogeneity, nmi, clustered } = subjectAgreement(
    articles,
    previous.map((t) => t.memberIds),
  );
  const sum = (key) => rows.reduce((total, r) => total + r[key], 0);
  const worst = Math.max(...rows.map((r) => r.renamed / r.before));
  return { rows, worst, homogeneity, nmi, clustered, topics: previous.length, sum };
}

export async function measureTopicStability(log = console.log) {
  const m = await sourceModules();
  const articles = await processedLabelledLibrary();
  log(`\nTopics that hold still: the multilingual labelled library (${articles.length} pages) saved in ${STEPS} steps`);
  const results = ORDERS.map((seed, i) => savedInSteps(m, articles, seed, i === 0 ? log : undefined));
  for (const [i, r] of results.entries()) {
    const total = r.sum("renamed");
    const of = r.sum("before");
    log(
      `  ${ORDERS.length > 1 ? `order ${i + 1} (seed ${ORDERS[i]}): ` : ""}renamed per step: ${total} of ${of} (${Math.round((100 * total) / of)}%), worst step ${Math.round(100 * r.worst)}%; target ≤ ${Math.round(100 * TARGET_RENAMED_SHARE)}% each${r.worst <= TARGET_RENAMED_SHARE ? "" : "  MISSED"}; on a change of subject ${r.sum("scattered") + r.sum("mergedOther")} (${r.sum("scattered")} scattered, ${r.sum("mergedOther")} merged with another subject), not ${r.sum("held") + r.sum("mergedSame")}; final step: ${r.topics} topics, homogeneity ${r.homogeneity.toFixed(3)}, NMI ${r.nmi.toFixed(3)}, ${articles.length - r.clustered} articles in no topic`,
    );
  }
  if (results.length > 1) {
    const mean = (f) => results.reduce((total, r) => total + f(r), 0) / results.length;
    log(
      `  mean of ${results.length} orders: worst step ${Math.round(100 * mean((r) => r.worst))}% (highest ${Math.round(100 * Math.max(...results.map((r) => r.worst)))}%), homogeneity ${mean((r) => r.homogeneity).toFixed(3)}, NMI ${mean((r) => r.nmi).toFixed(3)}`,
    );
  }
  const [first] = results;
  return { rows: first.rows, worst: first.worst, homogeneity: first.homogeneity, nmi: first.nmi, orders: results };
}

if (process.argv[1]?.endsWith("semantic-topic-stability.mjs")) await measureTopicStability();
