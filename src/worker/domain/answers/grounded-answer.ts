import { termMatcher, wordsWithPositions } from "../search/term-matching";
import { splitSentences } from "../sentences/segment";
import { markdownToText } from "../text";
import { chatPhrases } from "./chat-phrases";
import type { AnswerLanguage } from "./question-language";

/**
 * The short answer the chat writes above its result cards (issue 35, item 6), from the shown results only: every
 * sentence cites the results it comes from as [1], [2] (1-based places in the results). Locally it quotes the
 * two or three sentences of the top results that best answer the question; a model writes it, and its citations
 * are checked here.
 */
export interface GroundedAnswer {
  /** Plain text with citation marks "[n]"; in the question's language (quotes stay in their article's). */
  text: string;
  /** The places (1-based) of the results the text cites, each once, in order of first citation. */
  citations: number[];
  /** False for "I found nothing about that in your library": no result says anything about the question. */
  found: boolean;
}

/** A shown result as an answer reads it. */
export interface AnswerSource {
  title: string;
  summary: string;
  /** The start of its plain text. */
  text: string;
  language?: string | null;
}

export interface AnswerRequest {
  question: string;
  /** The question's content words (chat-query's queryTerms); none for a question that only names filters. */
  terms: string[];
  language: AnswerLanguage;
  /** The shown results, best first; citation [n] is sources[n - 1]. */
  sources: AnswerSource[];
}

/** The answer when no result says anything about the question. */
export function nothingFound(language: AnswerLanguage): GroundedAnswer {
  return { text: chatPhrases(language).nothing, citations: [], found: false };
}

/** How many of the top results a local answer reads, and how many sentences it quotes. */
export const SOURCES_READ = 3;
const MAX_SENTENCES = 3;
/** A quote shorter than this is a heading or a fragment; a longer one a run-on the splitter could not cut. */
const MIN_SENTENCE_CHARS = 30;
const MAX_SENTENCE_CHARS = 320;

interface Candidate {
  sentence: string;
  source: number;
  position: number;
  score: number;
  terms: Set<string>;
}

/**
 * The extractive answer: of the sentences of the top results' summaries and text starts, those that use the most
 * of the question's terms (a term used by fewer sentences counts more; an earlier result and an earlier
 * sentence break ties), at most one per result unless one result has them all, quoted in the results' order with
 * their citations. A sentence must use at least half of the terms (one of one or two): a quote that shares one
 * common word with a long question does not answer it. Nothing that fits: "I found nothing about that".
 * No terms (a question of filters only) and one result: its summary's first sentences, cited.
 */
export function extractiveAnswer({ terms, language, sources }: AnswerRequest): GroundedAnswer {
  const read = sources.slice(0, SOURCES_READ);
  if (read.length === 0) return nothingFound(language);
  if (terms.length === 0) {
    if (read.length !== 1 || !read[0]) return nothingFound(language);
    const opening = sentencesOf(read[0]).slice(0, 2);
    return opening.length > 0
      ? quote(
          opening.map((sentence) => ({ sentence, source: 0 })),
          language,
        )
      : nothingFound(language);
  }
  const candidates: Candidate[] = [];
  read.forEach((source, index) => {
    const matchers = terms.map((term) => ({
      term,
      matches: termMatcher(term, source.language ? [source.language] : []),
    }));
    sentencesOf(source).forEach((sentence, position) => {
      const used = new Set<string>();
      for (const { word } of wordsWithPositions(sentence)) {
        for (const { term, matches } of matchers) if (matches(word)) used.add(term);
      }
      if (used.size > 0) candidates.push({ sentence, source: index, position, score: 0, terms: used });
    });
  });
  const needed = Math.max(1, Math.ceil(terms.length / 2));
  const usedBy = new Map<string, number>();
  for (const c of candidates) for (const term of c.terms) usedBy.set(term, (usedBy.get(term) ?? 0) + 1);
  const fitting = candidates.filter((c) => c.terms.size >= needed);
  for (const c of fitting) {
    let weight = 0;
    for (const term of c.terms) weight += 1 + Math.log(candidates.length / (usedBy.get(term) ?? 1));
    c.score = weight - 0.15 * c.source - 0.02 * Math.min(c.position, 20);
  }
  fitting.sort((a, b) => b.score - a.score || a.source - b.source || a.position - b.position);
  const picked: Candidate[] = [];
  for (const c of fitting) {
    if (picked.length === MAX_SENTENCES) break;
    if (picked.some((p) => p.source === c.source || p.sentence === c.sentence)) continue;
    picked.push(c);
  }
  // A single result that answers: a second sentence of it, when it also fits.
  if (picked.length === 1) {
    const more = fitting.find((c) => c.source === picked[0]?.source && c !== picked[0]);
    if (more) picked.push(more);
  }
  if (picked.length === 0) return nothingFound(language);
  picked.sort((a, b) => a.source - b.source || a.position - b.position);
  return quote(picked, language);
}

