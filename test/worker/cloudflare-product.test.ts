import { env, introspectWorkflow } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { describe, expect, inject, it } from "vitest";
import { NO_SUMMARY_NOTE } from "../../src/worker/workflows/process-article";
import { type AiFailure, fakeSpeechBytes } from "./fakes/workers-ai-fake";
import { api, registerUser, seedArticle, waitForProcessed } from "./helpers";

/**
 * The whole product with AI_PROVIDER=cloudflare: the factory picks the Workers AI and Vectorize adapters, and
 * the bindings are the faithful fakes (test/worker/fakes, bound by the `isolated:cloudflare-product` project in
 * vitest.config.ts). Everything goes through HTTP, the queue and the Workflows.
 */
const fakeAi = env.AI as unknown as {
  failNext(...kinds: AiFailure[]): Promise<void>;
  failAfterAbout(about: string, answered: number, ...kinds: AiFailure[]): Promise<void>;
  failAlways(kind: AiFailure): Promise<void>;
  recover(): Promise<void>;
  calls(): Promise<{ model: string; inputs: Record<string, any> }[]>;
};
const fakeVectorize = env.VECTORIZE as unknown as {
  advance(ms: number): Promise<void>;
  failNext(calls: number): Promise<void>;
  recover(): Promise<void>;
};

const origin = () => inject("fixtureOrigin");

const BIENEN = [
  "Honigbienen tanzen im Bienenstock, um ihren Schwestern zu zeigen, wo die Blüten mit Nektar und Pollen zu finden sind.",
  "Der Schwänzeltanz verrät die Richtung zur Sonne und die Entfernung zur Futterquelle, das hat Karl von Frisch entdeckt.",
  "Ein Bienenvolk hat eine Königin, Tausende Arbeiterinnen und im Sommer einige Drohnen, die im Stock leben.",
  "Imker beobachten den Tanz der Bienen, um zu verstehen, wie das Volk Honig sammelt und den Winter übersteht.",
].join("\n\n");
const IMKER = [
  "Imkerinnen und Imker öffnen den Bienenstock im Frühling, um die Königin und die Brut der Honigbienen zu prüfen.",
  "Die Arbeiterinnen sammeln Nektar und Pollen, und im Sommer schleudert der Imker den Honig aus den Waben.",
  "Ein starkes Bienenvolk schwärmt im Mai, wenn die alte Königin mit der Hälfte der Bienen einen neuen Stock sucht.",
  "Im Winter sitzen die Bienen in einer Traube zusammen und wärmen die Königin, bis der Frühling kommt.",
].join("\n\n");
const GLETSCHER = [
  "Die Gletscher der Alpen schmelzen schneller als je zuvor, weil die Sommer heißer und die Winter kürzer werden.",
  "Forscher messen jedes Jahr, wie weit das Eis zurückweicht, und sehen, dass manche Gletscher bald verschwunden sind.",
  "Mit dem Eis verschwindet ein Wasserspeicher, der Flüsse im Sommer füllt und Dörfer mit Trinkwasser versorgt.",
  "Das Klima erwärmt sich, und die Gletscherzungen ziehen sich in den Bergen Jahr für Jahr weiter zurück.",
].join("\n\n");
const ARKTIS = [
  "Das Meereis der Arktis schmilzt im Sommer immer weiter, und die Eisdecke wird von Jahr zu Jahr dünner.",
  "Forscher messen die Fläche des Eises mit Satelliten und sehen, dass das Klima sich im Norden besonders schnell erwärmt.",
  "Wo das Eis fehlt, nimmt das dunkle Meer mehr Wärme auf, und die Gletscher Grönlands verlieren ebenfalls an Masse.",
  "Der Permafrost taut, und das Schmelzwasser der Gletscher lässt den Meeresspiegel steigen.",
].join("\n\n");

const FEUERSTEIN = [
  "Archäologen fanden in einer Höhle einen Abschlag aus Feuerstein, dessen Kante mit Birkenpech überzogen war.",
  "Die Neandertaler erhitzten Birkenrinde, um den Klebstoff herzustellen, und schäfteten damit ihre Steinwerkzeuge.",
  "Das Werkzeug zeigt, dass sie vorausplanten: Das Pech musste gesammelt, erhitzt und im richtigen Moment aufgetragen werden.",
].join("\n\n");

