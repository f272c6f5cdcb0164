import { describe, expect, it } from "vitest";
import { createVectorizeIndex } from "../../src/worker/adapters/cloudflare/vectorize-index";
import { createWorkersAiEmbedder } from "../../src/worker/adapters/cloudflare/workers-ai-embedder";
import {
  createWorkersAiLanguageModel,
  MAX_CHUNK_CHARS,
  MAX_OUTPUT_TOKENS,
} from "../../src/worker/adapters/cloudflare/workers-ai-language-model";

/** A fake of the Workers AI binding: records every run() and answers like the real chat/embedding models. */
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

/**
 * A fake of a Vectorize index that behaves like one: ids unique across the index, cosine scores, and
 * metadata filters applied to each vector's metadata.
 */
function fakeVectorize() {
  const vectors = new Map<string, { values: number[]; metadata: Record<string, unknown> }>();
  const cosine = (a: number[], b: number[]) => {
    const dot = a.reduce((s, x, i) => s + x * (b[i] ?? 0), 0);
    return dot / (Math.hypot(...a) * Math.hypot(...b));
  };
  const binding = {
    async upsert(items: { id: string; values: number[]; metadata: Record<string, unknown> }[]) {
      for (const item of items) vectors.set(item.id, { values: item.values, metadata: item.metadata });
      return { mutationId: "m" };
    },
    async query(vector: number[], options: { topK: number; filter?: Record<string, unknown> }) {
      const matches = [...vectors.entries()]
        .filter(([, v]) => Object.entries(options.filter ?? {}).every(([k, want]) => v.metadata[k] === want))
        .map(([id, v]) => ({ id, score: cosine(vector, v.values) }))
        .sort((a, b) => b.score - a.score)
        .slice(0, options.topK);
      return { matches, count: matches.length };
    },
    async getByIds(ids: string[]) {
      return ids.flatMap((id) => {
        const v = vectors.get(id);
        return v ? [{ id, values: v.values, metadata: v.metadata }] : [];
      });
    },
    async deleteByIds(ids: string[]) {
      for (const id of ids) vectors.delete(id);
      return { mutationId: "m" };
    },
  } as unknown as VectorizeIndex;
  return { binding, vectors };
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
    expect(prompt).toContain("Language: de");
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
});

describe("Vectorize adapter (fake binding): per-user isolation", () => {
  it("never returns, overwrites or deletes another user's vectors, even with the same article ids", async () => {
    const { binding, vectors } = fakeVectorize();
    const index = createVectorizeIndex(binding);
    await index.upsert(1, [
      { id: "10", vector: [1, 0] },
      { id: "11", vector: [0.9, 0.1] },
    ]);
    await index.upsert(2, [{ id: "10", vector: [1, 0] }]);
    expect(vectors.size).toBe(3);

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
