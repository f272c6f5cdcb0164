import { stopWordsOf } from "../words/stop-words";
import { type DomDocument, type DomElement, type DomNode, isElement, TEXT_NODE } from "./dom";
import { wordTokens } from "./words";

/**
 * jusText's measures of a block of text (Pomikálek 2011), shared by the rules that must tell article text from
 * page furniture: its length, the share of its characters inside links, and the share of its words that are
 * stop words of the page's language (stopwords-iso lists; English's are always added, as pages quote it).
 */

/** Languages tried when the page does not say its own: the dev set's and the web's most common. */
const GUESSED = ["de", "en", "es", "fr", "pl", "it", "nl", "pt"];

/** The page's language: the primary subtag of <html lang> when stopwords-iso knows it, else the guessed one. */
export function pageLanguage(document: DomDocument): string {
  const declared = document.documentElement?.getAttribute("lang")?.toLowerCase().split(/[-_]/)[0];
  if (declared && stopWordsOf(declared).size > 0) return declared;
  const words = wordTokens((document.body.textContent ?? "").slice(0, 20_000));
  let best = "en";
  let bestHits = -1;
  for (const language of GUESSED) {
    const list = stopWordsOf(language);
    let hits = 0;
    for (const word of words) if (list.has(word)) hits++;
    if (hits > bestHits) [best, bestHits] = [language, hits];
  }
  return best;
}

/** The stop words of the page's language (see pageLanguage), with English's. */
export function pageStopWords(document: DomDocument, language = pageLanguage(document)): ReadonlySet<string> {
  return union(stopWordsOf("en"), stopWordsOf(language));
}

function union(a: ReadonlySet<string>, b: ReadonlySet<string>): ReadonlySet<string> {
  return a === b ? a : new Set([...a, ...b]);
}

export function squash(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** Characters of the element's text inside links. */
export function linkLength(element: DomElement): number {
  let linked = 0;
  for (const link of element.querySelectorAll("a")) linked += squash(link.textContent ?? "").length;
  return linked;
}

/** Share of the words that are stop words; 0 for no words. */
export function stopWordDensity(text: string, stopWords: ReadonlySet<string>): number {
  const words = wordTokens(text);
  if (words.length === 0) return 0;
  let stops = 0;
  for (const word of words) if (stopWords.has(word)) stops++;
  return stops / words.length;
}

/** jusText's length_low. */
export const GOOD_MIN_CHARACTERS = 70;
/** jusText's max_link_density. */
export const GOOD_MAX_LINK_DENSITY = 0.2;
/** jusText's stopwords_high is 0.32 with its shorter lists; stopwords-iso's longer lists read higher. */
export const GOOD_MIN_STOP_WORDS = 0.3;

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;

/**
 * Whether a block reads as article text by jusText's measures. Chinese, Japanese and Korean text has no stop
 * words in our sense (each Han character is a word): there a third as many characters, and the link density.
 */
export function isGoodText(text: string, linked: number, stopWords: ReadonlySet<string>): boolean {
  if (linked > GOOD_MAX_LINK_DENSITY * text.length) return false;
  const cjk = text.match(CJK)?.length ?? 0;
  if (cjk >= 0.3 * text.length) return text.length >= GOOD_MIN_CHARACTERS / 3;
  return text.length >= GOOD_MIN_CHARACTERS && stopWordDensity(text, stopWords) >= GOOD_MIN_STOP_WORDS;
}

/** Elements that start a new block of text; everything else is inline, part of its block's text. */
const BLOCKS = new Set([
  "p",
  "div",
  "section",
  "article",
  "main",
  "header",
  "footer",
  "aside",
  "nav",
  "li",
  "ul",
  "ol",
  "dl",
  "dt",
  "dd",
  "table",
  "tr",
  "td",
  "th",
  "blockquote",
  "pre",
  "figure",
  "figcaption",
  "form",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
]);
const NO_TEXT = new Set(["script", "style", "noscript", "template", "svg", "select", "button"]);

/**
 * Characters of article text in the element: the length of its blocks (text between block elements, as jusText
 * segments a page) that read as text by jusText's measures.
 */
export function goodTextLength(element: DomElement, stopWords: ReadonlySet<string>): number {
  let good = 0;
  const flush = (block: { text: string; linked: number }) => {
    const text = squash(block.text);
    if (text && isGoodText(text, block.linked, stopWords)) good += text.length;
    block.text = "";
    block.linked = 0;
  };
  const walk = (node: DomNode, block: { text: string; linked: number }, inLink: boolean): void => {
    if (node.nodeType === TEXT_NODE) {
      const text = node.textContent ?? "";
      block.text += text;
      if (inLink) block.linked += squash(text).length;
      return;
    }
    if (!isElement(node) || NO_TEXT.has(node.localName)) return;
    const isBlock = BLOCKS.has(node.localName);
    if (isBlock) flush(block);
    const link = inLink || node.localName === "a";
    for (const child of node.childNodes) walk(child, block, link);
    if (isBlock) flush(block);
    else if (node.localName === "br") block.text += " ";
  };
  const block = { text: "", linked: 0 };
  walk(element, block, false);
  flush(block);
  return good;
}