const SAUERTEIG = [
  "Für ein Sauerteigbrot füttert man den Ansatz am Abend vorher mit Mehl und Wasser.",
  "Am Morgen werden Mehl, Wasser und Salz zu einem Teig verknetet, der alle halbe Stunde gefaltet wird.",
  "Der Laib wird rund geformt und in einem heißen gusseisernen Topf gebacken, bis die Kruste knackt.",
].join("\n\n");

/** The same four subjects' articles in English, for topics across languages. */
const HONEYBEES = [
  "Honeybees dance in the hive to show their sisters where the flowers with nectar and pollen are.",
  "The waggle dance gives the direction to the sun and the distance to the food, as Karl von Frisch found.",
  "A bee colony has a queen, thousands of workers and in summer a few drones that live in the hive.",
  "Beekeepers watch the bees dance to understand how the colony gathers honey and survives the winter.",
].join("\n\n");
const BEEKEEPING = [
  "Beekeepers open the hive in spring to check the queen and the brood of the honeybees.",
  "The workers gather nectar and pollen, and in summer the beekeeper spins the honey out of the combs.",
  "A strong colony swarms in May, when the old queen leaves with half of the bees to find a new hive.",
  "In winter the bees sit together in a cluster and keep the queen warm until spring comes.",
].join("\n\n");
const GLACIERS = [
  "The glaciers of the Alps are melting faster than ever, because summers are hotter and winters shorter.",
  "Researchers measure every year how far the ice retreats and see that some glaciers will soon be gone.",
  "With the ice goes a store of water that fills rivers in summer and gives villages their drinking water.",
  "The climate is warming, and the glacier tongues in the mountains retreat further year after year.",
].join("\n\n");
const ARCTIC = [
  "The sea ice of the Arctic melts further every summer, and the ice cover gets thinner year after year.",
  "Researchers measure the area of the ice with satellites and see that the climate warms fast in the north.",
  "Where the ice is missing, the dark sea takes up more heat, and the glaciers of Greenland lose mass too.",
  "The permafrost thaws, and the meltwater of the glaciers makes the sea level rise.",
].join("\n\n");

const articleUrl = (title: string, body: string, extra = "") =>
  `${origin()}/article?lang=de&title=${encodeURIComponent(title)}&body=${encodeURIComponent(body)}${extra}`;

async function save(token: string, url: string) {
  const saved = await api("POST", "/api/articles/", { token, body: { url } });
  expect(saved.status).toBe(201);
  return waitForProcessed(token, saved.body.id as number);
}

/** The prompts (system and user) of every chat call so far whose messages mention `marker`. */
async function chatCallsAbout(marker: string) {
  return (await fakeAi.calls())
    .filter((call) => Array.isArray(call.inputs.messages))
    .filter((call) => JSON.stringify(call.inputs.messages).includes(marker));
}

