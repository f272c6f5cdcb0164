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
  /** Then, for a saving time none fits: when the previous results were saved ("12 Nov 2026 and 3 Oct 2026"). */
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

const quoted = (terms: string[], [open, close]: [string, string]) => terms.map((t) => `${open}${t}${close}`);

/** A noun after a count, by the language's plural rules ("1 article", "3 artykuły", "5 artykułów"). */
function counted(language: AnswerLanguage, count: number, forms: Partial<Record<Intl.LDMLPluralRule, string>>) {
  const form = forms[new Intl.PluralRules(language).select(count)] ?? forms.other ?? "";
  return `${count} ${form}`;
}

const EN: ChatPhrases = {
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
  pointsPast: (count) =>
    `That does not point at any result of your previous question: it found only ${counted("en", count, { one: "article", other: "articles" })}.`,
  nothingToReferTo:
    "There are no previous results to refer to: your last question found no articles. Ask about a subject and I will search your library.",
  articlesWord: "Articles",
  unreadArticles: "Unread articles",
  readArticles: "Articles I have read",
  moreAbout: (phrase) => `More about ${phrase}`,
  mentions: (terms, fields, passage) =>
    `Mentions ${joinList(quoted(terms, ['"', '"']), "and")} in the ${joinList(
      fields.map((f) => ({ title: "title", summary: "summary", article: "article", notes: "notes and highlights" })[f]),
      "and",
    )}${passage ? `: "${passage}"` : "."}`,
  closeInMeaning: (percent) => `No words in common with your question, but close in meaning (${percent}% similar).`,
  picked: "One of the results of your previous question.",
  matchesFilters: (parts) =>
    `Matches what you asked for: ${parts
      .map((p) =>
        p.kind === "language"
          ? `in ${p.name}`
          : p.kind === "site"
            ? `from ${p.domain}`
            : p.kind === "time"
              ? "saved in the time you asked about"
              : p.isRead
                ? "already read"
                : "unread",
      )
      .join(", ")}.`,
  meaningUnavailable: "Search by meaning is unavailable right now, so these results only match your words.",
  answerUnavailable: "No written answer this time: the language model is unavailable right now.",
  explanationsUnavailable: "The explanations are based on matching words: the language model is unavailable right now.",
};

const DE: ChatPhrases = {
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
  pointsPast: (count) =>
    `Das zeigt auf kein Ergebnis deiner letzten Frage: Sie hat nur ${counted("de", count, { one: "Artikel", other: "Artikel" })} gefunden.`,
  nothingToReferTo:
    "Es gibt keine bisherigen Ergebnisse, auf die ich mich beziehen kann: Deine letzte Frage hat keine Artikel gefunden. Frag nach einem Thema, dann durchsuche ich deine Bibliothek.",
  articlesWord: "Artikel",
  unreadArticles: "Ungelesene Artikel",
  readArticles: "Artikel, die ich gelesen habe",
  moreAbout: (phrase) => `Mehr über ${phrase}`,
  mentions: (terms, fields, passage) =>
    `Erwähnt ${joinList(quoted(terms, ["„", "“"]), "und")} ${joinList(
      fields.map(
        (f) =>
          ({
            title: "im Titel",
            summary: "in der Zusammenfassung",
            article: "im Artikel",
            notes: "in deinen Notizen und Markierungen",
          })[f],
      ),
      "und",
    )}${passage ? `: „${passage}“` : "."}`,
  closeInMeaning: (percent) => `Kein Wort deiner Frage, aber inhaltlich nah (${percent} % ähnlich).`,
  picked: "Eines der Ergebnisse deiner letzten Frage.",
  matchesFilters: (parts) =>
    `Passt zu deiner Frage: ${parts
      .map((p) =>
        p.kind === "language"
          ? `auf ${p.name}`
          : p.kind === "site"
            ? `von ${p.domain}`
            : p.kind === "time"
              ? "in der genannten Zeit gespeichert"
              : p.isRead
                ? "schon gelesen"
                : "ungelesen",
      )
      .join(", ")}.`,
  meaningUnavailable:
    "Die Suche nach Bedeutung ist gerade nicht verfügbar; diese Ergebnisse passen nur zu deinen Wörtern.",
  answerUnavailable: "Diesmal keine geschriebene Antwort: Das Sprachmodell ist gerade nicht verfügbar.",
  explanationsUnavailable:
    "Die Erklärungen beruhen auf gemeinsamen Wörtern: Das Sprachmodell ist gerade nicht verfügbar.",
};

