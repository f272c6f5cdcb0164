import { describe, expect, it } from "vitest";
import { checkArticleUrl, normalizeArticleUrl } from "../../src/worker/domain/article-url";
import { formatByteLimit } from "../../src/worker/domain/byte-size";
import { isModifierLike, isVerbLike } from "../../src/worker/domain/clustering/word-classes";
import { dailyActivity, localDay, readingStreak, startOfLocalMonth } from "../../src/worker/domain/reading-stats";
import { chatFtsQuery, hybridScore, queryTerms, typicalSimilarity } from "../../src/worker/domain/search/chat-query";
import { followUpReference, resolveReference } from "../../src/worker/domain/search/follow-up-reference";
import { suggestFollowUps } from "../../src/worker/domain/search/follow-up-suggestions";
import { parseQuestionFilters } from "../../src/worker/domain/search/question-filters";
import { termMatcher, termStem } from "../../src/worker/domain/search/term-matching";
import { buildFtsQuery } from "../../src/worker/domain/search-query";
import { splitSentences } from "../../src/worker/domain/sentences/segment";
import { illFormedQueryParameter, storableText } from "../../src/worker/domain/valid-text";

describe("article URL normalisation", () => {
  it.each([
    ["HTTPS://Example.COM:443/Path/?b=2&a=1#frag", "https://example.com/Path?a=1&b=2"],
    ["http://example.com:80/", "http://example.com"],
    ["http://example.com:8080/x", "http://example.com:8080/x"],
    [
      "https://example.com/x?utm_source=a&UTM_Medium=b&fbclid=c&gclid=d&mc_eid=e&keep=1",
      "https://example.com/x?keep=1",
    ],
    ["https://example.com/a//", "https://example.com/a"],
    ["https://bücher.example/x", "https://xn--bcher-kva.example/x"],
  ])("%s -> %s", (input, expected) => {
    expect(normalizeArticleUrl(input)).toBe(expected);
  });

  it("derives the domain without www and keeps the URL as given", () => {
    expect(checkArticleUrl("  https://WWW.Example.com/a  ")).toEqual({
      ok: true,
      url: "https://WWW.Example.com/a",
      normalizedUrl: "https://www.example.com/a",
      domain: "example.com",
    });
  });
});

describe("sentence splitting", () => {
  it("ends a sentence at . ! ? before a space, not inside numbers, addresses, abbreviations or initials", () => {
    expect(
      splitSentences("It costs $9.99, or 3.5 euros, at example.com. Mr. Smith and J. K. Rowling agree! Do you?"),
    ).toEqual(["It costs $9.99, or 3.5 euros, at example.com.", "Mr. Smith and J. K. Rowling agree!", "Do you?"]);
    expect(splitSentences('He said "go." She left.\nA heading\nIt grew in the U.S. The end.')).toEqual([
      'He said "go."',
      "She left.",
      "A heading",
      "It grew in the U.S.",
      "The end.",
    ]);
    expect(splitSentences("日本語の文です。二つ目の文！三つ目")).toEqual([
      "日本語の文です。",
      "二つ目の文！",
      "三つ目",
    ]);
    expect(splitSentences('A study shows when the "aha!" moment comes. Yes... it does.')).toEqual([
      'A study shows when the "aha!" moment comes.',
      "Yes... it does.",
    ]);
  });
});

describe("FTS query building", () => {
  it("quotes every word, doubles quotes, prefixes the last word and pins the user", () => {
    expect(buildFtsQuery(7, 'say "hi" NEAR(x)')).toBe('user_id : "7" AND ("say" AND """hi""" AND "NEAR(x)"*)');
  });

  it("returns null when nothing searchable is left", () => {
    expect(buildFtsQuery(7, ' " * ( ) ')).toBeNull();
  });

  it("drops NULs, as stored text has none (FTS5 read one as the end of the query: a 500)", () => {
    expect(buildFtsQuery(7, "a\u0000b")).toBe('user_id : "7" AND ("ab"*)');
    expect(buildFtsQuery(7, "ab\u0000 cd\u0000")).toBe('user_id : "7" AND ("ab" AND "cd"*)');
    expect(buildFtsQuery(7, "\u0000")).toBeNull();
  });
});