describe("the whole product on the Cloudflare adapters (faithful fakes of Workers AI and Vectorize)", () => {
  it("saves German articles and shows a German summary, related articles, model-named topics and a chat search", async () => {
    await using articleRuns = await introspectWorkflow(env.ARTICLE_WORKFLOW);
    await articleRuns.modifyAll(async (m) => m.disableRetryDelays());
    const user = await registerUser();
    const bees = await save(user.token, articleUrl("Der Tanz der Bienen", BIENEN));
    const keepers = await save(user.token, articleUrl("Ein Jahr beim Imker", IMKER));
    const ice = await save(user.token, articleUrl("Die Gletscher schmelzen", GLETSCHER));
    const arctic = await save(user.token, articleUrl("Eis in der Arktis", ARKTIS));

    for (const article of [bees, keepers, ice, arctic]) {
      expect(article).toMatchObject({ processing_status: "completed", language: "de", processing_error: null });
    }
    // The reasoning model, asked with thinking off and in German, answered with the article's own sentences.
    expect(bees.summary).toMatch(/^\*\*Honigbienen tanzen im Bienenstock.*\*\*\n\n- /);
    const [summaryCall] = await chatCallsAbout("Der Tanz der Bienen");
    expect(summaryCall?.model).toBe("@cf/zai-org/glm-4.7-flash");
    expect(summaryCall?.inputs.chat_template_kwargs).toEqual({ enable_thinking: false });
    expect(summaryCall?.inputs.messages[0].content).toMatch(/Schreibe auf Deutsch/);
    expect(JSON.stringify(summaryCall?.inputs.messages)).not.toMatch(/Write in English/);

    // Vectorize shows upserts only a few seconds later: until then there is nothing related.
    const early = await api("GET", `/api/articles/${bees.id}/related`, { token: user.token });
    expect(early.status).toBe(200);
    expect(early.body.related).toEqual([]);
    await fakeVectorize.advance(10_000);
    const related = await api("GET", `/api/articles/${bees.id}/related`, { token: user.token });
    expect(related.status).toBe(200);
    expect(related.body.degraded).toBe(false);
    expect(related.body.related[0]).toMatchObject({ id: keepers.id, title: "Ein Jahr beim Imker" });

    // Topics: clustered from Vectorize's vectors, then each named by the model in its own Workflow step.
    await using topicRuns = await introspectWorkflow(env.TOPICS_WORKFLOW);
    await topicRuns.modifyAll(async (m) => m.disableSleeps());
    await env.TOPICS_WORKFLOW.create({
      id: `product-${user.user.id}`,
      params: { userId: user.user.id, debounceSeconds: 0 },
    });
    // Runs asked for while saving started before this introspection: the first one seen here is ours.
    const [run] = await topicRuns.get();
    await run?.waitForStatus("complete");
    const output = (await run?.getOutput()) as { topics: number; labelled: number };
    expect(output.topics).toBeGreaterThan(0);
    expect(output.labelled).toBe(output.topics);
    await run?.waitForStepResult({ name: `label topic 1 of ${output.topics}` });
    const topics = await api("GET", "/api/topics", { token: user.token });
    expect(topics.status).toBe(200);
    expect(topics.body.topics.length).toBe(output.topics);
    // The fake model names a topic "<Word> and <word>"; the local key-phrase labels read "Word · Word".
    for (const topic of topics.body.topics) expect(topic.label).toMatch(/^\S+ and \S+$/);

    // Chat search: full text and vectors, explained by the model.
    const chat = await api("POST", "/api/search/chat", { token: user.token, body: { query: "Bienen Königin" } });
    expect(chat.status).toBe(200);
    expect(chat.body.degraded).toBe(false);
    expect(chat.body.notice).toBeNull();
    const ids = chat.body.results.map((r: any) => r.article.id);
    expect(ids.slice(0, 2).sort()).toEqual([bees.id, keepers.id].sort());
    expect(chat.body.results[0].match_explanation).toMatch(/^The model says/);
  });

  it("reads related articles' and topic members' percentages on the library's own scale with Workers AI's embeddings too", async () => {
    await using articleRuns = await introspectWorkflow(env.ARTICLE_WORKFLOW);
    await articleRuns.modifyAll(async (m) => m.disableRetryDelays());
    const user = await registerUser();
    const paragraphs = (text: string) => text.split("\n\n");
    const mix = (a: string, b: string, from: number) =>
      [...paragraphs(a).slice(from, from + 2), ...paragraphs(b).slice(2 - from, 4 - from)].join("\n\n");
    const bees = [BIENEN, IMKER, mix(BIENEN, IMKER, 0), mix(IMKER, BIENEN, 1)];
    const ice = [GLETSCHER, ARKTIS, mix(GLETSCHER, ARKTIS, 0), mix(ARKTIS, GLETSCHER, 1)];
    const subjectOf = new Map<number, string>();
    for (const [i, body] of bees.entries())
      subjectOf.set((await save(user.token, articleUrl(`Bienen ${i}`, body))).id, "bees");
    for (const [i, body] of ice.entries())
      subjectOf.set((await save(user.token, articleUrl(`Eis ${i}`, body))).id, "ice");
    // Two articles that share no subject with anything, as "What is Rust" and the flint tool did.
    const flint = await save(user.token, articleUrl("Feuerstein mit Birkenpech", FEUERSTEIN));
    const bread = await save(user.token, articleUrl("Sauerteigbrot backen", SAUERTEIG));
    await fakeVectorize.advance(10_000);

    await using topicRuns = await introspectWorkflow(env.TOPICS_WORKFLOW);
    await topicRuns.modifyAll(async (m) => m.disableSleeps());
    await env.TOPICS_WORKFLOW.create({
      id: `scale-${user.user.id}`,
      params: { userId: user.user.id, debounceSeconds: 0 },
    });
    const [run] = await topicRuns.get();
    await run?.waitForStatus("complete");
    const stored = await env.DB.prepare("SELECT similarity_profile FROM users WHERE id = ?").bind(user.user.id).first();
    expect(JSON.parse(stored?.similarity_profile as string)).toMatchObject({ space: "workers-ai-cf-baai-bge-m3" });

    for (const id of [flint.id, bread.id, ...subjectOf.keys()]) {
      const related = await api("GET", `/api/articles/${id}/related?limit=20`, { token: user.token });
      expect(related.body.degraded).toBe(false);
      for (const r of related.body.related as { id: number; similarity_score: number }[]) {
        const sameSubject = subjectOf.has(id) && subjectOf.get(r.id) === subjectOf.get(id);
        if (!sameSubject) expect(r.similarity_score, `${id} -> ${r.id}`).toBeLessThan(0.5);
      }
    }
    const listed = await api("GET", "/api/topics/?unread_only=false", { token: user.token });
    for (const topic of listed.body.topics as { id: number }[]) {
      const detail = await api("GET", `/api/topics/${topic.id}?unread_only=false`, { token: user.token });
      for (const article of detail.body.articles as { id: number; similarity: number }[])
        if (!subjectOf.has(article.id)) expect(article.similarity).toBeLessThan(0.5);
    }
  });

  it("makes topics across languages with the multilingual model: one subject's German and English articles together", async () => {
    await using articleRuns = await introspectWorkflow(env.ARTICLE_WORKFLOW);
    await articleRuns.modifyAll(async (m) => m.disableRetryDelays());
    const user = await registerUser();
    const englishUrl = (title: string, body: string) =>
      `${origin()}/article?lang=en&title=${encodeURIComponent(title)}&body=${encodeURIComponent(body)}`;
    const saved = [
      await save(user.token, articleUrl("Der Tanz der Bienen", BIENEN)),
      await save(user.token, articleUrl("Ein Jahr beim Imker", IMKER)),
      await save(user.token, articleUrl("Die Gletscher schmelzen", GLETSCHER)),
      await save(user.token, articleUrl("Eis in der Arktis", ARKTIS)),
      await save(user.token, englishUrl("The dance of the bees", HONEYBEES)),
      await save(user.token, englishUrl("A year with a beekeeper", BEEKEEPING)),
      await save(user.token, englishUrl("The glaciers are melting", GLACIERS)),
      await save(user.token, englishUrl("Ice in the Arctic", ARCTIC)),
    ];
    const languageOf = new Map(saved.map((article) => [article.id, article.language]));
    expect(new Set(languageOf.values())).toEqual(new Set(["de", "en"]));
    await fakeVectorize.advance(10_000);

    await using topicRuns = await introspectWorkflow(env.TOPICS_WORKFLOW);
    await topicRuns.modifyAll(async (m) => m.disableSleeps());
    await env.TOPICS_WORKFLOW.create({
      id: `languages-${user.user.id}`,
      params: { userId: user.user.id, debounceSeconds: 0 },
    });
    const [run] = await topicRuns.get();
    await run?.waitForStatus("complete");
    const { topics } = (await api("GET", "/api/topics/?unread_only=false", { token: user.token })).body;
    expect(topics.length).toBeGreaterThan(0);
    const spanning = [];
    for (const topic of topics) {
      // Topics of a multilingual model belong to no one language.
      expect(topic.language).toBeNull();
      const detail = await api("GET", `/api/topics/${topic.id}`, { token: user.token });
      const languages = new Set(detail.body.articles.map((a: { id: number }) => languageOf.get(a.id)));
      if (languages.size > 1) spanning.push(topic.label);
    }
    expect(spanning.length).toBeGreaterThan(0);
  });

  it("writes a long article's summary one model call per step: a failed part is retried alone", async () => {
    await using articleRuns = await introspectWorkflow(env.ARTICLE_WORKFLOW);
    await articleRuns.modifyAll(async (m) => m.disableRetryDelays());
    const user = await registerUser();
    // About 60,000 characters: two parts of at most 40,000, then the summary from their notes. The timeout is
    // planned for this article's calls: a topics run of the test before, still labelling, once took it.
    await fakeAi.failAfterAbout("Ein sehr langer Bienentext", 1, "timeout");
    const long = await save(user.token, articleUrl("Ein sehr langer Bienentext", BIENEN, "&repeat=500"));
    expect(long.processing_status).toBe("completed");
    expect(long.summary).toMatch(/^\*\*/);
    const [instance] = await articleRuns.get();
    for (const name of ["summarise part 1 of 2", "summarise part 2 of 2"]) {
      expect(typeof (await instance?.waitForStepResult({ name }))).toBe("string");
    }
    await instance?.waitForStepResult({ name: "summarise from parts" });
    const calls = await chatCallsAbout("Ein sehr langer Bienentext");
    const partCalls = (n: number) => calls.filter((c) => JSON.stringify(c.inputs.messages).includes(`Teil ${n} von 2`));
    // Part 2 timed out once and was asked again; part 1, already done, was not.
    expect(partCalls(1)).toHaveLength(1);
    expect(partCalls(2)).toHaveLength(2);
  });

  it("completes an article without a summary, and says so, when the model keeps failing", async () => {
    await using articleRuns = await introspectWorkflow(env.ARTICLE_WORKFLOW);
    await articleRuns.modifyAll(async (m) => m.disableRetryDelays());
    const user = await registerUser();
    await fakeAi.failAlways("capacity");
    try {
      const article = await save(user.token, articleUrl("Bienen ohne Modell", BIENEN));
      expect(article).toMatchObject({
        processing_status: "completed",
        summary: null,
        processing_error: NO_SUMMARY_NOTE,
      });
      const regenerated = await api("POST", `/api/articles/${article.id}/regenerate-summary`, { token: user.token });
      expect(regenerated.status).toBe(200);
      expect(regenerated.body).toMatchObject({ id: article.id, summary: null, degraded: true });
      expect(regenerated.body.notice).toMatch(/language model is unavailable/);
      // The summary step was tried 3 times (explicit step retries, none hidden in the SDK), then Re-summarize once.
      expect(await chatCallsAbout("Bienen ohne Modell")).toHaveLength(4);
    } finally {
      await fakeAi.recover();
    }
  });

  it("asks Workers AI for no summary of a page whose text is a sign-in form's messages, nor on Re-summarize", async () => {
    await using articleRuns = await introspectWorkflow(env.ARTICLE_WORKFLOW);
    await articleRuns.modifyAll(async (m) => m.disableRetryDelays());
    const user = await registerUser();
    const page = await save(user.token, `${origin()}/pages/de-video-anmeldung.html`);
    expect(page).toMatchObject({ processing_status: "completed", reads_as_article: false, summary: null });
    const again = await api("POST", `/api/articles/${page.id}/regenerate-summary`, { token: user.token });
    expect(again.status).toBe(409);
    expect(await chatCallsAbout("Eishockey in Zeiten der Pandemie")).toHaveLength(0);
    // The prompt for an article tells the model to leave such text out as well.
    const bees = await save(user.token, articleUrl("Bienen im Winter", BIENEN));
    const [call] = await chatCallsAbout("Bienen im Winter");
    expect(bees.reads_as_article).toBe(true);
    expect(JSON.stringify(call?.inputs.messages)).toContain("Lass die Bedienoberfläche der Website weg");
  });

  it("degrades chat search to full text when Workers AI answers 429, instead of a 500", async () => {
    const user = await registerUser();
    await save(user.token, articleUrl("Der Tanz der Bienen", BIENEN));
    await fakeAi.failAlways("rate-limit");
    try {
      const chat = await api("POST", "/api/search/chat", { token: user.token, body: { query: "Bienen Königin" } });
      expect(chat.status).toBe(200);
      expect(chat.body.degraded).toBe(true);
      expect(chat.body.notice).toMatch(/only match your words/);
      expect(chat.body.results.map((r: any) => r.article.title)).toEqual(["Der Tanz der Bienen"]);
      // The term-based explanation stands in for the model's; no answer is written, the cards stand alone.
      expect(chat.body.results[0].match_explanation).toMatch(/^Mentions/);
      expect(chat.body.answer).toBeNull();
      expect(chat.body.notice).toMatch(/No written answer this time/);
    } finally {
      await fakeAi.recover();
    }
  });

  it("writes the chat's answer with the model, thinking off, keeping only sentences that cite a shown result", async () => {
    const user = await registerUser();
    const article = await save(user.token, articleUrl("Der Tanz der Bienen", BIENEN));
    const before = (await fakeAi.calls()).length;
    const chat = await api("POST", "/api/search/chat", {
      token: user.token,
      body: { query: "Warum tanzen die Bienen im Bienenstock?" },
    });
    expect(chat.status).toBe(200);
    expect(chat.body.results.map((r: any) => r.article.id)).toEqual([article.id]);
    const answerCalls = (await fakeAi.calls())
      .slice(before)
      .filter((c) => JSON.stringify(c.inputs.messages ?? "").includes("numbered sources"));
    expect(answerCalls).toHaveLength(1);
    expect(answerCalls[0]?.inputs.chat_template_kwargs).toEqual({ enable_thinking: false });
    expect(JSON.stringify(answerCalls[0]?.inputs.messages)).toContain("in German");
    // The model's first sentence cites [1]; its "[9]" and its claim citing nothing are dropped.
    expect(chat.body.answer.found).toBe(true);
    expect(chat.body.answer.text).toMatch(/ \[1\]\.$/);
    expect(chat.body.answer.text).not.toMatch(/cheese|Everyone|\[9\]/);
    expect(chat.body.answer.citations).toEqual([{ number: 1, article_id: article.id }]);
  });

  it("answers related articles with an empty, degraded list when Vectorize fails, instead of a 500", async () => {
    const user = await registerUser();
    const article = await save(user.token, articleUrl("Der Tanz der Bienen", BIENEN));
    await fakeVectorize.advance(10_000);
    await fakeVectorize.failNext(5);
    try {
      const related = await api("GET", `/api/articles/${article.id}/related`, { token: user.token });
      expect(related.status).toBe(200);
      expect(related.body).toMatchObject({ article_id: article.id, related: [], degraded: true });
      expect(related.body.notice).toMatch(/unavailable/);
    } finally {
      await fakeVectorize.recover();
    }
  });
});

