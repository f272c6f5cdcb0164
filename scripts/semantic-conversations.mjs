// The conversation set of `npm run bench:semantic` (issue 21, item 6): two-turn chat conversations over the
// labelled articles (scripts/bench-data/semantic-conversations.json), through the API as the search modal asks.
//   - follow-ups: the second turn points back at the first turn's results ("the second one", "the one about
//     Metroid", "more like it", "der erste"); resolved when the API's `refers_to` (and, unless it asks for more
//     like it, its one result) is the expected article: the result at that place of the first turn, or the
//     labelled article named by key.
//   - filters: the second turn names a read state or a language; precision@3 is the share of the top 3 (or all,
//     when fewer are shown) that pass the filter, by the state the benchmark set or the page's own language.
// Read states: every third labelled article (in save order) is marked read first. Languages: a second user saves
// the corpus pages in other languages and a few English ones, served from a page server of its own.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { join } from "node:path";
import { ROOT } from "./lib.mjs";

const dataFile = join(ROOT, "scripts", "bench-data", "semantic-conversations.json");
const corpusDir = join(ROOT, "..", "shared", "corpus", "readability-test-pages");
const TARGETS = { followUps: 0.9, filterPrecision: 0.9 };
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function newSession(call, token) {
  return (await call("POST", "/api/search/session", { token, body: { action: "create" } })).session_id;
}

async function twoTurns(call, token, first, second) {
  const session_id = await newSession(call, token);
  const one = await call("POST", "/api/search/chat", { token, body: { query: first, session_id, limit: 10 } });
  const two = await call("POST", "/api/search/chat", { token, body: { query: second, session_id, limit: 10 } });
  return { one, two };
}

/** Serves corpus pages by folder name on a free port (the labelled set's server serves only its own pages). */
function servePages(keys) {
  const server = createServer((req, res) => {
    const key = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname.replace(/^\/page\//, ""));
    if (!keys.includes(key)) {
      res.writeHead(404).end("not found");
      return;
    }
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(readFileSync(join(corpusDir, key, "source.html"), "utf8"));
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const { port } = /** @type {import("node:net").AddressInfo} */ (server.address());
      resolve({ origin: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(r)) });
    }),
  );
}

async function waitProcessed(call, token, ids) {
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    const { statuses } = await call("POST", "/api/articles/batch/status", { token, body: { article_ids: ids } });
    if (statuses.every((s) => s.status === "completed" || s.status === "failed")) return;
    if (Date.now() > deadline) throw new Error("language library still processing after 10 min");
    await sleep(500);
  }
}

/** A second user's library of pages in several languages: article id -> the page's language (ISO 639-1). */
async function languageLibrary(call, data) {
  const { access_token: token } = await call("POST", "/api/auth/register", {
    body: { email: `semantic-languages-${Date.now()}@example.com`, password: "bench-password" },
  });
  const keys = Object.keys(data.languagePages);
  const pages = await servePages(keys);
  try {
    const bulk = await call("POST", "/api/articles/bulk", {
      token,
      body: { urls: keys.map((key) => `${pages.origin}/page/${encodeURIComponent(key)}`) },
    });
    const ids = bulk.results.map((r) => r.article.id);
    await waitProcessed(call, token, ids);
    return { token, languageOf: new Map(ids.map((id, i) => [id, data.languagePages[keys[i]]])) };
  } finally {
    await pages.close();
  }
}

/**
 * Runs the conversation set against the labelled library (`items`: id, key, subject, title of each processed
 * article, in save order) of the user with `token`; prints examples and figures and returns them.
 */
