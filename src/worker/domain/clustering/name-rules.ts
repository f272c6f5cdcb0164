import { isContentWord } from "../words";

/**
 * The rules every topic name keeps, whoever made it (the key phrase of topic-names, or a language model's
 * answer): a noun phrase of 1 to 4 words that is never a pronoun, preposition, article, auxiliary, date or
 * time word, number or fragment, in any language the detector reports. Pure; `isAcceptableTopicName` is the
 * one check, used on local names and on the model's.
 *
 * Function words come from stopwords-iso (words/stop-words, which also applies English's list everywhere).
 * Date and time words are generated from the runtime's own locale data (Intl: weekday and month names, the
 * names of date fields, "today", "next week" and the like), so they exist for every language ICU knows and
 * no list of ours has to be kept in step with the detector. Pronouns and auxiliaries that some stopwords-iso
 * lists lack are added below.
 */

export const MAX_NAME_WORDS = 4;

/**
 * Pronouns, auxiliaries and demonstratives missing from some stopwords-iso lists (checked against them: each
 * word here was absent from its language's list, or the list is short), by language.
 */
const EXTRA_FUNCTION_WORDS: Record<string, string> = {
  en: "i you he she it we they me him her us them this that these those is are was were be been being has have had will would shall should can could may might must",
  de: "ich du er sie es wir ihr mich dich uns euch ihnen dies diese dieser dieses jene jener bin bist ist sind seid war waren wird werden wurde wurden hat haben hatte hatten kann können muss müssen soll sollen will wollen darf dürfen",
  es: "yo tú él ella nosotros nosotras vosotros ellos ellas este esta estos estas ese esa esos esas es son era eran fue fueron ha han había habían será serán puede pueden debe deben",
  fr: "je tu il elle on nous vous ils elles ce cet cette ces est sont était étaient été sera seront a ont avait avaient peut peuvent doit doivent",
  it: "io tu lui lei noi voi loro questo questa questi queste quello quella è sono era erano stato sarà ha hanno aveva può possono deve devono",
  pt: "eu tu ele ela nós vós eles elas este esta estes estas esse essa é são era eram foi foram será tem têm pode podem deve devem",
  nl: "ik jij je hij zij wij jullie deze dit die dat is zijn was waren wordt worden heeft hebben kan kunnen moet moeten",
  pl: "ja ty on ona ono my wy oni one ten ta to te jest są był była było byli będzie może mogą musi",
  sv: "jag du han hon den det vi ni de denna detta dessa är var har hade kan ska måste",
};

/** Relative days, weeks, months... ICU words for them: "today", "next week", "ce mois-ci". */
const RELATIVE_UNITS = ["second", "minute", "hour", "day", "week", "month", "quarter", "year"] as const;
const DATE_FIELDS = ["era", "year", "quarter", "month", "weekOfYear", "weekday", "day", "dayPeriod", "hour", "minute"];

const dateWordCache = new Map<string, ReadonlySet<string>>();

function fold(word: string): string {
  return word.toLocaleLowerCase().replace(/’/g, "'").replace(/\.$/, "");
}