describe("text that is not text", () => {
  it("stores text without NULs and with each lone surrogate as one U+FFFD; pairs and U+FFFD stay", () => {
    expect(storableText("**a\u0000b**")).toBe("**ab**");
    expect(storableText("\u0000a\u0000")).toBe("a");
    expect(storableText("x\ud800y\udc00z\udbff")).toBe("x\uFFFDy\uFFFDz\uFFFD");
    expect(storableText("😀 \ud83d\ude00 \uFFFD café")).toBe("😀 😀 \uFFFD café");
  });

  it("names the first query parameter that holds a NUL or bytes that are not UTF-8", () => {
    const notUtf8 = "contains bytes that are not valid UTF-8 text (or an unpaired surrogate); send it as UTF-8";
    const nul = "contains a NUL character (%00), which is not text";
    expect(illFormedQueryParameter("?search=a%00b")).toBe(`search: ${nul}`);
    expect(illFormedQueryParameter("page=2&search=%ED%A0%80")).toBe(`search: ${notUtf8}`);
    expect(illFormedQueryParameter("?tag=%FF%FE&search=%00")).toBe(`tag: ${notUtf8}`);
    expect(illFormedQueryParameter("?x%00=1")).toBe(`x%00: ${nul}`);
    expect(illFormedQueryParameter("?a%C3=1")).toBe(`a%C3: ${notUtf8}`);
    // Text passes: escaped or not, astral, a literal % that escapes nothing, + as a space, no value.
    for (const query of ["", "?", "?search=caf%C3%A9+%F0%9F%98%80", "?q=100%25&r=%zz&flag", "?q=a+b"]) {
      expect(illFormedQueryParameter(query), query).toBeUndefined();
    }
  });

  it("states byte limits as people read them", () => {
    expect([64 * 1024, 128 * 1024, 1536 * 1024, 6 * 1024 * 1024, 25 * 1024 * 1024].map(formatByteLimit)).toEqual([
      "64 KB",
      "128 KB",
      "1.5 MB",
      "6 MB",
      "25 MB",
    ]);
  });
});

describe("reading statistics arithmetic", () => {
  const DAY = 86_400_000;

  it("buckets instants into local days by offset", () => {
    const instant = Date.UTC(2026, 0, 1, 23, 30); // 23:30 UTC on 1 January
    expect(localDay(instant, 0)).toBe(localDay(Date.UTC(2026, 0, 1), 0));
    expect(localDay(instant, 60)).toBe(localDay(Date.UTC(2026, 0, 2), 0)); // 00:30 on 2 January in UTC+1
  });

  it("finds the start of the local month across a year boundary", () => {
    const newYearUtc = Date.UTC(2026, 0, 1, 3, 0); // 03:00 UTC 1 Jan = 22:00 31 Dec in UTC-5
    expect(new Date(startOfLocalMonth(newYearUtc, -300)).toISOString()).toBe("2025-12-01T05:00:00.000Z");
    expect(new Date(startOfLocalMonth(newYearUtc, 0)).toISOString()).toBe("2026-01-01T00:00:00.000Z");
  });

  it("counts streaks ending today or yesterday", () => {
    expect(readingStreak([10, 9, 8, 6], 10)).toBe(3);
    expect(readingStreak([9, 8], 10)).toBe(2);
    expect(readingStreak([8, 7], 10)).toBe(0);
    expect(readingStreak([], 10)).toBe(0);
  });

  it("returns exactly 30 days, oldest first, ending today", () => {
    const today = Math.floor(Date.UTC(2026, 10, 21) / DAY);
    const days = dailyActivity(new Map([[today, 2]]), new Map([[today - 29, 1]]), today);
    expect(days).toHaveLength(30);
    expect(days[0]).toEqual({ date: "2026-10-23", articles_saved: 0, articles_read: 1 });
    expect(days[29]).toEqual({ date: "2026-11-21", articles_saved: 2, articles_read: 0 });
  });
});

