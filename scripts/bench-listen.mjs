// Listen benchmark (issue 36): time to first audio and the audio cache's hit rate, against the faithful fake of
// Workers AI text-to-speech (test/worker/fakes/workers-ai-fake.ts, with a planned latency) and the real R2 cache
// adapter over an in-memory bucket. `npm run bench:listen [-- --first-byte-ms 300 --part-ms 150]`
//
// It calls what the Worker calls: the listening service (services/listening-service.ts) with the real Workers AI
// speech adapter, and plans chunks with the client's own planChunks (src/client/listen/cloud-chunks.ts), as the
// cloud engine does: the status, then each chunk's audio, the next asked while one plays. The cloud engine plays a
// chunk once its audio has fully arrived, so "first audio" is the status call plus the first chunk's whole audio.
// Sessions per article (English and Spanish fixture pages, test/fixtures/summaries): read from the start, skip
// back to a sentence in the middle and read on, then replay from the start.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { planChunks } from "../src/client/listen/cloud-chunks.ts";
import { createWorkersAiSpeechSynthesizer } from "../src/worker/adapters/cloudflare/workers-ai-speech-synthesizer.ts";
import { createR2AudioCache } from "../src/worker/adapters/r2-audio-cache.ts";
import { extractArticle } from "../src/worker/domain/extraction/extract-article.ts";
import { contentText } from "../src/worker/domain/highlights/article-text.ts";
import { splitSentences } from "../src/worker/domain/sentences/segment.ts";
import { createListeningService } from "../src/worker/services/listening-service.ts";
import { createWorkersAiFake } from "../test/worker/fakes/workers-ai-fake.ts";

const { values } = parseArgs({
  options: { "first-byte-ms": { type: "string", default: "300" }, "part-ms": { type: "string", default: "150" } },
});
const latency = { firstByteMs: Number(values["first-byte-ms"]), partMs: Number(values["part-ms"]) };
const root = fileURLToPath(new URL("..", import.meta.url));
const fixtures = join(root, "test/fixtures/summaries");

/** An R2 bucket in memory: what the cache adapter uses of the binding (get, put), with upload times. */
function memoryBucket() {
  const objects = new Map();
  return {
    async get(key) {
      const object = objects.get(key);
      if (!object) return null;
      return { uploaded: object.uploaded, httpMetadata: object.httpMetadata, body: new Response(object.bytes).body };
    },
    async put(key, bytes, options) {
      objects.set(key, { bytes: new Uint8Array(bytes), uploaded: new Date(), httpMetadata: options?.httpMetadata });
    },
    objects,
  };
}

/** The daily character limit's ledger in memory (what the service uses of the repository). */
function memoryRenders() {
  const rows = [];
  let ids = 0;
  return {
    async reserve(userId, characters, now, since, limit) {
      const used = rows.filter((r) => r.userId === userId && r.createdAt > since).reduce((n, r) => n + r.characters, 0);
      if (used + characters > limit) return null;
      ids += 1;
      rows.push({ id: ids, userId, characters, createdAt: now });
      return ids;
    },
    async release(userId, id) {
      const index = rows.findIndex((r) => r.id === id && r.userId === userId);
      if (index >= 0) rows.splice(index, 1);
    },
    async since(userId, since) {
      return rows.filter((r) => r.userId === userId && r.createdAt > since);
    },
  };
}

const USER = 1;
const articles = [];
for (const name of readdirSync(fixtures).filter((file) => /^(en|es)-.*\.html$/.test(file))) {
  const extracted = extractArticle(readFileSync(join(fixtures, name), "utf8"), `https://bench.example/${name}`);
  const language = name.slice(0, 2);
  const sentences = splitSentences(contentText(extracted.content), language).filter((s) => s.trim().length > 1);
  articles.push({ id: articles.length + 1, name, language, content: extracted.content, sentences });
}

