import { describe, expect, it } from "vitest";
import dev from "../../scripts/bench-data/semantic-question-language-dev.json";
import heldOut from "../../scripts/bench-data/semantic-question-language-held-out.json";
import {
  type AnswerSource,
  extractiveAnswer,
  groundModelAnswer,
} from "../../src/worker/domain/answers/grounded-answer";
import { ANSWER_LANGUAGES, questionLanguage } from "../../src/worker/domain/answers/question-language";
import { matchRelevance, queryTerms, questionCoverage, termWeight } from "../../src/worker/domain/search/chat-query";
import { type PreviousArticle, resolveFollowUp } from "../../src/worker/domain/search/follow-up-resolver";

const DAY = 86_400_000;
// Saturday 28 November 2026, noon UTC: last week is Monday 16 to Monday 23 November.
const NOW = Date.UTC(2026, 10, 28, 12);
const LAST_WEEK = Date.UTC(2026, 10, 18, 9);
const THIS_WEEK = Date.UTC(2026, 10, 26, 9);

const previous: PreviousArticle[] = [
  {
    id: 11,
    title: "Managing Python environments",
    summary: "Virtual environments keep each project's packages apart.",
    isRead: true,
    createdAt: THIS_WEEK,
    language: "en",
  },
  {
    id: 12,
    title: "Leasing oder Finanzierung: der große Vergleich",
    summary: "Wer ein Auto least, zahlt monatlich eine Rate.",
    isRead: false,
    createdAt: LAST_WEEK,
    language: "de",
  },
  {
    id: 13,
    title: "Pour le néolibéralisme, la retraite est un archaïsme",
    summary: "La réforme des retraites divise.",
    isRead: false,
    createdAt: LAST_WEEK + DAY,
    language: "fr",
  },
  {
    id: 14,
    title: "Kenji Fujimori: juicio contra excongresista",
    summary: "El juicio por presunta compra de votos continuará.",
    isRead: true,
    createdAt: NOW - 40 * DAY,
    language: "es",
    text: "La Fiscalía acusa al excongresista. El tribunal en Lima fijó una nueva fecha.",
  },
];

const resolve = (question: string) => resolveFollowUp(question, previous, { domains: [], now: NOW });
const picked = (question: string) => {
  const followUp = resolve(question);
  return followUp?.kind === "pick" ? followUp.ids : followUp;
};

describe("follow-ups resolved against the previous results", () => {
  it("picks a result by its place, in four languages", () => {
    for (const question of [
      "tell me more about the first one",
      "erzähl mir mehr über den ersten",
      "háblame del primero",
      "parle-moi du premier",
    ])
      expect(picked(question), question).toEqual([11]);
    for (const question of ["the second", "die zweite", "el segundo", "le deuxième"])
      expect(picked(question), question).toEqual([12]);
    for (const question of [
      "what does the third one say?",
      "was steht im dritten?",
      "¿qué dice el tercero?",
      "que dit le troisième ?",
    ])
      expect(picked(question), question).toEqual([13]);
    for (const question of ["and the last one?", "und der letzte?", "¿y el último?", "et le dernier ?"])
      expect(picked(question), question).toEqual([14]);
    expect(resolve("the fifth one")).toEqual({ kind: "unresolved" });
  });

  it("narrows by read state and saving time, and combines them", () => {
    for (const question of [
      "only the unread ones",
      "nur die ungelesenen",
      "solo los no leídos",
      "seulement les non lus",
    ])
      expect(picked(question), question).toEqual([12, 13]);
    for (const question of [
      "which of those have I read?",
      "welche davon habe ich schon gelesen?",
      "¿cuáles de esos ya leí?",
      "lesquels ai-je déjà lus ?",
    ])
      expect(picked(question), question).toEqual([11, 14]);
    for (const question of [
      "those from last week",
      "die von letzter Woche",
      "los de la semana pasada",
      "ceux de la semaine dernière",
    ])
      expect(picked(question), question).toEqual([12, 13]);
    for (const question of [
      "and from this week?",
      "und die von dieser Woche?",
      "¿y los de esta semana?",
      "et ceux de cette semaine ?",
    ])
      expect(picked(question), question).toEqual([11]);
    expect(picked("the unread ones from last week")).toEqual([12, 13]);
    expect(picked("die ungelesenen von dieser Woche")).toEqual([]);
  });

  it("picks the most recent or the oldest", () => {
    for (const question of [
      "which of these is the most recent?",
      "welcher davon ist der neueste?",
      "¿cuál de estos es el más reciente?",
      "lequel est le plus récent ?",
    ])
      expect(picked(question), question).toEqual([11]);
    for (const question of ["and the oldest one?", "und der älteste?", "¿y el más antiguo?", "et le plus ancien ?"])
      expect(picked(question), question).toEqual([14]);
    expect(picked("the most recent unread one")).toEqual([13]);
  });

  it("narrows to the results about some words, read by stem in each article's language", () => {
    expect(picked("which of these is about Python?")).toEqual([11]);
    expect(picked("welche davon handeln von Leasing?")).toEqual([12]);
    expect(picked("lesquels parlent des retraites ?")).toEqual([13]);
    // Named only in the text's start: read there when no title or summary names it.
    expect(picked("¿cuál de ellos trata de Lima?")).toEqual([14]);
    expect(picked("which of them mention glaciers?")).toEqual([]);
  });

  it("takes them all, or more like one of them", () => {
    for (const question of ["summarise them", "fasse sie zusammen", "resúmelos", "résume-les"])
      expect(picked(question), question).toEqual([11, 12, 13, 14]);
    for (const question of ["more like that", "mehr davon", "más como ese", "plus comme celui-là"])
      expect(resolve(question), question).toMatchObject({ kind: "similar", id: 11 });
    expect(resolve("more like the second one")).toMatchObject({ kind: "similar", id: 12 });
  });

  it("leaves a question of its own alone", () => {
    for (const question of [
      "Which articles are in French?",
      "honeybees in winter",
      "Die Bienen im Winter",
      "the first world war",
      "Artikel auf Deutsch",
    ])
      expect(resolve(question), question).toBeNull();
  });
});

