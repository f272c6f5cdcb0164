import { seededRandom } from "../../src/worker/domain/clustering/vectors";

/**
 * Made-up articles in five languages on eight subjects, for the mixed-language topics tests: each subject has
 * its names (the same in every language: "NASA", "Bitcoin") and its own words per language, and every
 * sentence is mostly the language's function words, as real prose is. Deterministic for a seed.
 */
export type Language = "de" | "en" | "fr" | "es" | "it";

interface Subject {
  names: string[];
  words: Record<Language, string[]>;
}

export const SUBJECTS: Record<string, Subject> = {
  space: {
    names: ["NASA", "Artemis", "SpaceX", "Orion"],
    words: {
      de: ["Mond", "Rakete", "Astronauten", "Raumfahrt", "Landung", "Raumschiff"],
      en: ["moon", "rocket", "astronauts", "spaceflight", "landing", "spacecraft"],
      fr: ["lune", "fusée", "astronautes", "spatial", "alunissage", "vaisseau"],
      es: ["luna", "cohete", "astronautas", "espacial", "alunizaje", "nave"],
      it: ["luna", "razzo", "astronauti", "spaziale", "allunaggio", "navicella"],
    },
  },
  crypto: {
    names: ["Bitcoin", "Ethereum", "Blockchain", "Binance"],
    words: {
      de: ["Kurs", "Anleger", "Börse", "Kryptowährung", "Handel", "Münzen"],
      en: ["price", "investors", "exchange", "cryptocurrency", "trading", "coins"],
      fr: ["cours", "investisseurs", "bourse", "cryptomonnaie", "échanges", "jetons"],
      es: ["precio", "inversores", "bolsa", "criptomoneda", "comercio", "monedas"],
      it: ["prezzo", "investitori", "borsa", "criptovaluta", "scambi", "monete"],
    },
  },
  football: {
    names: ["Bayern", "Champions", "Madrid", "Liverpool"],
    words: {
      de: ["Fußball", "Trainer", "Tor", "Spieler", "Stadion", "Meisterschaft"],
      en: ["football", "coach", "goal", "players", "stadium", "championship"],
      fr: ["football", "entraîneur", "but", "joueurs", "stade", "championnat"],
      es: ["fútbol", "entrenador", "gol", "jugadores", "estadio", "campeonato"],
      it: ["calcio", "allenatore", "gol", "giocatori", "stadio", "campionato"],
    },
  },
  climate: {
    names: ["COP28", "IPCC", "Dubai", "Greenpeace"],
    words: {
      de: ["Klima", "Erwärmung", "Emissionen", "Kohle", "Gletscher", "Hitze"],
      en: ["climate", "warming", "emissions", "coal", "glaciers", "heatwave"],
      fr: ["climat", "réchauffement", "émissions", "charbon", "glaciers", "canicule"],
      es: ["clima", "calentamiento", "emisiones", "carbón", "glaciares", "calor"],
      it: ["clima", "riscaldamento", "emissioni", "carbone", "ghiacciai", "caldo"],
    },
  },
  ai: {
    names: ["OpenAI", "ChatGPT", "Nvidia", "Gemini"],
    words: {
      de: ["Sprachmodell", "Chips", "Rechenzentren", "Algorithmen", "Forscher", "Daten"],
      en: ["chatbot", "chips", "datacenters", "algorithms", "researchers", "data"],
      fr: ["chatbot", "puces", "centres", "algorithmes", "chercheurs", "données"],
      es: ["chatbot", "chips", "centros", "algoritmos", "investigadores", "datos"],
      it: ["chatbot", "chip", "centri", "algoritmi", "ricercatori", "dati"],
    },
  },
  music: {
    names: ["Taylor", "Swift", "Eras", "Grammy"],
    words: {
      de: ["Konzert", "Tournee", "Sängerin", "Album", "Fans", "Bühne"],
      en: ["concert", "tour", "singer", "album", "fans", "stage"],
      fr: ["concert", "tournée", "chanteuse", "album", "fans", "scène"],
      es: ["concierto", "gira", "cantante", "álbum", "fans", "escenario"],
      it: ["concerto", "tour", "cantante", "album", "fan", "palco"],
    },
  },
  health: {
    names: ["WHO", "Pfizer", "COVID", "Moderna"],
    words: {
      de: ["Impfstoff", "Virus", "Patienten", "Krankenhaus", "Ärzte", "Infektionen"],
      en: ["vaccine", "virus", "patients", "hospital", "doctors", "infections"],
      fr: ["vaccin", "virus", "patients", "hôpital", "médecins", "infections"],
      es: ["vacuna", "virus", "pacientes", "hospital", "médicos", "infecciones"],
      it: ["vaccino", "virus", "pazienti", "ospedale", "medici", "infezioni"],
    },
  },
  cars: {
    names: ["Tesla", "Volkswagen", "Toyota", "BYD"],
    words: {
      de: ["Elektroauto", "Batterie", "Fabrik", "Laden", "Reichweite", "Autobauer"],
      en: ["electric", "battery", "factory", "charging", "range", "carmaker"],
      fr: ["voiture", "batterie", "usine", "recharge", "autonomie", "constructeur"],
      es: ["coche", "batería", "fábrica", "carga", "autonomía", "fabricante"],
      it: ["auto", "batteria", "fabbrica", "ricarica", "autonomia", "costruttore"],
    },
  },
};

