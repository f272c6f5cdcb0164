import { generateText } from "ai";
import { createWorkersAI } from "workers-ai-provider";
import { labelFromTerms } from "../../domain/clustering/keyphrases";
import { queryTerms } from "../../domain/search/chat-query";
import { explainMatch } from "../../domain/search/match-explanation";
import { chunkText } from "../../domain/text-chunks";
import type { LanguageModel, SummaryRequest } from "../../ports/language-model";

/**
 * Characters of article text per request. The configured models have 24k to 256k-token contexts; about
 * 40,000 characters (roughly 10,000 tokens) leaves room for the prompt and the answer on all of them.
 */
export const MAX_CHUNK_CHARS = 40_000;
/** Longer articles are summarised in parts first; beyond this many parts the tail is left out. */
export const MAX_CHUNKS = 8;
/** Workers AI models default to 256 output tokens, too few for a gist and six bullets. */
export const MAX_OUTPUT_TOKENS = 700;

const SUMMARY_INSTRUCTIONS = [
  "You summarise articles for a read-it-later app.",
  "Answer in markdown only: first one bold line with the gist, then a blank line, then 3 to 6 bullet points (- ).",
  "You may use headings up to level 3 and bold. No preamble, no closing remarks.",
  "Write in the language given, which is the article's language.",
].join(" ");

const PART_INSTRUCTIONS = [
  "You take notes on one part of a long article.",
  "Answer with 3 to 6 short bullet points (- ) of its key facts and claims, in the language given. Nothing else.",
].join(" ");

/**
 * Workers AI through `workers-ai-provider` and the `ai` SDK. An article longer than one chunk is summarised
 * map-reduce style: notes per part, then the summary from the notes.
 */
export function createWorkersAiLanguageModel(binding: Ai, modelId: string): LanguageModel {
  const workersAi = createWorkersAI({ binding });

  async function ask(system: string, prompt: string): Promise<string> {
    const { text } = await generateText({
      model: workersAi(modelId),
      system,
      prompt,
      maxOutputTokens: MAX_OUTPUT_TOKENS,
      maxRetries: 1,
    });
    return text.trim();
  }

  return {
    name: `workers-ai:${modelId}`,
    /** One call for all results; any article the model skips keeps the term-based explanation. */
    async explainMatches({ query, articles }) {
      const fallback = articles.map((article) => explainMatch(queryTerms(query), article));
      if (articles.length === 0) return [];
      const listing = articles
        .map((a, i) => `${i + 1}. ${a.title}\n${(a.summary || a.text).slice(0, 600)}`)
        .join("\n\n");
      const answer = await ask(
        "You explain search results in a reading app. For each numbered article, write one short sentence saying why it answers the question. Answer as a JSON array of strings, one per article, in order, and nothing else.",
        `Question: ${query}\n\nArticles:\n${listing}`,
      );
      try {
        const parsed: unknown = JSON.parse(answer.slice(answer.indexOf("["), answer.lastIndexOf("]") + 1));
        if (!Array.isArray(parsed)) return fallback;
        return fallback.map((local, i) => (typeof parsed[i] === "string" && parsed[i] ? String(parsed[i]) : local));
      } catch {
        return fallback;
      }
    },
    async labelTopic({ keywords, titles }) {
      const label = await ask(
        "You name topics in a reading list. Answer with a label of 2 to 5 words only, no quotes, no punctuation at the end, in the language of the titles.",
        `Distinctive words: ${keywords.slice(0, 8).join(", ")}\nArticle titles:\n${titles
          .slice(0, 8)
          .map((t) => `- ${t}`)
          .join("\n")}`,
      );
      // Models sometimes add quotes or a trailing full stop despite the instructions. An empty answer gets the
      // local label of the same terms.
      return (
        label
          .replace(/^["'“”]+|["'“”.]+$/g, "")
          .split("\n")[0]
          ?.slice(0, 60) || labelFromTerms(keywords)
      );
    },
    async summarize({ title, text, language }: SummaryRequest) {
      const chunks = chunkText(text, MAX_CHUNK_CHARS).slice(0, MAX_CHUNKS);
      const header = `Language: ${language}\nTitle: ${title}`;
      if (chunks.length <= 1) {
        return ask(SUMMARY_INSTRUCTIONS, `${header}\n\nArticle:\n${chunks[0] ?? ""}`);
      }
      const notes: string[] = [];
      for (const [index, chunk] of chunks.entries()) {
        notes.push(await ask(PART_INSTRUCTIONS, `${header}\nPart ${index + 1} of ${chunks.length}:\n${chunk}`));
      }
      return ask(SUMMARY_INSTRUCTIONS, `${header}\n\nNotes on the article, part by part:\n${notes.join("\n\n")}`);
    },
  };
}
