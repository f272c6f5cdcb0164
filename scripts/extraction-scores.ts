/**
 * How an extraction is scored against the dev sets' truths (`npm run bench:extract`), pure so it is tested alone.
 *
 * - Shingles, as scrapinghub's article-extraction-benchmark scores an article body (modern-dev's SOURCE.md): the
 *   tokens are the text's `\w+` runs (Unicode letters, digits and "_", case kept); a shingle is 4 tokens in a row
 *   (a text of fewer is one shingle of them all); TP, FP and FN count shingles of the truth found, of the text not
 *   in the truth, and of the truth not found (as multisets), then are divided by their sum so that every page
 *   weighs the same. Precision and recall are the means over pages (a page with no predicted shingle counts in
 *   recall only, one with no true shingle in precision only); F1 is their harmonic mean.
 * - Snippets (trafilatura-dev's and modern-dev's `with` and `without`), compared after `foldForSnippets`.
 * - Halves: each dev set splits in two by a hash of the page's URL (`halfOf`), so that a rule tuned on one half is
 *   checked on the other.
 */

export interface ShingleCounts {
  tp: number;
  fp: number;
  fn: number;
}

const SHINGLE_TOKENS = 4;

function tokens(text: string): string[] {
  return text.match(/[\p{L}\p{N}_]+/gu) ?? [];
}

function shingles(text: string): Map<string, number> {
  const words = tokens(text);
  const counts = new Map<string, number>();
  for (let i = 0; i < Math.max(1, words.length - SHINGLE_TOKENS + 1); i++) {
    const shingle = words.slice(i, i + SHINGLE_TOKENS);
    if (shingle.length === 0) continue;
    const key = shingle.join("\u0000");
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** A page's shingle TP, FP and FN against its true text, divided by their sum (all 0 when both are empty). */
export function shingleCounts(truth: string, predicted: string): ShingleCounts {
  const truthShingles = shingles(truth);
  const predictedShingles = shingles(predicted);
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const key of new Set([...truthShingles.keys(), ...predictedShingles.keys()])) {
    const t = truthShingles.get(key) ?? 0;
    const p = predictedShingles.get(key) ?? 0;
    tp += Math.min(t, p);
    fp += Math.max(0, p - t);
    fn += Math.max(0, t - p);
  }
  const sum = tp + fp + fn;
  return sum > 0 ? { tp: tp / sum, fp: fp / sum, fn: fn / sum } : { tp, fp, fn };
}

export interface ShingleScore {
  precision: number;
  recall: number;
  f1: number;
}

const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0);

/** Precision and recall averaged over pages, and their harmonic mean. */
export function shingleScore(pages: readonly ShingleCounts[]): ShingleScore {
  const ratio = (part: number, other: number, missing: number) =>
    other === 0 && missing === 0 ? 1 : part === 0 && other === 0 ? 0 : part / (part + other);
  const precision = mean(pages.filter((p) => p.tp + p.fp > 0).map((p) => ratio(p.tp, p.fp, p.fn)));
  const recall = mean(pages.filter((p) => p.tp + p.fn > 0).map((p) => ratio(p.tp, p.fn, p.fp)));
  return { precision, recall, f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0 };
}

/**
 * Text and snippets as modern-dev's SOURCE.md compares them: whitespace collapsed, typographic quotes, dashes and
 * ellipses folded to ASCII (the model that wrote the snippets straightened the page's quotes).
 */
export function foldForSnippets(text: string): string {
  return text
    .replace(/[\u2018\u2019\u201a\u201b\u2032]/g, "'")
    .replace(/[\u201c\u201d\u201e\u201f\u2033]/g, '"')
    .replace(/[\u2010-\u2015\u2212]/g, "-")
    .replace(/\u2026/g, "...")
    .replace(/\s+/g, " ")
    .trim();
}

/** The half a page falls in, by an FNV-1a hash of its URL: "A" (rules are tuned on it) or "B" (held out). */
export function halfOf(url: string): "A" | "B" {
  let hash = 0x811c9dc5;
  for (let i = 0; i < url.length; i++) {
    hash ^= url.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % 2 === 0 ? "A" : "B";
}
