import { type ChatPhrases, joinList, languageName } from "../answers/chat-phrases";
import type { AnswerLanguage } from "../answers/question-language";
import type { FilterableArticle, QuestionFilters } from "./question-filters";

/**
 * What the chat says when a follow-up finds nothing to follow: no previous results at all, a place past them
 * ("the fifth one" after three), or filters none of them passes ("die von letzter Woche" when they were saved
 * in October: it says when they were saved). Pure; the words are the answer language's (answers/chat-phrases).
 */

/** The most saving dates a notice lists. */
const MAX_DATES = 6;

/**
 * "None of your previous results fits that." and, for each filter the follow-up named, what the previous
 * results have instead: their saving dates, their read state, their languages or sites.
 */
export function noneFitsNotice(
  phrases: ChatPhrases,
  language: AnswerLanguage,
  filters: QuestionFilters,
  previous: readonly FilterableArticle[],
  offsetMinutes = 0,
): string {
  const facts: string[] = [];
  if (previous.length > 0) {
    if (filters.since !== undefined || filters.until !== undefined) {
      facts.push(phrases.savedOn(joinList(savingDates(previous, language, offsetMinutes), phrases.and)));
    }
    if (filters.isRead === false && previous.every((a) => a.isRead)) facts.push(phrases.allRead);
    if (filters.isRead === true && previous.every((a) => !a.isRead)) facts.push(phrases.noneRead);
    if (filters.language) {
      const names = distinct(previous.map((a) => a.language ?? "")).map((code) => languageName(code, language));
      if (names.length > 0) facts.push(phrases.languagesAre(joinList(names, phrases.and)));
    }
    if (filters.domain) {
      const sites = distinct(previous.map((a) => a.domain ?? ""));
      if (sites.length > 0) facts.push(phrases.sitesAre(joinList(sites, phrases.and)));
    }
  }
  return [phrases.noneFits, ...facts].join(" ");
}

/** The distinct days the articles were saved on, newest first, as the answer language writes a date. */
export function savingDates(
  articles: readonly { createdAt: number }[],
  language: AnswerLanguage,
  offsetMinutes = 0,
): string[] {
  const format = new Intl.DateTimeFormat(language, {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });
  const days = [...articles]
    .sort((a, b) => b.createdAt - a.createdAt)
    .map((a) => format.format(new Date(a.createdAt + offsetMinutes * 60_000)));
  return distinct(days).slice(0, MAX_DATES);
}

function distinct(values: string[]): string[] {
  return [...new Set(values.filter(Boolean))];
}

/** Words that point back or open an elliptical follow-up: left out of the search offered instead. */
const POINTING =
  /^(?:[\s¿¡"'«]|and|or|only|just|those|these|them|the|ones|und|oder|nur|die|der|das|den|y|o|los|las|el|la|solo|sólo|et|ou|ceux|celles|les|seulement)+(?=\s|$)/iu;

/**
 * The question offered instead of a follow-up with nothing to refer to, or null: the articles its filters
 * name, as a question of its own ("die von letzter Woche" → "Artikel von letzter Woche", "only the unread ones"
 * → "Unread articles"), or more about the words it names ("the one about Metroid" → "More about Metroid").
 */
export function offeredSearch(
  question: string,
  filters: QuestionFilters,
  phrases: ChatPhrases,
  subject: string | null,
): string | null {
  if (filters.isRead !== undefined) return filters.isRead ? phrases.readArticles : phrases.unreadArticles;
  if (Object.values(filters).some((value) => value !== undefined)) {
    const named = question
      .trim()
      .replace(/[\s?!.]+$/u, "")
      .replace(POINTING, "")
      .trim();
    return named ? `${phrases.articlesWord} ${named}` : null;
  }
  return subject ? phrases.moreAbout(subject) : null;
}
