/**
 * The cloud voice's pure parts (issue 36): how the sentences to read are cut into the chunks the server renders,
 * and which sentence is being spoken at a point of a chunk's audio. No DOM, no network: tested in Node.
 */

/** What one audio request may carry, as `GET /api/articles/:id/listen` says. */
export interface ChunkLimits {
  /** Sentences of the first chunk: small, so the first sound comes soon. */
  first_chunk_sentences: number;
  max_sentences: number;
  /** Characters of a chunk's sentences joined by one space. */
  max_chars: number;
}

/** Sentences `from` (inclusive) to `to` (exclusive) of the list being read. */
export interface ChunkRange {
  from: number;
  to: number;
}

/** The chunks of the whole list from its first sentence: the grid every reading reuses, so replays hit the cache. */
function chunkGrid(texts: readonly string[], limits: ChunkLimits): ChunkRange[] {
  const grid: ChunkRange[] = [];
  let from = 0;
  while (from < texts.length) {
    const most =
      grid.length === 0 ? Math.min(limits.first_chunk_sentences, limits.max_sentences) : limits.max_sentences;
    let to = from;
    let chars = 0;
    while (to < texts.length && to - from < Math.max(1, most)) {
      const length = (texts[to] ?? "").trim().length;
      const joined = chars === 0 ? length : chars + 1 + length;
      if (to > from && joined > limits.max_chars) break;
      chars = joined;
      to += 1;
    }
    grid.push({ from, to });
    from = to;
  }
  return grid;
}

/**
 * The chunks that read `texts` from `start` to the end, in order. The server caches audio by a chunk's exact text,
 * so chunks follow one grid over the whole list (the first chunk at most `first_chunk_sentences`, every other at
 * most `max_sentences` and `max_chars`; a sentence alone over `max_chars` is a chunk of its own, which the server
 * refuses and the player reads with the browser's voice): a second reading, or one from a tapped sentence, asks
 * for chunks already rendered. Wherever it starts, the first chunk is at most `first_chunk_sentences`, so the first
 * sound comes soon, and the rest of that grid chunk follows (two renders, when not at the very start, that a
 * reading from the start did not make; every chunk after them is on the grid).
 */
export function planChunks(texts: readonly string[], start: number, limits: ChunkLimits): ChunkRange[] {
  const from = Math.max(0, start);
  const grid = chunkGrid(texts, limits);
  const at = grid.findIndex((chunk) => chunk.from <= from && from < chunk.to);
  if (at < 0) return [];
  const containing = grid[at] as ChunkRange;
  const firstEnd = Math.min(from + Math.max(1, limits.first_chunk_sentences), containing.to);
  const head: ChunkRange[] = [{ from, to: firstEnd }];
  if (firstEnd < containing.to) head.push({ from: firstEnd, to: containing.to });
  return [...head, ...grid.slice(at + 1)];
}

/**
 * Where each sentence of a chunk starts, as a share (0 to 1) of the chunk's audio, estimated from character
 * counts: a voice speaks at a steady pace, so a sentence's share of the characters is its share of the time. Each
 * sentence also counts a few characters for the pause after it.
 */
export function sentenceStarts(texts: readonly string[]): number[] {
  const PAUSE_CHARS = 4;
  const weights = texts.map((text) => text.trim().length + PAUSE_CHARS);
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const starts: number[] = [];
  let before = 0;
  for (const weight of weights) {
    starts.push(total > 0 ? before / total : 0);
    before += weight;
  }
  return starts;
}

/** The index (within the chunk) of the sentence spoken at `share` (0 to 1) of the chunk's audio. */
export function sentenceAt(starts: readonly number[], share: number): number {
  let index = 0;
  for (let i = 0; i < starts.length; i++) {
    if ((starts[i] ?? 0) <= share) index = i;
    else break;
  }
  return index;
}

/** The primary subtag of a BCP 47 tag, lower case ("pt-BR" -> "pt"). */
export function primaryLanguage(tag: string): string {
  return (tag.trim().split(/[-_]/)[0] ?? "").toLowerCase();
}
