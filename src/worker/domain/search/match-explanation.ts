import { chatPhrases, type MatchField } from "../answers/chat-phrases";
import type { AnswerLanguage } from "../answers/question-language";
import { splitSentences } from "../sentences/segment";
import { markdownToText } from "../text";
import { termMatcher, wordsWithPositions } from "./term-matching";

export interface ExplainableArticle {
  title: string;
  summary: string;
  text: string;
  /** Cosine similarity of the article to the question, or undefined when it was not a vector match. */
  similarity?: number;
  /** The article's language: its words also match a term by their Snowball stem in it (term-matching). */
  language?: string | null;
  /** The reader's note and highlights around the first term, when only they have the terms (issue 32). */
  notes?: string;
}

const PASSAGE_CHARS = 160;

/**
 * Why an article matched, in words, from the terms it shares with the question and the passage where they
 * occur: 'Mentions "hive" and "pollen" in the title and summary: "…the waggle dance inside the hive…"', in the
 * answer's language (the passage stays in the article's).
 */
export function explainMatch(terms: string[], article: ExplainableArticle, language: AnswerLanguage = "en"): string {
  // Summaries are markdown (a bold gist, bullets); the quoted passage must not show "**" or "- ".
  const summary = markdownToText(article.summary);
  const fields: { name: MatchField; text: string }[] = [
    { name: "title", text: article.title },
    { name: "summary", text: summary },
    { name: "article", text: article.text },
    { name: "notes", text: article.notes ?? "" },
  ];
  const languages = languagesOf(article);
  const termsByField = fields.map((f) => ({ name: f.name, found: termsIn(f.text, terms, languages) }));
  const found = terms.filter((term) => termsByField.some((f) => f.found.has(term)));
  const phrases = chatPhrases(language);
  if (found.length === 0) return phrases.closeInMeaning(Math.round(Math.max(0, article.similarity ?? 0) * 100));
  const where = termsByField.filter((f) => f.found.size > 0).map((f) => f.name);
  const passage = bestPassage(found, `${summary}\n${article.text}\n${article.notes ?? ""}`, languages);
  return phrases.mentions(found.slice(0, 4), where, passage);
}

/** Whether the title, summary or text uses any of the terms (a word the term matches, see term-matching). */
export function mentionsAnyTerm(terms: string[], article: Omit<ExplainableArticle, "similarity">): boolean {
  const texts = [article.title, markdownToText(article.summary), article.text, article.notes ?? ""];
  return texts.some((text) => firstTermStart(text, terms, languagesOf(article)) !== -1);
}

function languagesOf(article: { language?: string | null }): string[] {
  return article.language ? [article.language] : [];
}

/**
 * About `chars` characters of `text` around the first word a term matches, from a little before it so
 * that its sentence is whole; "" when no term occurs. For an article whose match lies past the part read first.
 */
export function textAroundFirstTerm(terms: string[], text: string, chars: number, language?: string | null): string {
  const first = firstTermStart(text, terms, languagesOf({ language }));
  if (first === -1) return "";
  const lead = Math.min(first, Math.floor(chars / 4));
  return text.slice(first - lead, first - lead + chars);
}

/** The terms the text uses, from one reading of its words (not one per term). */
function termsIn(text: string, terms: string[], languages: string[]): Set<string> {
  const matchers = terms.map((term) => ({ term, matches: termMatcher(term, languages) }));
  const found = new Set<string>();
  for (const { word } of wordsWithPositions(text)) {
    for (const { term, matches } of matchers) if (!found.has(term) && matches(word)) found.add(term);
    if (found.size === terms.length) break;
  }
  return found;
}

/** The sentence with the most question terms, trimmed to a short passage. */
function bestPassage(terms: string[], text: string, languages: string[]): string {
  let best = "";
  let bestCount = 0;
  for (const sentence of splitSentences(text)) {
    const count = termsIn(sentence, terms, languages).size;
    if (count > bestCount) {
      best = sentence;
      bestCount = count;
    }
  }
  return trimAroundTerms(best, terms, languages);
}

/** Words shown before the first term when a long sentence is cut to fit. */
const LEAD_CHARS = 40;

/**
 * A sentence cut to PASSAGE_CHARS so that it still shows the first term it contains: from its start when the
 * term is near it, else from a word a little before the term, marked with "…".
 */
function trimAroundTerms(sentence: string, terms: string[], languages: string[]): string {
  if (sentence.length <= PASSAGE_CHARS) return sentence;
  const first = firstTermStart(sentence, terms, languages);
  let start = 0;
  if (first > PASSAGE_CHARS - LEAD_CHARS) {
    const space = sentence.lastIndexOf(" ", first - LEAD_CHARS);
    start = space > 0 ? space + 1 : first;
  }
  const cut = sentence.slice(start, start + PASSAGE_CHARS).trimEnd();
  return `${start > 0 ? "…" : ""}${cut}${start + PASSAGE_CHARS < sentence.length ? "…" : ""}`;
}

/** Where the first word that matches one of the terms (see term-matching) begins in `text`, or -1. */
function firstTermStart(text: string, terms: string[], languages: string[]): number {
  const matchers = terms.map((term) => termMatcher(term, languages));
  for (const { word, at } of wordsWithPositions(text)) if (matchers.some((matches) => matches(word))) return at;
  return -1;
}
