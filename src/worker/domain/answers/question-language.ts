import { detectLanguage, languageScores } from "../language/detect-language";
import { isArticleWord, questionWordsOf } from "../search/question-words";
import { STOP_WORDS } from "../text";
import { stopWordsOf } from "../words";

/** The languages the chat writes its answers and its own words in; a question in another is answered in English. */
export const ANSWER_LANGUAGES = ["en", "de", "fr", "es", "it", "nl", "pt", "pl"] as const;
export type AnswerLanguage = (typeof ANSWER_LANGUAGES)[number];

export function isAnswerLanguage(code: string | null | undefined): code is AnswerLanguage {
  return (ANSWER_LANGUAGES as readonly string[]).includes(code ?? "");
}

/** What besides its words says which language a question is in. */
export interface QuestionLanguageHints {
  /** The answer languages of the user's earlier questions in the session, oldest first. */
  earlier?: readonly string[];
  /** The interface (browser) language, a BCP 47 tag such as "de-CH". */
  interfaceLanguage?: string | null;
}

/**
 * Evidence weights. The n-gram model's part is its relative margin over the other languages, scaled: a short
 * question's scores lie close together ("recetas sin carne": Portuguese 0.734, Spanish 0.733), so a word only one
 * language uses outweighs a small margin, and a long question's clear margin outweighs a stray word. The
 * session's language and then the interface's decide what the words leave open ("Python?", "iPhone 15").
 */
const MODEL_WEIGHT = 15;
const NAMES_MODEL_WEIGHT = 4;
const WORD_WEIGHT = 1.5;
const LETTER_WEIGHT = 1;
/** How sure the product's detector must be of a language the chat does not write before it counts. */
const OTHER_LANGUAGE_CONFIDENCE = 0.75;
const EARLIER_WEIGHT = 0.8;
const INTERFACE_WEIGHT = 0.25;
/** English, the product's own language, when nothing else decides. */
const DEFAULT_WEIGHT = 0.15;
/** Letters (outside names) from which the n-gram model counts fully. */
const FULL_MODEL_LETTERS = 30;

/**
 * Letters one answer language writes and the others do not: "ß", "ñ" and the inverted marks, Portuguese
 * nasal vowels, Polish letters. ("ç", "é", "è", "à" are shared by several.)
 */
const LETTERS: Partial<Record<AnswerLanguage, RegExp>> = {
  de: /ß/u,
  es: /[ñ¿¡]/u,
  pt: /[ãõ]/u,
  pl: /[łąęśźżńć]/u,
};

/**
 * The words of each answer language for telling languages apart: its stop words (stopwords-iso) and its question
 * and article words. A word in one language's set only is evidence of it; "de", "a", "articles" or "plus" are in
 * several and count for none. (`stopWordsOf("en")` adds our English list, whose tail holds the commonest
 * function words of other languages, "der", "und", "les": those are left to their own languages here.)
 */
const foreign = new Set(ANSWER_LANGUAGES.filter((l) => l !== "en").flatMap((l) => [...stopWordsOf(l)]));
const vocabularies = new Map<AnswerLanguage, ReadonlySet<string>>(
  ANSWER_LANGUAGES.map((language) => [
    language,
    new Set([
      ...(language === "en" ? [...stopWordsOf("en")].filter((w) => !foreign.has(w) || !STOP_WORDS.has(w)) : []),
      ...(language === "en" ? [] : stopWordsOf(language)),
      ...questionWordsOf(language),
    ]),
  ]),
);
const owners = new Map<string, AnswerLanguage[]>();
for (const [language, words] of vocabularies) {
  for (const word of words) owners.set(word, [...(owners.get(word) ?? []), language]);
}

/** A question's words with what they are: "Angela", "iPhone", "COVID" and "Python" are names, not language. */
interface Word {
  text: string;
  lower: string;
  /** A name: capitalised inside the sentence, mixed case, all capitals or with digits. */
  name: boolean;
  /** "article(s)" in any language: the product's own word, its spelling shared by several languages. */
  product: boolean;
  opensSentence: boolean;
}

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu;

function wordsOf(question: string): Word[] {
  const words: Word[] = [];
  let sentenceStart = true;
  let last = 0;
  for (const match of question.matchAll(WORD)) {
    const text = match[0].replace(/’/g, "'");
    if (/[.!?¿¡:]/u.test(question.slice(last, match.index))) sentenceStart = true;
    last = match.index + match[0].length;
    const lower = text.toLowerCase();
    const capitalised = /^\p{Lu}/u.test(text);
    const mixed = /\p{Ll}\p{Lu}/u.test(text) || (/^\p{Lu}{2,}$/u.test(text) && text.length > 1);
    const name = /\p{N}/u.test(text) || mixed || (capitalised && !sentenceStart && text.length > 1);
    words.push({ text, lower, name, product: isArticleWord(lower), opensSentence: sentenceStart });
    sentenceStart = false;
  }
  // A capitalised word opening a sentence before a name is the name's first word ("Angela Merkel", "Real
  // Madrid"), unless it is a word of the chat's languages ("Welche Artikel", "Zeig").
  words.forEach((word, i) => {
    const next = words[i + 1];
    if (word.opensSentence && /^\p{Lu}/u.test(word.text) && next?.name && !owners.has(word.lower)) word.name = true;
  });
  return words;
}