const FR: ChatPhrases = {
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
  pointsPast: (count) =>
    `Cela ne désigne aucun résultat de ta question précédente : elle n'a trouvé que ${counted("fr", count, { one: "article", other: "articles" })}.`,
  nothingToReferTo:
    "Il n'y a pas de résultats précédents auxquels me référer : ta dernière question n'a trouvé aucun article. Pose une question sur un sujet et je chercherai dans ta bibliothèque.",
  articlesWord: "Articles",
  unreadArticles: "Articles non lus",
  readArticles: "Articles déjà lus",
  moreAbout: (phrase) => `Plus sur ${phrase}`,
  mentions: (terms, fields, passage) =>
    `Mentionne ${joinList(quoted(terms, ["« ", " »"]), "et")} dans ${joinList(
      fields.map(
        (f) =>
          ({
            title: "le titre",
            summary: "le résumé",
            article: "l'article",
            notes: "tes notes et surlignages",
          })[f],
      ),
      "et",
    )}${passage ? ` : « ${passage} »` : "."}`,
  closeInMeaning: (percent) =>
    `Aucun mot en commun avec ta question, mais un sens proche (${percent} % de similarité).`,
  picked: "Un des résultats de ta question précédente.",
  matchesFilters: (parts) =>
    `Correspond à ta demande : ${parts
      .map((p) =>
        p.kind === "language"
          ? `en ${p.name}`
          : p.kind === "site"
            ? `de ${p.domain}`
            : p.kind === "time"
              ? "enregistré à la période demandée"
              : p.isRead
                ? "déjà lu"
                : "non lu",
      )
      .join(", ")}.`,
  meaningUnavailable:
    "La recherche par le sens est indisponible pour le moment : ces résultats correspondent seulement à tes mots.",
  answerUnavailable: "Pas de réponse rédigée cette fois : le modèle de langue est indisponible pour le moment.",
  explanationsUnavailable:
    "Les explications reposent sur les mots en commun : le modèle de langue est indisponible pour le moment.",
};

const ES: ChatPhrases = {
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
  pointsPast: (count) =>
    `Eso no señala ningún resultado de tu pregunta anterior: solo encontró ${counted("es", count, { one: "artículo", other: "artículos" })}.`,
  nothingToReferTo:
    "No hay resultados anteriores a los que referirme: tu última pregunta no encontró ningún artículo. Pregunta por un tema y buscaré en tu biblioteca.",
  articlesWord: "Artículos",
  unreadArticles: "Artículos no leídos",
  readArticles: "Artículos que ya leí",
  moreAbout: (phrase) => `Más sobre ${phrase}`,
  mentions: (terms, fields, passage) =>
    `Menciona ${joinList(quoted(terms, ["«", "»"]), "y")} en ${joinList(
      fields.map(
        (f) =>
          ({
            title: "el título",
            summary: "el resumen",
            article: "el artículo",
            notes: "tus notas y subrayados",
          })[f],
      ),
      "y",
    )}${passage ? `: «${passage}»` : "."}`,
  closeInMeaning: (percent) =>
    `Ninguna palabra en común con tu pregunta, pero de sentido cercano (${percent} % de similitud).`,
  picked: "Uno de los resultados de tu pregunta anterior.",
  matchesFilters: (parts) =>
    `Coincide con lo que pediste: ${parts
      .map((p) =>
        p.kind === "language"
          ? `en ${p.name}`
          : p.kind === "site"
            ? `de ${p.domain}`
            : p.kind === "time"
              ? "guardado en el periodo que pediste"
              : p.isRead
                ? "ya leído"
                : "no leído",
      )
      .join(", ")}.`,
  meaningUnavailable:
    "La búsqueda por significado no está disponible ahora: estos resultados solo coinciden con tus palabras.",
  answerUnavailable: "Esta vez no hay respuesta redactada: el modelo de lenguaje no está disponible ahora.",
  explanationsUnavailable:
    "Las explicaciones se basan en las palabras en común: el modelo de lenguaje no está disponible ahora.",
};

