// The follow-up set of `npm run bench:semantic` (issue 35, item 5): 64 two-turn conversations in English, German,
// Spanish and French over a small labelled library of 32 real pages of the trafilatura-dev corpus
// (scripts/bench-data/semantic-follow-ups.json), asked through the API in a session as the search modal asks.
// A follow-up lands when its results are exactly the article set it means among the first turn's results: the
// one at a place ("die zweite"), those unread, read, saved last or this week, the newest or oldest, those about
// a labelled subject ("which of these is about Python?"), all of them ("résume-les"); "more like that" lands
// when it points at the result meant, leaves it out and leads with an article of the same subject.
// Then 30 follow-ups with nothing to follow (semantic-follow-ups-nothing.json): after a question that found
// nothing, past the end of the results, or naming a saving time none of them has; answered as described.
// Each page's saving time and read state follow its place among its language's pages (see the data's note);
// the saving times are written straight into the local D1, as the API has no way to back-date a save.
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { chatPhrases } from "../src/worker/domain/answers/chat-phrases";
import { ROOT, run, tool } from "./lib.mjs";

const dataFile = join(ROOT, "scripts", "bench-data", "semantic-follow-ups.json");
const nothingFile = join(ROOT, "scripts", "bench-data", "semantic-follow-ups-nothing.json");
const corpusDir = join(ROOT, "..", "shared", "corpus", "trafilatura-dev", "html");
const TARGET = 0.9;
const DAY = 86_400_000;
const MINUTE = 60_000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Serves the pages by file name on a free port. */
function servePages(files) {
  const server = createServer((req, res) => {
    const file = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname.replace(/^\/page\//, ""));
    if (!files.includes(file)) {
      res.writeHead(404).end("not found");
      return;
    }
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(gunzipSync(readFileSync(join(corpusDir, `${file}.gz`))));
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const { port } = /** @type {import("node:net").AddressInfo} */ (server.address());
      resolve({ origin: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(r)) });
    }),
  );
}

/** Monday 00:00 UTC of this week (the chat reads weeks in UTC when the request gives no time zone). */
function weekStart(now) {
  const today = Math.floor(now / DAY) * DAY;
  return today - ((new Date(now).getUTCDay() + 6) % 7) * DAY;
}

/** Saving time and read state by the page's place among its language's pages. */
function pageState(place, now) {
  const saved = ["this-week", "last-week", "older"][place % 3];
  const at =
    saved === "this-week"
      ? Math.max(weekStart(now), now - (place + 1) * MINUTE)
      : saved === "last-week"
        ? weekStart(now) - 3 * DAY + place * MINUTE
        : now - 40 * DAY + place * MINUTE;
  return { saved, at, read: place % 4 === 1 };
}

async function waitProcessed(call, token, ids) {
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    const { statuses } = await call("POST", "/api/articles/batch/status", { token, body: { article_ids: ids } });
    if (statuses.every((s) => s.status === "completed" || s.status === "failed")) return statuses;
    if (Date.now() > deadline) throw new Error("follow-up library still processing after 10 min");
    await sleep(500);
  }
}

