/**
 * The search modal's own words around an answer, in each language the chat answers in: the reply line ("Found 8
 * articles matching your query"), the headings and the labels of a result. A reply carries its language (the
 * response's `language`, the question's), so a German question gets German headings around a German answer.
 * The server writes the words it generates (the answer, notices, explanations, suggestions: see
 * src/worker/domain/answers/chat-phrases.ts); these are the words the client lays out around them. The modal's
 * frame (its title, the input, the welcome line) stays in the interface's language. Hand-written; a language is
 * added here and on the server together.
 */
export const CHAT_LANGUAGES = ["en", "de", "fr", "es", "it", "nl", "pt", "pl"] as const;
export type ChatLanguage = (typeof CHAT_LANGUAGES)[number];

export function isChatLanguage(value: unknown): value is ChatLanguage {
  return typeof value === "string" && (CHAT_LANGUAGES as readonly string[]).includes(value);
}

export interface ReplyPhrases {
  /** "Found 3 articles matching your query" (`time` is " (12 ms)" or ""). */
  found: (count: number, time: string) => string;
  /** "Found 12 articles; here are the best 10". */
  foundBest: (total: number, shown: number, time: string) => string;
  /** Spec §8: "No articles found matching your query." */
  noResults: string;
  /** The heading of results that are only close to the question. */
  closeHeading: string;
  whyItMatched: string;
  suggestions: string;
  searchedFor: string;
  unread: string;
  /** "87% match". */
  match: (percent: string) => string;
  /** "Saved Dec 1, 2026": the date shown is the day it was saved, as the page states none. */
  saved: (date: string) => string;
  /** The tooltip of such a date. */
  savedTitle: string;
}

/** `count` with the noun's form for it ("1 article", "3 artykuły", "5 artykułów"). */
function counted(language: ChatLanguage, count: number, forms: Partial<Record<Intl.LDMLPluralRule, string>>) {
  return `${count} ${forms[new Intl.PluralRules(language).select(count)] ?? forms.other ?? ""}`;
}

