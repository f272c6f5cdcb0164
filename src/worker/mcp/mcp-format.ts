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

/** The line under a page of a list; `exact` is false for a search of more matches than it ranks (newest first). */
export function pageFooter(page: number, pages: number, total: number, exact = true): string {
  if (!exact) {
    return (
      `\n\nPage ${page} (more than ${total} articles match, listed newest first; ask for page ${page + 1} for more). ` +
      "Add a word to narrow the search."
    );
  }
  if (pages <= 1) return `\n\n${total} in all.`;
  return `\n\nPage ${page} of ${pages} (${total} in all)${page < pages ? `; ask for page ${page + 1} for more` : ""}.`;
}

const FEEDBACK_WORDS: Record<number, string> = { [-1]: "poor", 0: "alright", 1: "good" };

export function ratingWord(value: -1 | 0 | 1): string {
  return FEEDBACK_WORDS[value] ?? String(value);
}

/** A highlight as the tools show it: its quote, colour, where it stands and its note. */
export interface HighlightLine {
  id: number;
  quote: string;
  color: string;
  note: string | null;
  anchor_status: string;
  article?: { id: number; title: string | null; url: string };
}

const ANCHOR_WORDS: Record<string, string | undefined> = {
  anchored: undefined,
  orphaned: "no longer in the text",
  pending: "not placed yet: the article's text has not arrived",
};

/** `> quote` then `(yellow; no longer in the text) [h7]`, the note and the article it is in. */
export function highlightLine(h: HighlightLine, quoteChars = 600): string {
  const status = ANCHOR_WORDS[h.anchor_status];
  const lines = [`> ${clip(h.quote, quoteChars)}`, `(${[h.color, status].filter(Boolean).join("; ")}) [h${h.id}]`];
  if (h.note) lines.push(`Note: ${clip(h.note, 1_000)}`);
  if (h.article) lines.push(`From [${h.article.id}] **${h.article.title?.trim() || h.article.url}** ${h.article.url}`);
  return lines.join("\n");
}

export function highlightList(highlights: HighlightLine[], heading: string, empty: string): string {
  if (highlights.length === 0) return empty;
  return `${heading}\n\n${highlights.map((h) => highlightLine(h)).join("\n\n")}`;
}