async function backDate(persistTo, rows) {
  const dir = join(tmpdir(), `viberead-follow-ups-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, "saved-at.sql");
  writeFileSync(file, rows.map((r) => `UPDATE articles SET created_at = ${r.at} WHERE id = ${r.id};`).join("\n"));
  const logPath = join(ROOT, ".wrangler", "semantic-follow-ups.log");
  const log = openSync(logPath, "w");
  try {
    const args = ["d1", "execute", "DB", "--local", "--persist-to", persistTo, "--file", file, "--yes"];
    const code = await run(tool("wrangler"), args, { spawn: { stdio: ["ignore", log, log] } });
    if (code !== 0) throw new Error(`wrangler d1 execute exited with ${code}; see ${logPath}`);
  } finally {
    closeSync(log);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The article set a follow-up means among the first turn's results (ids in their order). */
function expectedSet(expect, first, byId, idOf) {
  if (expect.position !== undefined) {
    const id = first.at(expect.position);
    return id === undefined || (expect.position < 0 && first.length === 0) ? [] : [id];
  }
  let set = first.map((id) => byId.get(id)).filter(Boolean);
  if (expect.isRead !== undefined) set = set.filter((a) => a.read === expect.isRead);
  if (expect.saved) set = set.filter((a) => a.saved === expect.saved);
  if (expect.about) set = set.filter((a) => expect.about.map((f) => idOf.get(f)).includes(a.id));
  if (expect.newest || expect.oldest) {
    const sorted = [...set].sort((a, b) => a.at - b.at);
    set = (expect.newest ? sorted.slice(-1) : sorted.slice(0, 1)).filter(Boolean);
  }
  return set.map((a) => a.id);
}

const sameSet = (a, b) => a.length === b.length && a.every((id) => b.includes(id));

/**
 * Saves the library for a new user of the app at `call` (whose local D1 is persisted at `persistTo`), asks the
 * conversations and prints the share that lands on the right article set. Returns the figures.
 */
export async function measureFollowUps(call, persistTo) {
  const data = JSON.parse(readFileSync(dataFile, "utf8"));
  const { access_token: token } = await call("POST", "/api/auth/register", {
    body: { email: `semantic-follow-ups-${Date.now()}@example.com`, password: "bench-password" },
  });
  const files = data.pages.map((p) => p.file);
  console.log(`\n› Follow-ups: saving ${files.length} corpus pages (en, de, es, fr) and waiting for processing...`);
  const pages = await servePages(files);
  let ids;
  try {
    const bulk = await call("POST", "/api/articles/bulk", {
      token,
      body: { urls: files.map((f) => `${pages.origin}/page/${encodeURIComponent(f)}`) },
    });
    ids = bulk.results.map((r) => r.article.id);
    const statuses = await waitProcessed(call, token, ids);
    for (const s of statuses.filter((s) => s.status !== "completed")) console.log(`  failed: ${s.article_id}`);
  } finally {
    await pages.close();
  }
  const now = Date.now();
  const places = new Map();
  const articles = data.pages.map((page, i) => {
    const place = places.get(page.language) ?? 0;
    places.set(page.language, place + 1);
    return { id: ids[i], ...page, ...pageState(place, now) };
  });
  for (const a of articles.filter((a) => a.read)) await call("POST", `/api/articles/${a.id}/mark-read`, { token });
  await backDate(persistTo, articles);
  const byId = new Map(articles.map((a) => [a.id, a]));
  const idOf = new Map(articles.map((a) => [a.file, a.id]));

  const outcomes = [];
  for (const c of data.conversations) {
    const { session_id } = await call("POST", "/api/search/session", { token, body: { action: "create" } });
    const one = await call("POST", "/api/search/chat", { token, body: { query: c.first, session_id, limit: 10 } });
    const two = await call("POST", "/api/search/chat", { token, body: { query: c.second, session_id, limit: 10 } });
    const first = one.results.map((r) => r.article.id);
    const shown = two.results.map((r) => r.article.id);
    let landed;
    let expected;
    if (c.expect.similar) {
      expected = first.slice(c.expect.position ?? 0, (c.expect.position ?? 0) + 1);
      const meant = expected[0];
      landed =
        meant !== undefined &&
        two.refers_to === meant &&
        !shown.includes(meant) &&
        shown.length > 0 &&
        byId.get(shown[0])?.subject === byId.get(meant)?.subject;
    } else {
      expected = expectedSet(c.expect, first, byId, idOf);
      landed = first.length > 0 && sameSet(shown, expected);
    }
    outcomes.push({ ...c, landed, expected, shown, firstIds: first, language: byId.get(first[0])?.language ?? "?" });
  }

  const name = (id) => (byId.get(id)?.file ?? String(id)).replace(/\.html$/, "");
  for (const o of outcomes.filter((o) => !o.landed)) {
    console.log(
      `    missed: "${o.first}" (${o.firstIds.length} results) → "${o.second}": expected [${o.expected.map(name).join(", ")}], got [${o.shown.map(name).join(", ")}]`,
    );
  }
  const nothing = await measureNothingToFollow(call, token, byId);

  const share = outcomes.filter((o) => o.landed).length / outcomes.length;
  const byLanguage = ["en", "de", "es", "fr"].map((language) => {
    const mine = outcomes.filter((o) => o.language === language);
    return `${language} ${mine.filter((o) => o.landed).length}/${mine.length}`;
  });
  console.log(
    `  follow-ups on the right article set: ${share.toFixed(3)} (${outcomes.filter((o) => o.landed).length}/${outcomes.length}; ${byLanguage.join(", ")}), target >= ${TARGET} ${share >= TARGET ? "ok" : "MISSED"}`,
  );
  console.log(
    `  follow-ups with nothing to follow, answered as described: ${nothing.answered}/${nothing.total} (${nothing.byLanguage}; nothing to refer to ${nothing.byKind.nothing}, past the results ${nothing.byKind.past}, no result of that time ${nothing.byKind.dates}), target ${nothing.total}/${nothing.total} ${nothing.answered === nothing.total ? "ok" : "MISSED"}`,
  );
  return { share, total: outcomes.length, nothing };
}

/**
 * The follow-ups with nothing to follow (semantic-follow-ups-nothing.json): after a question that found nothing
 * (or none at all), past the end of the previous results, or naming a saving time none of them has. Answered as
 * described: no results and no answer, never a search of the follow-up's own words, and the notice in the
 * question's language saying so (that there is nothing to refer to, and for filters a question offered instead;
 * how many results there were; on which days they were saved).
 */
async function measureNothingToFollow(call, token, byId) {
  const { conversations } = JSON.parse(readFileSync(nothingFile, "utf8"));
  const outcomes = [];
  for (const c of conversations) {
    const { session_id } = await call("POST", "/api/search/session", { token, body: { action: "create" } });
    const one = c.first
      ? await call("POST", "/api/search/chat", { token, body: { query: c.first, session_id, limit: 10 } })
      : { results: [] };
    const two = await call("POST", "/api/search/chat", { token, body: { query: c.second, session_id, limit: 10 } });
    const first = one.results.map((r) => byId.get(r.article.id)).filter(Boolean);
    const phrases = chatPhrases(c.language);
    const notice = two.notice ?? "";
    // The scene the case needs from its first turn.
    const scene =
      c.expect === "nothing"
        ? one.results.length === 0
        : c.expect === "past"
          ? one.results.length > 0 && one.results.length < ordinalOf(c.second)
          : one.results.length > 0 && !first.some((a) => a.saved === periodOf(c.second));
    const quiet = two.results.length === 0 && two.answer === null && two.language === c.language;
    let said = false;
    if (c.expect === "nothing") {
      said = notice === phrases.nothingToReferTo && (!c.offer || two.suggestions.length === 1);
    } else if (c.expect === "past") {
      said = notice === phrases.pointsPast(one.results.length);
    } else {
      // Every saving day of the first turn's results, as the notice's language writes a date (its day and year).
      said =
        notice.startsWith(phrases.noneFits) &&
        first.every((a) => {
          const day = new Date(a.at);
          return notice.includes(String(day.getUTCDate())) && notice.includes(String(day.getUTCFullYear()));
        });
    }
    outcomes.push({
      ...c,
      scene,
      answered: scene && quiet && said,
      notice,
      shown: two.results.length,
      firstCount: one.results.length,
      offered: two.suggestions,
    });
  }
  for (const o of outcomes.filter((o) => !o.answered)) {
    console.log(
      `    ${o.scene ? "missed" : "miswritten (the first turn does not set the scene)"}: "${o.first ?? "(new chat)"}" (${o.firstCount} results) → "${o.second}": ${o.shown} results, notice "${o.notice}"`,
    );
  }
  for (const o of outcomes.filter((o) => o.answered).filter((_, i) => i % 6 === 0)) {
    console.log(
      `    "${o.first ?? "(new chat)"}" → "${o.second}": "${o.notice}"${o.offered.length ? ` offers "${o.offered[0]}"` : ""}`,
    );
  }
  const count = (list) => `${list.filter((o) => o.answered).length}/${list.length}`;
  return {
    answered: outcomes.filter((o) => o.answered).length,
    total: outcomes.length,
    byLanguage: ["en", "de", "es", "fr"]
      .map((l) => `${l} ${count(outcomes.filter((o) => o.language === l))}`)
      .join(", "),
    byKind: Object.fromEntries(
      ["nothing", "past", "dates"].map((k) => [k, count(outcomes.filter((o) => o.expect === k))]),
    ),
  };
}

/** The place an ordinal follow-up asks for (1-based): "the fifth one" 5, "el tercero" 3. */
function ordinalOf(question) {
  if (/fifth|fünfte|cinquième|quinto/i.test(question)) return 5;
  if (/third|dritte|troisième|tercer/i.test(question)) return 3;
  return 2;
}

/** The saving time a follow-up names. */
function periodOf(question) {
  return /this week|dieser woche|esta semana|cette semaine/i.test(question) ? "this-week" : "last-week";
}
