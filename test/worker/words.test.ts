import { describe, expect, it } from "vitest";
import { contentStems, hasStemmer, isStopWord, stemWord, wordsOf } from "../../src/worker/domain/words";

describe("words: stop words and stems in every language", () => {
  it.each([
    ["de", ["sie", "auch", "als", "und", "werden"]],
    ["fr", ["par", "avec", "les", "dans", "été"]],
    ["es", ["por", "para", "también", "sus"]],
    ["it", ["della", "anche", "sono", "questo"]],
    ["en", ["the", "first", "said", "also"]],
  ])("knows the function words of %s", (language, words) => {
    for (const word of words) expect(isStopWord(word, language), `${word} (${language})`).toBe(true);
  });

  it("keeps content words", () => {
    expect(isStopWord("Ministre", "fr")).toBe(false);
    expect(isStopWord("Bundestag", "de")).toBe(false);
    expect(isStopWord("honeybees", "en")).toBe(false);
  });

  it("stems inflections of one word to one stem", () => {
    expect(stemWord("Wahlen", "de")).toBe(stemWord("Wahl", "de"));
    expect(stemWord("élections", "fr")).toBe(stemWord("élection", "fr"));
    expect(stemWord("elecciones", "es")).toBe(stemWord("elección", "es"));
    expect(stemWord("running", "en")).toBe(stemWord("runs", "en"));
    expect(hasStemmer("de")).toBe(true);
    expect(hasStemmer("ja")).toBe(false);
    expect(stemWord("東京", "ja")).toBe("東京");
  });

  it("splits Japanese into words and leaves out stop words and numbers", () => {
    expect(wordsOf("東京都に住んでいます", "ja").length).toBeGreaterThan(1);
    expect(contentStems("Die Wahlen in Berlin und 2024 auch", "de")).toEqual([
      stemWord("Wahlen", "de"),
      stemWord("Berlin", "de"),
    ]);
  });
});
