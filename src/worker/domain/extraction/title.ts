import { collapseWhitespace } from "./strings";

/** " | ", " - ", " – ", " — ", " · ", " :: ", " : ", " » ", " / " between a title and the site's name. */
const SEPARATOR = / (?:[|\-–—·»/\\>:]|::) /g;

function words(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/**
 * Readability's cut of a <title> ("Article – Site" → "Article"), with en and em dashes counted as
 * separators too (Readability 0.6 only knows | - \ / > »). Used only when the page has no metadata title,
 * which is when Readability falls back to the <title>. As in Readability, the last part goes; if fewer than
 * three words remain the first part goes instead; a result of four words or fewer is only trusted when the
 * title had hierarchical separators (\ / > ») and exactly one word was removed, else the full title stays.
 */
export function titleFromDocumentTitle(documentTitle: string): string {
  const title = collapseWhitespace(documentTitle);
  const separators = [...title.matchAll(/ [|\-–—\\/>»] /g)];
  const last = separators.at(-1);
  const first = separators[0];
  if (!last || !first) return title;
  const hierarchical = / [\\/>»] /.test(title);
  let cut = title.slice(0, last.index);
  if (words(cut) < 3) cut = title.slice(first.index + first[0].length);
  const cutWords = words(cut);
  if (cutWords <= 4 && (!hierarchical || cutWords !== words(title.replace(/[|\-–—\\/>»]+/g, "")) - 1)) return title;
  return cut.trim();
}

/**
 * The title without the site's name glued to its end or start ("Article | Site", "Site – Article"). The name
 * must match the site name or the domain (ignoring case, spaces and punctuation), so a title that merely
 * contains a separator keeps all its words.
 */
export function stripSiteName(title: string, siteNames: readonly (string | null)[]): string {
  const names = siteNames.map((name) => (name ? comparable(name) : "")).filter((name) => name.length > 0);
  if (names.length === 0) return title;
  const parts = title.split(SEPARATOR);
  const separators = title.match(SEPARATOR) ?? [];
  if (parts.length < 2) return title;
  const isSiteName = (part: string | undefined) => part !== undefined && names.includes(comparable(part));
  if (isSiteName(parts.at(-1))) {
    const lastSeparator = title.lastIndexOf(separators.at(-1) ?? "");
    return title.slice(0, lastSeparator).trim() || title;
  }
  if (isSiteName(parts[0])) {
    const firstSeparator = separators[0] ?? "";
    return title.slice(title.indexOf(firstSeparator) + firstSeparator.length).trim() || title;
  }
  return title;
}

/** The parts of a title between its separators ("Article | Section | Site" → three parts). */
export function titleParts(title: string): string[] {
  return title
    .split(SEPARATOR)
    .map((part) => part.trim())
    .filter(Boolean);
}

export function comparable(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
}
