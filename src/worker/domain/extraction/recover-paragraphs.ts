import { stopWordsOf } from "../words/stop-words";
import { type DomElement, isElement, parseFragment } from "./dom";
import { htmlToText } from "./html-text";
import { collapseWhitespace } from "./strings";
import { wordTokens } from "./words";

/**
 * Paragraphs Readability dropped, taken back from the page's own <article> or <main> (sanitised, furniture
 * removed) when that holds clearly more words than Readability's choice (half as many again, and 30 words):
 * Readability sometimes settles on one box inside the article, a notice or a section, and drops the rest.
 *
 * The marked element also holds clutter, so it is not taken whole: its blocks are kept in their order when
 * Readability kept them too, or when they read as article text by jusText's measures (Pomikálek 2011): a
 * paragraph long enough, with few of its characters in links and enough stop words of the page's language
 * (stopwords-iso lists, which are longer than jusText's, hence the higher threshold); a heading is kept when
 * the block after it is. Returns the sanitised HTML, or null to keep Readability's.
 */
export function recoverParagraphs(
  readabilityText: string,
  markedContent: string,
  language: string | null,
): string | null {
  const markedText = htmlToText(markedContent);
  if (countTokens(markedText) < countTokens(readabilityText) * 1.5 + 30) return null;
  const chosen = collapseWhitespace(readabilityText);
  const stopWords = new Set([...stopWordsOf("en"), ...(language ? stopWordsOf(language) : [])]);
  const root = parseFragment(markedContent);
  const blocks = [...root.children];
  const vouched = vouchedByReadability(readabilityText, chosen, blocks);
  const keep = blocks.map((block, i) => {
    const text = collapseWhitespace(block.textContent ?? "");
    if (!text) return false;
    if (vouched[i]) return true;
    if (/^h[2-6]$/.test(block.localName)) return null; // decided by the block after it
    return isGoodParagraph(block, text, stopWords);
  });
  for (let i = blocks.length - 1; i >= 0; i--) {
    if (keep[i] === null) keep[i] = keep[i + 1] === true;
  }
  // Comments, "more stories" and author boxes follow the article: nothing after the last block Readability kept
  // is taken back. And a block under a heading that is a link is a teaser of another article.
  const last = vouched.lastIndexOf(true);
  for (const [i] of blocks.entries()) {
    if (i > last) keep[i] = false;
    const previous = blocks[i - 1];
    if (previous && /^h[2-6]$/.test(previous.localName) && previous.querySelector("a") && !vouched[i]) keep[i] = false;
  }
  for (const [i, block] of blocks.entries()) if (!keep[i]) block.remove();
  // Text directly under the fragment (never the case for sanitised HTML, which wraps it in <p>) is left as is.
  if (![...root.childNodes].some(isElement)) return null;
  // Never at the cost of what Readability kept: a paragraph of its choice outside the marked element (the page's
  // <main> holds only part of the story) keeps Readability's choice.
  const recovered = collapseWhitespace(root.textContent ?? "");
  const keepsAll = readabilityText
    .split(/\n\s*\n/)
    .map(collapseWhitespace)
    .every((paragraph) => paragraph.length < MIN_CHARACTERS || recovered.includes(paragraph));
  return keepsAll ? root.innerHTML : null;
}

/**
 * Which blocks Readability kept too: a block of MIN_CHARACTERS or more found in its text, or a shorter one equal
 * to one of its paragraphs, each paragraph standing for one block only. A short line the page repeats (an
 * episode list's "betrifft: ..." under each title) would otherwise pass for kept every time Readability kept it
 * once, and take the list back with it.
 */
function vouchedByReadability(readabilityText: string, chosen: string, blocks: readonly DomElement[]): boolean[] {
  const shortParagraphs = new Map<string, number>();
  for (const paragraph of readabilityText.split(/\n\s*\n/).map(collapseWhitespace)) {
    if (paragraph && paragraph.length < MIN_CHARACTERS)
      shortParagraphs.set(paragraph, (shortParagraphs.get(paragraph) ?? 0) + 1);
  }
  return blocks.map((block) => {
    const text = collapseWhitespace(block.textContent ?? "");
    if (!text) return false;
    if (text.length >= MIN_CHARACTERS) return chosen.includes(text);
    const left = shortParagraphs.get(text) ?? 0;
    if (left === 0) return false;
    shortParagraphs.set(text, left - 1);
    return true;
  });
}

/** Minimum length of a paragraph taken back (jusText's length_low is 70). */
const MIN_CHARACTERS = 70;
/** Maximum share of the text in links (jusText's max_link_density is 0.2). */
const MAX_LINK_DENSITY = 0.2;
/** Minimum share of stop words among the words (jusText's stopwords_high is 0.32 with its shorter lists). */
const MIN_STOP_WORD_DENSITY = 0.3;

function isGoodParagraph(
  block: { querySelectorAll(s: string): ArrayLike<{ textContent: string | null }> },
  text: string,
  stopWords: ReadonlySet<string>,
): boolean {
  if (text.length < MIN_CHARACTERS) return false;
  let linked = 0;
  for (const link of Array.from(block.querySelectorAll("a")))
    linked += collapseWhitespace(link.textContent ?? "").length;
  if (linked > MAX_LINK_DENSITY * text.length) return false;
  const words = wordTokens(text);
  if (words.length === 0) return false;
  const stops = words.filter((w) => stopWords.has(w)).length;
  return stops / words.length >= MIN_STOP_WORD_DENSITY;
}

function countTokens(text: string): number {
  return wordTokens(text).length;
}