export async function measureConversations(call, token, items) {
  const data = JSON.parse(readFileSync(dataFile, "utf8"));
  const idOf = new Map(items.map((item) => [item.key, item.id]));
  const titleOf = new Map(items.map((item) => [item.id, item.title]));
  const subjectOf = new Map(items.map((item) => [item.id, item.subject]));
  const read = new Set(items.filter((_, i) => i % 3 === 0).map((item) => item.id));
  for (const id of read) await call("POST", `/api/articles/${id}/mark-read`, { token });
  console.log(`› Conversations: ${data.followUps.length} follow-ups, ${data.filters.length} filter questions...`);

  const followUps = [];
  for (const c of data.followUps) {
    const { one, two } = await twoTurns(call, token, c.first, c.second);
    const firstIds = one.results.map((r) => r.article.id);
    const expected = c.expect.key !== undefined ? idOf.get(c.expect.key) : firstIds.at(c.expect.position);
    const shown = two.results.map((r) => r.article.id);
    const resolved =
      expected !== undefined &&
      two.refers_to === expected &&
      (c.expect.similar ? !shown.includes(expected) : shown.length === 1 && shown[0] === expected);
    followUps.push({ ...c, resolved, expected, got: two.refers_to, shown, sameSubject: subjectShare(c, two) });
  }

  function subjectShare(c, two) {
    if (!c.expect.similar || two.refers_to == null) return undefined;
    const top = two.results.slice(0, 3).map((r) => r.article.id);
    const subject = subjectOf.get(two.refers_to);
    return top.length ? top.filter((id) => subjectOf.get(id) === subject).length / top.length : 0;
  }

  const languages = data.filters.some((f) => f.filter.language) ? await languageLibrary(call, data) : undefined;
  const filters = [];
  for (const f of data.filters) {
    const who = f.filter.language ? languages : { token, languageOf: new Map() };
    const { two } = await twoTurns(call, who.token, f.first, f.second);
    const top = two.results.slice(0, 3).map((r) => r.article.id);
    const passes = (id) =>
      f.filter.language ? who.languageOf.get(id) === f.filter.language : read.has(id) === f.filter.isRead;
    const precision = top.length ? top.filter(passes).length / top.length : 0;
    const onSubject = f.subject
      ? top.filter((id) => subjectOf.get(id) === f.subject).length / (top.length || 1)
      : undefined;
    filters.push({ ...f, precision, onSubject, top, titles: two.results.slice(0, 3).map((r) => r.article.title) });
  }

  const followUpRate = followUps.filter((f) => f.resolved).length / followUps.length;
  const filterPrecision = filters.reduce((sum, f) => sum + f.precision, 0) / filters.length;
  const similar = followUps.map((f) => f.sameSubject).filter((s) => s !== undefined);
  const subjects = filters.map((f) => f.onSubject).filter((s) => s !== undefined);

  console.log("  examples:");
  for (const f of followUps.slice(0, 6)) {
    console.log(
      `    "${f.first}" → "${f.second}": ${f.resolved ? "resolved" : "MISSED"}, "${titleOf.get(f.got) ?? f.got}"`,
    );
  }
  for (const f of filters.filter((_, i) => i % 3 === 0)) {
    console.log(
      `    "${f.first}" → "${f.second}": P@3 ${f.precision.toFixed(2)}, ${f.titles.map((t) => `"${t}"`).join(", ")}`,
    );
  }
  for (const f of followUps.filter((f) => !f.resolved)) {
    console.log(
      `    missed: "${f.first}" → "${f.second}": expected ${titleOf.get(f.expected) ?? "none"}, got ${titleOf.get(f.got) ?? f.got}`,
    );
  }
  for (const f of filters.filter((f) => f.precision < 1)) {
    console.log(`    filter below 1: "${f.second}" P@3 ${f.precision.toFixed(2)}: ${f.titles.join(" | ")}`);
  }
  const mark = (ok) => (ok ? "ok" : "MISSED");
  console.log(
    `  follow-ups resolved: ${followUpRate.toFixed(3)} (${followUps.filter((f) => f.resolved).length}/${followUps.length}, target >= ${TARGETS.followUps}) ${mark(followUpRate >= TARGETS.followUps)}`,
  );
  console.log(
    `  filter precision@3: ${filterPrecision.toFixed(3)} (${filters.length} questions, target >= ${TARGETS.filterPrecision}) ${mark(filterPrecision >= TARGETS.filterPrecision)}`,
  );
  if (similar.length) {
    const share = similar.reduce((a, b) => a + b, 0) / similar.length;
    console.log(`  "more like it": share of the top 3 in the referenced article's subject ${share.toFixed(3)}`);
  }
  if (subjects.length) {
    const share = subjects.reduce((a, b) => a + b, 0) / subjects.length;
    console.log(`  read-state questions: share of the top 3 in the subject asked about ${share.toFixed(3)}`);
  }
  return { followUpRate, filterPrecision, followUps: followUps.length, filters: filters.length };
}
