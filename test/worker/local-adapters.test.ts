import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createD1VectorIndex } from "../../src/worker/adapters/local/d1-vector-index";
import { createExtractiveLanguageModel } from "../../src/worker/adapters/local/extractive-language-model";
import { createLocalEmbedder } from "../../src/worker/adapters/local/local-embedder";
import { createDatabase } from "../../src/worker/db/client";
import { cosineSimilarity } from "../../src/worker/domain/embedding/text-embedding";
import { registerUser } from "./helpers";

const ARTICLE = [
  "Honeybees communicate the location of flowers through a waggle dance performed inside the hive.",
  "The angle of the dance relative to gravity encodes the direction of the food source relative to the sun.",
  "The duration of the waggle run tells the other bees how far away the flowers are.",
  "Researchers decoded the dance in the 1940s, and the work later earned a Nobel Prize.",
  "Modern studies use cameras and machine learning to follow thousands of dances at once.",
  "Colonies that dance more find richer flower patches during the short spring bloom.",
  "Beekeepers can read the dances to learn where their bees are foraging each day.",
  "Pesticides that confuse navigation make the dances less precise and the colony weaker.",
].join(" ");

describe("local language model (extractive)", () => {
  it("writes a bold gist then 3 to 6 bullets taken from the article's own sentences", async () => {
    const summary = await createExtractiveLanguageModel().summarize({
      title: "The waggle dance",
      text: ARTICLE,
      language: "en",
    });
    const lines = summary.split("\n").filter(Boolean);
    expect(lines[0]).toMatch(/^\*\*.+\*\*$/);
    const bullets = lines.slice(1);
    expect(bullets.length).toBeGreaterThanOrEqual(3);
    expect(bullets.length).toBeLessThanOrEqual(6);
    for (const bullet of bullets) {
      expect(bullet).toMatch(/^- /);
      expect(ARTICLE).toContain(bullet.slice(2));
    }
  });

  it("leaves out a byline paragraph and never glues a heading to the next sentence", async () => {
    const text = `By Jane Doe\n\nHow bees talk\n\n${ARTICLE}`;
    const summary = await createExtractiveLanguageModel().summarize({
      title: "The waggle dance",
      text,
      language: "en",
    });
    expect(summary).not.toContain("Jane Doe");
    expect(summary).not.toMatch(/How bees talk \S/);
    for (const line of summary.split("\n").filter(Boolean)) {
      expect(ARTICLE).toContain(line.replace(/^\*\*|\*\*$|^- /g, ""));
    }
  });

  it("never quotes an image's credit line, and keeps prices, versions and initials inside their sentence", async () => {
    const text = [
      "© Provided by The Waggle Dance Project: bees dance the waggle dance for flowers",
      "Photo: honeybees dance the waggle dance inside the hive (Jane Doe/Getty Images)",
      ARTICLE.replace(
        "earned a Nobel Prize.",
        "earned Karl von Frisch, the son of Dr. A. von Frisch, a Nobel Prize worth $9.99 million.",
      ),
    ].join("\n\n");
    const summary = await createExtractiveLanguageModel().summarize({
      title: "The waggle dance",
      text,
      language: "en",
    });
    expect(summary).not.toMatch(/Provided by|Getty/);
    expect(summary).toContain(
      "Researchers decoded the dance in the 1940s, and the work later earned Karl von Frisch, the son of Dr. A. von Frisch, a Nobel Prize worth $9.99 million.",
    );
  });

  it("quotes prose, not the headings, captions and title lines around it", async () => {
    const text = [
      "The waggle dance",
      "How honeybees dance the waggle dance to share flowers",
      "Spencer Platt/Getty Images News/Getty Images",
      ARTICLE,
    ].join("\n\n");
    const summary = await createExtractiveLanguageModel().summarize({
      title: "The waggle dance",
      text,
      language: "en",
    });
    const quoted = summary
      .split("\n")
      .filter(Boolean)
      .map((line) => line.replace(/^\*\*|\*\*$|^- /g, ""));
    expect(quoted.length).toBeGreaterThanOrEqual(4);
    for (const sentence of quoted) expect(ARTICLE).toContain(sentence);
  });

  it("quotes a markdown summary as plain text when it explains a search match", async () => {
    const [explanation] = await createExtractiveLanguageModel().explainMatches({
      query: "interest payments",
      articles: [
        {
          title: "As debt rises",
          summary:
            "**Tax cuts and higher _interest_ rates strain the budget.**\n\n- Interest payments could pass defence spending.\n- [Read the report](https://example.com/r) on debt.",
          text: "",
        },
      ],
    });
    expect(explanation).toBe(
      'Mentions "interest" and "payments" in the summary: "Interest payments could pass defence spending."',
    );
  });

  it("cuts a long quoted sentence so that the matched word still shows", async () => {
    const lead = "Use the snowball method and pay off some small balances to make you feel motivated, ".repeat(3);
    const [explanation] = await createExtractiveLanguageModel().explainMatches({
      query: "interest",
      articles: [
        { title: "Debt", summary: "", text: `${lead}then the card with the highest interest rate goes next.` },
      ],
    });
    const passage = /: "(.*)"$/.exec(explanation ?? "")?.[1] ?? "";
    expect(passage).toMatch(/^….* interest rate goes next\.$/);
    expect(passage.length).toBeLessThanOrEqual(162);
  });
});