const PHRASES: Record<ChatLanguage, ReplyPhrases> = {
  en: {
    found: (n, time) => `Found ${counted("en", n, { one: "article", other: "articles" })} matching your query${time}.`,
    foundBest: (total, shown, time) => `Found ${total} articles; here are the best ${shown}${time}.`,
    noResults: "No articles found matching your query.",
    closeHeading: "Not quite what you asked, but close",
    whyItMatched: "Why it matched: ",
    suggestions: "Try these suggestions:",
    searchedFor: "Searched for: ",
    unread: "Unread",
    match: (percent) => `${percent} match`,
    saved: (date) => `Saved ${date}`,
    savedTitle: "The day you saved it: the page states no date",
  },
  de: {
    found: (n, time) =>
      `${counted("de", n, { one: "passender Artikel", other: "passende Artikel" })} zu deiner Frage gefunden${time}.`,
    foundBest: (total, shown, time) => `${total} Artikel gefunden; hier sind die besten ${shown}${time}.`,
    noResults: "Keine Artikel zu deiner Frage gefunden.",
    closeHeading: "Nicht ganz, was du gefragt hast, aber nah dran",
    whyItMatched: "Warum es passt: ",
    suggestions: "Probier diese Vorschläge:",
    searchedFor: "Gesucht nach: ",
    unread: "Ungelesen",
    match: (percent) => `${percent} Übereinstimmung`,
    saved: (date) => `Gespeichert am ${date}`,
    savedTitle: "Der Tag, an dem du ihn gespeichert hast: die Seite nennt kein Datum",
  },
  fr: {
    found: (n, time) =>
      `${counted("fr", n, { one: "article trouvé", other: "articles trouvés" })} pour ta question${time}.`,
    foundBest: (total, shown, time) => `${total} articles trouvés ; voici les ${shown} meilleurs${time}.`,
    noResults: "Aucun article trouvé pour ta question.",
    closeHeading: "Pas tout à fait ce que tu as demandé, mais proche",
    whyItMatched: "Pourquoi ce résultat : ",
    suggestions: "Essaie ces suggestions :",
    searchedFor: "Recherché : ",
    unread: "Non lu",
    match: (percent) => `${percent} de correspondance`,
    saved: (date) => `Enregistré le ${date}`,
    savedTitle: "Le jour où tu l’as enregistré : la page n’indique pas de date",
  },
  es: {
    found: (n, time) =>
      `${counted("es", n, { one: "artículo encontrado", other: "artículos encontrados" })} para tu pregunta${time}.`,
    foundBest: (total, shown, time) => `${total} artículos encontrados; estos son los ${shown} mejores${time}.`,
    noResults: "No encontré artículos para tu pregunta.",
    closeHeading: "No es exactamente lo que preguntaste, pero se acerca",
    whyItMatched: "Por qué coincide: ",
    suggestions: "Prueba estas sugerencias:",
    searchedFor: "Búsqueda: ",
    unread: "No leído",
    match: (percent) => `${percent} de coincidencia`,
    saved: (date) => `Guardado el ${date}`,
    savedTitle: "El día en que lo guardaste: la página no indica fecha",
  },
  it: {
    found: (n, time) =>
      `${counted("it", n, { one: "articolo trovato", other: "articoli trovati" })} per la tua domanda${time}.`,
    foundBest: (total, shown, time) => `${total} articoli trovati; ecco i ${shown} migliori${time}.`,
    noResults: "Nessun articolo trovato per la tua domanda.",
    closeHeading: "Non proprio quello che hai chiesto, ma ci si avvicina",
    whyItMatched: "Perché corrisponde: ",
    suggestions: "Prova questi suggerimenti:",
    searchedFor: "Cercato: ",
    unread: "Non letto",
    match: (percent) => `${percent} di corrispondenza`,
    saved: (date) => `Salvato il ${date}`,
    savedTitle: "Il giorno in cui l’hai salvato: la pagina non indica una data",
  },
  nl: {
    found: (n, time) => `${counted("nl", n, { one: "artikel", other: "artikelen" })} gevonden bij je vraag${time}.`,
    foundBest: (total, shown, time) => `${total} artikelen gevonden; hier zijn de ${shown} beste${time}.`,
    noResults: "Geen artikelen gevonden bij je vraag.",
    closeHeading: "Niet precies wat je vroeg, maar het komt in de buurt",
    whyItMatched: "Waarom dit past: ",
    suggestions: "Probeer deze suggesties:",
    searchedFor: "Gezocht naar: ",
    unread: "Ongelezen",
    match: (percent) => `${percent} overeenkomst`,
    saved: (date) => `Opgeslagen op ${date}`,
    savedTitle: "De dag waarop je het opsloeg: de pagina noemt geen datum",
  },
  pt: {
    found: (n, time) =>
      `${counted("pt", n, { one: "artigo encontrado", other: "artigos encontrados" })} para a sua pergunta${time}.`,
    foundBest: (total, shown, time) => `${total} artigos encontrados; aqui estão os ${shown} melhores${time}.`,
    noResults: "Nenhum artigo encontrado para a sua pergunta.",
    closeHeading: "Não é bem o que perguntou, mas está perto",
    whyItMatched: "Porque corresponde: ",
    suggestions: "Experimente estas sugestões:",
    searchedFor: "Pesquisado: ",
    unread: "Não lido",
    match: (percent) => `${percent} de correspondência`,
    saved: (date) => `Guardado em ${date}`,
    savedTitle: "O dia em que o guardaste: a página não indica data",
  },
  pl: {
    found: (n, time) => `Pasujące artykuły: ${n}${time}.`,
    foundBest: (total, shown, time) => `Znalezione artykuły: ${total}; oto najlepsze: ${shown}${time}.`,
    noResults: "Nie znaleziono artykułów pasujących do pytania.",
    closeHeading: "Nie całkiem to, o co pytasz, ale blisko",
    whyItMatched: "Dlaczego pasuje: ",
    suggestions: "Wypróbuj te sugestie:",
    searchedFor: "Szukano: ",
    unread: "Nieprzeczytany",
    match: (percent) => `zgodność ${percent}`,
    saved: (date) => `Zapisano ${date}`,
    savedTitle: "Dzień zapisania: strona nie podaje daty",
  },
};

/** The modal's words for a reply in `language`; English for a reply without one (stored by an older version). */
export function replyPhrases(language: ChatLanguage | undefined): ReplyPhrases {
  return PHRASES[language ?? "en"];
}
