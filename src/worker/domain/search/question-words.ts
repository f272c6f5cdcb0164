/**
 * The words a chat question uses to ask rather than to name its subject, in each language the chat answers in:
 * question words ("welche", "quels", "cuáles"), request verbs ("zeig mir", "résume", "háblame"), words for the
 * reader's library and its articles ("Artikeln", "artículos", "gespeichert"). Stop words of the question's
 * language (stopwords-iso) come on top of these (chat-query's queryTerms): neither ever counts as a matched term,
 * so "Welche Artikel handeln von Corona?" searches "corona" alone, not "welche" and "handeln".
 *
 * Also evidence of a question's language (answers/question-language): a word listed for one language only.
 */
export const QUESTION_WORDS: Readonly<Record<string, string>> = {
  en:
    "what which who whom whose where when why how find show give tell list explain summarise summarize say says " +
    "said mention mentions mentioned anything something everything any some me my i read saved save stored kept " +
    "bookmarked unread ones only just more also",
  de:
    "was welche welcher welches welchen welchem wer wen wem wo wann warum wieso weshalb wie woher gibt gib zeig " +
    "zeige zeigen erzähl erzähle erzählen erklär erkläre erklären fasse zusammen sag sage sagen sagt steht stehen " +
    "schreiben schreibt handeln handelt geht bewerten berichten berichtet erwähnen erwähnt gespeichert gesichert " +
    "gelesen bibliothek meine meinen meiner meinem mein mir mich alles etwas irgendwas habe hab hast ich du über " +
    "laut mehr nur",
  fr:
    "que quoi quel quels quelle quelles qui où quand pourquoi comment combien lequel laquelle lesquels lesquelles " +
    "est-ce qu'est-ce qu'y y a-t-il montre montre-moi dis dis-moi parle parle-moi parlent résume résume-moi " +
    "explique explique-moi expliquent disent dit évoquent évoque mentionnent mentionne traitent traite enregistré " +
    "gardé sauvegardé lu bibliothèque mes mon ma moi je j'ai ai tout quelque chose sur propos selon d'après " +
    "plus seulement",
  es:
    "qué cuál cuáles quién quiénes dónde cuándo porqué cómo cuánto muéstrame muestra dime háblame habla hablan " +
    "explica explícame resume resúmeme dicen dice tratan trata mencionan menciona guardé guardado guardada " +
    "guardados leí leído biblioteca mis mi tengo hay algo todo sobre según más solo",
  it:
    "cosa che chi quale quali dove quando perché come quanto mostrami mostra dimmi parlami parlano parla spiega " +
    "spiegami spiegano riassumi dicono dice trattano tratta salvato salvati letto biblioteca miei mie mio mia ho " +
    "c'è ci sono qualcosa tutto quello su sul sulla sullo sui sulle secondo altro più solo",
  nl:
    "wat welke welk wie waar wanneer waarom hoe hoeveel laat toon vertel leg uit uitleggen vat samen zeggen zegt " +
    "schrijven schrijft gaan gaat bewaard opgeslagen gelezen bibliotheek mijn ik heb iets alles volgens meer " +
    "alleen zien",
  pt:
    "que quê qual quais quem onde quando porque porquê como quanto mostra mostra-me diz diz-me fala fala-me " +
    "falam explica explica-me explicam resume resuma dizem tratam trata mencionam menciona guardei guardado " +
    "guardada guardados li lido biblioteca meus minhas meu minha tenho há algo alguma coisa tudo sobre segundo " +
    "mais só",
  pl:
    "co jaki jaka jakie które który która kto gdzie kiedy dlaczego czemu jak ile pokaż powiedz opowiedz " +
    "wyjaśnij wyjaśniają wyjaśnia streść mówią mówi piszą pisze dotyczą dotyczy zapisałem zapisałam zapisane " +
    "zapisany czytałem czytałam przeczytałem przeczytałam biblioteka bibliotece moje moich mój moja mam czy coś " +
    "wszystko o według więcej tylko jest są",
};

/** "article(s)" and the reader's other words for what they saved, in each language, with their inflections. */
export const ARTICLE_WORDS: Readonly<Record<string, string>> = {
  en: "article articles",
  de: "artikel artikeln text texte texten seite seiten beitrag beiträge beiträgen",
  fr: "article articles page pages texte textes",
  es: "artículo artículos articulo articulos página páginas texto textos",
  it: "articolo articoli pagina pagine testo testi",
  nl: "artikel artikelen pagina pagina's tekst teksten stuk stukken",
  pt: "artigo artigos página páginas texto textos",
  pl: "artykuł artykuły artykułów artykułach artykułami artykule tekst teksty tekstów strona strony",
};

const sets = new Map<string, ReadonlySet<string>>();

/** The question and article words of one language (ISO 639-1); empty for a language the chat does not answer in. */
export function questionWordsOf(language: string): ReadonlySet<string> {
  let set = sets.get(language);
  if (!set) {
    set = new Set(`${QUESTION_WORDS[language] ?? ""} ${ARTICLE_WORDS[language] ?? ""}`.split(" ").filter(Boolean));
    sets.set(language, set);
  }
  return set;
}

/** Whether a word is an article word of any language: a product word, no evidence of a question's language. */
const allArticleWords = new Set(Object.values(ARTICLE_WORDS).flatMap((words) => words.split(" ")));
export function isArticleWord(word: string): boolean {
  return allArticleWords.has(word.toLowerCase());
}