function quote(parts: { sentence: string; source: number }[], language: AnswerLanguage): GroundedAnswer {
  const { quotes, lead } = chatPhrases(language);
  const [open, close] = quotes;
  const text = `${lead} ${parts.map((p) => `${open}${p.sentence}${close} [${p.source + 1}]`).join(" ")}`;
  return { text, citations: citationsIn(text), found: true };
}

/** The whole sentences of a source's summary and text start, without headings, fragments and run-ons. */
function sentencesOf(source: AnswerSource): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const block of [markdownToText(source.summary), source.text]) {
    for (const sentence of splitSentences(block, source.language ?? undefined)) {
      const clean = sentence.replace(/\s+/g, " ").trim();
      if (clean.length < MIN_SENTENCE_CHARS || clean.length > MAX_SENTENCE_CHARS) continue;
      if (!/[.!?…»”"]$/u.test(clean)) continue;
      if (seen.has(clean)) continue;
      seen.add(clean);
      out.push(clean);
    }
  }
  return out;
}

/** The places "[n]" a text cites, each once, in order. */
export function citationsIn(text: string): number[] {
  const found: number[] = [];
  for (const match of text.matchAll(/\[(\d{1,2})\]/g)) {
    const n = Number(match[1]);
    if (!found.includes(n)) found.push(n);
  }
  return found;
}

/**
 * A model's answer made safe to show: citations of results that do not exist ("[7]" of 3) are dropped, and so is
 * every sentence left citing nothing, since it would state what no shown article is said to say. The model's
 * "NOTHING" (or an answer with no cited sentence left) is "I found nothing about that", in the question's
 * language; null when the answer is empty.
 */
export function groundModelAnswer(
  answer: string,
  sourceCount: number,
  language: AnswerLanguage,
): GroundedAnswer | null {
  const trimmed = answer.trim();
  if (!trimmed) return null;
  if (/^\W*nothing\W*$/i.test(trimmed)) return nothingFound(language);
  const valid = markdownToText(trimmed)
    .replace(/\s*\[(\d{1,2})\]/g, (mark, n: string) => (Number(n) >= 1 && Number(n) <= sourceCount ? mark : ""))
    // "It rains. [1]" cites the sentence before the mark: "It rains [1]."
    .replace(/([.!?])((?:\s*\[\d{1,2}\])+)[.!?]?/g, "$2$1")
    .replace(/\s+/g, " ");
  // A citation the splitter left on its own ("dance.** [1].") belongs to the sentence before it.
  const pieces: string[] = [];
  for (const piece of splitSentences(valid, language)) {
    if (!/\p{L}/u.test(piece) && pieces.length > 0) pieces[pieces.length - 1] += ` ${piece}`;
    else pieces.push(piece);
  }
  const sentences = pieces.filter((s) => /\[\d{1,2}\]/.test(s) && /\p{L}/u.test(s));
  if (sentences.length === 0) return nothingFound(language);
  const text = sentences.join(" ").trim();
  return { text, citations: citationsIn(text), found: true };
}
