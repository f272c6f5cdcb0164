import { sentenceEnds } from "../../worker/domain/sentences/segment";
import type { SpokenSentence } from "./engine";

/**
 * The listening script (issue 36), pure part: the sentences to read aloud from the blocks of text the page shows,
 * each with where it stands in its container's text, so the player can mark it and save it as the reading position.
 * Offsets count characters of the container's textContent, like the reading position and the highlights' selectors.
 */

export type SentenceKind = SpokenSentence["kind"];

/** A run of text the page shows unbroken: `start` is the offset of its first character in the container's text. */
export interface TextPiece {
  text: string;
  start: number;
}

/** A block of the page (a paragraph, a heading, a list item, a quote) as the text pieces read in it. */
export interface TextBlock {
  kind: SentenceKind;
  pieces: TextPiece[];
}

/** A sentence to say, with its place in the container's text ([start, end)) and the block it belongs to. */
export interface ListeningSentence extends SpokenSentence {
  start: number;
  end: number;
  block: number;
}

/** Web addresses are not read: "h t t p s colon slash slash" helps nobody. */
const URL_PATTERN = /\b(?:https?:\/\/|www\.)[^\s<>"')\]]+/giu;

/** What the voice says for a stretch of page text: without web addresses, white space collapsed; "" if nothing to say. */
export function spokenText(raw: string): string {
  const text = raw.replace(URL_PATTERN, " ").replace(/\s+/g, " ").trim();
  // Punctuation or symbols alone (a stray bullet, "—", the dot left of a removed address) are not a sentence.
  return /[\p{L}\p{N}]/u.test(text) ? text : "";
}

/** A block's kind from the tags around its text, innermost first ("p", "blockquote", ...). */
export function blockKind(tagNames: readonly string[]): SentenceKind {
  const tags = tagNames.map((tag) => tag.toLowerCase());
  if (tags.includes("blockquote") || tags.includes("q")) return "quote";
  const first = tags[0] ?? "";
  if (/^h[1-6]$/.test(first)) return "heading";
  if (tags.includes("li")) return "list-item";
  return "paragraph";
}

/**
 * The sentences of the blocks, in order: each block's pieces joined, cut with the product's sentence segmenter
 * (the same rules the summaries use, in the article's language), and mapped back to container offsets.
 */
export function listeningSentences(blocks: readonly TextBlock[], language?: string): ListeningSentence[] {
  const sentences: ListeningSentence[] = [];
  blocks.forEach((block, blockIndex) => {
    let text = "";
    /** For each character of `text`, its offset in the container. */
    const offsets: number[] = [];
    for (const piece of block.pieces) {
      text += piece.text;
      for (let i = 0; i < piece.text.length; i++) offsets.push(piece.start + i);
    }
    let from = 0;
    for (const to of sentenceEnds(text, language || undefined)) {
      const raw = text.slice(from, to);
      const said = spokenText(raw);
      if (said) {
        const lead = raw.length - raw.trimStart().length;
        const trail = raw.length - raw.trimEnd().length;
        const first = offsets[from + lead] ?? 0;
        const last = offsets[to - trail - 1] ?? first;
        sentences.push({ text: said, kind: block.kind, start: first, end: last + 1, block: blockIndex });
      }
      from = to;
    }
  });
  return sentences;
}

/** The sentence to start from for a text offset (the reading position, a tapped word): the one holding it or next. */
export function sentenceAt(sentences: readonly ListeningSentence[], offset: number): number {
  const index = sentences.findIndex((sentence) => sentence.end > offset);
  return index === -1 ? Math.max(0, sentences.length - 1) : index;
}
