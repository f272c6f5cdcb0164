import { toRange } from "dom-anchor-text-position";
import { blockKind, type ListeningSentence, listeningSentences, type TextBlock } from "./script";

/**
 * The page side of the listening script (issue 36): the blocks of text a rendered Content or Summary tab shows,
 * for script.ts to cut into sentences, and the sentence back to a DOM Range for the mark.
 */

/** Never read: image captions, code, and what is not text. Their characters still count in the offsets. */
const SKIPPED = "figcaption, pre, code, kbd, samp, script, style, noscript, template, svg, math, [aria-hidden='true']";
/** Elements that start a new block: text in two of them is never one sentence. */
const BLOCKS =
  "p, h1, h2, h3, h4, h5, h6, li, dt, dd, blockquote, td, th, caption, div, section, article, aside, header, footer, figure, table, tr, ul, ol, dl, main, nav, details, summary";

function tagsUpTo(element: Element, container: Element): string[] {
  const tags: string[] = [];
  for (let e: Element | null = element; e && e !== container; e = e.parentElement) tags.push(e.tagName);
  return tags;
}

/** The blocks of text in `container`, in reading order, each a list of pieces with their offsets. */
export function pageBlocks(container: Element): TextBlock[] {
  const blocks: TextBlock[] = [];
  let currentBlock: Element | null = null;
  let offset = 0;
  const walker = document.createTreeWalker(container, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = (node as Text).data;
    const start = offset;
    offset += text.length;
    const parent = node.parentElement;
    if (!parent || parent.closest(SKIPPED)) continue;
    const block = parent.closest(BLOCKS);
    const owner = block && container.contains(block) && block !== container ? block : container;
    if (owner !== currentBlock || blocks.length === 0) {
      currentBlock = owner;
      blocks.push({ kind: blockKind(tagsUpTo(parent, container)), pieces: [] });
    }
    blocks[blocks.length - 1]?.pieces.push({ text, start });
  }
  return blocks;
}

/** The sentences to read in `container`, in `language`. */
export function pageSentences(container: Element, language: string | undefined): ListeningSentence[] {
  return listeningSentences(pageBlocks(container), language);
}

/** The sentence's words in the page now (highlight marks may have split the text since it was read). */
export function rangeOf(container: Element, sentence: ListeningSentence): Range | null {
  try {
    return toRange(container, { start: sentence.start, end: sentence.end });
  } catch {
    return null;
  }
}
