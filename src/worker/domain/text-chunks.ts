import { sentenceEnds } from "./sentences/segment";

/**
 * Splits long text into chunks of at most `maxChars`, cutting at paragraph breaks, else sentence ends (the
 * product's segmenter: not after "Mr." or "U.N."), else spaces, so a language model never gets a chunk that
 * starts or ends mid-word.
 */
export function chunkText(text: string, maxChars: number): string[] {
  const chunks: string[] = [];
  let rest = text.trim();
  while (rest.length > maxChars) {
    const window = rest.slice(0, maxChars);
    const cut = lastBreak(window, /\n\s*\n/g) ?? lastSentenceEnd(window) ?? lastBreak(window, /\s/g) ?? maxChars;
    chunks.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) chunks.push(rest);
  return chunks;
}

/**
 * The last sentence end in the second half of the window. The window's own end is not one: the text goes on
 * past it, so the segmenter's last "sentence" there is cut off.
 */
function lastSentenceEnd(window: string): number | undefined {
  return sentenceEnds(window)
    .filter((at) => at >= window.length / 2 && at < window.length)
    .at(-1);
}

/** End index of the last match in the second half of the window (earlier cuts would make tiny chunks). */
function lastBreak(window: string, pattern: RegExp): number | undefined {
  let end: number | undefined;
  for (const match of window.matchAll(pattern)) {
    const at = match.index + match[0].length;
    if (at >= window.length / 2) end = at;
  }
  return end;
}