/**
 * The language to answer a chat question in, among the answer languages: the one with the most evidence from
 * the n-gram model (over the question without its names and product words, which are the same in every
 * language), the words only one language uses, and its letters; the earlier questions of the session and the
 * interface language decide what these leave open; English when nothing does.
 */
export function questionLanguage(question: string, hints: QuestionLanguageHints = {}): AnswerLanguage {
  // A question clearly in a language the chat does not write (Swedish, Czech) is answered in the interface's
  // language when the chat writes that, else in English.
  const detected = detectLanguage(question);
  if (detected.confidence >= OTHER_LANGUAGE_CONFIDENCE && !isAnswerLanguage(detected.language)) {
    return interfaceAnswerLanguage(hints.interfaceLanguage) ?? "en";
  }
  const words = wordsOf(question);
  const evidence = new Map<AnswerLanguage, number>(ANSWER_LANGUAGES.map((language) => [language, 0]));
  const add = (language: AnswerLanguage, weight: number) =>
    evidence.set(language, (evidence.get(language) ?? 0) + weight);

  // The n-grams of the question without its names and product words, and with a small weight those of the
  // whole question: a name's spelling may break a tie ("proces Zbigniewa Ziobry") but never decides. A word or
  // two is too little for n-grams ("Rezepte" scores French, "recipes" Portuguese, "Rust" Dutch): the model's
  // weight grows with the letters it reads, so a short question leans on its words, the session and the
  // interface; a lone word ("Rust", "Klimawandel") is not read at all. With a single word left besides names
  // (German nouns are capitalised: "neues iPhone Akku") the whole question is read, but a question of names
  // alone ("iPhone 15", "Angela Merkel") never is.
  const telling = words.filter((word) => !word.name && !word.product);
  const text = telling.map((word) => word.text).join(" ");
  const whole = words.map((word) => word.text).join(" ");
  if (telling.length >= 2) {
    addModelEvidence(add, text, MODEL_WEIGHT * reach(text));
    addModelEvidence(add, whole, NAMES_MODEL_WEIGHT * reach(text));
  } else if (telling.length === 1 && words.length >= 2) {
    addModelEvidence(add, whole, MODEL_WEIGHT * reach(whole));
  }
  for (const word of words) {
    if (word.name) continue;
    const languages = owners.get(word.lower);
    if (languages?.length === 1 && languages[0]) add(languages[0], WORD_WEIGHT);
  }
  for (const [language, letters] of Object.entries(LETTERS) as [AnswerLanguage, RegExp][]) {
    if (letters.test(text.toLowerCase())) add(language, LETTER_WEIGHT);
  }
  const earlier = hints.earlier?.at(-1);
  if (isAnswerLanguage(earlier)) add(earlier, EARLIER_WEIGHT);
  const shown = interfaceAnswerLanguage(hints.interfaceLanguage);
  if (shown) add(shown, INTERFACE_WEIGHT);
  add("en", DEFAULT_WEIGHT);

  let best: AnswerLanguage = "en";
  for (const language of ANSWER_LANGUAGES) {
    if ((evidence.get(language) ?? 0) > (evidence.get(best) ?? 0)) best = language;
  }
  return best;
}

/** How much of its weight the n-gram model gets for a text: none for a few letters, all from FULL_MODEL_LETTERS. */
function reach(text: string): number {
  return Math.min(1, (text.match(/\p{L}/gu)?.length ?? 0) / FULL_MODEL_LETTERS) ** 2;
}

/** Each language's margin below the n-gram model's best, relative to the best, times `weight`. */
function addModelEvidence(add: (language: AnswerLanguage, weight: number) => void, text: string, weight: number) {
  if (!/\p{L}/u.test(text)) return;
  const scores = languageScores(text, ANSWER_LANGUAGES);
  const top = Math.max(0, ...scores.values());
  if (top === 0) return;
  for (const language of ANSWER_LANGUAGES) add(language, (weight * ((scores.get(language) ?? 0) - top)) / top);
}

/** The answer language of an interface language tag ("de-CH" → "de"), or undefined. */
export function interfaceAnswerLanguage(tag: string | null | undefined): AnswerLanguage | undefined {
  const primary = tag?.split("-")[0]?.toLowerCase();
  return isAnswerLanguage(primary) ? primary : undefined;
}

/**
 * The languages whose stop and question words a question's words are read with (chat-query's queryTerms): its
 * answer language, and the product detector's language when that is another one and clearly so (a Swedish
 * question is answered in English, and its "vad" and "om" are still no subject).
 */
export function questionWordLanguages(question: string, answer: AnswerLanguage): string[] {
  const detected = detectLanguage(question);
  return detected.confidence >= OTHER_LANGUAGE_CONFIDENCE && !isAnswerLanguage(detected.language)
    ? [answer, detected.language]
    : [answer];
}
