/**
 * Turns whatever a user types into a safe FTS5 query restricted to one user's articles.
 *
 * Every whitespace-separated word becomes a quoted phrase (quotes doubled), so FTS5 operators, column
 * filters, parentheses and stray quotes in the input are plain text, never syntax. Words are ANDed; the
 * last one matches as a prefix, for search-as-you-type. Returns null when nothing searchable is left. NULs are
 * dropped, as they are from stored text (valid-text.ts): FTS5 reads one as the end of the query.
 */
export const MAX_SEARCH_LENGTH = 200;
const MAX_TERMS = 12;

/** The words of a search that can match something (at most MAX_TERMS), in the order typed. */
export function searchWords(search: string): string[] {
  return search
    .replaceAll("\u0000", "")
    .split(/\s+/u)
    .filter((word) => /[\p{L}\p{N}]/u.test(word))
    .slice(0, MAX_TERMS);
}

export function buildFtsQuery(userId: number, search: string): string | null {
  const words = searchWords(search);
  if (words.length === 0) return null;
  const phrases = words.map((word, index) => {
    const quoted = `"${word.replace(/"/g, '""')}"`;
    return index === words.length - 1 ? `${quoted}*` : quoted;
  });
  return `user_id : "${userId}" AND (${phrases.join(" AND ")})`;
}
