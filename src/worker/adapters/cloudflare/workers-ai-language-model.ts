import { generateText, isStepCount } from "ai";
import { createWorkersAI } from "workers-ai-provider";
import { extractiveAnswer, groundModelAnswer } from "../../domain/answers/grounded-answer";
import { labelFromTerms } from "../../domain/clustering/keyphrases";
import { cleanTopicName } from "../../domain/clustering/topic-names";
import { queryTerms } from "../../domain/search/chat-query";
import { explainMatch } from "../../domain/search/match-explanation";
import { chunkText } from "../../domain/text-chunks";
import type { LanguageModel, SummaryPartRequest, SummaryRequest } from "../../ports/language-model";
import { languageName, summaryPrompts } from "./summary-prompts";

/**
 * Characters of article text per request. The configured models have 24k to 256k-token contexts; about
 * 40,000 characters (roughly 10,000 tokens) leaves room for the prompt and the answer on all of them.
 */
export const MAX_CHUNK_CHARS = 40_000;
/** Longer articles are summarised in parts first; beyond this many parts the tail is left out. */
export const MAX_CHUNKS = 8;
/** Workers AI models default to 256 output tokens, too few for a gist and six bullets. */
export const MAX_OUTPUT_TOKENS = 700;

/**
 * A model answer that cannot be used: empty (a reasoning model spent its tokens thinking), cut off at the
 * token limit, or only reasoning. Thrown so the caller treats it as a failed attempt and retries.
 */
export class UnusableModelAnswer extends Error {
  override readonly name = "UnusableModelAnswer";
}

/**
 * The system prompt of a topic's name: a heading a person would write, 1 to 4 words, a noun phrase or a name
 * from the titles, in the topic's language, never a function word, a number or a vague word.
 */
export function topicNamePrompt(language = "en"): string {
  const name = languageName(language);
  return [
    "You name topics in a reading list.",
    `Answer with a heading of 1 to 4 words in ${name}, as a person would write it above these articles:`,
    'a noun phrase or a name drawn from the titles, such as "Doobie Brothers tour" or "NASA lunar landers".',
    'Never a function word, a bare number or a vague word such as "New", "First", "Programs" or "Miscellaneous".',
    "Never a pronoun, preposition, article, auxiliary verb, date or time word (a weekday, a month, today, this week),",
    'and never an adjective or a nationality alone: "Greek athletes", not "Greek".',
    "Only the heading: no quotes, no punctuation at the end, no explanation.",
  ].join(" ");
}

/** Results the model reads for an answer, and how much of each one's text. */
const ANSWER_SOURCES = 5;
const ANSWER_SOURCE_CHARS = 1_500;

/**
 * The system prompt of a chat answer: two or three sentences from the numbered sources only, each ending with
 * the numbers of the sources it comes from, in the question's language; "NOTHING" when they do not answer it.
 */
export function answerPrompt(language = "en"): string {
  return [
    "You answer questions about a person's saved articles, using only the numbered sources given.",
    `Write two or three short sentences in ${languageName(language)}.`,
    "End every sentence with the numbers of the sources it comes from, such as [1] or [2][3].",
    "Never add anything the sources do not say.",
    "If the sources do not answer the question, answer exactly NOTHING.",
  ].join(" ");
}

function topicNameInput(keywords: string[], titles: string[]): string {
  return `Distinctive words: ${keywords.slice(0, 8).join(", ")}\nArticle titles:\n${titles
    .slice(0, 8)
    .map((t) => `- ${t}`)
    .join("\n")}`;
}

/** Reasoning a model may still inline in its answer (`<think>…</think>`), never shown to a user. */
function withoutReasoning(text: string): string {
  return text
    .replace(/<think>[\s\S]*?<\/think>/gi, "")
    .replace(/<think>[\s\S]*$/i, "")
    .trim();
}

/**
 * Workers AI through `workers-ai-provider` and the `ai` SDK. An article longer than one chunk is summarised
 * map-reduce style: notes per part, then the summary from the notes (the Workflow runs each call as its own
 * step through `summarizePart` and `summarize({ notes })`).
 */
