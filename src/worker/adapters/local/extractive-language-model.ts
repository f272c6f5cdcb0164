import { extractiveAnswer } from "../../domain/answers/grounded-answer";
import { labelFromTerms } from "../../domain/clustering/keyphrases";
import { summarizeExtractively } from "../../domain/extractive-summary";
import { queryTerms } from "../../domain/search/chat-query";
import { explainMatch } from "../../domain/search/match-explanation";
import type { LanguageModel, SummaryRequest } from "../../ports/language-model";

/** The local text model: extractive summaries from the article's own sentences. No network. */
export function createExtractiveLanguageModel(): LanguageModel {
  return {
    name: "local-extractive",
    async summarize({ title, text, notes, language }: SummaryRequest & { notes?: string[] }) {
      return summarizeExtractively(title, notes ? notes.join("\n") : text, language);
    },
    /** Sentence scoring reads any length in one go (and in microseconds): one part. */
    summaryParts(text: string) {
      return [text];
    },
    async summarizePart({ title, part, language }) {
      return summarizeExtractively(title, part, language);
    },
    /** The name the clustering drew from the topic's titles, else its distinctive words ("Bees · Hive · Pollen"). */
    async labelTopic({ keywords, name }) {
      return name || labelFromTerms(keywords);
    },
    /** Built from the terms the article shares with the query and the passage where they occur. */
    async explainMatches({ query, terms = queryTerms(query), language, articles }) {
      return articles.map((article) => explainMatch(terms, article, language));
    },
    /** The two or three sentences of the top results that best answer the question, quoted and cited. */
    async answerQuestion(request) {
      return extractiveAnswer(request);
    },
  };
}