describe("chat search rules", () => {
  it("keeps the words that carry meaning and stems them for matching", () => {
    expect(queryTerms("What have I saved about honeybees dancing?")).toEqual(["honeybees", "dancing"]);
    for (const [word, related] of [
      ["honeybees", "honeybee"],
      ["dancing", "dance"],
      ["melted", "melting"],
    ]) {
      expect(related?.startsWith(termStem(word as string))).toBe(true);
    }
    expect(termStem("cats")).toBe("cats");
    expect(termStem("bus")).toBe("bus");
    expect(chatFtsQuery(3, ['say"hi', "honeybees"])).toBe('user_id : "3" AND ("say""hi"* OR "honeybe"*)');
    expect(chatFtsQuery(3, ["bees"])).toBe('user_id : "3" AND ("bees" OR "bee")');
    expect(chatFtsQuery(3, [])).toBeNull();
  });

  it("reads 'did I save' as speaking of the library, and 'save money' as a subject", () => {
    expect(queryTerms("What did I save about elections?")).toEqual(["elections"]);
    expect(queryTerms("anything I've bookmarked on glaciers")).toEqual(["glaciers"]);
    expect(queryTerms("how to save money")).toEqual(["save", "money"]);
  });

  it("suggests phrases and names from the results, never a single common word", () => {
    const shown = [
      {
        title: "Netanyahu wins the election",
        summary: "Two parties lost. The recent vote was a victory for Mr. Netanyahu.",
      },
      { title: "Israel after the election", summary: "Netanyahu formed a coalition government the first time." },
      { title: "Coalition government talks stall", summary: "The years of coalition government talks go on." },
    ];
    const suggestions = suggestFollowUps(["election"], shown, 4);
    expect(suggestions).toContain("More about coalition government");
    expect(suggestions).toContain("More about Netanyahu");
    for (const suggestion of suggestions) {
      const phrase = suggestion.replace(/^More about /, "");
      // A phrase of several words, or a name; never the question's word or a common word on its own.
      expect(phrase.includes(" ") || /^\p{Lu}/u.test(phrase), phrase).toBe(true);
      expect(phrase.toLowerCase()).not.toMatch(/election|^years$|^time$|^two$|^recent$/);
    }
  });

  it("tells adjectives that name a subject from those that do not", () => {
    for (const word of ["recent", "easy", "significant", "bigger", "currently"])
      expect(isModifierLike(word), word).toBe(true);
    for (const word of ["nuclear", "political", "solar", "economy", "honey", "minecraft"]) {
      expect(isModifierLike(word), word).toBe(false);
    }
    expect(isVerbLike("bought")).toBe(true);
    expect(isModifierLike("bought")).toBe(false);
  });

  it("suggests a single result's phrases, and nothing rather than a lone common word", () => {
    const hive = { title: "Hive life", summary: "Beekeepers harvest honey from wooden frames every summer." };
    const suggestions = suggestFollowUps(["bees"], [hive], 4);
    expect(suggestions[0]).toBe("More about Hive life");
    expect(suggestions).toContain("More about wooden frames");
    expect(suggestFollowUps(["bees"], [{ title: "Years", summary: "Many years passed." }], 4)).toEqual([]);
  });

  it("matches a short word's own forms only, and a long stem as a prefix", () => {
    const cases: [string, string[], string[]][] = [
      ["art", ["art", "arts"], ["article", "artist", "artificial"]],
      ["war", ["war", "wars", "warring"], ["warning", "ward", "warm"]],
      ["car", ["car", "cars"], ["card", "career", "caring", "carnival", "care"]],
      ["bee", ["bee", "bees"], ["been", "beer", "being"]],
      ["dancing", ["dance", "dances", "danced", "dancing", "dancer"], ["dancehall"]],
      ["studies", ["study", "studies", "studied", "studying"], ["studio", "student"]],
      ["run", ["run", "runs", "running", "runner"], ["rune", "runway"]],
      ["cats", ["cat", "cats"], ["category", "catalog"]],
      ["news", ["news"], ["new", "newer", "newest"]],
      ["election", ["election", "elections", "electioneering"], ["elect"]],
      ["honeybees", ["honeybee", "honeybees"], ["honey"]],
      ["café", ["cafe", "cafes"], ["cafeteria"]],
    ];
    for (const [term, matching, other] of cases) {
      const matches = termMatcher(term);
      for (const word of matching) expect(matches(word), `${term} ~ ${word}`).toBe(true);
      for (const word of other) expect(matches(word), `${term} !~ ${word}`).toBe(false);
    }
    // A possessive is its word; a word the index splits is compared by its longest part.
    expect(termMatcher("israel's")("israel")).toBe(true);
    expect(termMatcher("e-mail")("mail")).toBe(true);
    // Not Latin letters: a prefix, as before (a Chinese or Japanese run of text is one long word).
    expect(termMatcher("東京")("東京都")).toBe(true);
  });

  it("resolves follow-ups that point back at the previous results, in four languages", () => {
    const previous = [
      { id: 11, title: "How honeybees dance", summary: "A waggle dance tells bees where pollen is." },
      { id: 12, title: "Glaciers in retreat", summary: "Alpine ice melts as the climate warms." },
      { id: 13, title: "Rust's borrow checker", summary: "The compiler checks lifetimes." },
    ];
    const cases: [string, number | null][] = [
      ["tell me more about the first one", 11],
      ["the second article", 12],
      ["and the last one?", 13],
      ["summarise that article", 11],
      ["more like it", 11],
      ["the one about glaciers", 12],
      ["the article on the borrow checker", 13],
      ["erzähl mir mehr über den ersten", 11],
      ["et le deuxième ?", 12],
      ["háblame del primero", 11],
      ["the fifth one", null],
    ];
    for (const [question, id] of cases) {
      const reference = followUpReference(question);
      expect(reference, question).not.toBeNull();
      expect(resolveReference(reference as NonNullable<typeof reference>, previous), question).toBe(id);
    }
    expect(followUpReference("more like it")?.similar).toBe(true);
    expect(followUpReference("articles similar to the second one")).toMatchObject({
      kind: "position",
      index: 1,
      similar: true,
    });
    for (const question of ["glaciers", "what about wasps", "first aid courses", "the history of the first world war"])
      expect(followUpReference(question), question).toBeNull();
  });

  it("reads a language, a site, a saving time and a read state as filters, not search words", () => {
    const now = Date.UTC(2026, 10, 25, 12); // a Wednesday
    const read = (question: string) =>
      parseQuestionFilters(question, { domains: ["theguardian.com", "nytimes.com", "bbc.co.uk"], now });
    expect(read("Which articles are in French?")).toEqual({ filters: { language: "fr" }, rest: "Which articles ?" });
    expect(read("Artikel auf Deutsch über Wahlen").filters.language).toBe("de");
    expect(read("German articles about elections")).toEqual({ filters: { language: "de" }, rest: "about elections" });
    expect(read("elections from the Guardian")).toEqual({ filters: { domain: "theguardian.com" }, rest: "elections" });
    expect(read("climate on nytimes.com").filters.domain).toBe("nytimes.com");
    expect(read("anything from the New York Times").filters.domain).toBe("nytimes.com");
    expect(read("pictures from space").filters.domain).toBeUndefined();
    expect(read("what did I save yesterday")).toMatchObject({
      filters: { since: Date.UTC(2026, 10, 24), until: Date.UTC(2026, 10, 25) },
    });
    expect(read("bees saved last week")).toEqual({
      filters: { since: Date.UTC(2026, 10, 16), until: Date.UTC(2026, 10, 23) },
      rest: "bees",
    });
    expect(read("this month").filters.since).toBe(Date.UTC(2026, 10, 1));
    expect(read("unread articles about bees")).toEqual({ filters: { isRead: false }, rest: "articles about bees" });
    expect(read("bees I haven't read").filters.isRead).toBe(false);
    expect(read("which articles have I read about bees").filters.isRead).toBe(true);
    expect(read("French cooking")).toEqual({ filters: {}, rest: "French cooking" });
  });

  it("scores in [0, 1]: half text (any match at least half of it), half meaning", () => {
    expect(hybridScore({ fts: -2, bestFts: -2, vector: 0.8, bestVector: 0.8 })).toBe(1);
    expect(hybridScore({ fts: -0, bestFts: -2 })).toBe(0.25);
    expect(hybridScore({ fts: -1, bestFts: -2, vector: 0.2, bestVector: 0.8 })).toBe(0.5);
    expect(hybridScore({ vector: -0.3, bestVector: 0.8 })).toBe(0);
  });

  it("keeps a meaning-only match only when it is close to the best one", () => {
    expect(hybridScore({ vector: 0.8, bestVector: 0.8 })).toBe(0.5);
    expect(hybridScore({ vector: 0.64, bestVector: 0.8 })).toBe(0.4);
    expect(hybridScore({ vector: 0.58, bestVector: 0.8 })).toBe(0);
    expect(hybridScore({ vector: 0.4, bestVector: 0.8 })).toBe(0);
  });

  it("keeps a meaning-only match only when it is closer to the question than the library's average article", () => {
    // The one article of a library is its own average: by meaning alone it matches nothing.
    expect(hybridScore({ vector: 0.3, bestVector: 0.3, typicalVector: 0.3 })).toBe(0);
    expect(hybridScore({ vector: 0.8, bestVector: 0.8, typicalVector: 0.3 })).toBe(0.5);
    // A text match stays a match however typical its meaning.
    expect(hybridScore({ fts: -1, bestFts: -1, vector: 0.2, bestVector: 0.2, typicalVector: 0.3 })).toBe(1);
  });

  it("keeps a meaning-only match only when it is closer than the embedder's chance similarity", () => {
    expect(hybridScore({ vector: 0.07, bestVector: 0.07, typicalVector: 0.01, chanceVector: 0.15 })).toBe(0);
    expect(hybridScore({ vector: 0.3, bestVector: 0.3, typicalVector: 0.01, chanceVector: 0.15 })).toBe(0.5);
    // A text match does not need the meaning to stand out.
    expect(hybridScore({ fts: -1, bestFts: -1, vector: 0.07, bestVector: 0.07, chanceVector: 0.15 })).toBe(1);
  });

  it("knows the library's average similarity from all its scores, or else from the stored mean", () => {
    expect(typicalSimilarity({ query: [1, 0], scores: [0.2, 0.4], wholeLibrary: true, libraryMean: null })).toBeCloseTo(
      0.3,
    );
    // Only the best candidates came back: the mean of their scores would overstate it.
    expect(
      typicalSimilarity({ query: [3, 4], scores: [0.9], wholeLibrary: false, libraryMean: [0.5, 0.25] }),
    ).toBeCloseTo(0.5);
    expect(typicalSimilarity({ query: [1, 0], scores: [0.9], wholeLibrary: false, libraryMean: null })).toBeUndefined();
    // A mean of another embedder's space is not comparable.
    expect(
      typicalSimilarity({ query: [1, 0], scores: [0.9], wholeLibrary: false, libraryMean: [1, 0, 0] }),
    ).toBeUndefined();
  });
});
