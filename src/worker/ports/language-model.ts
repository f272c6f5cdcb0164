import type { AnswerRequest, GroundedAnswer } from "../domain/answers/grounded-answer";
import type { AnswerLanguage } from "../domain/answers/question-language";

/** What the processing pipeline asks of a text model. Adapters: Workers AI (deployed) or extractive (local). */
export interface SummaryRequest {
  title: string;
  /** The article's plain text. */
  text: string;
  /** ISO 639-1 code; the summary is written in this language. */
  language: string;
}

/** One part of a long article, summarised on its own before the parts' notes are combined. */
export interface SummaryPartRequest {
  title: string;
  language: string;
  /** The part's text, one of `summaryParts(text)`. */
  part: string;
  /** 0-based position and the number of parts. */
  index: number;
  count: number;
}

export interface TopicLabelRequest {
  /** The cluster's most distinctive terms, most distinctive first. */
  keywords: string[];
  /** Titles of the articles closest to the cluster's centre. */
  titles: string[];
  /** The topic's main language (ISO 639-1): the name is in it. */
  language?: string;
  /** The name the clustering drew from the titles (topic-names): the local label, and the fallback. */
  name?: string;
}

export interface MatchExplanationRequest {
  query: string;
  /** The question's subject words (chat-query's queryTerms in its language); read from `query` when not given. */
  terms?: string[];
  /** The answer's language: the explanations are written in it (the quoted passages stay in the article's). */
  language?: AnswerLanguage;
  /** `language`: the article's, so a term's inflections in it count as mentions in term-based explanations. */
  articles: {
    title: string;
    summary: string;
    text: string;
    similarity?: number;
    language?: string | null;
    /** The reader's note and highlights around the first term, when only they have the terms. */
    notes?: string;
  }[];
}

export interface LanguageModel {
  /** A short name for logs and the article's debug data. */
  readonly name: string;
  /**
   * Summarises an article as markdown: a one-line gist, then 3 to 6 bullet points, in the article's
   * language. With `notes` (one per part, from `summarizePart`) the summary is written from them instead of
   * the text; without, a long text is read part by part within this call. Rejects when the model is
   * unavailable or answers nothing usable (empty, or cut off at the token limit); the caller retries.
   */
  summarize(request: SummaryRequest & { notes?: string[] }): Promise<string>;
  /**
   * The parts a text is read in, one model call each (a Workflow step each, so a retry repeats only the part
   * that failed). One part when the text fits one call.
   */
  summaryParts(text: string): string[];
  /** Notes on one part of a long article; rejects like `summarize`. */
  summarizePart(request: SummaryPartRequest): Promise<string>;
  /** A heading of 1 to 4 words for a cluster of articles, in the topic's language (topic-names.ts rules). */
  labelTopic(request: TopicLabelRequest): Promise<string>;
  /** One sentence per article saying why it answers the query, in the articles' order. */
  explainMatches(request: MatchExplanationRequest): Promise<string[]>;
  /**
   * A short answer to a chat question from the shown results only, each sentence citing its results as [n]
   * (domain/answers/grounded-answer.ts). Rejects when the model fails; the chat then shows the cards alone.
   */
  answerQuestion(request: AnswerRequest): Promise<GroundedAnswer>;
}