const IT: ChatPhrases = {
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
  pointsPast: (count) =>
    `Non indica nessun risultato della domanda precedente: ha trovato solo ${counted("it", count, { one: "articolo", other: "articoli" })}.`,
  nothingToReferTo:
    "Non ci sono risultati precedenti a cui riferirmi: l'ultima domanda non ha trovato articoli. Chiedimi di un argomento e cercherò nella tua biblioteca.",
  articlesWord: "Articoli",
  unreadArticles: "Articoli non letti",
  readArticles: "Articoli che ho già letto",
  moreAbout: (phrase) => `Altro su ${phrase}`,
  mentions: (terms, fields, passage) =>
    `Menziona ${joinList(quoted(terms, ["«", "»"]), "e")} ${joinList(
      fields.map(
        (f) =>
          ({
            title: "nel titolo",
            summary: "nel riassunto",
            article: "nell'articolo",
            notes: "nelle tue note ed evidenziazioni",
          })[f],
      ),
      "e",
    )}${passage ? `: «${passage}»` : "."}`,
  closeInMeaning: (percent) =>
    `Nessuna parola in comune con la tua domanda, ma vicino nel significato (somiglianza del ${percent}%).`,
  picked: "Uno dei risultati della tua domanda precedente.",
  matchesFilters: (parts) =>
    `Corrisponde a quello che hai chiesto: ${parts
      .map((p) =>
        p.kind === "language"
          ? `in ${p.name}`
          : p.kind === "site"
            ? `da ${p.domain}`
            : p.kind === "time"
              ? "salvato nel periodo richiesto"
              : p.isRead
                ? "già letto"
                : "non letto",
      )
      .join(", ")}.`,
  meaningUnavailable:
    "La ricerca per significato non è disponibile ora: questi risultati corrispondono solo alle tue parole.",
  answerUnavailable: "Questa volta nessuna risposta scritta: il modello linguistico non è disponibile ora.",
  explanationsUnavailable:
    "Le spiegazioni si basano sulle parole in comune: il modello linguistico non è disponibile ora.",
};

const NL: ChatPhrases = {
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
  pointsPast: (count) =>
    `Dat wijst naar geen enkel resultaat van je vorige vraag: die vond maar ${counted("nl", count, { one: "artikel", other: "artikelen" })}.`,
  nothingToReferTo:
    "Er zijn geen eerdere resultaten om naar te verwijzen: je vorige vraag vond geen artikelen. Vraag naar een onderwerp, dan zoek ik in je bibliotheek.",
  articlesWord: "Artikelen",
  unreadArticles: "Ongelezen artikelen",
  readArticles: "Artikelen die ik heb gelezen",
  moreAbout: (phrase) => `Meer over ${phrase}`,
  mentions: (terms, fields, passage) =>
    `Noemt ${joinList(quoted(terms, ["“", "”"]), "en")} in ${joinList(
      fields.map(
        (f) =>
          ({
            title: "de titel",
            summary: "de samenvatting",
            article: "het artikel",
            notes: "je notities en markeringen",
          })[f],
      ),
      "en",
    )}${passage ? `: “${passage}”` : "."}`,
  closeInMeaning: (percent) =>
    `Geen woorden gemeen met je vraag, maar verwant in betekenis (${percent}% overeenkomst).`,
  picked: "Een van de resultaten van je vorige vraag.",
  matchesFilters: (parts) =>
    `Past bij je vraag: ${parts
      .map((p) =>
        p.kind === "language"
          ? `in het ${p.name}`
          : p.kind === "site"
            ? `van ${p.domain}`
            : p.kind === "time"
              ? "bewaard in de gevraagde periode"
              : p.isRead
                ? "al gelezen"
                : "ongelezen",
      )
      .join(", ")}.`,
  meaningUnavailable: "Zoeken op betekenis is nu niet beschikbaar: deze resultaten passen alleen bij je woorden.",
  answerUnavailable: "Deze keer geen geschreven antwoord: het taalmodel is nu niet beschikbaar.",
  explanationsUnavailable: "De uitleg is gebaseerd op gedeelde woorden: het taalmodel is nu niet beschikbaar.",
};

