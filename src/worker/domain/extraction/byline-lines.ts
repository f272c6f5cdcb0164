import { closestAncestor, type DomElement } from "./dom";
import { squash } from "./text-blocks";
import { leafBlocks, tagOf, WHOLE } from "./trailing-labels";

/**
 * The byline left in the story's first lines: "Par Barbara Stiegler", "Nathanael Johnson", "Von Felix Eisenreich //
 * 1. November 2023", "Bettina Kugler 19.10.2019, 05:00 Uhr". The viewer shows the author above the article, from the
 * page's metadata; as a line of the text it is the page's furniture, which news extractors and their benchmarks
 * leave out. A line goes when it names one of the page's authors and holds little else: a "By" word, dates and
 * times, and at most a few words more (a place, "Online-Redaktion"). Only among the article's first blocks, before
 * its second paragraph: a name at the end is the author's sign-off, which stays.
 */
const FIRST_BLOCKS = 6;
const LINE_MAX = 160;
/** Words a byline line may hold besides the names: a place, a role ("Staff Writer"), "Uhr". */
const OTHER_WORDS_MAX = 3;
/**
 * A block this long that does not name the author is a paragraph; the search stops at the second (the first may
 * be a standfirst above the byline).
 */
const PARAGRAPH = 120;
const PARAGRAPHS_MAX = 2;

/** "By" and kin, and the joins between names (de, en, es, fr, it, nl, pl, pt). */
const BYLINE_WORDS = new Set([
  "by",
  "written",
  "and",
  "von",
  "und",
  "text",
  "autor",
  "autorin",
  "author",
  "par",
  "et",
  "texte",
  "por",
  "y",
  "texto",
  "di",
  "e",
  "testo",
  "door",
  "en",
  "tekst",
  "przez",
  "i",
]);

/** The names in the page's bylines, each alone: "Markus M. Haefliger, London, Beat Bumbacher" gives two. */
export function bylineNames(bylines: readonly (string | null | undefined)[]): string[] {
  const names = new Set<string>();
  for (const byline of bylines) {
    for (const part of (byline ?? "").split(/\s*(?:,|;|&|\band\b|\bund\b|\bet\b|\by\b)\s*/u)) {
      const name = squash(part);
      // Two words at least: "Redaktion", "AgE" or "Dr." alone would match too much.
      if (name.split(" ").length >= 2 && name.length >= 5) names.add(name);
    }
  }
  return [...names];
}

export function isBylineLine(text: string, names: readonly string[]): boolean {
  if (text.length > LINE_MAX) return false;
  let rest = text;
  let named = false;
  for (const name of names) {
    const at = rest.toLowerCase().indexOf(name.toLowerCase());
    if (at < 0) continue;
    named = true;
    rest = `${rest.slice(0, at)} ${rest.slice(at + name.length)}`;
  }
  if (!named) return false;
  const others = (rest.match(/\p{L}+/gu) ?? []).filter((word) => !BYLINE_WORDS.has(word.toLowerCase()));
  return others.length <= OTHER_WORDS_MAX;
}

/** A photo's caption names its photographer, who may be the author ("Glass cloche terrariums (Lucy Akins)"). */
function isCaption(block: DomElement): boolean {
  return (
    tagOf(block) === "figcaption" ||
    block.querySelector("img, picture, video, figcaption") !== null ||
    closestAncestor(block, "figure") !== null ||
    closestAncestor(block, "figcaption") !== null
  );
}

/** Removes the byline lines among the article's first blocks; returns how many. */
export function removeBylineLines(root: DomElement, names: readonly string[]): number {
  if (names.length === 0) return 0;
  const lines: DomElement[] = [];
  let seen = 0;
  let paragraphs = 0;
  for (const block of leafBlocks(root, { fromEnd: false })) {
    const text = squash(block.textContent ?? "");
    if (!text) continue;
    if (++seen > FIRST_BLOCKS || WHOLE.has(tagOf(block))) break;
    if (!isCaption(block) && isBylineLine(text, names)) lines.push(block);
    else if (text.length >= PARAGRAPH && ++paragraphs >= PARAGRAPHS_MAX) break;
  }
  for (const line of lines) line.remove();
  return lines.length;
}
