/**
 * Tool results as short markdown an assistant reads well: one line per article with its id (the handle every
 * other tool takes), not the API's JSON. Pure.
 */

export interface ArticleLine {
  id: number;
  title: string | null;
  url?: string;
  domain?: string | null;
  is_read?: boolean;
  language?: string | null;
  created_at?: string | null;
  processing_status?: string;
}

const SUMMARY_CHARS = 300;

export function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

export function articleLine(article: ArticleLine): string {
  const facts = [
    article.domain,
    article.is_read === undefined ? undefined : article.is_read ? "read" : "unread",
    article.language,
    article.created_at ? `saved ${article.created_at.slice(0, 10)}` : undefined,
    article.processing_status && article.processing_status !== "completed" ? article.processing_status : undefined,
  ].filter(Boolean);
  return `- [${article.id}] **${article.title?.trim() || article.url || "Untitled"}**${facts.length ? ` (${facts.join(", ")})` : ""}`;
}

export function articleList(
  articles: (ArticleLine & { summary?: string | null })[],
  heading: string,
  empty: string,
): string {
  if (articles.length === 0) return empty;
  const lines = articles.map((article) => {
    const summary = article.summary ? `\n  ${clip(article.summary, SUMMARY_CHARS)}` : "";
    return `${articleLine(article)}${summary}`;
  });
  return `${heading}\n\n${lines.join("\n")}`;
}

export function pageFooter(page: number, pages: number, total: number): string {
  if (pages <= 1) return `\n\n${total} in all.`;
  return `\n\nPage ${page} of ${pages} (${total} in all)${page < pages ? `; ask for page ${page + 1} for more` : ""}.`;
}

const FEEDBACK_WORDS: Record<number, string> = { [-1]: "poor", 0: "alright", 1: "good" };

export function ratingWord(value: -1 | 0 | 1): string {
  return FEEDBACK_WORDS[value] ?? String(value);
}