const sources: AnswerSource[] = [
  {
    title: "How honeybees dance",
    summary: "Honeybees dance to share where food is.",
    text: "Spring came early this year. Honeybees perform a waggle dance inside the hive to tell other bees where the pollen is. The angle of the dance points at the flowers.",
    language: "en",
  },
  {
    title: "Inside the hive",
    summary: "A colony has one queen.",
    text: "A honeybee colony has one queen, thousands of workers and a few drones. Foragers bring pollen back to the hive in baskets on their legs.",
    language: "en",
  },
  {
    title: "Rust's borrow checker",
    summary: "Ownership rules.",
    text: "The Rust compiler checks ownership and lifetimes with its borrow checker.",
    language: "en",
  },
];

describe("the grounded answer", () => {
  const ask = (question: string, from = sources) =>
    extractiveAnswer({ question, terms: queryTerms(question), language: questionLanguage(question), sources: from });

  it("quotes the sentences of the top results that answer the question, each citing its result", () => {
    const answer = ask("How do honeybees find the pollen?");
    expect(answer.found).toBe(true);
    expect(answer.text).toContain(
      "“Honeybees perform a waggle dance inside the hive to tell other bees where the pollen is.” [1]",
    );
    expect(answer.text).toContain("“Foragers bring pollen back to the hive in baskets on their legs.” [2]");
    expect(answer.text).not.toMatch(/Rust|Spring came early/);
    expect(answer.citations).toEqual([1, 2]);
  });

  it("says it found nothing, in the question's language, when no sentence fits", () => {
    expect(ask("What did the borrow checker say about glaciers and volcanoes?", sources.slice(0, 2))).toEqual({
      text: "I found nothing about that in your library.",
      citations: [],
      found: false,
    });
    expect(ask("Was sagen die Artikel über Vulkane?").text).toBe("Dazu habe ich in deiner Bibliothek nichts gefunden.");
    expect(ask("¿Qué dicen sobre los volcanes?").text).toBe("No encontré nada sobre eso en tu biblioteca.");
    expect(ask("Que disent-ils des volcans ?").text).toBe("Je n'ai rien trouvé à ce sujet dans ta bibliothèque.");
  });

  it("keeps only the model's sentences that cite a shown result", () => {
    const grounded = groundModelAnswer(
      "Honeybees dance to show where pollen is. [1] The moon is made of cheese [7]. Everyone agrees on this. Foragers carry pollen home [2][9].",
      3,
      "en",
    );
    expect(grounded).toEqual({
      text: "Honeybees dance to show where pollen is [1]. Foragers carry pollen home [2].",
      citations: [1, 2],
      found: true,
    });
    expect(groundModelAnswer("NOTHING", 3, "fr")?.found).toBe(false);
    expect(groundModelAnswer("Bees are great.", 3, "en")?.found).toBe(false);
    expect(groundModelAnswer("  ", 3, "en")).toBeNull();
  });

  it("reads the question's language from its words", () => {
    expect(questionLanguage("welcher davon ist der neueste?")).toBe("de");
    expect(questionLanguage("¿cuál es el más reciente?")).toBe("es");
    expect(questionLanguage("lequel est le plus récent ?")).toBe("fr");
    expect(questionLanguage("which one is the newest?")).toBe("en");
  });
});