/** Sentences of function words with slots ({}) for a subject's words, per language. */
const SENTENCES: Record<Language, string[]> = {
  de: [
    "Wie Sie sehen, ist {} auch nach dem Wochenende noch ein Thema, über das man spricht.",
    "Als {} bekannt wurde, hatten viele schon damit gerechnet, aber nicht so bald.",
    "Auch wenn {} und {} wichtig sind, wird es bei uns noch eine Weile dauern.",
    "Sie fragen sich vielleicht, warum {} immer wieder in den Nachrichten ist.",
    "Nach Angaben von {} soll es im nächsten Jahr mehr {} geben als je zuvor.",
  ],
  en: [
    "As you can see, {} is still something people talk about after the weekend.",
    "When {} became known, many had already expected it, but not so soon.",
    "Even though {} and {} matter, it will take a while for us.",
    "You may wonder why {} keeps coming back in the news.",
    "According to {}, there will be more {} next year than ever before.",
  ],
  fr: [
    "Comme vous le voyez, {} reste un sujet dont on parle après le week-end.",
    "Quand {} a été connu, beaucoup s'y attendaient déjà, mais pas si tôt.",
    "Même si {} et {} sont importants, cela prendra encore du temps chez nous.",
    "Vous vous demandez peut-être pourquoi {} revient toujours dans les nouvelles.",
    "Selon {}, il y aura plus de {} l'année prochaine que jamais auparavant.",
  ],
  es: [
    "Como usted ve, {} sigue siendo un tema del que se habla después del fin de semana.",
    "Cuando se supo lo de {}, muchos ya lo esperaban, pero no tan pronto.",
    "Aunque {} y {} son importantes, todavía tardará un tiempo para nosotros.",
    "Quizás se pregunte por qué {} vuelve siempre a las noticias.",
    "Según {}, habrá más {} el próximo año que nunca antes.",
  ],
  it: [
    "Come vede, {} è ancora un tema di cui si parla dopo il fine settimana.",
    "Quando si è saputo di {}, molti se lo aspettavano già, ma non così presto.",
    "Anche se {} e {} sono importanti, ci vorrà ancora un po' di tempo per noi.",
    "Forse si chiede perché {} torna sempre nelle notizie.",
    "Secondo {}, ci saranno più {} l'anno prossimo che mai prima.",
  ],
};

const TITLES: Record<Language, string> = {
  de: "Was Sie über {} und {} wissen sollten",
  en: "What you should know about {} and {}",
  fr: "Ce que vous devez savoir sur {} et {}",
  es: "Lo que debe saber sobre {} y {}",
  it: "Cosa deve sapere su {} e {}",
};

export interface MadeUpArticle {
  subject: string;
  language: Language;
  title: string;
  text: string;
}

/** `count` articles, languages in the given shares, subjects in turn. */
export function multilingualLibrary(count: number, shares: Record<Language, number>, seed = 1): MadeUpArticle[] {
  const random = seededRandom(seed);
  const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)] as T;
  const subjects = Object.keys(SUBJECTS);
  const languages = Object.entries(shares).flatMap(([language, share]) =>
    Array.from({ length: Math.round(share * 20) }, () => language as Language),
  );
  return Array.from({ length: count }, (_, i) => {
    const subject = subjects[i % subjects.length] as string;
    const language = pick(languages);
    const { names, words } = SUBJECTS[subject] as Subject;
    const vocabulary = [...names, ...words[language]];
    const fill = (template: string) => template.replace(/\{\}/g, () => pick(vocabulary));
    const sentences = Array.from({ length: 8 }, () => fill(pick(SENTENCES[language])));
    return { subject, language, title: fill(TITLES[language]), text: sentences.join(" ") };
  });
}
