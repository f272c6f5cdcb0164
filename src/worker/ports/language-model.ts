/** What the processing pipeline asks of a text model. Adapters: Workers AI (deployed) or extractive (local). */
export interface SummaryRequest {
  title: string;
  /** The article's plain text. */
  text: string;
  /** ISO 639-1 code; the summary is written in this language. */
  language: string;
}

export interface TopicLabelRequest {
  /** The cluster's most distinctive terms, most distinctive first. */
  keywords: string[];
  /** Titles of the articles closest to the cluster's centre. */
  titles: string[];
}

export interface MatchExplanationRequest {
  query: string;
  articles: { title: string; summary: string; text: string; similarity?: number }[];
}

export interface LanguageModel {
  /** A short name for logs and the article's debug data. */
  readonly name: string;
  /**
   * Summarises an article as markdown: a one-line gist, then 3 to 6 bullet points, in the article's
   * language. Rejects when the model is unavailable; the caller retries.
   */
  summarize(request: SummaryRequest): Promise<string>;
  /** A short (2 to 5 words) label for a cluster of articles, in the language of its titles. */
  labelTopic(request: TopicLabelRequest): Promise<string>;
  /** One sentence per article saying why it answers the query, in the articles' order. */
  explainMatches(request: MatchExplanationRequest): Promise<string[]>;
}
