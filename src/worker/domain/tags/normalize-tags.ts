/** Longest tag kept; longer ones are cut (a tag is a label, not a note). */
export const MAX_TAG_LENGTH = 64;

/** Most tags one article keeps. */
export const MAX_TAGS_PER_ARTICLE = 50;

/** One tag as stored: as written, and its key (lower case) that decides sameness. */
export interface NormalizedTag {
  tag: string;
  key: string;
}

/**
 * Tags as a user or an import file gave them, cleaned: whitespace collapsed, cut to 64 characters, empty ones
 * and repeats ("Rust", "rust") dropped, first spelling kept, at most 50.
 */
export function normalizeTags(raw: Iterable<string>): NormalizedTag[] {
  const seen = new Map<string, NormalizedTag>();
  for (const value of raw) {
    const tag = value.replace(/\s+/g, " ").trim().slice(0, MAX_TAG_LENGTH).trim();
    if (!tag) continue;
    const key = tag.toLowerCase();
    if (!seen.has(key)) seen.set(key, { tag, key });
    if (seen.size >= MAX_TAGS_PER_ARTICLE) break;
  }
  return [...seen.values()];
}