const PT: ChatPhrases = {
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
  pointsPast: (count) =>
    `Isso não aponta para nenhum resultado da pergunta anterior: só encontrou ${counted("pt", count, { one: "artigo", other: "artigos" })}.`,
  nothingToReferTo:
    "Não há resultados anteriores a que me referir: a última pergunta não encontrou artigos. Pergunte sobre um assunto e eu procuro na sua biblioteca.",
  articlesWord: "Artigos",
  unreadArticles: "Artigos não lidos",
  readArticles: "Artigos que já li",
  moreAbout: (phrase) => `Mais sobre ${phrase}`,
  mentions: (terms, fields, passage) =>
    `Menciona ${joinList(quoted(terms, ["“", "”"]), "e")} ${joinList(
      fields.map(
        (f) =>
          ({
            title: "no título",
            summary: "no resumo",
            article: "no artigo",
            notes: "nas suas notas e destaques",
          })[f],
      ),
      "e",
    )}${passage ? `: “${passage}”` : "."}`,
  closeInMeaning: (percent) =>
    `Nenhuma palavra em comum com a sua pergunta, mas próximo no sentido (${percent}% de semelhança).`,
  picked: "Um dos resultados da sua pergunta anterior.",
  matchesFilters: (parts) =>
    `Corresponde ao que pediu: ${parts
      .map((p) =>
        p.kind === "language"
          ? `em ${p.name}`
          : p.kind === "site"
            ? `de ${p.domain}`
            : p.kind === "time"
              ? "guardado no período pedido"
              : p.isRead
                ? "já lido"
                : "não lido",
      )
      .join(", ")}.`,
  meaningUnavailable:
    "A pesquisa por significado não está disponível agora: estes resultados só correspondem às suas palavras.",
  answerUnavailable: "Desta vez não há resposta escrita: o modelo de linguagem não está disponível agora.",
  explanationsUnavailable:
    "As explicações baseiam-se nas palavras em comum: o modelo de linguagem não está disponível agora.",
};

const PL: ChatPhrases = {
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
  pointsPast: (count) =>
    `To nie wskazuje żadnego wyniku poprzedniego pytania: znaleziono tylko ${counted("pl", count, { one: "artykuł", few: "artykuły", many: "artykułów", other: "artykułu" })}.`,
  nothingToReferTo:
    "Nie ma wcześniejszych wyników, do których można się odnieść: ostatnie pytanie nie znalazło żadnego artykułu. Zapytaj o temat, a przeszukam twoją bibliotekę.",
  articlesWord: "Artykuły",
  unreadArticles: "Nieprzeczytane artykuły",
  readArticles: "Przeczytane artykuły",
  moreAbout: (phrase) => `Więcej o ${phrase}`,
  mentions: (terms, fields, passage) =>
    `Wspomina ${joinList(quoted(terms, ["„", "”"]), "i")} ${joinList(
      fields.map(
        (f) =>
          ({
            title: "w tytule",
            summary: "w streszczeniu",
            article: "w artykule",
            notes: "w twoich notatkach i zaznaczeniach",
          })[f],
      ),
      "i",
    )}${passage ? `: „${passage}”` : "."}`,
  closeInMeaning: (percent) => `Brak wspólnych słów z pytaniem, ale bliskie znaczeniowo (podobieństwo ${percent}%).`,
  picked: "Jeden z wyników poprzedniego pytania.",
  matchesFilters: (parts) =>
    `Pasuje do pytania: ${parts
      .map((p) =>
        p.kind === "language"
          ? `język: ${p.name}`
          : p.kind === "site"
            ? `strona: ${p.domain}`
            : p.kind === "time"
              ? "zapisany w podanym okresie"
              : p.isRead
                ? "przeczytany"
                : "nieprzeczytany",
      )
      .join(", ")}.`,
  meaningUnavailable: "Wyszukiwanie po znaczeniu jest teraz niedostępne: te wyniki pasują tylko do twoich słów.",
  answerUnavailable: "Tym razem bez pisemnej odpowiedzi: model językowy jest teraz niedostępny.",
  explanationsUnavailable: "Wyjaśnienia opierają się na wspólnych słowach: model językowy jest teraz niedostępny.",
};

const PHRASES: Record<AnswerLanguage, ChatPhrases> = { en: EN, de: DE, fr: FR, es: ES, it: IT, nl: NL, pt: PT, pl: PL };

/** The chat's words in `language`. */
export function chatPhrases(language: AnswerLanguage): ChatPhrases {
  return PHRASES[language];
}

/** A language's name in an answer language ("Französisch" in German), for the notices and explanations. */
export function languageName(code: string, language: AnswerLanguage): string {
  try {
    return new Intl.DisplayNames([language], { type: "language" }).of(code) ?? code;
  } catch {
    return code;
  }
}
