import { generateText } from "ai";
import { createWorkersAI } from "workers-ai-provider";
import type { LanguageModel, SummaryRequest } from "../../ports/language-model";

/** Characters of article text sent in one request; well inside the model's context with room for the reply. */
export const MAX_INPUT_CHARS = 60_000;
const MAX_OUTPUT_TOKENS = 700;

const SYSTEM_PROMPT = [
  "You summarise articles for a read-it-later app.",
  "Answer in markdown only: first one bold line with the gist, then a blank line, then 3 to 6 bullet points (- ).",
  "You may use headings up to level 3 and bold. No preamble, no closing remarks.",
  "Write in the language given, which is the article's language.",
].join(" ");

/** Workers AI through `workers-ai-provider` and the `ai` SDK. */
export function createWorkersAiLanguageModel(binding: Ai, modelId: string): LanguageModel {
  const workersAi = createWorkersAI({ binding });
  return {
    name: `workers-ai:${modelId}`,
    async summarize({ title, text, language }: SummaryRequest) {
      const { text: summary } = await generateText({
        model: workersAi(modelId),
        system: SYSTEM_PROMPT,
        prompt: `Language: ${language}\nTitle: ${title}\n\nArticle:\n${text.slice(0, MAX_INPUT_CHARS)}`,
        maxOutputTokens: MAX_OUTPUT_TOKENS,
      });
      return summary.trim();
    },
  };
}
