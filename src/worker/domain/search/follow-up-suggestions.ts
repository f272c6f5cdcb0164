import { chatPhrases } from "../answers/chat-phrases";
import type { AnswerLanguage } from "../answers/question-language";
import { isModifierLike, isVerbLike } from "../clustering/word-classes";
import { isContentWord, stemWord } from "../words";

/** A shown result as suggestions read it. */
export interface SuggestionSource {
  title: string;
  summary: string;
  language?: string | null;
}

/**
 * Counting words say nothing about a subject: "More about two", "More about first" or "More about friday" (from
 * "Friday Facts #282") came up as follow-ups.
 */
const COUNTING_WORDS = new Set(
  (
    "two three four five six seven eight nine ten eleven twelve twenty thirty forty fifty hundred hundreds " +
    "thousand thousands million millions billion billions trillion first second third fourth fifth sixth seventh " +
    "eighth ninth tenth last monday tuesday wednesday thursday friday saturday sunday year years month months " +
    "week weeks day days time times"
  ).split(" "),
);

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu;
const MAX_PHRASE_WORDS = 4;

/** A word that can stand in a phrase about a subject: a content word of its language, not a verb or counting word. */
function subjectWord(word: string, language: string): boolean {
  const lower = word.toLowerCase();
  return (
    isContentWord(lower, language) &&
    !COUNTING_WORDS.has(lower) &&
    !isVerbLike(lower) &&
    !/^\p{N}+$/u.test(lower) &&
    lower.length > 1
  );
}

/**
 * Runs of subject words that nothing but spaces (or a hyphen) separate: "waggle dance" in "Honeybees perform a
 * waggle dance inside the hive"; punctuation, stop words and verbs end a run. Modifiers ("recent", "easy") may
 * open a run but not make one on their own. Long runs keep their last words, where an English noun phrase has
 * its head.
 */
function phrasesOf(text: string, language: string): string[][] {
  const runs: string[][] = [];
  let run: string[] = [];
  let end = -1;
  const close = () => {
    const words = run.length > MAX_PHRASE_WORDS ? run.slice(-MAX_PHRASE_WORDS + 1) : run;
    while (words.length > 0 && isModifierLike((words.at(-1) ?? "").toLowerCase())) words.pop();
    if (words.length > 0) runs.push(words);
    run = [];
  };
  for (const match of text.matchAll(WORD)) {
    const word = match[0];
    const gap = end < 0 ? "" : text.slice(end, match.index);
    if (run.length > 0 && !/^[ \t]+$|^\s*-\s*$/.test(gap)) close();
    if (subjectWord(word, language)) run.push(word);
    else close();
    end = match.index + word.length;
  }
  close();
  return runs;
}

/**
 * Names among the words of the results: written with a capital every time, and either inside a sentence at
 * least once or in two results ("Netanyahu", "Minecraft"), or an acronym ("NASA"). A common word is written
 * small somewhere, or only starts sentences and titles.
 */
function namesOf(texts: string[]): Set<string> {
  const small = new Set<string>();
  const inside = new Set<string>();
  const seenIn = new Map<string, Set<number>>();
  texts.forEach((text, index) => {
    for (const sentence of text.split(/(?<=[.!?:;])\s+|\n+/)) {
      [...sentence.matchAll(WORD)].forEach((match, position) => {
        const word = match[0];
        if (!/^\p{Lu}/u.test(word)) {
          small.add(word.toLowerCase());
          return;
        }
        if (position > 0 || /^\p{Lu}{2,6}$/u.test(word)) inside.add(word);
        seenIn.set(word, (seenIn.get(word) ?? new Set()).add(index));
      });
    }
  });
  const names = new Set<string>();
  for (const [word, where] of seenIn) {
    if (!small.has(word.toLowerCase()) && (inside.has(word) || where.size >= 2)) names.add(word);
  }
  return names;
}

/**
 * Follow-up questions ("More about …") from the shown results: phrases of two to four subject words from their
 * titles and summaries ("waggle dance", "borrow checker", "Doobie Brothers tour"), or a single word only when it
 * is a name (written with a capital inside a sentence, or an acronym). Never a single common word: "More about
 * years" asked nothing. A phrase must not repeat a word of the question (compared by stem). Ranked by how many
 * results use the phrase, then by whether a title does, then by the rank of the first result that uses it.
 */
export function suggestFollowUps(
  queryWords: string[],
  shown: SuggestionSource[],
  count: number,
  language: AnswerLanguage = "en",
): string[] {
  const queryStems = new Set(queryWords.flatMap((w) => [stemWord(w, "en"), w.toLowerCase()]));
  const scored = new Map<string, { phrase: string; results: Set<number>; title: boolean; first: number }>();
  // Titles are often written in Title Case: only summaries tell a name from a common word.
  const names = namesOf(shown.map((source) => source.summary));
  shown.forEach((source, rank) => {
    const language = source.language ?? "en";
    const fromTitle = phrasesOf(source.title, language).map((words) => ({ words, title: true }));
    const fromSummary = phrasesOf(source.summary.replace(/[*_#>`[\]()]/g, " "), language).map((words) => ({
      words,
      title: false,
    }));
    for (const { words, title } of [...fromTitle, ...fromSummary]) {
      for (let size = Math.min(words.length, MAX_PHRASE_WORDS); size >= 1; size--) {
        const part = words.slice(-size);
        if (size === 1 && !names.has(part[0] ?? "")) continue;
        if (part.some((w) => queryStems.has(stemWord(w, language)) || queryStems.has(w.toLowerCase()))) continue;
        const key = part.map((w) => stemWord(w, language)).join(" ");
        const entry = scored.get(key) ?? { phrase: part.join(" "), results: new Set(), title: false, first: rank };
        entry.results.add(rank);
        entry.title ||= title;
        scored.set(key, entry);
        break;
      }
    }
  });
  // A phrase counts every result that uses it, inside a longer run too ("coalition government talks").
  const texts = shown.map((source) => `${source.title} ${source.summary}`.toLowerCase().replace(/\s+/g, " "));
  for (const entry of scored.values()) {
    const phrase = entry.phrase.toLowerCase();
    texts.forEach((text, rank) => {
      if (text.includes(phrase)) entry.results.add(rank);
    });
  }
  const ranked = [...scored.values()].sort(
    (a, b) =>
      b.results.size - a.results.size ||
      Number(b.title) - Number(a.title) ||
      a.first - b.first ||
      a.phrase.localeCompare(b.phrase),
  );
  const picked: string[] = [];
  for (const { phrase } of ranked) {
    if (picked.length === count) break;
    const lower = phrase.toLowerCase();
    // One phrase per subject: not "waggle dance" and "dance".
    if (picked.some((p) => p.toLowerCase().includes(lower) || lower.includes(p.toLowerCase()))) continue;
    picked.push(phrase);
  }
  // In the answer's language, as the chat's other words: a click asks it as the next question.
  return picked.map(chatPhrases(language).moreAbout);
}
