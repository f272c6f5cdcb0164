import { cleanTitle, createCollector, MalformedImport, type ParsedImport } from "./import-item";
import { parseDate } from "./parse-date";
import { isRecord, readJson, stringList } from "./read-json";

const RATINGS: Record<string, -1 | 0 | 1> = { good: 1, alright: 0, poor: -1 };

/**
 * Our own export (`GET /api/export?format=json`): `{ format: "viberead", version: 1, articles: [{ url, title,
 * summary, content, language, created_at, read_at, is_read, rating: "good"|"alright"|"poor"|null, tags }] }`.
 * Summary, content and language are kept, so an article comes back as it left without being fetched again.
 */
export function parseVibereadJson(text: string): ParsedImport {
  const data = readJson(text);
  if (!isRecord(data) || data.format !== "viberead" || !Array.isArray(data.articles)) {
    throw new MalformedImport('The file is not a VibeRead export: it has no "articles" list');
  }
  const collector = createCollector();
  for (const [index, article] of (data.articles as unknown[]).entries()) {
    const row = index + 1;
    if (!isRecord(article)) {
      collector.invalid(row, "the entry is not an object");
      continue;
    }
    const readAt = parseDate(article.read_at);
    collector.add(row, article.url, {
      title: cleanTitle(article.title),
      savedAt: collector.date(row, article.created_at, "created_at"),
      read: article.is_read === true || readAt !== null,
      readAt,
      rating: typeof article.rating === "string" ? (RATINGS[article.rating] ?? null) : null,
      tags: stringList(article.tags),
      summary: typeof article.summary === "string" ? article.summary : null,
      content: typeof article.content === "string" && article.content ? article.content : null,
      language: typeof article.language === "string" ? article.language : null,
    });
  }
  return collector.parsed;
}
