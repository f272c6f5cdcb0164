import { cleanTitle, createCollector, MalformedImport, type ParsedImport } from "./import-item";
import { type KeptByReader, keptHighlight, keptNote } from "./kept";
import { parseDate } from "./parse-date";
import { isRecord, readJson, stringList } from "./read-json";

const RATINGS: Record<string, -1 | 0 | 1> = { good: 1, alright: 0, poor: -1 };

/**
 * Our own export (`GET /api/export?format=json`): `{ format: "viberead", version: 1, articles: [{ url, title,
 * summary, content, language, created_at, read_at, is_read, rating: "good"|"alright"|"poor"|null, tags }] }`.
 * Summary, content and language are kept, so an article comes back as it left without being fetched again.
 * Since issue 32 each article also has `note`, `note_updated_at`, `reading_position`, `reading_progress`,
 * `position_updated_at` and `highlights` (the API's highlight JSON with its W3C selectors): all come back too.
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
      kept: keptOf(article, (reason) => collector.warn(row, reason)),
    });
  }
  return collector.parsed;
}

/** The highlights, note and reading position of one exported article; a highlight that cannot be kept is a warning. */
function keptOf(article: Record<string, unknown>, warn: (reason: string) => void): KeptByReader {
  const highlights = [];
  for (const [index, raw] of (Array.isArray(article.highlights) ? article.highlights : []).entries()) {
    if (!isRecord(raw)) continue;
    const selectors = Array.isArray(raw.selectors) ? raw.selectors.filter(isRecord) : [];
    const quote = selectors.find((s) => s.type === "TextQuoteSelector");
    const position = selectors.find((s) => s.type === "TextPositionSelector");
    const kept = keptHighlight({
      quote: quote?.exact ?? raw.quote,
      prefix: quote?.prefix,
      suffix: quote?.suffix,
      start: position?.start,
      end: position?.end,
      target: raw.target,
      color: raw.color,
      note: raw.note,
      createdAt: parseDate(raw.created_at),
    });
    if (typeof kept === "string") warn(`highlight ${index + 1} not imported: ${kept}`);
    else highlights.push(kept);
  }
  const offset = article.reading_position;
  const progress = article.reading_progress;
  return {
    highlights,
    note: keptNote(article.note),
    noteWrittenAt: parseDate(article.note_updated_at),
    position:
      typeof offset === "number" && Number.isInteger(offset) && offset >= 0 && typeof progress === "number"
        ? { offset, progress: Math.min(1, Math.max(0, progress)), writtenAt: parseDate(article.position_updated_at) }
        : null,
  };
}