describe("local embedder and vector index", () => {
  it("embeds deterministically into unit vectors where related texts are closer", async () => {
    const embedder = createLocalEmbedder(1024);
    const [bees, bees2, tax] = await embedder.embed([
      "honeybees waggle dance hive flowers",
      "the bees dance in the hive to point at flowers",
      "corporate tax rates and quarterly earnings reports",
    ]);
    expect(bees).toHaveLength(1024);
    expect(Math.hypot(...(bees as number[]))).toBeCloseTo(1, 6);
    expect(await embedder.embed(["honeybees waggle dance hive flowers"])).toEqual([bees]);
    expect(cosineSimilarity(bees as number[], bees2 as number[])).toBeGreaterThan(
      cosineSimilarity(bees as number[], tax as number[]),
    );
  });

  it("finds texts of one subject close even when they share no word, through the word vectors", async () => {
    const embedder = createLocalEmbedder(1024);
    const [sanctions, ceasefire, recipe] = await embedder.embed([
      "The parliament voted to impose sanctions on the regime after the elections.",
      "Diplomats negotiated a ceasefire between rebel militias and government troops.",
      "Whisk the butter with sugar, fold in flour and bake the cake for forty minutes.",
    ]);
    const politics = cosineSimilarity(sanctions as number[], ceasefire as number[]);
    expect(politics).toBeGreaterThan(0.2);
    expect(politics).toBeGreaterThan(cosineSimilarity(sanctions as number[], recipe as number[]) + 0.15);
  });

  it("embeds a text without known English words by its hashed words alone", async () => {
    const embedder = createLocalEmbedder(1024);
    const [japanese] = await embedder.embed(["蜂は巣の中で踊って花の場所を伝える"]);
    expect((japanese as number[]).slice(0, 64).every((x) => x === 0)).toBe(true);
    expect(Math.hypot(...(japanese as number[]))).toBeCloseTo(1, 6);
  });

  it("returns only the asking user's vectors, nearest first, without excluded ids", async () => {
    const alice = await registerUser();
    const bob = await registerUser();
    const embedder = createLocalEmbedder(1024);
    const index = createD1VectorIndex(createDatabase(env.DB), embedder.name);
    const [a1, a2, b1] = await embedder.embed(["bees dance", "bees dance in hives", "bees dance"]);
    await index.upsert(alice.user.id, [
      { id: "1", vector: a1 as number[] },
      { id: "2", vector: a2 as number[] },
    ]);
    await index.upsert(bob.user.id, [{ id: "1", vector: b1 as number[] }]);

    const hits = await index.query(alice.user.id, a1 as number[], { topK: 10 });
    expect(hits.map((h) => h.id)).toEqual(["1", "2"]);
    expect(hits[0]?.score).toBeCloseTo(1, 6);
    expect(
      (await index.query(alice.user.id, a1 as number[], { topK: 10, excludeIds: ["1"] })).map((h) => h.id),
    ).toEqual(["2"]);

    await index.remove(bob.user.id, ["1", "2"]);
    expect(await index.query(bob.user.id, b1 as number[], { topK: 10 })).toEqual([]);
    expect(await index.query(alice.user.id, a1 as number[], { topK: 10 })).toHaveLength(2);
  });

  it("answers from the stored vectors after they are rewritten or deleted, never from another embedder's", async () => {
    const { user } = await registerUser();
    const db = createDatabase(env.DB);
    const index = createD1VectorIndex(db, "test-space");
    const east = [1, 0, 0, 0];
    const north = [0, 1, 0, 0];
    await index.upsert(user.id, [
      { id: "1", vector: east },
      { id: "2", vector: north },
    ]);
    expect((await index.query(user.id, east, { topK: 1 }))[0]?.id).toBe("1");

    // A new index object (a new request) in the same isolate, after the stored vectors changed.
    await index.upsert(user.id, [{ id: "1", vector: north }]);
    await index.upsert(user.id, [{ id: "2", vector: east }]);
    const again = createD1VectorIndex(db, "test-space");
    expect((await again.query(user.id, east, { topK: 1 }))[0]?.id).toBe("2");
    expect((await again.getVectors(user.id, ["1"]))[0]?.vector).toEqual(north);
    await again.remove(user.id, ["2"]);
    expect((await again.query(user.id, east, { topK: 5 })).map((h) => h.id)).toEqual(["1"]);

    // Rows of other embedders: an earlier version's base64 row, the first version's JSON array, and a vector
    // of another space written through its own index. None is compared with this space's vectors.
    for (const [id, stored] of [
      ["3", JSON.stringify([0.6, 0.8, 0, 0])],
      ["4", "f32:abcd1234:AAAAAAAAgD8AAAAAAAAAAA=="],
    ]) {
      await env.DB.prepare("INSERT INTO local_vectors (user_id, item_id, vector, updated_at) VALUES (?, ?, ?, 1)")
        .bind(user.id, id, stored)
        .run();
    }
    await createD1VectorIndex(db, "other-space").upsert(user.id, [{ id: "5", vector: north }]);
    expect((await again.query(user.id, north, { topK: 5 })).map((h) => h.id)).toEqual(["1"]);
    expect(await again.getVectors(user.id, ["3", "4", "5"])).toEqual([]);

    // Processing the article again writes it in this space.
    await again.upsert(user.id, [{ id: "3", vector: [0.6, 0.8, 0, 0] }]);
    const hits = await again.query(user.id, north, { topK: 5 });
    expect(hits.map((h) => h.id)).toEqual(["1", "3"]);
    expect(hits[1]?.score).toBeCloseTo(0.8, 6);
  });
});
