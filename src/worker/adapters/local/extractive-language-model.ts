import { labelFromTerms } from "../../domain/clustering/keyphrases";
import { summarizeExtractively } from "../../domain/extractive-summary";
import type { LanguageModel, SummaryRequest } from "../../ports/language-model";

/** The local text model: extractive summaries from the article's own sentences. No network. */
export function createExtractiveLanguageModel(): LanguageModel {
  return {
    name: "local-extractive",
    async summarize({ title, text }: SummaryRequest) {
      return summarizeExtractively(title, text);
    },
    /** The cluster's distinctive key phrases ("Bees · Hive · Pollen"). */
    async labelTopic({ keywords }) {
      return labelFromTerms(keywords);
    },
  };
}