export function createWorkersAiLanguageModel(binding: Ai, modelId: string): LanguageModel {
  // GLM 4.7 Flash (and other reasoning models) think before answering unless told not to, and the thinking
  // counts against max_tokens: with it on, a 700-token summary often came back empty.
  const model = createWorkersAI({ binding })(modelId as Parameters<ReturnType<typeof createWorkersAI>>[0], {
    chat_template_kwargs: { enable_thinking: false },
  });

  async function ask(system: string, prompt: string): Promise<string> {
    const { text, finishReason } = await generateText({
      model,
      system,
      prompt,
      maxOutputTokens: MAX_OUTPUT_TOKENS,
      // Retries belong to the caller: a Workflow step retries with backoff, a request degrades at once.
      maxRetries: 0,
      // One model call per request, never a tool loop (the SDK's default, said here so it stays so).
      stopWhen: isStepCount(1),
    });
    // `text` holds the answer only; reasoning parts are separate and dropped here.
    const answer = withoutReasoning(text);
    if (finishReason === "length") throw new UnusableModelAnswer(`${modelId} stopped at ${MAX_OUTPUT_TOKENS} tokens`);
    if (!answer) throw new UnusableModelAnswer(`${modelId} answered nothing`);
    return answer;
  }

  const partsOf = (text: string) => chunkText(text, MAX_CHUNK_CHARS).slice(0, MAX_CHUNKS);
  const summarizePart = ({ title, language, part, index, count }: SummaryPartRequest) => {
    const prompts = summaryPrompts(language);
    return ask(prompts.part, `${prompts.title}: ${title}\n${prompts.partOf(index, count)}:\n${part}`);
  };

  return {
    name: `workers-ai:${modelId}`,
    /** One call for all results; any article the model skips keeps the term-based explanation. */
    async explainMatches({ query, terms = queryTerms(query), language = "en", articles }) {
      const fallback = articles.map((article) => explainMatch(terms, article, language));
      if (articles.length === 0) return [];
      const listing = articles
        .map(
          (a, i) =>
            `${i + 1}. ${a.title}\n${(a.summary || a.text).slice(0, 600)}` +
            (a.notes ? `\nThe reader's notes and highlights: ${a.notes.slice(0, 300)}` : ""),
        )
        .join("\n\n");
      // A failed call rejects (the search service then degrades to these same term-based explanations).
      const answer = await ask(
        `You explain search results in a reading app. For each numbered article, write one short sentence in ${languageName(language)} saying why it answers the question. Answer as a JSON array of strings, one per article, in order, and nothing else.`,
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
    /**
     * Written by the model from the numbered results, then grounded (domain/answers): citations of results that
     * do not exist are dropped, and so is every sentence left citing nothing. An answer with nothing usable
     * left is replaced by the extractive one; a failed call rejects (the chat shows the cards alone).
     */
    async answerQuestion(request) {
      const { question, language, sources } = request;
      if (sources.length === 0) return extractiveAnswer(request);
      const listing = sources
        .slice(0, ANSWER_SOURCES)
        .map(
          (s, i) =>
            `[${i + 1}] ${s.title}\n${(s.summary ? `${s.summary}\n` : "") + s.text.slice(0, ANSWER_SOURCE_CHARS)}`,
        )
        .join("\n\n");
      const answer = await ask(answerPrompt(language), `Question: ${question}\n\nSources:\n${listing}`);
      return groundModelAnswer(answer, Math.min(sources.length, ANSWER_SOURCES), language) ?? extractiveAnswer(request);
    },
    async labelTopic({ keywords, titles, language, name }) {
      const answer = await ask(topicNamePrompt(language), topicNameInput(keywords, titles));
      // Checked as local names are (name-rules: quotes, a trailing full stop, more than 4 words, a function,
      // date or time word or a number at an end, only stop or vague words):
      // an unusable answer keeps the name drawn from the titles, else the local label of the same terms.
      return cleanTopicName(answer, language) || name || labelFromTerms(keywords);
    },
    summaryParts: partsOf,
    summarizePart,
    async summarize({ title, text, language, notes }: SummaryRequest & { notes?: string[] }) {
      const prompts = summaryPrompts(language);
      const header = `${prompts.title}: ${title}`;
      const chunks = notes ? [] : partsOf(text);
      if (!notes && chunks.length <= 1) {
        return ask(prompts.summary, `${header}\n\n${prompts.article}:\n${chunks[0] ?? ""}`);
      }
      const partNotes =
        notes ??
        (await Promise.all(
          chunks.map((part, index) => summarizePart({ title, language, part, index, count: chunks.length })),
        ));
      return ask(prompts.summary, `${header}\n\n${prompts.notes}:\n${partNotes.join("\n\n")}`);
    },
  };
}