const ai = createWorkersAiFake();
ai.setSpeechLatency(latency);
const bucket = memoryBucket();
const listening = createListeningService({
  articles: {
    async findById(userId, id) {
      const article = articles.find((a) => a.id === id);
      return userId === USER && article
        ? { id, content: article.content, summary: null, language: article.language }
        : undefined;
    },
  },
  speech: createWorkersAiSpeechSynthesizer(ai),
  audioCache: createR2AudioCache(bucket),
  renders: memoryRenders(),
});

/** Reads one chunk's whole audio, as the cloud engine does before playing it. */
async function chunkAudio(article, range) {
  const audio = await listening.audio(USER, article.id, {
    source: "content",
    sentences: article.sentences.slice(range.from, range.to),
    language: article.language,
  });
  const bytes = (await new Response(audio.body).arrayBuffer()).byteLength;
  return { cache: audio.cache, bytes };
}

/** A reading from `start` to the end: ms to the first audio, the chunks' cache outcomes. */
async function read(article, start) {
  const begun = performance.now();
  const status = await listening.status(USER, article.id);
  const chunks = planChunks(article.sentences, start, status.limits);
  const outcomes = [];
  let firstAudioMs = null;
  // The next chunk is asked for while one plays: fetch them one after another, each as soon as the one before is in.
  for (const range of chunks) {
    const { cache } = await chunkAudio(article, range);
    firstAudioMs ??= performance.now() - begun;
    outcomes.push(cache);
  }
  return { firstAudioMs, outcomes, chunks: chunks.length };
}

const median = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
const fmt = (ms) => `${Math.round(ms)} ms`;

console.log(
  `Listen benchmark: ${articles.length} articles (${articles.map((a) => `${a.name} ${a.sentences.length} sentences`).join(", ")})`,
);
console.log(
  `fake Workers AI latency: first bytes after ${latency.firstByteMs} ms, then ${latency.partMs} ms per 100 characters\n`,
);

const phases = {
  "first reading, from the start": [],
  "skip back to the middle, read on": [],
  "replay from the start": [],
};
for (const article of articles) {
  phases["first reading, from the start"].push(await read(article, 0));
  phases["skip back to the middle, read on"].push(await read(article, Math.floor(article.sentences.length / 2) + 1));
  phases["replay from the start"].push(await read(article, 0));
}
let hits = 0;
let total = 0;
for (const [phase, runs] of Object.entries(phases)) {
  const outcomes = runs.flatMap((run) => run.outcomes);
  const phaseHits = outcomes.filter((outcome) => outcome === "hit").length;
  hits += phaseHits;
  total += outcomes.length;
  const firsts = runs.map((run) => run.firstAudioMs);
  console.log(
    `${phase.padEnd(34)} first audio median ${fmt(median(firsts))}, max ${fmt(Math.max(...firsts))}; ` +
      `cache hits ${phaseHits}/${outcomes.length} (${Math.round((100 * phaseHits) / outcomes.length)}%)`,
  );
}

// Why the first chunk is small: the same first reading with a first chunk as large as the others.
const large = [];
for (const article of articles) {
  const begun = performance.now();
  const eight = article.sentences.slice(0, 8);
  while (eight.join(" ").length > 992) eight.pop();
  await listening.status(USER, article.id);
  const audio = await listening.audio(USER, article.id, {
    source: "content",
    sentences: eight,
    language: article.language,
  });
  await new Response(audio.body).arrayBuffer();
  large.push(performance.now() - begun);
}
const speechCalls = ai.calls.filter((call) => call.model.includes("aura")).length;
console.log(
  `\nfirst chunk of up to 8 sentences instead (no cache): first audio median ${fmt(median(large))}, max ${fmt(Math.max(...large))}`,
);
console.log(
  `over all sessions: cache hit rate ${hits}/${total} = ${Math.round((100 * hits) / total)}%; ${speechCalls} model calls, ` +
    `${bucket.objects.size} cached chunks, ${Math.round([...bucket.objects.values()].reduce((sum, o) => sum + o.bytes.byteLength, 0) / 1024)} KB`,
);