describe("the question's language (bench:semantic's 240 questions, unit-level)", () => {
  for (const [name, set] of [
    ["dev", dev],
    ["held-out", heldOut],
  ] as const) {
    it(`answers at least 97% of the ${name} questions in their language, in each of the 8 languages`, () => {
      const wrong = set.questions.filter((q) => questionLanguage(q.question) !== q.language);
      expect(wrong.length / set.questions.length, JSON.stringify(wrong)).toBeLessThanOrEqual(0.03);
      for (const language of ANSWER_LANGUAGES) {
        expect(set.questions.filter((q) => q.language === language)).toHaveLength(15);
      }
    });
  }

  it("never lets a product word or a name decide", () => {
    // "articles" is English and French: "Which articles are about climate or emissions?" was answered in French.
    expect(questionLanguage("Which articles are about climate or emissions?")).toBe("en");
    expect(questionLanguage("What do my articles say about Rust?")).toBe("en");
    expect(questionLanguage("the Deutsche Bahn strike")).toBe("en");
    expect(questionLanguage("articles sur Emmanuel Macron")).toBe("fr");
    // Names alone say nothing: English, the product's language, unless the session or the interface says more.
    for (const question of ["iPhone 15", "Angela Merkel", "Python?", "Netflix"]) {
      expect(questionLanguage(question), question).toBe("en");
      expect(questionLanguage(question, { interfaceLanguage: "pl-PL" }), question).toBe("pl");
      expect(questionLanguage(question, { earlier: ["de"], interfaceLanguage: "fr-FR" }), question).toBe("de");
    }
  });

  it("lets the session and the interface decide only what the words leave open", () => {
    expect(questionLanguage("und Python?", { earlier: ["fr"], interfaceLanguage: "fr" })).toBe("de");
    expect(questionLanguage("Welche Artikel handeln von Corona?", { interfaceLanguage: "en-US" })).toBe("de");
    expect(questionLanguage("What did I save about the Champions League?", { earlier: ["es"] })).toBe("en");
    // An interface language the chat does not answer in is no hint.
    expect(questionLanguage("Python", { interfaceLanguage: "sv-SE" })).toBe("en");
  });
});

describe("the match percent means something", () => {
  it("is the share of the question's words an article uses, each by how rare it is, and for a match by meaning alone its similarity above the average", () => {
    const best = { fts: -4, bestFts: -4, vector: 0.5, bestVector: 0.5, typicalVector: 0.1, chanceVector: 0.15 };
    expect(matchRelevance({ ...best, coverage: 1 })).toEqual({ score: 1, fit: "match" });
    const half = matchRelevance({ ...best, coverage: 0.5 });
    expect(half.fit).toBe("match");
    expect(half.score).toBeGreaterThanOrEqual(0.35);
    expect(half.score).toBeLessThanOrEqual(0.5);
    expect(matchRelevance({ ...best, coverage: 0.4 }).fit).toBe("close");
    // "What happened at Chernobyl?" in a library of 7 that all say "happened": an article with "happened" alone
    // covers under 4% of the question.
    const weights = [termWeight(7, 7), termWeight(1, 7)];
    expect(questionCoverage([0], weights)).toBeLessThan(0.04);
    expect(questionCoverage([1], weights)).toBeGreaterThan(0.96);
    expect(questionCoverage([0, 1, 1], weights)).toBe(1);
    // No word in common, 16% similar where the library's average article is 10%: the best of a poor set scored
    // 50% relative to itself ("a 43% match"); now about 3%, and only close.
    const poor = matchRelevance({ vector: 0.16, bestVector: 0.16, typicalVector: 0.1, coverage: 0 });
    expect(poor.fit).toBe("close");
    expect(poor.score).toBeCloseTo(0.033, 2);
  });
});
