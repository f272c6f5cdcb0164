import { isContentWord, stemWord } from "../words";
import { canEndName, isAcceptableTopicName, isDateOrTimeWord, MAX_NAME_WORDS } from "./name-rules";
import { isModifierLike, isVerbLike } from "./word-classes";

export { MAX_NAME_WORDS };

/**
 * Topic names a person would write as a heading: a phrase of 1 to 4 words that the topic's own titles use
 * ("Doobie Brothers tour", "NASA lunar landers"), in the topic's main language, never a stop word, a bare
 * number or a vague word ("New", "First", "Programs"). Pure; the local adapter's label and the check of a
 * language model's answer (cleanTopicName) both come from here.
 */

/** The group of articles that fit no topic: one, always ranked last (cluster-library). */
export const LEFTOVER_LABEL = "Other articles";

/** A phrase must be in this many of the topic's titles: a phrase of one title names that article only. */
const MIN_TITLES = 2;

/**
 * Words that name no subject, in the five languages most libraries mix (de, en, es, fr, it): time words,
 * "new" and "first", and the words of a page's kind ("article", "news", "programs"). Many other such words
 * are stop words already (stopwords-iso).
 */
const VAGUE_WORDS = (
  "new first last latest best top big great good old next general various miscellaneous misc other others " +
  "program programs programme programmes news update updates thing things way ways part parts story stories " +
  "year years day days week weeks time times today people article articles post posts page pages blog video " +
  "videos photo photos guide introduction overview " +
  "neu neue neuer neues neuen erste ersten erster letzte letzten beste besten große großen jahr jahre jahren " +
  "tag tage tagen heute woche zeit mal leute menschen artikel neuigkeiten nachrichten sonstiges verschiedenes " +
  "teil programm programme " +
  "nouveau nouvelle nouveaux nouvelles premier première premiers dernier dernière meilleur meilleure grand " +
  "grande an ans année années jour jours aujourd'hui semaine temps fois gens actualités actualité divers " +
  "autres partie programme programmes " +
  "nuevo nueva nuevos nuevas primer primero primera último última mejor gran año años día días hoy semana " +
  "tiempo vez veces gente artículo artículos noticias varios otros parte programa programas " +
  "nuovo nuova nuovi nuove primo ultimo ultima migliore anno anni giorno giorni oggi settimana volta " +
  "volte articolo articoli notizie vari altri programma programmi"
).split(" ");

const vagueStems = new Map<string, ReadonlySet<string>>();

/** Whether a word is vague in `language` (as written or by its stem) or in English. */
export function isVagueWord(word: string, language = "en"): boolean {
  const lower = word.toLowerCase().replace(/’/g, "'");
  if (VAGUE_WORDS.includes(lower)) return true;
  for (const code of new Set([language, "en"])) {
    let stems = vagueStems.get(code);
    if (!stems) {
      stems = new Set(VAGUE_WORDS.map((w) => stemWord(w, code)));
      vagueStems.set(code, stems);
    }
    if (stems.has(stemWord(lower, code))) return true;
  }
  return false;
}

/**
 * A word that can begin or end a name: it names something (name-rules: no function, date or time word, number
 * or fragment) and is not vague (nor, in English, a verb or adjective).
 */
function canEdge(word: string, language: string): boolean {
  if (!canEndName(word, language) || isVagueWord(word, language)) return false;
  const lower = word.toLowerCase();
  return !(isVerbLike(lower) || isModifierLike(lower) || isAdverb(lower, language));
}

/**
 * An adverb, which names nothing: in English an "-ly" form of an adjective ("figuratively", "heavily",
 * "basically"; word-classes lists the adjectives), in Spanish and Italian a "-mente" word ("rápidamente").
 */
function isAdverb(word: string, language: string): boolean {
  if ((language === "es" || language === "it") && word.length >= 8 && word.endsWith("mente")) return true;
  if (word.length < 5 || !word.endsWith("ly")) return false;
  const base = word.slice(0, -2);
  return [base, `${base}e`, base.replace(/i$/, "y"), base.replace(/al$/, ""), `${base.replace(/l$/, "")}le`].some(
    (adjective) => adjective.length > 2 && isModifierLike(adjective),
  );
}

interface TitleWord {
  word: string;
  stem: string;
  /** Punctuation (not a space, a hyphen or an apostrophe) stands between this word and the one before. */
  breakBefore: boolean;
}

/**
 * The title without a trailing site or section name ("Doobie Brothers tour dates | Rolling Stone"): the last
 * part after " | ", " – ", " — " or " - " when it is at most 4 words and something of 2 words or more is left.
 */
export function titleWithoutSite(title: string): string {
  const parts = title.split(/\s+[|–—-]\s+/);
  if (parts.length < 2) return title.trim();
  const last = parts[parts.length - 1] ?? "";
  const rest = parts.slice(0, -1).join(" - ");
  return last.trim().split(/\s+/).length <= 4 && rest.trim().split(/\s+/).length >= 2 ? rest.trim() : title.trim();
}

const segmenters = new Map<string, Intl.Segmenter>();

