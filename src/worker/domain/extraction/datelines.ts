/**
 * A block that is only a date: "7. oktober 2020", "Veröffentlichung: 2. Februar 2022", "Published March 3, 2021
 * at 9:30 am", "Lunes 02 Mayo, 2022 | 09:37". The metadata already carries the date (read before the clutter
 * goes); in the text it is a dateline repeated above or below the story. Month and weekday names come from the
 * platform's own calendar data (Intl), in the page's language and English, so no list is kept by hand and any
 * language the platform knows is covered.
 */

/** What may stand beside a date in a dateline: its label, "at", "um", "Uhr"... (lower case). */
const LABEL_WORDS = [
  "published",
  "updated",
  "posted",
  "last",
  "modified",
  "on",
  "at",
  "of",
  "the",
  "date",
  "am",
  "pm",
  "veröffentlicht",
  "veröffentlichung",
  "aktualisiert",
  "erstellt",
  "stand",
  "datum",
  "zuletzt",
  "um",
  "uhr",
  "vom",
  "publicado",
  "actualizado",
  "actualización",
  "el",
  "de",
  "del",
  "a",
  "las",
  "la",
  "hs",
  "h",
  "publié",
  "mis",
  "jour",
  "le",
  "à",
  "pubblicato",
  "aggiornato",
  "il",
  "alle",
  "ore",
  "gepubliceerd",
  "bijgewerkt",
  "op",
  "om",
  "opublikowano",
  "zaktualizowano",
  "aktualizacja",
  "publikacja",
  "godz",
  "atualizado",
  "em",
  "às",
  "publisert",
  "oppdatert",
  "kl",
  "publicerad",
  "uppdaterad",
  "offentliggjort",
  // "3:45 p.m. ET": the letters of a.m./p.m. and the time zones a dateline names
  "p",
  "m",
  "et",
  "ct",
  "pt",
  "est",
  "edt",
  "cst",
  "cdt",
  "pst",
  "pdt",
  "gmt",
  "utc",
  "bst",
  "cet",
  "cest",
  "mez",
  "mesz",
];

const calendars = new Map<string, Set<string>>();

/**
 * Month (both grammatical cases) and weekday names, long and short, of English and `language`, plus the label
 * words, lower-cased; made once per language.
 */
function calendarWords(language: string): Set<string> {
  const known = calendars.get(language);
  if (known) return known;
  const words = new Set(LABEL_WORDS);
  const add = (value: string) => {
    for (const word of value.toLowerCase().split(/[^\p{L}]+/u)) if (word) words.add(word);
  };
  for (const locale of new Set(["en", language])) {
    // A formatter costs far more to make than to use: six per language, each used for every month or day.
    let formatters: Intl.DateTimeFormat[];
    let weekdays: Intl.DateTimeFormat[];
    try {
      formatters = (["long", "short"] as const).flatMap((month) => [
        new Intl.DateTimeFormat(locale, { month, timeZone: "UTC" }),
        // With a day, Slavic and Baltic languages give the month in the genitive a dateline uses.
        new Intl.DateTimeFormat(locale, { day: "numeric", month, timeZone: "UTC" }),
      ]);
      weekdays = (["long", "short"] as const).map(
        (weekday) => new Intl.DateTimeFormat(locale, { weekday, timeZone: "UTC" }),
      );
    } catch {
      continue; // Not a locale the platform knows ("zz"): English alone.
    }
    for (let month = 0; month < 12; month++) {
      const date = new Date(Date.UTC(2021, month, 15));
      for (const formatter of formatters) {
        for (const part of formatter.formatToParts(date)) if (part.type === "month") add(part.value);
      }
    }
    for (let day = 0; day < 7; day++) {
      for (const formatter of weekdays) add(formatter.format(new Date(Date.UTC(2021, 1, 1 + day))));
    }
  }
  calendars.set(language, words);
  return words;
}

/** A year of a date HAS_FULL_DATE finds (each of its forms has one). */
const HAS_YEAR = /(?:19|20)\d\d/;

/**
 * A date with a year: "2. Februar 2022", "March 3, 2021", "September 16th, 2023", "16th of September 2023",
 * "02.02.2022", "2022-02-02", "3/2/2022".
 */
