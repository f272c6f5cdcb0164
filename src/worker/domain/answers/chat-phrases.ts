import type { AnswerLanguage } from "./question-language";

/**
 * The chat's own words that the server writes, in each answer language: the answer's lead and its "found
 * nothing", the notices, the match explanations and the suggestions. They follow the answer's language (the
 * question's, see question-language), as the client's headings do (src/client/lib/chat-phrases.ts, keyed by the
 * response's `language`): a German question never gets "None of your previous results fits that." Hand-written;
 * a language is added here and in the client's list together.
 */
export interface ChatPhrases {
  /** Before the quotes: "From your articles:". */
  lead: string;
  /** "I found nothing about that in your library." */
  nothing: string;
  /** Quotation marks around a quoted sentence. */
  quotes: [string, string];
  /** "and" between the last two items of a list. */
  and: string;
  /** The notice of a follow-up that keeps none of the previous results. */
  noneFits: string;
  /** Then, for a saving time none fits: when the previous results were saved ("Oct 22, 2026 and Nov 27, 2026"). */
  savedOn: (dates: string) => string;
  /** Then, for a read state none has. */
  allRead: string;
  noneRead: string;
  /** Then, for a language or a site none has. */
  languagesAre: (names: string) => string;
  sitesAre: (sites: string) => string;
  /** A follow-up pointing past the previous results ("the fifth one" after 3). */
  pointsPast: (count: number) => string;
  /** A follow-up with no previous results to point at. */
  nothingToReferTo: string;
  /** A question offered instead, listing the articles a filter names ("Articles from last week"). */
  articlesWord: string;
  unreadArticles: string;
  readArticles: string;
  /** A suggestion: "More about waggle dance". */
  moreAbout: (phrase: string) => string;
  /** Why a result matched: its shared words, where they are, and the passage. */
  mentions: (terms: string[], fields: MatchField[], passage: string) => string;
  /** A result found by meaning alone. */
  closeInMeaning: (percent: number) => string;
  /** A previous result a follow-up picked, when the question before it had no words to explain it by. */
  picked: string;
  /** A result of a question of filters only: "Matches what you asked for: in French, unread." */
  matchesFilters: (parts: FilterPart[]) => string;
  meaningUnavailable: string;
  answerUnavailable: string;
  explanationsUnavailable: string;
}

export type MatchField = "title" | "summary" | "article" | "notes";
export type FilterPart =
  | { kind: "language"; name: string }
  | { kind: "site"; domain: string }
  | { kind: "time" }
  | { kind: "read"; isRead: boolean };

/** "a, b and c" with the language's "and". */
export function joinList(items: readonly string[], and: string): string {
  return items.length > 1 ? `${items.slice(0, -1).join(", ")} ${and} ${items.at(-1)}` : (items[0] ?? "");
}

/** One language's words, from which its phrases are put together (`phrasesOf`). */
interface Words extends Omit<ChatPhrases, "pointsPast" | "moreAbout" | "mentions" | "matchesFilters"> {
  /** Past the results, with "3 articles" in the language's plural. */
  pointsPast: (articles: string) => string;
  /** "article" by the language's plural rules (Intl.PluralRules categories). */
  article: Partial<Record<Intl.LDMLPluralRule, string>>;
  moreAbout: string;
  /** The explanation: "<mentions> "a" and "b" <fieldsIn><fields><colon>"passage"". */
  mentions: string;
  fieldsIn: string;
  fields: Record<MatchField, string>;
  colon: string;
  /** Around the matched words and the passage of an explanation (English keeps the plain quotes it always had). */
  explanationQuotes?: [string, string];
  /** "Matches what you asked for:" and each filter's words. */
  asked: string;
  filter: {
    language: (name: string) => string;
    site: (domain: string) => string;
    time: string;
    read: string;
    unread: string;
  };
}

function phrasesOf(language: AnswerLanguage, w: Words): ChatPhrases {
  const [open, close] = w.explanationQuotes ?? w.quotes;
  const rule = new Intl.PluralRules(language);
  return {
    ...w,
    pointsPast: (count) => w.pointsPast(`${count} ${w.article[rule.select(count)] ?? w.article.other ?? ""}`),
    moreAbout: (phrase) => `${w.moreAbout} ${phrase}`,
    mentions: (terms, fields, passage) =>
      `${w.mentions} ${joinList(
        terms.map((term) => `${open}${term}${close}`),
        w.and,
      )} ${w.fieldsIn}${joinList(
        fields.map((field) => w.fields[field]),
        w.and,
      )}${passage ? `${w.colon}${open}${passage}${close}` : "."}`,
    matchesFilters: (parts) =>
      `${w.asked} ${parts
        .map((part) =>
          part.kind === "language"
            ? w.filter.language(part.name)
            : part.kind === "site"
              ? w.filter.site(part.domain)
              : part.kind === "time"
                ? w.filter.time
                : part.isRead
                  ? w.filter.read
                  : w.filter.unread,
        )
        .join(", ")}.`,
  };
}