function titleWords(title: string, language: string): TitleWord[] {
  let segmenter = segmenters.get(language);
  if (!segmenter) {
    segmenter = new Intl.Segmenter(language, { granularity: "word" });
    segmenters.set(language, segmenter);
  }
  const words: TitleWord[] = [];
  let broken = false;
  for (const part of segmenter.segment(titleWithoutSite(title))) {
    if (part.isWordLike) {
      const word = part.segment.replace(/’/g, "'");
      words.push({ word, stem: stemWord(word, language), breakBefore: broken });
      broken = false;
    } else if (/[^\s\-'’]/u.test(part.segment)) broken = true;
  }
  return words;
}

/**
 * The phrase of 1 to 4 words the topic's titles share that weighs most: each of its content words weighs its
 * score among the topic's distinctive terms (`stemScores`, by stem), and the phrase weighs their sum times the
 * number of titles that use it. A phrase begins and ends with a word that names something (canEdge) and holds
 * no stop word, number or vague word anywhere ("Bank of England" gives "Bank", "England"): a heading with a
 * stop word in it is too easily a fragment ("Paella y por"). Punctuation ends it. As written in the titles most often,
 * first letter capitalised. Null when no phrase is in at least 2 titles.
 */
export function nameFromTitles(
  titles: string[],
  language: string,
  stemScores: ReadonlyMap<string, number>,
  /** Names other topics have (lower case): a topic's name sets it apart, so these are skipped. */
  taken: ReadonlySet<string> = new Set(),
): string | null {
  const phrases = new Map<string, { titles: Set<number>; forms: Map<string, number>; weight: number }>();
  const distinctTitles = [...new Set(titles.map((t) => t.trim()).filter(Boolean))];
  distinctTitles.forEach((title, t) => {
    const words = titleWords(title, language);
    for (let start = 0; start < words.length; start++) {
      for (let length = 1; length <= MAX_NAME_WORDS && start + length <= words.length; length++) {
        const span = words.slice(start, start + length);
        if (span.slice(1).some((w) => w.breakBefore)) break;
        const first = span[0] as TitleWord;
        const last = span[span.length - 1] as TitleWord;
        if (!canEdge(first.word, language) || !canEdge(last.word, language)) continue;
        if (
          span.some(
            (w) =>
              !isContentWord(w.word, language) || isVagueWord(w.word, language) || isDateOrTimeWord(w.word, language),
          )
        )
          continue;
        const weight = span.reduce((sum, w) => sum + (stemScores.get(w.stem) ?? 0), 0);
        if (weight <= 0) continue;
        const key = span.map((w) => w.stem).join(" ");
        const form = span.map((w) => w.word).join(" ");
        const entry = phrases.get(key) ?? { titles: new Set<number>(), forms: new Map<string, number>(), weight };
        entry.titles.add(t);
        entry.forms.set(form, (entry.forms.get(form) ?? 0) + 1);
        phrases.set(key, entry);
      }
    }
  });
  let best: { form: string; score: number } | null = null;
  for (const entry of phrases.values()) {
    if (entry.titles.size < Math.min(MIN_TITLES, distinctTitles.length)) continue;
    const score = entry.weight * entry.titles.size;
    const form = mostCommon(entry.forms);
    if (taken.has(form.toLocaleLowerCase(language))) continue;
    if (!best || score > best.score + 1e-9 || (Math.abs(score - best.score) <= 1e-9 && form < best.form))
      best = { form, score };
  }
  return best ? capitalised(best.form, language) : null;
}

/**
 * A name from the topic's distinctive words alone, when no phrase is shared by its titles: the most
 * distinctive word that can name something (canEdge), as written. Two words only when one title writes them
 * side by side ("Caspar David" in "Museum zeigt Gemälde von Caspar David Friedrich"), as that title writes
 * them: two unrelated words glued together ("Seat · Figuratively") read as no heading. Null when none can.
 */
export function nameFromWords(
  words: string[],
  language: string,
  titles: string[] = [],
  taken: ReadonlySet<string> = new Set(),
): string | null {
  const usable = words.filter((word) => canEdge(word, language) && !taken.has(word.toLocaleLowerCase(language)));
  const [first, second] = usable.filter(
    (word, i) => usable.findIndex((other) => other.toLowerCase() === word.toLowerCase()) === i,
  );
  if (!first) return null;
  if (second) {
    const pair = new Set([first.toLowerCase(), second.toLowerCase()]);
    for (const title of titles) {
      const written = titleWords(title, language);
      for (let i = 1; i < written.length; i++) {
        const [a, b] = [written[i - 1] as TitleWord, written[i] as TitleWord];
        if (
          !b.breakBefore &&
          a.word.toLowerCase() !== b.word.toLowerCase() &&
          pair.has(a.word.toLowerCase()) &&
          pair.has(b.word.toLowerCase())
        )
          return capitalised(`${a.word} ${b.word}`, language);
      }
    }
  }
  return capitalised(first, language);
}

/** Of a one-word name, the share of its uses that a noun must follow for the word to be only its modifier. */
const MODIFIER_SHARE = 0.5;
/** The share of its uses that one noun must follow for the name to take that noun. */
const MAIN_NOUN_SHARE = 0.25;

/**
 * A one-word name that is only an adjective or a demonym ("Greek", "Digitale", "Euro") names no subject by
 * itself: it gets the noun it qualifies, the word that most often follows it in the topic's titles and texts
 * ("Greek athletes", "Digitale Bildung"). Told by the text alone, in any language: the word is an adjective in
 * a language that capitalises nouns (German) it is mostly written in lower case and its noun is the capitalised
 * word after it; elsewhere it is an English adjective (word-classes) or at least half of its uses are directly
 * followed by a word that can end a name, which is how adjectives and demonyms stand before their noun. The following word must follow it at least twice. Otherwise, or when the
 * pair breaks the rules, the name as it is.
 */
export function withItsNoun(name: string, texts: string[], language: string): string | null {
  if (/\s/u.test(name.trim())) return name;
  const target = name.toLocaleLowerCase(language);
  let uses = 0;
  let lowerUses = 0;
  let midUses = 0;
  let followed = 0;
  const followers = new Map<string, { count: number; forms: Map<string, number> }>();
  for (const text of texts) {
    const words = titleWords(text, language);
    words.forEach((w, i) => {
      if (w.word.toLocaleLowerCase(language) !== target) return;
      uses += 1;
      // Only inside a sentence does the case tell: every first word has a capital.
      if (i > 0 && !w.breakBefore) {
        midUses += 1;
        if (w.word === w.word.toLocaleLowerCase(language)) lowerUses += 1;
      }
      const next = words[i + 1];
      if (!next || next.breakBefore || !canEdge(next.word, language)) return;
      // Where nouns are capitalised, the noun it qualifies is written with a capital ("Heizung braucht" is no phrase).
      if (NOUN_CAPITALISING.has(language) && next.word === next.word.toLocaleLowerCase(language)) return;
      followed += 1;
      const key = next.stem;
      const entry = followers.get(key) ?? { count: 0, forms: new Map<string, number>() };
      entry.count += 1;
      entry.forms.set(next.word, (entry.forms.get(next.word) ?? 0) + 1);
      followers.set(key, entry);
    });
  }
  if (uses === 0) return name;
  // Where nouns are capitalised, a noun is never mostly written in lower case and an adjective always is.
  const modifier = NOUN_CAPITALISING.has(language)
    ? lowerUses * 2 > midUses
    : isModifierLike(target) || followed >= MODIFIER_SHARE * uses;
  if (!modifier) return name;
  const best = [...followers.values()].sort(
    (a, b) => b.count - a.count || mostCommon(a.forms).localeCompare(mostCommon(b.forms)),
  )[0];
  // One noun it mostly qualifies: a word followed by many different ones ("Python packages", "Python
  // environments") names the subject better alone.
  // An adjective for certain (English word classes, a lower-case German word) without its noun is no name.
  const adjective = NOUN_CAPITALISING.has(language) || isModifierLike(target);
  if (!best || best.count < Math.max(2, MAIN_NOUN_SHARE * uses)) return adjective ? null : name;
  const phrase = `${name} ${mostCommon(best.forms)}`;
  if (isAcceptableTopicName(phrase, language)) return phrase;
  return adjective ? null : name;
}

/** Languages that write every noun with a capital: there a word mostly written in lower case is no noun. */
const NOUN_CAPITALISING = new Set(["de", "lb"]);

/**
 * A language model's topic name, checked as local names are: the first line, without quotes, a trailing full
 * stop or a "Topic:" prefix, at most 4 words, not only stop words, numbers or vague words. Null when nothing
 * usable is left (the caller keeps the local name).
 */
export function cleanTopicName(answer: string, language = "en"): string | null {
  const line = (answer.split("\n").find((l) => l.trim()) ?? "")
    .trim()
    .replace(/^(?:topic|label|name|heading|titre|thema|tema|titolo)\s*:\s*/i, "")
    .replace(/^[-*#\s]+/, "")
    .replace(/^["'“”„«»*]+|["'“”„«»*.。!]+$/g, "")
    .trim();
  if (!line) return null;
  const words = line.split(/\s+/);
  if (words.length > MAX_NAME_WORDS) return null;
  const meaningful = words.filter((w) => {
    const bare = w.replace(/[^\p{L}\p{N}'’-]/gu, "");
    return bare && isContentWord(bare, language) && !isVagueWord(bare, language) && !/^\p{N}+$/u.test(bare);
  });
  return meaningful.length && isAcceptableTopicName(line, language) ? line : null;
}

/** The language most of the articles are in (ties: the alphabetically first), "en" for none. */
export function mainLanguage(languages: string[]): string {
  const counts = new Map<string, number>();
  for (const language of languages) counts.set(language, (counts.get(language) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? "en";
}

function mostCommon(forms: Map<string, number>): string {
  return [...forms.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? "";
}

function capitalised(text: string, language: string): string {
  return text.charAt(0).toLocaleUpperCase(language) + text.slice(1);
}
