import { describe, expect, it } from "vitest";
import { germanPartKeys, splitCompound } from "../../src/worker/domain/embedding/compound-words";
import { cosineSimilarity, localEmbedding } from "../../src/worker/domain/embedding/text-embedding";
import { readWordVectors, wordVectorEmbedding } from "../../src/worker/domain/embedding/word-vectors";

// The local embedder places German, Spanish and French articles by their subject, as it does English ones:
// their words count by their English translations (word-vectors.ts). Each English pair below is one subject
// and one other; the foreign text shares no word with either.
const ELECTION = "Voters went to the polls in the parliamentary election; the parties campaigned for votes and seats.";
const FOOTBALL = "The football team won the match with two late goals; the striker scored in the final minute.";

async function closerToElectionThanFootball(text: string, language: string) {
  const vector = await wordVectorEmbedding(text, language);
  return {
    election: cosineSimilarity(vector, await wordVectorEmbedding(ELECTION, "en")),
    football: cosineSimilarity(vector, await wordVectorEmbedding(FOOTBALL, "en")),
  };
}

describe("cross-lingual word vectors (local embedder)", () => {
  it("places a German text about an election beside the English one, not the football one", async () => {
    const { election, football } = await closerToElectionThanFootball(
      "Der Bundestag wird neu gewählt: die Bürger stimmen ab, die Parteien werben um jede Stimme.",
      "de",
    );
    expect(election).toBeGreaterThan(football + 0.2);
  });

  it("places a Spanish text about an election beside the English one", async () => {
    const { election, football } = await closerToElectionThanFootball(
      "Las elecciones del parlamento: los ciudadanos votan y los partidos buscan votos.",
      "es",
    );
    expect(election).toBeGreaterThan(football + 0.2);
  });

  it("places a French text about football beside the English one, through words that are English without their accents", async () => {
    const { election, football } = await closerToElectionThanFootball(
      "L'équipe de football a gagné le match : deux buts à la dernière minute pour l'attaquant.",
      "fr",
    );
    expect(football).toBeGreaterThan(election + 0.2);
  });

  it("reads a German compound that no dictionary lists by its parts", async () => {
    // "Wahlkampfveranstaltungen" (campaign events) is no headword; its head "Veranstaltung" and modifier
    // "Wahlkampf" are.
    const { gloss } = await readWordVectors("Wahlkampfveranstaltungen", "de");
    expect(gloss).toHaveLength(1);
    const vector = await wordVectorEmbedding("Wahlkampfveranstaltungen", "de");
    expect(cosineSimilarity(vector, await wordVectorEmbedding("campaign event", "en"))).toBeGreaterThan(0.5);
  });

  it("shares hashed words across languages: a German text's glosses are English words", async () => {
    const german = "Die Wahlen zum Parlament: die Wähler stimmen ab.";
    const [withGloss, english] = await Promise.all([
      localEmbedding(german, 1024, "de"),
      localEmbedding(ELECTION, 1024, "en"),
    ]);
    const { gloss } = await readWordVectors(german, "de");
    expect(gloss).toContain("parliament");
    // The hashed half (dimensions 64 on) of the German text now overlaps the English text's.
    expect(cosineSimilarity(withGloss.slice(64), english.slice(64))).toBeGreaterThan(0.05);
  });

  it("leaves English and languages without a dictionary as they were: no glosses", async () => {
    expect((await readWordVectors(ELECTION, "en")).gloss).toEqual([]);
    expect((await readWordVectors("Wybory do parlamentu", "pl")).gloss).toEqual([]);
  });
});

describe("splitCompound", () => {
  const known = new Map([
    ["wend", "turn"],
    ["energi", "energy"],
    ["arbeit", "work"],
    ["markt", "market"],
  ]);
  // As the embedder looks up a part: by the keys a Snowball stem of it may have (germanPartKeys).
  const lookUp = (part: string) =>
    germanPartKeys(part)
      .map((key) => known.get(key))
      .find(Boolean);

  it("finds the head and the modifier of a German compound", () => {
    expect(splitCompound("energiewende", lookUp)).toEqual({ head: "turn", modifier: "energy" });
  });

  it("drops a linking -s- from the modifier", () => {
    expect(splitCompound("arbeitsmarkt", lookUp)).toEqual({ head: "market", modifier: "work" });
  });

  it("folds umlauts and drops an inflection of a part as the German stemmer does", () => {
    expect(germanPartKeys("wände")).toEqual(["wande", "wand"]);
  });

  it("splits nothing when no part of at least four letters is known", () => {
    expect(splitCompound("obama", lookUp)).toBeNull();
  });
});
