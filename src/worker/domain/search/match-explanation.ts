import { markdownToText, splitSentences, tokenize } from "../text";
import { termStem } from "./chat-query";

export interface ExplainableArticle {
  title: string;
  summary: string;
  text: string;
  /** Cosine similarity of the article to the question, or undefined when it was not a vector match. */
  similarity?: number;
}

const PASSAGE_CHARS = 160;

/**
 * Why an article matched, in words, from the terms it shares with the question and the passage where they
 * occur: 'Mentions "hive" and "pollen" in the title and summary: "…the waggle dance inside the hive…"'.
 */
export function explainMatch(terms: string[], article: ExplainableArticle): string {
  // Summaries are markdown (a bold gist, bullets); the quoted passage must not show "**" or "- ".
  const summary = markdownToText(article.summary);
  const fields = [
    { name: "title", text: article.title },
    { name: "summary", text: summary },
    { name: "article", text: article.text },
  ];
  const found = terms.filter((term) => fields.some((f) => hasTerm(f.text, term)));
  if (found.length === 0) {
    const percent = Math.round(Math.max(0, article.similarity ?? 0) * 100);
    return `No words in common with your question, but close in meaning (${percent}% similar).`;
  }
  const where = fields.filter((f) => found.some((t) => hasTerm(f.text, t))).map((f) => f.name);
  const quoted = found.slice(0, 4).map((t) => `"${t}"`);
  const passage = bestPassage(found, `${summary}\n${article.text}`);
  return `Mentions ${joinWords(quoted)} in the ${joinWords(where)}${passage ? `: "${passage}"` : "."}`;
}

function hasTerm(text: string, term: string): boolean {
  const stem = termStem(term);
  return tokenize(text).some((word) => word.startsWith(stem));
}

function joinWords(words: string[]): string {
  return words.length > 1 ? `${words.slice(0, -1).join(", ")} and ${words.at(-1)}` : (words[0] ?? "");
}

/** The sentence with the most question terms, trimmed to a short passage. */
function bestPassage(terms: string[], text: string): string {
  let best = "";
  let bestCount = 0;
  for (const sentence of splitSentences(text)) {
    const count = terms.filter((t) => hasTerm(sentence, t)).length;
    if (count > bestCount) {
      best = sentence;
      bestCount = count;
    }
  }
  return best.length > PASSAGE_CHARS ? `${best.slice(0, PASSAGE_CHARS).trimEnd()}…` : best;
}