const WORDS: Record<AnswerLanguage, Words> = {
  en: {
    lead: "From your articles:",
    nothing: "I found nothing about that in your library.",
    quotes: ["“", "”"],
    and: "and",
    noneFits: "None of your previous results fits that.",
    savedOn: (dates) => `They were saved on ${dates}.`,
    allRead: "You have read all of them.",
    noneRead: "You have read none of them yet.",
    languagesAre: (names) => `They are in ${names}.`,
    sitesAre: (sites) => `They are from ${sites}.`,
    pointsPast: (articles) => `That does not point at any result of your previous question: it found only ${articles}.`,
    article: { one: "article", other: "articles" },
    nothingToReferTo:
      "There are no previous results to refer to: your last question found no articles. Ask about a subject and I will search your library.",
    articlesWord: "Articles",
    unreadArticles: "Unread articles",
    readArticles: "Articles I have read",
    moreAbout: "More about",
    mentions: "Mentions",
    fieldsIn: "in the ",
    fields: { title: "title", summary: "summary", article: "article", notes: "notes and highlights" },
    colon: ": ",
    explanationQuotes: ['"', '"'],
    closeInMeaning: (percent) => `No words in common with your question, but close in meaning (${percent}% similar).`,
    picked: "One of the results of your previous question.",
    asked: "Matches what you asked for:",
    filter: {
      language: (name) => `in ${name}`,
      site: (domain) => `from ${domain}`,
      time: "saved in the time you asked about",
      read: "already read",
      unread: "unread",
    },
    meaningUnavailable: "Search by meaning is unavailable right now, so these results only match your words.",
    answerUnavailable: "No written answer this time: the language model is unavailable right now.",
    explanationsUnavailable:
      "The explanations are based on matching words: the language model is unavailable right now.",
  },
  de: {
    lead: "Aus deinen Artikeln:",
    nothing: "Dazu habe ich in deiner Bibliothek nichts gefunden.",
    quotes: ["„", "“"],
    and: "und",
    noneFits: "Keines deiner bisherigen Ergebnisse passt dazu.",
    savedOn: (dates) => `Sie wurden am ${dates} gespeichert.`,
    allRead: "Du hast sie alle schon gelesen.",
    noneRead: "Du hast noch keines davon gelesen.",
    languagesAre: (names) => `Sie sind auf ${names}.`,
    sitesAre: (sites) => `Sie sind von ${sites}.`,
    pointsPast: (articles) => `Das zeigt auf kein Ergebnis deiner letzten Frage: Sie hat nur ${articles} gefunden.`,
    article: { other: "Artikel" },
    nothingToReferTo:
      "Es gibt keine bisherigen Ergebnisse, auf die ich mich beziehen kann: Deine letzte Frage hat keine Artikel gefunden. Frag nach einem Thema, dann durchsuche ich deine Bibliothek.",
    articlesWord: "Artikel",
    unreadArticles: "Ungelesene Artikel",
    readArticles: "Artikel, die ich gelesen habe",
    moreAbout: "Mehr über",
    mentions: "Erwähnt",
    fieldsIn: "",
    fields: {
      title: "im Titel",
      summary: "in der Zusammenfassung",
      article: "im Artikel",
      notes: "in deinen Notizen und Markierungen",
    },
    colon: ": ",
    closeInMeaning: (percent) => `Kein Wort deiner Frage, aber inhaltlich nah (${percent} % ähnlich).`,
    picked: "Eines der Ergebnisse deiner letzten Frage.",
    asked: "Passt zu deiner Frage:",
    filter: {
      language: (name) => `auf ${name}`,
      site: (domain) => `von ${domain}`,
      time: "in der genannten Zeit gespeichert",
      read: "schon gelesen",
      unread: "ungelesen",
    },
    meaningUnavailable:
      "Die Suche nach Bedeutung ist gerade nicht verfügbar; diese Ergebnisse passen nur zu deinen Wörtern.",
    answerUnavailable: "Diesmal keine geschriebene Antwort: Das Sprachmodell ist gerade nicht verfügbar.",
    explanationsUnavailable:
      "Die Erklärungen beruhen auf gemeinsamen Wörtern: Das Sprachmodell ist gerade nicht verfügbar.",
  },
  fr: {
    lead: "D'après tes articles :",
    nothing: "Je n'ai rien trouvé à ce sujet dans ta bibliothèque.",
    quotes: ["« ", " »"],
    and: "et",
    noneFits: "Aucun de tes résultats précédents ne correspond.",
    savedOn: (dates) => `Ils ont été enregistrés le ${dates}.`,
    allRead: "Tu les as tous lus.",
    noneRead: "Tu n'en as lu aucun.",
    languagesAre: (names) => `Ils sont en ${names}.`,
    sitesAre: (sites) => `Ils viennent de ${sites}.`,
    pointsPast: (articles) =>
      `Cela ne désigne aucun résultat de ta question précédente : elle n'a trouvé que ${articles}.`,
    article: { one: "article", other: "articles" },
    nothingToReferTo:
      "Il n'y a pas de résultats précédents auxquels me référer : ta dernière question n'a trouvé aucun article. Pose une question sur un sujet et je chercherai dans ta bibliothèque.",
    articlesWord: "Articles",
    unreadArticles: "Articles non lus",
    readArticles: "Articles déjà lus",
    moreAbout: "Plus sur",
    mentions: "Mentionne",
    fieldsIn: "dans ",
    fields: { title: "le titre", summary: "le résumé", article: "l'article", notes: "tes notes et surlignages" },
    colon: " : ",
    closeInMeaning: (percent) =>
      `Aucun mot en commun avec ta question, mais un sens proche (${percent} % de similarité).`,
    picked: "Un des résultats de ta question précédente.",
    asked: "Correspond à ta demande :",
    filter: {
      language: (name) => `en ${name}`,
      site: (domain) => `de ${domain}`,
      time: "enregistré à la période demandée",
      read: "déjà lu",
      unread: "non lu",
    },
    meaningUnavailable:
      "La recherche par le sens est indisponible pour le moment : ces résultats correspondent seulement à tes mots.",
    answerUnavailable: "Pas de réponse rédigée cette fois : le modèle de langue est indisponible pour le moment.",
    explanationsUnavailable:
      "Les explications reposent sur les mots en commun : le modèle de langue est indisponible pour le moment.",
  },
  es: {
    lead: "De tus artículos:",
    nothing: "No encontré nada sobre eso en tu biblioteca.",
    quotes: ["«", "»"],
    and: "y",
    noneFits: "Ninguno de tus resultados anteriores encaja.",
    savedOn: (dates) => `Se guardaron el ${dates}.`,
    allRead: "Ya los leíste todos.",
    noneRead: "Todavía no leíste ninguno.",
    languagesAre: (names) => `Están en ${names}.`,
    sitesAre: (sites) => `Son de ${sites}.`,
    pointsPast: (articles) => `Eso no señala ningún resultado de tu pregunta anterior: solo encontró ${articles}.`,
    article: { one: "artículo", other: "artículos" },
    nothingToReferTo:
      "No hay resultados anteriores a los que referirme: tu última pregunta no encontró ningún artículo. Pregunta por un tema y buscaré en tu biblioteca.",
    articlesWord: "Artículos",
    unreadArticles: "Artículos no leídos",
    readArticles: "Artículos que ya leí",
    moreAbout: "Más sobre",
    mentions: "Menciona",
    fieldsIn: "en ",
    fields: { title: "el título", summary: "el resumen", article: "el artículo", notes: "tus notas y subrayados" },
    colon: ": ",
    closeInMeaning: (percent) =>
      `Ninguna palabra en común con tu pregunta, pero de sentido cercano (${percent} % de similitud).`,
    picked: "Uno de los resultados de tu pregunta anterior.",
    asked: "Coincide con lo que pediste:",
    filter: {
      language: (name) => `en ${name}`,
      site: (domain) => `de ${domain}`,
      time: "guardado en el periodo que pediste",
      read: "ya leído",
      unread: "no leído",
    },
    meaningUnavailable:
      "La búsqueda por significado no está disponible ahora: estos resultados solo coinciden con tus palabras.",
    answerUnavailable: "Esta vez no hay respuesta redactada: el modelo de lenguaje no está disponible ahora.",
    explanationsUnavailable:
      "Las explicaciones se basan en las palabras en común: el modelo de lenguaje no está disponible ahora.",
  },
  it: {
    lead: "Dai tuoi articoli:",
    nothing: "Non ho trovato niente su questo nella tua biblioteca.",
    quotes: ["«", "»"],
    and: "e",
    noneFits: "Nessuno dei risultati precedenti corrisponde.",
    savedOn: (dates) => `Sono stati salvati il ${dates}.`,
    allRead: "Li hai già letti tutti.",
    noneRead: "Non ne hai ancora letto nessuno.",
    languagesAre: (names) => `Sono in ${names}.`,
    sitesAre: (sites) => `Vengono da ${sites}.`,
    pointsPast: (articles) => `Non indica nessun risultato della domanda precedente: ha trovato solo ${articles}.`,
    article: { one: "articolo", other: "articoli" },
    nothingToReferTo:
      "Non ci sono risultati precedenti a cui riferirmi: l'ultima domanda non ha trovato articoli. Chiedimi di un argomento e cercherò nella tua biblioteca.",
    articlesWord: "Articoli",
    unreadArticles: "Articoli non letti",
    readArticles: "Articoli che ho già letto",
    moreAbout: "Altro su",
    mentions: "Menziona",
    fieldsIn: "",
    fields: {
      title: "nel titolo",
      summary: "nel riassunto",
      article: "nell'articolo",
      notes: "nelle tue note ed evidenziazioni",
    },
    colon: ": ",
    closeInMeaning: (percent) =>
      `Nessuna parola in comune con la tua domanda, ma vicino nel significato (somiglianza del ${percent}%).`,
    picked: "Uno dei risultati della tua domanda precedente.",
    asked: "Corrisponde a quello che hai chiesto:",
    filter: {
      language: (name) => `in ${name}`,
      site: (domain) => `da ${domain}`,
      time: "salvato nel periodo richiesto",
      read: "già letto",
      unread: "non letto",
    },
    meaningUnavailable:
      "La ricerca per significato non è disponibile ora: questi risultati corrispondono solo alle tue parole.",
    answerUnavailable: "Questa volta nessuna risposta scritta: il modello linguistico non è disponibile ora.",
    explanationsUnavailable:
      "Le spiegazioni si basano sulle parole in comune: il modello linguistico non è disponibile ora.",
  },
  nl: {
    lead: "Uit je artikelen:",
    nothing: "Daarover heb ik niets gevonden in je bibliotheek.",
    quotes: ["“", "”"],
    and: "en",
    noneFits: "Geen van je vorige resultaten past daarbij.",
    savedOn: (dates) => `Ze zijn bewaard op ${dates}.`,
    allRead: "Je hebt ze allemaal al gelezen.",
    noneRead: "Je hebt er nog geen gelezen.",
    languagesAre: (names) => `Ze zijn in het ${names}.`,
    sitesAre: (sites) => `Ze komen van ${sites}.`,
    pointsPast: (articles) => `Dat wijst naar geen enkel resultaat van je vorige vraag: die vond maar ${articles}.`,
    article: { one: "artikel", other: "artikelen" },
    nothingToReferTo:
      "Er zijn geen eerdere resultaten om naar te verwijzen: je vorige vraag vond geen artikelen. Vraag naar een onderwerp, dan zoek ik in je bibliotheek.",
    articlesWord: "Artikelen",
    unreadArticles: "Ongelezen artikelen",
    readArticles: "Artikelen die ik heb gelezen",
    moreAbout: "Meer over",
    mentions: "Noemt",
    fieldsIn: "in ",
    fields: {
      title: "de titel",
      summary: "de samenvatting",
      article: "het artikel",
      notes: "je notities en markeringen",
    },
    colon: ": ",
    closeInMeaning: (percent) =>
      `Geen woorden gemeen met je vraag, maar verwant in betekenis (${percent}% overeenkomst).`,
    picked: "Een van de resultaten van je vorige vraag.",
    asked: "Past bij je vraag:",
    filter: {
      language: (name) => `in het ${name}`,
      site: (domain) => `van ${domain}`,
      time: "bewaard in de gevraagde periode",
      read: "al gelezen",
      unread: "ongelezen",
    },
    meaningUnavailable: "Zoeken op betekenis is nu niet beschikbaar: deze resultaten passen alleen bij je woorden.",
    answerUnavailable: "Deze keer geen geschreven antwoord: het taalmodel is nu niet beschikbaar.",
    explanationsUnavailable: "De uitleg is gebaseerd op gedeelde woorden: het taalmodel is nu niet beschikbaar.",
  },
  pt: {
    lead: "Dos seus artigos:",
    nothing: "Não encontrei nada sobre isso na sua biblioteca.",
    quotes: ["“", "”"],
    and: "e",
    noneFits: "Nenhum dos resultados anteriores corresponde.",
    savedOn: (dates) => `Foram guardados em ${dates}.`,
    allRead: "Já leu todos.",
    noneRead: "Ainda não leu nenhum.",
    languagesAre: (names) => `Estão em ${names}.`,
    sitesAre: (sites) => `São de ${sites}.`,
    pointsPast: (articles) => `Isso não aponta para nenhum resultado da pergunta anterior: só encontrou ${articles}.`,
    article: { one: "artigo", other: "artigos" },
    nothingToReferTo:
      "Não há resultados anteriores a que me referir: a última pergunta não encontrou artigos. Pergunte sobre um assunto e eu procuro na sua biblioteca.",
    articlesWord: "Artigos",
    unreadArticles: "Artigos não lidos",
    readArticles: "Artigos que já li",
    moreAbout: "Mais sobre",
    mentions: "Menciona",
    fieldsIn: "",
    fields: { title: "no título", summary: "no resumo", article: "no artigo", notes: "nas suas notas e destaques" },
    colon: ": ",
    closeInMeaning: (percent) =>
      `Nenhuma palavra em comum com a sua pergunta, mas próximo no sentido (${percent}% de semelhança).`,
    picked: "Um dos resultados da sua pergunta anterior.",
    asked: "Corresponde ao que pediu:",
    filter: {
      language: (name) => `em ${name}`,
      site: (domain) => `de ${domain}`,
      time: "guardado no período pedido",
      read: "já lido",
      unread: "não lido",
    },
    meaningUnavailable:
      "A pesquisa por significado não está disponível agora: estes resultados só correspondem às suas palavras.",
    answerUnavailable: "Desta vez não há resposta escrita: o modelo de linguagem não está disponível agora.",
    explanationsUnavailable:
      "As explicações baseiam-se nas palavras em comum: o modelo de linguagem não está disponível agora.",
  },
  pl: {
    lead: "Z twoich artykułów:",
    nothing: "W twojej bibliotece nie ma nic na ten temat.",
    quotes: ["„", "”"],
    and: "i",
    noneFits: "Żaden z poprzednich wyników do tego nie pasuje.",
    savedOn: (dates) => `Daty zapisania: ${dates}.`,
    allRead: "Wszystkie są już przeczytane.",
    noneRead: "Żaden nie jest jeszcze przeczytany.",
    languagesAre: (names) => `Języki: ${names}.`,
    sitesAre: (sites) => `Strony: ${sites}.`,
    pointsPast: (articles) => `To nie wskazuje żadnego wyniku poprzedniego pytania: znaleziono tylko ${articles}.`,
    article: { one: "artykuł", few: "artykuły", many: "artykułów", other: "artykułu" },
    nothingToReferTo:
      "Nie ma wcześniejszych wyników, do których można się odnieść: ostatnie pytanie nie znalazło żadnego artykułu. Zapytaj o temat, a przeszukam twoją bibliotekę.",
    articlesWord: "Artykuły",
    unreadArticles: "Nieprzeczytane artykuły",
    readArticles: "Przeczytane artykuły",
    moreAbout: "Więcej o",
    mentions: "Wspomina",
    fieldsIn: "",
    fields: {
      title: "w tytule",
      summary: "w streszczeniu",
      article: "w artykule",
      notes: "w twoich notatkach i zaznaczeniach",
    },
    colon: ": ",
    closeInMeaning: (percent) => `Brak wspólnych słów z pytaniem, ale bliskie znaczeniowo (podobieństwo ${percent}%).`,
    picked: "Jeden z wyników poprzedniego pytania.",
    asked: "Pasuje do pytania:",
    filter: {
      language: (name) => `język: ${name}`,
      site: (domain) => `strona: ${domain}`,
      time: "zapisany w podanym okresie",
      read: "przeczytany",
      unread: "nieprzeczytany",
    },
    meaningUnavailable: "Wyszukiwanie po znaczeniu jest teraz niedostępne: te wyniki pasują tylko do twoich słów.",
    answerUnavailable: "Tym razem bez pisemnej odpowiedzi: model językowy jest teraz niedostępny.",
    explanationsUnavailable: "Wyjaśnienia opierają się na wspólnych słowach: model językowy jest teraz niedostępny.",
  },
};

const PHRASES = new Map<AnswerLanguage, ChatPhrases>();

/** The chat's words in `language`. */
export function chatPhrases(language: AnswerLanguage): ChatPhrases {
  let phrases = PHRASES.get(language);
  if (!phrases) {
    phrases = phrasesOf(language, WORDS[language]);
    PHRASES.set(language, phrases);
  }
  return phrases;
}

/** A language's name in an answer language ("Französisch" in German), for the notices and explanations. */
export function languageName(code: string, language: AnswerLanguage): string {
  try {
    return new Intl.DisplayNames([language], { type: "language" }).of(code) ?? code;
  } catch {
    return code;
  }
}
