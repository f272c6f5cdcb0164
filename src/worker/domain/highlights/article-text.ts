import { parseFragment } from "../extraction/dom";
import type { HighlightTarget } from "./targets";

/**
 * The plain text a highlight's selectors count in, per part of the article, as the reader's browser sees it:
 * the `textContent` of the rendered content (every character of every text node, in order, nothing added
 * between blocks), of the rendered summary, and of the title. The browser and the Worker must count the same
 * characters for a position to mean the same place; the quote is what matters when they differ slightly.
 */
export function contentText(html: string | null): string {
  if (!html) return "";
  return parseFragment(html).textContent ?? "";
}

/** The summary's light markdown as the viewer renders it: markup characters dropped, blocks joined. */
export function summaryText(markdown: string | null): string {
  if (!markdown) return "";
  return markdown
    .split("\n")
    .map((line) =>
      line
        .replace(/^\s{0,3}#{1,6}\s+/, "")
        .replace(/^\s*(?:[-*+]|\d{1,9}[.)])\s+/, "")
        .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
        .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
        .replace(/(\*\*|__|\*|_|`)(?=\S)([^\n]*?\S)\1/g, "$2")
        .trim(),
    )
    .filter((line) => line.length > 0)
    .join("");
}

export type ArticleTexts = { title: string | null; summary: string | null; content: string | null };

/** The text of one part of the article. */
export function targetText(article: ArticleTexts, target: HighlightTarget): string {
  if (target === "title") return article.title ?? "";
  if (target === "summary") return summaryText(article.summary);
  return contentText(article.content);
}
