/**
 * What an article's embedding is made from: its title, its summary and its text, in that order (so the
 * parts that say what the article is about come first and survive a cut), at most `maxChars` characters,
 * the embedder's `maxInputChars`.
 */
export function articleEmbeddingText(
  parts: { title?: string | null; summary?: string | null; text?: string | null },
  maxChars: number,
): string {
  return [parts.title, parts.summary, parts.text]
    .filter((part): part is string => Boolean(part?.trim()))
    .join("\n\n")
    .slice(0, maxChars);
}
