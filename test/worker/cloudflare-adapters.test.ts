import { describe, expect, it } from "vitest";
import { createVectorizeIndex } from "../../src/worker/adapters/cloudflare/vectorize-index";
import { createWorkersAiEmbedder, MAX_TEXTS_PER_CALL } from "../../src/worker/adapters/cloudflare/workers-ai-embedder";
import {
  createWorkersAiLanguageModel,
  MAX_CHUNK_CHARS,
  MAX_OUTPUT_TOKENS,
  UnusableModelAnswer,
} from "../../src/worker/adapters/cloudflare/workers-ai-language-model";
import { createWorkersAiSpeechSynthesizer } from "../../src/worker/adapters/cloudflare/workers-ai-speech-synthesizer";
import { audioCacheKey } from "../../src/worker/domain/listening/audio-cache-key";
import { chunkText } from "../../src/worker/domain/listening/chunk-rules";
import { firstForeignSentence } from "../../src/worker/domain/listening/spoken-text-match";
import { SpeechUnavailable } from "../../src/worker/ports/speech-synthesizer";
import { createVectorizeFake } from "./fakes/vectorize-fake";
import { createWorkersAiFake, fakeSpeechBytes } from "./fakes/workers-ai-fake";

/** A scripted Workers AI binding: records every run() and answers what the test says (see fakes/ for the faithful one). */
function fakeAi(answer: (model: string, inputs: Record<string, unknown>) => unknown) {
  const calls: { model: string; inputs: Record<string, any> }[] = [];
  const binding = {
    async run(model: string, inputs: Record<string, unknown>) {
      calls.push({ model, inputs });
      return answer(model, inputs);
    },
  } as unknown as Ai;
  return { binding, calls };
}

