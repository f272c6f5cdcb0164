import { describe, expect, it } from "vitest";
import { clusterLibrary, type LibraryItem } from "../../src/worker/domain/clustering/cluster-library";
import { isAcceptableTopicName } from "../../src/worker/domain/clustering/name-rules";
import {
  cleanTopicName,
  LEFTOVER_LABEL,
  nameFromTitles,
  nameFromWords,
  withItsNoun,
} from "../../src/worker/domain/clustering/topic-names";
import { seededRandom, unit } from "../../src/worker/domain/clustering/vectors";
import { isStopWord, stemWord } from "../../src/worker/domain/words";

const NOW = Date.UTC(2026, 10, 25);

/**
 * One group per entry, its vectors around a direction of its own (so the grouping is given) and its titles
 * and summaries as written: the topic's name is what these tests look at.
 */
function library(groups: { language: string; titles: string[]; text: string }[]): LibraryItem[] {
  const random = seededRandom(11);
  const items: LibraryItem[] = [];
  for (const group of groups) {
    const centre = unit(Array.from({ length: 48 }, () => random() - 0.5));
    for (const title of group.titles) {
      items.push({
        id: items.length + 1,
        vector: unit(centre.map((x) => x + (random() - 0.5) * 0.2)),
        title,
        text: group.text,
        isRead: false,
        createdAt: NOW,
        feedback: null,
        language: group.language,
      });
    }
  }
  return items;
}

/** The two subjects of each language, titles full of the function words real titles have. */
const GROUPS = [
  {
    language: "de",
    titles: [
      "Was Sie über den Bahnstreik wissen müssen",
      "Bahnstreik: Wie Sie auch jetzt noch ans Ziel kommen",
      "Warum der Bahnstreik auch als Warnung gilt",
      "Bahnstreik geht weiter, als wäre nichts gewesen",
    ],
    text: "Die Lokführer streiken auch diese Woche, als ob Sie nicht schon genug gewartet hätten.",
  },
  {
    language: "de",
    titles: [
      "Wie Sie Ihre Heizung richtig entlüften",
      "Heizung: Auch als Mieter können Sie sparen",
      "Wann Sie die Heizung als Erstes prüfen sollten",
      "Die Heizung bleibt kalt? Was Sie auch tun können",
    ],
    text: "Eine Heizung braucht Pflege, auch wenn Sie als Mieter wenig Zeit haben.",
  },
  {
    language: "fr",
    titles: [
      "Par où commencer avec le jardinage urbain",
      "Jardinage urbain : avec peu de place, par exemple",
      "Le jardinage urbain, une affaire de patience avec le ministre",
      "Avec le jardinage urbain, par la fenêtre",
    ],
    text: "Le jardinage urbain se pratique avec des bacs, par tous les temps, selon le ministre.",
  },
  {
    language: "fr",
    titles: [
      "La réforme des retraites adoptée par le Parlement",
      "Retraites : le ministre avec les syndicats",
      "Par quel vote la réforme des retraites passe",
      "Réforme des retraites : avec ou sans le ministre",
    ],
    text: "Le ministre défend la réforme des retraites avec fermeté, par conviction.",
  },
  {
    language: "es",
    titles: [
      "Cómo se prepara la paella valenciana",
      "La paella valenciana y por qué se hace con leña",
      "Paella valenciana: lo que se debe saber para que salga bien",
      "Por qué la paella valenciana no lleva chorizo",
    ],
    text: "La paella valenciana se hace con arroz, pollo y conejo, y se cocina para muchos.",
  },
  {
    language: "it",
    titles: [
      "Come si guida in Formula 1 sotto la pioggia",
      "Formula 1: la Ferrari che non si ferma",
      "Perché la Ferrari in Formula 1 è più veloce",
      "La Formula 1 e la Ferrari, una storia che si ripete",
    ],
    text: "La Ferrari in Formula 1 non si è mai arresa, anche quando si correva sotto la pioggia.",
  },
  {
    language: "en",
    titles: [
      "The Doobie Brothers tour dates announced",
      "Doobie Brothers tour: Michael McDonald returns",
      "Why the Doobie Brothers tour is the first in years",
      "New Doobie Brothers tour stops added",
    ],
    text: "The Doobie Brothers will tour again with Michael McDonald, the first tour with him in years.",
  },
  {
    language: "en",
    titles: [
      "NASA lunar landers: what comes after Apollo",
      "The new NASA lunar landers explained",
      "Programs behind NASA lunar landers",
      "How NASA lunar landers will land on the Moon",
    ],
    text: "NASA picked new lunar landers for its programs: the landers carry astronauts to the Moon.",
  },
];