const HAS_FULL_DATE =
  /(?:\d{1,2}[./-]\d{1,2}[./-](?:19|20)\d{2}|(?:19|20)\d{2}-\d{2}-\d{2}|(?:^|\D)\d{1,2}(?:st|nd|rd|th)?\.?\s+(?:de\s+|of\s+)?\p{L}{3,}\.?,?\s+(?:de\s+)?(?:19|20)\d{2}|\p{L}{3,}\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+(?:19|20)\d{2}|\p{L}{3,}\s+(?:19|20)\d{2})/u;

/** True when `text` is a date (in English or `language`, the page's) and the words that may label it, nothing else. */
export function isDateline(text: string, language = "en"): boolean {
  // Every full date has a year: this test costs a hundredth of HAS_FULL_DATE's, which most blocks then skip.
  if (!HAS_YEAR.test(text) || !HAS_FULL_DATE.test(text)) return false;
  const words = calendarWords(language);
  let hasCalendarWordOrNumericDate = false;
  for (const token of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (!token) continue;
    if (/^\d+$/.test(token)) continue;
    // Ordinals and times glued to their letters: "1st", "9h30", "14h".
    if (/^\d+(?:st|nd|rd|th|h|h\d{2}|er|e|º|ª)$/.test(token)) continue;
    if (!words.has(token)) return false;
    hasCalendarWordOrNumericDate = true;
  }
  return hasCalendarWordOrNumericDate || /\d[./-]\d/.test(text);
}

/**
 * A reading-time line, the dateline's neighbour: "Estimated reading time: 6 minutes", "5 min read", "Lesezeit:
 * 4 Minuten", "Temps de lecture : 3 min", "Czas czytania: 5 min".
 */
const READING_TIME = new RegExp(
  [
    "^(?:estimated )?(?:reading time|read time|lesezeit|lesedauer|temps de lecture|tiempo de lectura|lectura|tempo di lettura|leestijd|czas czytania|tempo de leitura)",
    "\\s*:?\\s*(?:ca\\.?|about|approx\\.?|environ|unos|circa|około|cerca de)?\\s*\\d+\\s*(?:min(?:ute[sn]?|utos?|uti|ut|\\.)?)$",
    "|^\\d+\\s*(?:min(?:ute)?s?\\.?|minuten|minutos|minuti|minuut|minut)\\s+(?:read|reading|lesezeit|lesedauer|lesen|de lecture|de lectura|di lettura|leestijd|czytania|de leitura)$",
  ].join(""),
  "iu",
);

/**
 * A dateline that says how long ago: "Published 2 hours ago", "vor 3 Stunden", "il y a 5 minutes", "hace 2 días",
 * "3 giorni fa", "há 2 horas", "2 uur geleden", "5 minut temu".
 */
const RELATIVE_TIME = new RegExp(
  [
    "^(?:(?:published|updated|posted|last updated|veröffentlicht|aktualisiert|publié|mis à jour|publicado|actualizado|pubblicato|aggiornato|atualizado|gepubliceerd|bijgewerkt|opublikowano|zaktualizowano)\\s*:?\\s*)?",
    "(?:(?:\\d+|an?) (?:sec(?:ond)?s?|min(?:ute)?s?|h(?:ou)?rs?|days?|weeks?|months?|years?) ago",
    "|vor (?:\\d+|einer?) (?:sekunden?|minuten?|stunden?|tag(?:en)?|wochen?|monat(?:en)?|jahr(?:en)?)",
    "|il y a (?:\\d+|une?) (?:secondes?|minutes?|heures?|jours?|semaines?|mois|ans?)",
    "|hace (?:\\d+|una?) (?:segundos?|minutos?|horas?|días?|semanas?|meses?|años?)",
    "|(?:\\d+|un(?:a|')?) (?:secondi|minuti|ore|giorni|settimane|mesi|anni|minuto|ora|giorno) fa",
    "|há (?:\\d+|uma?) (?:segundos?|minutos?|horas?|dias?|semanas?|meses?|anos?)",
    "|(?:\\d+|een) (?:seconden|minuten|uur|dagen|weken|maanden|jaar) geleden",
    "|(?:\\d+) (?:sekund[ay]?|minut[ay]?|godzin[ay]?|dni|tygodni(?:e)?|miesięcy|lat(?:a)?) temu)$",
  ].join(""),
  "iu",
);

export function isRelativeTime(text: string): boolean {
  return text.length <= 60 && RELATIVE_TIME.test(text);
}

export function isReadingTime(text: string): boolean {
  return text.length <= 60 && READING_TIME.test(text);
}