describe("Workers AI language model adapter (fake binding)", () => {
  it("asks the configured model once for a short article, with max_tokens set, in the article's language", async () => {
    const { binding, calls } = fakeAi(() => ({ response: "**Gist**\n\n- one\n- two\n- three" }));
    const model = createWorkersAiLanguageModel(binding, "@cf/zai-org/glm-4.7-flash");
    const summary = await model.summarize({ title: "Titel", text: "Ein kurzer Artikel.", language: "de" });
    expect(summary).toBe("**Gist**\n\n- one\n- two\n- three");
    expect(calls).toHaveLength(1);
    expect(calls[0]?.model).toBe("@cf/zai-org/glm-4.7-flash");
    expect(calls[0]?.inputs.max_tokens).toBe(MAX_OUTPUT_TOKENS);
    const prompt = JSON.stringify(calls[0]?.inputs.messages);
    expect(prompt).toContain("Titel: Titel");
    expect(prompt).toContain("Ein kurzer Artikel.");
  });

  it("summarises a long article in parts that each fit the context, then once from the notes", async () => {
    const { binding, calls } = fakeAi((_, inputs) => {
      const text = JSON.stringify(inputs.messages);
      return { response: text.includes("Notes on the article") ? "**Final**\n\n- a\n- b\n- c" : "- note" };
    });
    const paragraph = "Sentence about the long topic that keeps going. ".repeat(40);
    const longText = Array.from({ length: 60 }, () => paragraph).join("\n\n"); // ~120,000 characters
    const summary = await createWorkersAiLanguageModel(binding, "m").summarize({
      title: "Long",
      text: longText,
      language: "en",
    });
    expect(summary).toBe("**Final**\n\n- a\n- b\n- c");
    const parts = calls.slice(0, -1);
    expect(parts.length).toBeGreaterThanOrEqual(3);
    for (const call of parts) {
      const user = (call.inputs.messages as { role: string; content: string }[]).find((m) => m.role === "user");
      expect(user?.content.length).toBeLessThan(MAX_CHUNK_CHARS + 200);
    }
    expect(JSON.stringify(calls.at(-1)?.inputs.messages)).toContain("Notes on the article");
  });

  it("turns thinking off, so the reasoning model's 700 tokens go to the summary, not to thinking", async () => {
    const ai = createWorkersAiFake();
    const model = createWorkersAiLanguageModel(ai as unknown as Ai, "@cf/zai-org/glm-4.7-flash");
    const summary = await model.summarize({
      title: "Bees",
      text: "Honeybees dance in the hive to show where the flowers are. The waggle dance gives the direction.",
      language: "en",
    });
    expect(summary).toBe(
      "**Honeybees dance in the hive to show where the flowers are.**\n\n- The waggle dance gives the direction.",
    );
    expect(ai.calls[0]?.inputs.chat_template_kwargs).toEqual({ enable_thinking: false });
  });

  it("treats an empty answer or one cut off at max_tokens as a failed attempt, so the step retries", async () => {
    const answer = (content: string | null, finish: string) => () => ({
      choices: [{ message: { role: "assistant", content, reasoning_content: "Let me think." }, finish_reason: finish }],
    });
    const request = { title: "t", text: "Some text to summarise.", language: "en" };
    for (const [content, finish] of [
      [null, "length"],
      ["", "stop"],
      ["**Half a gi", "length"],
    ] as const) {
      const { binding } = fakeAi(answer(content, finish));
      await expect(createWorkersAiLanguageModel(binding, "m").summarize(request)).rejects.toThrow(UnusableModelAnswer);
    }
  });

  it("keeps reasoning out of summaries, topic labels and match explanations", async () => {
    const thinking = (content: string) => () => ({
      choices: [
        {
          message: {
            role: "assistant",
            content: `<think>secret plan</think>${content}`,
            reasoning_content: "secret plan",
          },
          finish_reason: "stop",
        },
      ],
    });
    const summary = await createWorkersAiLanguageModel(fakeAi(thinking("**Gist**\n\n- a")).binding, "m").summarize({
      title: "t",
      text: "x",
      language: "en",
    });
    expect(summary).toBe("**Gist**\n\n- a");
    const label = await createWorkersAiLanguageModel(fakeAi(thinking("Bee life")).binding, "m").labelTopic({
      keywords: ["bees"],
      titles: ["Bees"],
    });
    expect(label).toBe("Bee life");
    const [explanation] = await createWorkersAiLanguageModel(
      fakeAi(thinking('["About bees."]')).binding,
      "m",
    ).explainMatches({ query: "bees", articles: [{ title: "Bees", summary: "Bees.", text: "" }] });
    expect(explanation).toBe("About bees.");
    for (const output of [summary, label, explanation]) expect(output).not.toMatch(/secret|think/);
  });

  it("writes the summary prompt in the article's language, and names any other language in English", async () => {
    const { binding, calls } = fakeAi(() => ({ response: "**Gist**\n\n- a" }));
    const model = createWorkersAiLanguageModel(binding, "m");
    const system = (i: number) => (calls[i]?.inputs.messages as { role: string; content: string }[])[0]?.content;
    await model.summarize({ title: "T", text: "Text.", language: "de" });
    expect(system(0)).toMatch(/^Du fasst Artikel .* Schreibe auf Deutsch\.$/);
    await model.summarize({ title: "T", text: "Text.", language: "ja" });
    expect(system(1)).toMatch(/日本語で書いてください/);
    await model.summarize({ title: "T", text: "Text.", language: "ko" });
    expect(system(2)).toMatch(/Write in Korean, the article's language, not English\./);
    await model.summarize({ title: "T", text: "Text.", language: "pt-BR" });
    expect(system(3)).toMatch(/Escreva em português/);
  });

  it("rejects when the model fails, so the pipeline can retry", async () => {
    const { binding } = fakeAi(() => {
      throw new Error("3040: capacity exceeded");
    });
    await expect(
      createWorkersAiLanguageModel(binding, "m").summarize({ title: "t", text: "x", language: "en" }),
    ).rejects.toThrow();
  });
});

describe("Workers AI language model: topic labels and match explanations (fake binding)", () => {
  it("labels a topic with the model's words, cleaned of quotes", async () => {
    const { binding, calls } = fakeAi(() => ({ response: '"Honeybee behaviour."' }));
    const model = createWorkersAiLanguageModel(binding, "m");
    expect(await model.labelTopic({ keywords: ["hive", "pollen"], titles: ["How bees dance"] })).toBe(
      "Honeybee behaviour",
    );
    expect(JSON.stringify(calls[0]?.inputs.messages)).toContain("How bees dance");
  });

  it("asks for a heading of 1 to 4 words in the topic's language, and keeps the local name over a list of stop words", async () => {
    const { binding, calls } = fakeAi(() => ({ response: "Par · Avec · Ministre" }));
    const model = createWorkersAiLanguageModel(binding, "m");
    const label = await model.labelTopic({
      keywords: ["retraites", "réforme"],
      titles: ["La réforme des retraites adoptée"],
      language: "fr",
      name: "Retraites",
    });
    const prompt = JSON.stringify(calls[0]?.inputs.messages);
    expect(prompt).toContain("1 to 4 words in French");
    expect(prompt).toContain("La réforme des retraites adoptée");
    expect(label).toBe("Retraites");
  });

  it("keeps the key phrase when the model's name breaks the naming rules in the topic's language", async () => {
    const { binding, calls } = fakeAi(() => ({ response: "Este miércoles" }));
    const model = createWorkersAiLanguageModel(binding, "m");
    const label = await model.labelTopic({
      keywords: ["boric", "presidente"],
      titles: ["Presidente Boric vuelve a su casa: este miércoles realiza su segunda visita"],
      language: "es",
      name: "Presidente Boric",
    });
    expect(label).toBe("Presidente Boric");
    const prompt = JSON.stringify(calls[0]?.inputs.messages);
    expect(prompt).toContain("1 to 4 words in Spanish");
    expect(prompt).toContain("date or time word");
  });

  it("labels a topic from its terms, as locally, when the model answers nothing usable", async () => {
    const { binding } = fakeAi(() => ({ response: '""' }));
    const model = createWorkersAiLanguageModel(binding, "m");
    expect(await model.labelTopic({ keywords: ["hive", "asked", "pollen", "hives"], titles: ["How bees dance"] })).toBe(
      "Hive · Pollen",
    );
  });

  it("explains every result in one call, keeping the term-based explanation where the model gives none", async () => {
    const { binding, calls } = fakeAi(() => ({ response: 'Here: ["It is about bee dances."]' }));
    const model = createWorkersAiLanguageModel(binding, "m");
    const explanations = await model.explainMatches({
      query: "bees hive",
      articles: [
        { title: "Bees", summary: "The waggle dance of bees.", text: "" },
        { title: "Hives", summary: "A hive holds a colony.", text: "" },
      ],
    });
    expect(calls).toHaveLength(1);
    expect(explanations[0]).toBe("It is about bee dances.");
    expect(explanations[1]).toMatch(/^Mentions "hive"/);
    const broken = fakeAi(() => ({ response: "not json" }));
    const fallback = await createWorkersAiLanguageModel(broken.binding, "m").explainMatches({
      query: "bees",
      articles: [{ title: "Bees", summary: "Bees dance.", text: "" }],
    });
    expect(fallback[0]).toMatch(/^Mentions "bees"/);
  });
});

describe("Workers AI embedder adapter (fake binding)", () => {
  it("returns one vector per text and checks the configured dimensions", async () => {
    const { binding, calls } = fakeAi((_, inputs) => ({
      data: (inputs.text as string[]).map((_, i) => [i + 1, 0, 0]),
      shape: [(inputs.text as string[]).length, 3],
    }));
    const embedder = createWorkersAiEmbedder(binding, "@cf/baai/bge-m3", 3);
    expect(await embedder.embed(["a", "b"])).toEqual([
      [1, 0, 0],
      [2, 0, 0],
    ]);
    expect(calls[0]?.model).toBe("@cf/baai/bge-m3");
    // bge-m3 reads 8,192 tokens; the pipeline sends at most this many characters of an article.
    expect(embedder.maxInputChars).toBe(8_000);
    await expect(createWorkersAiEmbedder(binding, "@cf/baai/bge-m3", 1024).embed(["a"])).rejects.toThrow(/dimensions/);
  });

  it("sends at most 100 texts per call, as bge-m3 accepts", async () => {
    const ai = createWorkersAiFake({ dimensions: 1024 });
    const embedder = createWorkersAiEmbedder(ai as unknown as Ai, "@cf/baai/bge-m3", 1024);
    const texts = Array.from({ length: 250 }, (_, i) => `Article number ${i} about bees and hives`);
    const vectors = await embedder.embed(texts);
    expect(vectors).toHaveLength(250);
    expect(ai.calls.map((call) => (call.inputs.text as string[]).length)).toEqual([100, 100, 50]);
    expect(MAX_TEXTS_PER_CALL).toBe(100);
  });
});

describe("Vectorize adapter (fake binding): per-user isolation", () => {
  it("never returns, overwrites or deletes another user's vectors, even with the same article ids", async () => {
    const vectorize = createVectorizeFake({ metadataIndexes: ["user_id"], visibilityDelayMs: 0 });
    const index = createVectorizeIndex(vectorize as unknown as VectorizeIndex);
    await index.upsert(1, [
      { id: "10", vector: [1, 0] },
      { id: "11", vector: [0.9, 0.1] },
    ]);
    await index.upsert(2, [{ id: "10", vector: [1, 0] }]);
    expect(vectorize.size()).toBe(3);

    const alice = await index.query(1, [1, 0], { topK: 5 });
    expect(alice.map((m) => m.id)).toEqual(["10", "11"]);
    const bob = await index.query(2, [1, 0], { topK: 5 });
    expect(bob.map((m) => m.id)).toEqual(["10"]);
    expect((await index.query(1, [1, 0], { topK: 5, excludeIds: ["10"] })).map((m) => m.id)).toEqual(["11"]);

    expect(await index.getVectors(2, ["10", "11"])).toEqual([{ id: "10", vector: [1, 0] }]);
    expect((await index.getVectors(1, ["11"]))[0]?.vector).toEqual([0.9, 0.1]);

    await index.remove(2, ["10", "11"]);
    expect((await index.query(2, [1, 0], { topK: 5 })).length).toBe(0);
    expect((await index.query(1, [1, 0], { topK: 5 })).length).toBe(2);
  });
});

describe("Vectorize adapter (faithful fake): exact scores", () => {
  it("ranks and scores by exact cosine although Vectorize's scores are approximate", async () => {
    const vectorize = createVectorizeFake({ metadataIndexes: ["user_id"], visibilityDelayMs: 3_000 });
    const index = createVectorizeIndex(vectorize as unknown as VectorizeIndex);
    const items = Array.from({ length: 30 }, (_, i) => ({
      id: String(i),
      vector: [1, i / 30, Math.sin(i), Math.cos(i * 7)],
    }));
    await index.upsert(1, items);
    const query = [1, 0.5, 0.2, -0.3];
    // Upserts become queryable a few seconds later (on the fake's clock).
    expect(await index.query(1, query, { topK: 5 })).toEqual([]);
    vectorize.advance(3_000);

    const cosine = (a: number[], b: number[]) =>
      a.reduce((s, x, i) => s + x * (b[i] ?? 0), 0) / (Math.hypot(...a) * Math.hypot(...b));
    const exact = items
      .map((item) => ({ id: item.id, score: cosine(query, item.vector) }))
      .sort((a, b) => b.score - a.score);
    const found = await index.query(1, query, { topK: 10 });
    expect(found.map((m) => m.id)).toEqual(exact.slice(0, 10).map((m) => m.id));
    for (const [i, match] of found.entries()) expect(match.score).toBeCloseTo(exact[i]?.score ?? Number.NaN, 6);
  });
});

describe("Workers AI speech adapter (faithful fake and scripted answers)", () => {
  const english = { model: "@cf/deepgram/aura-2-en", speaker: "luna", language: "en" };

  it("streams the model's MP3 through, asked with its own speaker and as a raw response", async () => {
    const ai = createWorkersAiFake();
    const speech = createWorkersAiSpeechSynthesizer(ai as unknown as Ai);
    const audio = await speech.synthesize("Bees dance.", english);
    expect(audio.contentType).toBe("audio/mpeg");
    expect(new Uint8Array(await new Response(audio.body).arrayBuffer())).toEqual(fakeSpeechBytes("Bees dance."));
    expect(ai.calls[0]).toEqual({
      model: "@cf/deepgram/aura-2-en",
      inputs: { text: "Bees dance.", speaker: "luna", encoding: "mp3" },
    });
  });

  it("tells a busy model (429, capacity, timeout) from a failed one, and refuses an answer that is no audio", async () => {
    const ai = createWorkersAiFake();
    const speech = createWorkersAiSpeechSynthesizer(ai as unknown as Ai);
    ai.failNext("rate-limit", "timeout");
    for (let i = 0; i < 2; i++) {
      await expect(speech.synthesize("Bees dance.", english)).rejects.toMatchObject({ kind: "busy" });
    }
    // The fake refuses a chunk over Aura-2's 1,000 characters as the model does: a failure, not "busy".
    const failed = speech.synthesize("a".repeat(1001), english);
    await expect(failed).rejects.toBeInstanceOf(SpeechUnavailable);
    await expect(failed).rejects.toMatchObject({ kind: "failed", message: expect.stringContaining("8002") });

    const scripted = (answer: unknown) =>
      createWorkersAiSpeechSynthesizer({ run: async () => answer } as unknown as Ai).synthesize("Hi.", english);
    await expect(scripted(new Response("overloaded", { status: 429 }))).rejects.toMatchObject({ kind: "busy" });
    await expect(scripted(Response.json({ errors: ["boom"] }))).rejects.toMatchObject({ kind: "failed" });
    await expect(scripted({ nothing: true })).rejects.toMatchObject({ kind: "failed" });
    // MeloTTS's documented JSON shape is accepted as audio.
    const melo = await scripted({ audio: btoa("ID3") });
    expect(new TextDecoder().decode(await new Response(melo.body).arrayBuffer())).toBe("ID3");
  });

  it("speaks English and Spanish; every other language is the browser's", () => {
    const speech = createWorkersAiSpeechSynthesizer({} as Ai);
    expect(speech.voiceFor("EN-us")?.model).toBe("@cf/deepgram/aura-2-en");
    expect(speech.voiceFor("es-MX")).toEqual({ model: "@cf/deepgram/aura-2-es", speaker: "aquila", language: "es" });
    for (const language of ["de", "fr", "pt-BR", "ja", "", "x"]) expect(speech.voiceFor(language)).toBeNull();
  });
});

describe("Listen's rules: the reader's own sentences, one cache entry per rendering", () => {
  it("finds the page's sentences in the stored text whatever the spacing, case and markup", () => {
    const source = "How bees talkHoneybees **dance** to show\ntheir sisters where the flowers are.";
    expect(firstForeignSentence(["Honeybees dance to show their sisters where the flowers are."], source)).toBe(-1);
    expect(firstForeignSentence(["HONEYBEES DANCE", "Wasps dance too."], source)).toBe(1);
    expect(firstForeignSentence(["  **  "], source)).toBe(0);
  });

  it("reads a heading or list item with a pause: a full stop where it has none", () => {
    expect(chunkText(["How bees talk", " Bees dance. ", "", "Why?", "„Sie tanzen“", "Ein Zitat: „Ja.“"])).toBe(
      "How bees talk. Bees dance. Why? „Sie tanzen“. Ein Zitat: „Ja.“",
    );
  });

  it("keys the cache by model, speaker, language and the exact text", async () => {
    const base = { model: "@cf/deepgram/aura-2-en", speaker: "luna", language: "en", text: "Bees dance." };
    const key = await audioCacheKey(base);
    expect(key).toMatch(/^listen\/v1\/[0-9a-f]{64}$/);
    expect(await audioCacheKey({ ...base })).toBe(key);
    for (const change of [{ speaker: "thalia" }, { language: "es" }, { text: "Bees dance!" }, { model: "x" }]) {
      expect(await audioCacheKey({ ...base, ...change })).not.toBe(key);
    }
  });
});