function wordsIn(text: string): string[] {
  return text
    .split(/[\s\u00a0,'’-]+/u)
    .map((w) => fold(w.replace(/[^\p{L}'’]/gu, "")))
    .filter((w) => w.length > 1);
}

/** Weekday and month names (long and short), date-field names and relative-time words of one language. */
export function dateAndTimeWords(language: string): ReadonlySet<string> {
  const cached = dateWordCache.get(language);
  if (cached) return cached;
  const words = new Set<string>();
  const add = (text: string) => {
    for (const word of wordsIn(text)) words.add(word);
  };
  try {
    for (const style of ["long", "short"] as const) {
      const weekday = new Intl.DateTimeFormat(language, { weekday: style, timeZone: "UTC" });
      for (let day = 0; day < 7; day++) add(weekday.format(Date.UTC(2024, 0, 1 + day)));
      for (const format of [
        new Intl.DateTimeFormat(language, { month: style, timeZone: "UTC" }),
        new Intl.DateTimeFormat(language, { month: style, day: "numeric", timeZone: "UTC" }),
      ]) {
        for (let month = 0; month < 12; month++)
          for (const part of format.formatToParts(Date.UTC(2024, month, 15)))
            if (part.type === "month") add(part.value);
      }
    }
    const relative = new Intl.RelativeTimeFormat(language, { numeric: "auto" });
    for (const unit of RELATIVE_UNITS)
      for (const offset of [-1, 0, 1]) {
        // Only the words, not the number a non-"auto" phrase carries ("in 1 week").
        for (const part of relative.formatToParts(offset, unit)) if (part.type === "literal") add(part.value);
      }
    const fields = new Intl.DisplayNames(language, { type: "dateTimeField" });
    // The lib types of this TypeScript know no dateTimeField codes; the runtimes (ICU) do.
    const fieldName = fields.of.bind(fields) as (code: string) => string | undefined;
    for (const field of DATE_FIELDS) add(fieldName(field) ?? "");
  } catch {
    // An unknown locale: only the English words below.
  }
  if (language !== "en") for (const word of dateAndTimeWords("en")) words.add(word);
  dateWordCache.set(language, words);
  return words;
}

const extraCache = new Map<string, ReadonlySet<string>>();

function extraFunctionWords(language: string): ReadonlySet<string> {
  let set = extraCache.get(language);
  if (!set) {
    set = new Set([
      ...(EXTRA_FUNCTION_WORDS[language] ?? "").split(" "),
      ...(EXTRA_FUNCTION_WORDS.en ?? "").split(" "),
    ]);
    extraCache.set(language, set);
  }
  return set;
}

/** A pronoun, preposition, article, auxiliary or other function word of `language` (or of English). */
export function isFunctionWord(word: string, language: string): boolean {
  return !isContentWord(word, language) || extraFunctionWords(language).has(fold(word));
}

/** A weekday, month, date field or relative-time word of `language` (or of English): "Winter" is not one. */
export function isDateOrTimeWord(word: string, language: string): boolean {
  return dateAndTimeWords(language).has(fold(word));
}

/** Languages in which every word has a vowel: a word without one is an abbreviation or a stem cut short. */
const VOWELLED_LANGUAGES = new Set(["en", "de", "fr", "es", "it", "pt", "nl", "sv", "da", "no", "nb"]);

/**
 * A piece of a word rather than a word: a Latin-script word without a vowel not written in capitals ("brs";
 * an acronym such as "NFL" is a name), a single letter, or a word cut at a hyphen or apostrophe.
 */
export function isFragment(word: string, language: string): boolean {
  if (/^['’-]|['’-]$/u.test(word)) return true;
  if (
    [...word].length < 2 &&
    /^\p{L}$/u.test(word) &&
    /\p{Script=Latin}|\p{Script=Cyrillic}|\p{Script=Greek}/u.test(word)
  )
    return true;
  return (
    VOWELLED_LANGUAGES.has(language) &&
    /^\p{Script=Latin}+$/u.test(word) &&
    !/[aeiouyàáâäãåæèéêëìíîïòóôöõøœùúûüý]/iu.test(word) &&
    word !== word.toUpperCase()
  );
}

/** A number in any form: "2023", "10.", "III" is a name, "1,4" is not. */
function isNumber(word: string): boolean {
  return /^[\p{N}.,:/%+-]+$/u.test(word) || /^\p{N}+(?:st|nd|rd|th|er|e|\.|º|ª)?$/iu.test(word);
}

/** The words of a name as the rules see them: split at spaces, outer punctuation removed. */
export function nameWords(name: string): string[] {
  return name
    .trim()
    .split(/\s+/u)
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ""))
    .filter(Boolean);
}

/**
 * Whether a word can stand at either end of a name: it names something (not a function word, a date or time
 * word, a number or a fragment). Inside a name a function word may stand ("Bank of England"); at an end it
 * makes a fragment ("Paella y", "Este miércoles").
 */
export function canEndName(word: string, language: string): boolean {
  return (
    !isFunctionWord(word, language) &&
    !isDateOrTimeWord(word, language) &&
    !isNumber(word) &&
    !isFragment(word, language)
  );
}

/**
 * The rules of a topic name: 1 to 4 words, both ends words that name something (canEndName), no date or time
 * word (other than a function word a date phrase uses) and no bare number anywhere in it, no line break, no markup. `language` is the topic's main language.
 */
export function isAcceptableTopicName(name: string, language: string): boolean {
  const trimmed = name.trim();
  if (!trimmed || /[\n\r<>{}[\]|#*_`]/u.test(trimmed) || trimmed.length > 60) return false;
  const raw = trimmed.split(/\s+/u);
  const words = nameWords(trimmed);
  if (words.length === 0 || words.length > MAX_NAME_WORDS || raw.length !== words.length) return false;
  const first = words[0] as string;
  const last = words[words.length - 1] as string;
  if (!canEndName(first, language) || !canEndName(last, language)) return false;
  // Inside, a function word may stand even when ICU uses it in a date phrase ("of", "de", "la").
  return words.every(
    (w) => !isNumber(w) && !isFragment(w, language) && (isFunctionWord(w, language) || !isDateOrTimeWord(w, language)),
  );
}