/** The speech model's calls so far whose text mentions `marker`. */
async function speechCallsAbout(marker: string) {
  return (await fakeAi.calls()).filter(
    (call) => call.model.includes("/aura-") && String(call.inputs.text ?? "").includes(marker),
  );
}

/** POST .../listen/audio, with the audio's bytes when it answered audio. */
async function listenAudio(token: string | null, id: number, body: unknown) {
  const response = await exports.default.fetch(
    new Request(`http://localhost/api/articles/${id}/listen/audio`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    }),
  );
  const type = response.headers.get("content-type") ?? "";
  const bytes = type.startsWith("audio/") ? new Uint8Array(await response.arrayBuffer()) : null;
  const json = bytes ? null : await response.json<any>();
  return { status: response.status, headers: response.headers, bytes, json };
}

const BEES_HTML =
  "<h2>How bees talk</h2><p>Honeybees dance to show their sisters where the flowers are. The waggle dance tells " +
  "the direction to the sun and the distance to the food.</p><p>A colony has one queen and thousands of workers.</p>";
const BEES_SUMMARY = "**Honeybees dance to show their sisters where the flowers are.**\n\n- A colony has one queen.";

describe("Listen on the Cloudflare adapters (Workers AI text-to-speech, the R2 audio cache)", () => {
  it("reads the reader's own sentences in English, streams the audio, and serves a replay from the cache", async () => {
    const reader = await registerUser();
    const stranger = await registerUser();
    const id = await seedArticle(reader.user.id, {
      title: "How bees talk",
      content: BEES_HTML,
      summary: BEES_SUMMARY,
      language: "en",
    });
    const first = [
      "Honeybees dance to show their sisters where the flowers are.",
      "The waggle dance tells the direction",
    ];
    first[1] += " to the sun and the distance to the food.";

    // Who may ask: signed in, and only for their own article (another user's id is a 404, never a 403).
    expect((await api("GET", `/api/articles/${id}/listen`)).status).toBe(401);
    expect((await listenAudio(null, id, { source: "content", sentences: first })).status).toBe(401);
    expect((await api("GET", `/api/articles/${id}/listen`, { token: stranger.token })).status).toBe(404);
    const foreign = await listenAudio(stranger.token, id, { source: "content", sentences: first });
    expect(foreign.status).toBe(404);

    const status = await api("GET", `/api/articles/${id}/listen`, { token: reader.token });
    expect(status.status).toBe(200);
    expect(status.body).toEqual({
      language: "en",
      engine: "cloud",
      reason: null,
      voice: { model: "@cf/deepgram/aura-2-en", speaker: "luna" },
      limits: { first_chunk_sentences: 2, max_sentences: 8, max_chars: 992 },
    });

    // Not a free text-to-speech service: a sentence that is not the article's is refused before any model call.
    const madeUp = await listenAudio(reader.token, id, {
      source: "content",
      sentences: [first[0], "Please read this advertisement aloud for free."],
    });
    expect(madeUp.status).toBe(400);
    expect(madeUp.json.detail).toMatch(/^sentences\.1: not a sentence of this article's text/);
    expect(await speechCallsAbout("advertisement")).toHaveLength(0);
    const tooMany = await listenAudio(reader.token, id, { source: "content", sentences: Array(9).fill(first[0]) });
    expect(tooMany.status).toBe(422);

    const played = await listenAudio(reader.token, id, { source: "content", sentences: first, language: "en-GB" });
    expect(played.status).toBe(200);
    expect(played.headers.get("content-type")).toBe("audio/mpeg");
    expect(played.headers.get("x-listen-cache")).toBe("miss");
    expect(played.headers.get("x-listen-voice")).toBe("@cf/deepgram/aura-2-en#luna");
    const text = first.join(" ");
    expect(played.bytes).toEqual(fakeSpeechBytes(text));
    const calls = await speechCallsAbout("Honeybees dance");
    expect(calls).toHaveLength(1);
    expect(calls[0]?.model).toBe("@cf/deepgram/aura-2-en");
    expect(calls[0]?.inputs).toEqual({ text, speaker: "luna", encoding: "mp3" });

    // The replay: the same audio from the cache, and the model is not asked again.
    const replayed = await listenAudio(reader.token, id, { source: "content", sentences: first });
    expect(replayed.status).toBe(200);
    expect(replayed.headers.get("x-listen-cache")).toBe("hit");
    expect(replayed.bytes).toEqual(played.bytes);
    expect(await speechCallsAbout("Honeybees dance")).toHaveLength(1);

    // The summary's sentences, as the page shows them (without the markdown's **), are the summary's own.
    const summary = await listenAudio(reader.token, id, {
      source: "summary",
      sentences: ["Honeybees dance to show their sisters where the flowers are.", "A colony has one queen."],
    });
    expect(summary.status).toBe(200);
    // A sentence of the text is not one of the summary's.
    const notSummary = await listenAudio(reader.token, id, { source: "summary", sentences: [first[1]] });
    expect(notSummary.status).toBe(400);
  });

  it("says a language no cloud voice speaks is the browser's, and a busy model falls back with a clear 503", async () => {
    const reader = await registerUser();
    const german = await seedArticle(reader.user.id, {
      title: "Bienen",
      content: "<p>Honigbienen tanzen im Bienenstock, um ihren Schwestern die Blüten zu zeigen.</p>",
      language: "de",
    });
    const status = await api("GET", `/api/articles/${german}/listen`, { token: reader.token });
    expect(status.body).toMatchObject({ language: "de", engine: "browser", voice: null });
    expect(status.body.reason).toMatch(/No cloud voice speaks German/);
    const unsupported = await listenAudio(reader.token, german, {
      source: "content",
      sentences: ["Honigbienen tanzen im Bienenstock, um ihren Schwestern die Blüten zu zeigen."],
    });
    expect(unsupported.status).toBe(422);
    expect(unsupported.json).toMatchObject({ fallback: "browser", detail: expect.stringMatching(/German/) });
    expect(await speechCallsAbout("Honigbienen")).toHaveLength(0);

    const spanish = await seedArticle(reader.user.id, {
      title: "Abejas",
      content: "<p>Las abejas bailan para mostrar dónde están las flores. La reina vive en la colmena.</p>",
      language: "es",
    });
    const sentence = "Las abejas bailan para mostrar dónde están las flores.";
    // Workers AI answers 429 (rate limited), then is out of capacity: both a 503 the player turns into the
    // browser's voice, with Retry-After; the next try is rendered by the Spanish voice.
    await fakeAi.failAfterAbout("Las abejas bailan", 0, "rate-limit", "capacity");
    for (let attempt = 0; attempt < 2; attempt++) {
      const busy = await listenAudio(reader.token, spanish, { source: "content", sentences: [sentence] });
      expect(busy.status).toBe(503);
      expect(busy.headers.get("retry-after")).toBe("5");
      expect(busy.json).toMatchObject({ fallback: "browser", detail: expect.stringMatching(/busy/) });
    }
    const rendered = await listenAudio(reader.token, spanish, { source: "content", sentences: [sentence] });
    expect(rendered.status).toBe(200);
    expect(rendered.headers.get("x-listen-voice")).toBe("@cf/deepgram/aura-2-es#aquila");
    expect(rendered.bytes).toEqual(fakeSpeechBytes(sentence));
    // A failed render was not cached: the third call rendered, and a fourth is a hit.
    expect(await speechCallsAbout("Las abejas bailan")).toHaveLength(3);
    const again = await listenAudio(reader.token, spanish, { source: "content", sentences: [sentence] });
    expect(again.headers.get("x-listen-cache")).toBe("hit");
  });
});

/** Renders of `characters` the user made `hoursAgo`, written as the service writes them. */
async function seedRenders(userId: number, renders: { characters: number; hoursAgo: number }[]) {
  for (const { characters, hoursAgo } of renders) {
    await env.DB.prepare("INSERT INTO listen_renders (user_id, characters, created_at) VALUES (?, ?, ?)")
      .bind(userId, characters, Date.now() - hoursAgo * 3_600_000)
      .run();
  }
}

/** The characters the cloud voice rendered for the user in the last 24 hours. */
async function renderedToday(userId: number) {
  const row = await env.DB.prepare(
    "SELECT COALESCE(SUM(characters), 0) AS n FROM listen_renders WHERE user_id = ? AND created_at > ?",
  )
    .bind(userId, Date.now() - 24 * 3_600_000)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

describe("Listen's daily limit: 300,000 rendered characters per user in 24 hours", () => {
  it("answers 429 with Retry-After past the limit, counts no cache hit, and leaves another user alone", async () => {
    const reader = await registerUser();
    const other = await registerUser();
    const content =
      "<p>Wasps build paper nests from chewed wood in the spring. The queen lays the first eggs alone. " +
      "Workers take over the building by early summer.</p>";
    const mine = await seedArticle(reader.user.id, { title: "Wasps", content, language: "en" });
    const theirs = await seedArticle(other.user.id, { title: "Wasps", content, language: "en" });
    const first = "Wasps build paper nests from chewed wood in the spring.";
    const second = "The queen lays the first eggs alone.";
    const third = "Workers take over the building by early summer.";

    // A render counts its characters; its replay is a cache hit and counts nothing.
    expect((await listenAudio(reader.token, mine, { source: "content", sentences: [first] })).status).toBe(200);
    expect(await renderedToday(reader.user.id)).toBe(first.length);
    const replay = await listenAudio(reader.token, mine, { source: "content", sentences: [first] });
    expect(replay.headers.get("x-listen-cache")).toBe("hit");
    expect(await renderedToday(reader.user.id)).toBe(first.length);

    // Renders made 20 and 2 hours ago bring the reader within 10 characters of the limit (one from 25 hours ago
    // is outside the window and counts no more).
    await seedRenders(reader.user.id, [
      { characters: 250_000, hoursAgo: 25 },
      { characters: 200_000, hoursAgo: 20 },
      { characters: 100_000 - first.length - 10, hoursAgo: 2 },
    ]);
    expect(await renderedToday(reader.user.id)).toBe(299_990);
    const refused = await listenAudio(reader.token, mine, { source: "content", sentences: [second] });
    expect(refused.status).toBe(429);
    // The 200,000 characters of 20 hours ago leave the window in 4 hours: then the render fits.
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(4 * 3600 - 120);
    expect(retryAfter).toBeLessThanOrEqual(4 * 3600);
    expect(refused.json).toMatchObject({
      fallback: "browser",
      limit_characters: 300_000,
      retry_after_seconds: retryAfter,
      detail: expect.stringMatching(/300,000 characters in 24 hours.*back within 4 hours/),
    });
    expect(await speechCallsAbout(second)).toHaveLength(0);
    expect(await renderedToday(reader.user.id)).toBe(299_990);

    // A replay of what was rendered before is a cache hit: served past the limit, and still not counted.
    const hit = await listenAudio(reader.token, mine, { source: "content", sentences: [first] });
    expect(hit.status).toBe(200);
    expect(hit.headers.get("x-listen-cache")).toBe("hit");

    // Another user is not limited by the reader's renders; a model failure counts nothing.
    await fakeAi.failAfterAbout(third, 0, "capacity");
    const failed = await listenAudio(other.token, theirs, { source: "content", sentences: [third] });
    expect(failed.status).toBe(503);
    expect(await renderedToday(other.user.id)).toBe(0);
    const theirRender = await listenAudio(other.token, theirs, { source: "content", sentences: [second] });
    expect(theirRender.status).toBe(200);
    expect(theirRender.headers.get("x-listen-cache")).toBe("miss");
    expect(await renderedToday(other.user.id)).toBe(second.length);

    // The other user's render is in the shared cache now: the reader gets it as a hit, limit or not.
    const shared = await listenAudio(reader.token, mine, { source: "content", sentences: [second] });
    expect(shared.status).toBe(200);
    expect(shared.headers.get("x-listen-cache")).toBe("hit");
    expect(await renderedToday(reader.user.id)).toBe(299_990);
  });
});
