import { describe, expect, it } from "vitest";
import { CHAT_LANGUAGES, replyPhrases } from "../../src/client/lib/chat-phrases";
import {
  matchPercent,
  plainSummary,
  replyText,
  resultDate,
  SEARCH_SUMMARY_CHARS,
} from "../../src/client/lib/search-format";

describe("matchPercent", () => {
  it.each([
    [0.87, "87% match"],
    [0.875, "88% match"],
    [1, "100% match"],
    [0, "0% match"],
    [0.004, "0% match"],
    [1.7, "100% match"],
    [-0.2, "0% match"],
    [Number.NaN, "0% match"],
    [Number.POSITIVE_INFINITY, "0% match"],
  ])("%s -> %s", (score, text) => {
    expect(matchPercent(score)).toBe(text);
  });
});

describe("plainSummary (search results: 200 characters)", () => {
  it("flattens the summary's markdown into one line of text", () => {
    const markdown = "**Bees dance to share where the pollen is.**\n\n- Workers follow the dance.\n- The queen stays.";
    expect(plainSummary(markdown)).toBe(
      "Bees dance to share where the pollen is. Workers follow the dance. The queen stays.",
    );
  });

  it("drops headings, numbered items, quotes and images, keeps a link's text, and separates the items", () => {
    const markdown =
      "## Key points\n1. First [the link](https://x.example) point\n> quoted\n![a chart](https://x/c.png)";
    expect(plainSummary(markdown)).toBe("Key points · First the link point · quoted");
  });

  it("keeps a short summary whole and gives nothing for none", () => {
    expect(plainSummary("Short.")).toBe("Short.");
    expect(plainSummary(null)).toBe("");
    expect(plainSummary("")).toBe("");
  });

  it("cuts a long summary on a word boundary to at most 200 characters, ellipsis included", () => {
    const long = Array.from({ length: 60 }, (_, i) => `word${i}`).join(" ");
    const preview = plainSummary(long);
    expect(preview.length).toBeLessThanOrEqual(SEARCH_SUMMARY_CHARS);
    expect(preview.length).toBeGreaterThan(SEARCH_SUMMARY_CHARS - 20);
    expect(preview.endsWith("…")).toBe(true);
    // Every word before the ellipsis is a whole word of the original.
    for (const word of preview.slice(0, -1).split(" ")) expect(long.split(" ")).toContain(word);
  });

  it("cuts a text without spaces at the limit", () => {
    const preview = plainSummary("x".repeat(500));
    expect(preview).toBe(`${"x".repeat(SEARCH_SUMMARY_CHARS - 1)}…`);
  });

  it("is exactly 200 characters at most for a summary of exactly 200", () => {
    const exact = "a".repeat(SEARCH_SUMMARY_CHARS);
    expect(plainSummary(exact)).toBe(exact);
    expect(plainSummary(`${exact}b`)).toHaveLength(SEARCH_SUMMARY_CHARS);
  });
});

describe("resultDate", () => {
  it("shows a short date, and nothing for a missing or unreadable one", () => {
    expect(resultDate("2026-03-04T12:00:00.000Z")).toBe("Mar 4, 2026");
    expect(resultDate(null)).toBe("");
    expect(resultDate("not a date")).toBe("");
  });
});

describe("replyText", () => {
  it.each([
    [0, 0, undefined, "No articles found matching your query."],
    [1, 1, 12, "Found 1 article matching your query (12 ms)."],
    [3, 3, undefined, "Found 3 articles matching your query."],
    [10, 23, 40.4, "Found 23 articles; here are the best 10 (40 ms)."],
  ])("%i shown of %i -> %s", (shown, total, ms, text) => {
    expect(replyText(shown, total, ms)).toBe(text);
  });

  it.each([
    ["de", 1, "1 passender Artikel zu deiner Frage gefunden (12 ms)."],
    ["fr", 3, "3 articles trouvés pour ta question (12 ms)."],
    ["es", 1, "1 artículo encontrado para tu pregunta (12 ms)."],
    ["it", 2, "2 articoli trovati per la tua domanda (12 ms)."],
    ["nl", 2, "2 artikelen gevonden bij je vraag (12 ms)."],
    ["pt", 5, "5 artigos encontrados para a sua pergunta (12 ms)."],
    ["pl", 3, "Pasujące artykuły: 3 (12 ms)."],
  ] as const)("in %s: %i found", (language, count, text) => {
    expect(replyText(count, count, 12, language)).toBe(text);
  });
});

describe("the modal's words in the reply's language", () => {
  it("writes the match, the date and the headings in it", () => {
    expect(matchPercent(0.87, "de")).toBe("87\u00a0% Übereinstimmung");
    expect(matchPercent(0.87, "en")).toBe("87% match");
    expect(resultDate("2026-03-04T12:00:00.000Z", "fr")).toBe("4 mars 2026");
    expect(replyPhrases("es").closeHeading).toBe("No es exactamente lo que preguntaste, pero se acerca");
    expect(replyPhrases(undefined).suggestions).toBe("Try these suggestions:");
    for (const language of CHAT_LANGUAGES) expect(replyPhrases(language).noResults).toMatch(/\p{L}/u);
  });
});