describe("topic names", () => {
  const result = clusterLibrary(library(GROUPS), NOW);
  const nameOf = (firstTitle: string) => {
    const id = library(GROUPS).find((item) => item.title === firstTitle)?.id;
    return result.topics.find((topic) => topic.members.some((m) => m.id === id))?.label ?? "";
  };

  it("are 1 to 4 words with no stop word, number or vague word, in five languages", () => {
    expect(result.topics).toHaveLength(GROUPS.length);
    for (const topic of result.topics) {
      const words = topic.label.split(/[\s·]+/).filter(Boolean);
      expect(words.length, topic.label).toBeGreaterThanOrEqual(1);
      expect(words.length, topic.label).toBeLessThanOrEqual(4);
      for (const word of words) {
        expect(isStopWord(word, topic.language), `${topic.label} (${topic.language})`).toBe(false);
        expect(word).not.toMatch(/^\d+$/);
        expect(["new", "first", "programs", "miscellaneous"]).not.toContain(word.toLowerCase());
      }
    }
  });

  it("are the phrase the topic's titles share, as they write it, in the topic's language", () => {
    expect(nameOf("The Doobie Brothers tour dates announced")).toBe("Doobie Brothers tour");
    expect(nameOf("NASA lunar landers: what comes after Apollo")).toBe("NASA lunar landers");
    expect(nameOf("Was Sie über den Bahnstreik wissen müssen")).toBe("Bahnstreik");
    expect(nameOf("Wie Sie Ihre Heizung richtig entlüften")).toBe("Heizung");
    expect(nameOf("Par où commencer avec le jardinage urbain")).toBe("Jardinage urbain");
    expect(nameOf("La réforme des retraites adoptée par le Parlement")).toMatch(/^(?:Réforme|Retraites)/);
    expect(nameOf("Cómo se prepara la paella valenciana")).toBe("Paella valenciana");
    expect(nameOf("Come si guida in Formula 1 sotto la pioggia")).toMatch(/^(?:Formula 1|Ferrari|Formula)$/);
    const german = result.topics.find((topic) => topic.label === "Bahnstreik");
    expect(german?.language).toBe("de");
  });

  it("put the articles that fit nowhere in one leftover group, ranked last", () => {
    const items = library([
      ...GROUPS.slice(0, 3),
      { language: "en", titles: ["Opera at the Met tonight"], text: "An opera review." },
      { language: "en", titles: ["Sourdough starter basics"], text: "Bread baking at home." },
    ]);
    const clustering = clusterLibrary(items, NOW);
    const last = clustering.topics[clustering.topics.length - 1];
    expect(last).toMatchObject({ label: LEFTOVER_LABEL, leftover: true, finalScore: 0 });
    expect(new Set(last?.members.map((m) => m.id))).toEqual(new Set(clustering.unclustered));
    expect(clustering.unclustered.length).toBeGreaterThan(0);
    const others = clustering.topics.slice(0, -1);
    expect(others.length).toBeGreaterThan(0);
    for (const topic of others) {
      expect(topic.leftover).toBe(false);
      expect(topic.finalScore).toBeGreaterThan(0);
    }
  });

  /** Scores by stem, as distinctiveTermScores gives them, from words as written. */
  const scores = (language: string, weights: Record<string, number>) =>
    new Map(Object.entries(weights).map(([word, score]) => [stemWord(word, language), score]));

  it.each([
    {
      case: "no shared phrase: the most distinctive word alone, not two unrelated words glued with a dot",
      language: "en",
      words: ["seat", "figuratively", "day"],
      titles: ["Bartleby the Scrivener Web Study Text", "On Behalf of “Literally”"],
      name: "Seat",
    },
    {
      case: "an English adverb never names a topic, even as the most distinctive word",
      language: "en",
      words: ["figuratively", "literally", "scrivener"],
      titles: ["Bartleby the Scrivener Web Study Text", "On Behalf of “Literally”"],
      name: "Scrivener",
    },
    {
      case: "two words one title writes side by side, as it writes them",
      language: "de",
      words: ["verschollene", "gemälde", "museen"],
      titles: ["Museum zeigt verschollene Gemälde von Caspar David Friedrich", "Neue Saison im Museum"],
      name: "Verschollene Gemälde",
    },
    {
      case: "French: the pair of one title, accents kept",
      language: "fr",
      words: ["peintures", "retrouvées", "louvre"],
      titles: ["Le Louvre expose des peintures retrouvées", "Un nouveau vaccin contre la grippe"],
      name: "Peintures retrouvées",
    },
    {
      case: "a Spanish -mente adverb is skipped; two words not side by side stay one",
      language: "es",
      words: ["rápidamente", "vacuna", "gripe"],
      titles: ["Una nueva vacuna contra la gripe para mayores", "El Prado expone cuadros perdidos de Goya"],
      name: "Vacuna",
    },
    {
      case: "Italian: the most distinctive noun, not glued to the next",
      language: "it",
      words: ["musei", "perduti", "uffizi"],
      titles: ["Gli Uffizi espongono dipinti ritrovati", "Il Parlamento approva la legge di bilancio"],
      name: "Musei",
    },
  ])("fall back to words as a heading when titles share no phrase ($language: $case)", ({
    language,
    words,
    titles,
    name,
  }) => {
    expect(nameFromWords(words, language, titles)).toBe(name);
  });

  it.each<{ case: string; language: string; titles: string[]; weights: Record<string, number>; name: string }>([
    {
      case: "a word without a vowel in lower case is a cut-off tag name, not a name",
      language: "en",
      titles: ["Replace brs test", "Remove trailing brs test", "Remove script tags test", "Test script parsing"],
      weights: { brs: 3, script: 2, tags: 1, test: 0.5 },
      name: "Script",
    },
    {
      case: "an acronym written in capitals is a name, the same letters in lower case are not",
      language: "en",
      titles: ["NFL playoff picture (cbs)", "cbs: NFL draft order", "NFL schedule on cbs"],
      weights: { cbs: 3, nfl: 2, draft: 1 },
      name: "NFL",
    },
    {
      case: "German: a vowelless lower-case token shared by titles loses to the noun they share",
      language: "de",
      titles: [
        "Warum die Bahn jetzt nachbessert (ntv)",
        "Bahn und ntv: Streik geht weiter",
        "Streik bei der Bahn, meldet ntv",
      ],
      weights: { ntv: 3, bahn: 2, streik: 1 },
      name: "Bahn",
    },
  ])("take no stem-like fragment from the titles ($language: $case)", ({ language, titles, weights, name }) => {
    expect(nameFromTitles(titles, language, scores(language, weights))).toBe(name);
  });

  it("take a language model's answer only when it reads as a heading", () => {
    expect(cleanTopicName('"NASA lunar landers."')).toBe("NASA lunar landers");
    expect(cleanTopicName("Topic: Doobie Brothers tour")).toBe("Doobie Brothers tour");
    expect(cleanTopicName("Sie · Auch · Als", "de")).toBeNull();
    expect(cleanTopicName("Par · Avec", "fr")).toBeNull();
    expect(cleanTopicName("New · First")).toBeNull();
    expect(cleanTopicName("Programs")).toBeNull();
    expect(cleanTopicName("2024")).toBeNull();
    expect(cleanTopicName("These articles are all about the moon landings")).toBeNull();
    expect(cleanTopicName("")).toBeNull();
  });

  it.each([
    // The names a German-majority library got from the pipeline command before it passed each language.
    {
      language: "de",
      bad: ["Ich", "Wir", "Bei", "Wie", "Sie", "Aus", "Morgen", "Montag", "Januar", "2023", "Letzte Woche"],
    },
    { language: "de", good: ["Energiewende", "Wärmepumpen im Altbau", "Bundesliga", "Winter"] },
    { language: "es", bad: ["Este miércoles", "Paella y", "Ellos", "Hoy", "Mayo", "Ha sido"] },
    { language: "es", good: ["Paella valenciana", "Elecciones presidenciales", "Banco de España"] },
    { language: "fr", bad: ["Nous", "Janvier", "Aujourd'hui", "Cette semaine", "Est"] },
    { language: "fr", good: ["Réforme des retraites", "Jardinage urbain"] },
    { language: "pl", bad: ["Jest", "Wczoraj", "Styczeń", "Oni"] },
    { language: "pl", good: ["Gazociąg", "Rosyjskie zamachy"] },
    { language: "it", bad: ["Questo", "Lunedì", "Oggi"] },
    { language: "nl", bad: ["Zij", "Vandaag", "Maandag"] },
    { language: "en", bad: ["They", "Yesterday", "Next week", "Brs", "2024", "A B C D E", "of the", "Tour\ndates"] },
    { language: "en", good: ["Bank of England", "NASA lunar landers", "Doobie Brothers tour"] },
  ])("keep the rules of a name in $language", ({ language, bad = [], good = [] }) => {
    for (const name of bad) expect(isAcceptableTopicName(name, language), name).toBe(false);
    for (const name of good) expect(isAcceptableTopicName(name, language), name).toBe(true);
  });

  it("give a one-word adjective or demonym its noun, as the members' texts write it", () => {
    const english = [
      "Greek athletes banned after doping tests",
      "The Greek athletes appeal the ban",
      "Doping: two Greek sprinters suspended",
      "Greek athletes return to the track",
    ];
    expect(withItsNoun("Greek", english, "en")).toBe("Greek athletes");
    const german = [
      "Digitale Bildung an Schulen",
      "Die Schulen warten auf digitale Bildung und digitale Geräte",
      "Mehr Geld für digitale Bildung",
    ];
    expect(withItsNoun("Digitale", german, "de")).toBe("Digitale Bildung");
    // A noun stays as it is, whatever follows it.
    expect(withItsNoun("Heizung", ["Die Heizung braucht Pflege", "Heizung richtig entlüften"], "de")).toBe("Heizung");
    expect(withItsNoun("Bahnstreik", ["Bahnstreik: was nun", "Der Bahnstreik endet"], "de")).toBe("Bahnstreik");
  });

  it("are never shared by two topics, and keep the rules in every language of the library", () => {
    const twice = [...GROUPS.slice(0, 2), { ...(GROUPS[0] as (typeof GROUPS)[number]) }];
    const clustering = clusterLibrary(library(twice), NOW);
    const names = clustering.topics.filter((t) => !t.leftover).map((t) => t.label.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
    for (const topic of result.topics)
      expect(isAcceptableTopicName(topic.label, topic.language), topic.label).toBe(true);
  });

  it("take no language model answer that breaks the rules", () => {
    expect(cleanTopicName("Este miércoles", "es")).toBeNull();
    expect(cleanTopicName("Wir", "de")).toBeNull();
    expect(cleanTopicName("Energiewende", "de")).toBe("Energiewende");
  });
});
