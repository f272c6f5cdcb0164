import { tokenize } from "../text";
import { isStopWord } from "../words";

/**
 * Pre-trained word vectors: 30,000 English words in 64 dimensions, derived from GloVe 6B (Wikipedia and
 * Gigaword) by scripts/build-word-vectors.mjs, which documents every step. Words that mean similar things
 * have similar vectors, so two articles about one subject are close even when they share few words.
 *
 * Format of the generated table: `WORDS` separated by spaces; `VECTORS` has per word 2 characters of scale
 * index s (base64url digits, 12 bits) and `DIMENSIONS` characters of value q (a base64url digit, 0 to
 * 2 × LEVELS). The vector is (q − LEVELS) × scale, scale = exp(min + s / SCALE_STEPS × (max − min)) with
 * [min, max] = LOG_SCALE_RANGE. Each vector is already weighted by how rare its word is (SIF), so a document
 * vector is a plain sum.
 */
export const WORD_VECTOR_DIMENSIONS = 64;

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

interface WordVectorTable {
  index: Map<string, number>;
  /** Word w's vector is values[w × dimensions ...] × scales[w]. */
  values: Int8Array;
  scales: Float32Array;
}

let table: Promise<WordVectorTable> | undefined;

/**
 * The decoded table, built on first use and kept for the life of the isolate: about 2 MB beside the 2.2 MB
 * of the data module's text, about 30 ms to decode. The data module is imported dynamically, so the bundle
 * keeps it in a chunk of its own that a Worker using Workers AI embeddings never loads.
 */
function wordVectorTable(): Promise<WordVectorTable> {
  table ??= import("./word-vectors-data").then(decode);
  return table;
}

/**
 * Why the table cannot be loaded, or null when it can: a staging or production build leaves the data module out
 * (vite.config.ts), and such a bundle served locally has an embedder that cannot embed. Loads the table.
 */
export async function wordVectorsMissing(): Promise<string | null> {
  try {
    await wordVectorTable();
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** The table from its generated text (format above); the data module is loaded only here, on first use. */
function decode({
  DIMENSIONS: dimensions,
  LEVELS: levels,
  LOG_SCALE_RANGE: [logMin, logMax],
  SCALE_STEPS: scaleSteps,
  VECTORS: encoded,
  WORDS: wordList,
}: typeof import("./word-vectors-data")): WordVectorTable {
  const words = wordList.split(" ");
  const stride = 2 + dimensions;
  if (dimensions !== WORD_VECTOR_DIMENSIONS || encoded.length !== words.length * stride) {
    throw new Error("the word vector table does not match word-vectors.ts");
  }
  const digit = new Int8Array(128);
  for (let i = 0; i < ALPHABET.length; i++) digit[ALPHABET.charCodeAt(i)] = i;
  const at = (i: number) => digit[encoded.charCodeAt(i)] as number;
  const values = new Int8Array(words.length * dimensions);
  const scales = new Float32Array(words.length);
  for (let w = 0; w < words.length; w++) {
    const start = w * stride;
    scales[w] = Math.exp(logMin + ((at(start) * 64 + at(start + 1)) / scaleSteps) * (logMax - logMin));
    for (let d = 0; d < dimensions; d++) values[w * dimensions + d] = at(start + 2 + d) - levels;
  }
  return { index: new Map(words.map((word, i) => [word, i])), values, scales };
}

/**
 * The sum of the (rarity-weighted) vectors of the text's words that are in the table, one per occurrence,
 * L2-normalised; all zeros when no word is known (e.g. a text in another language).
 *
 * The table is English. In a text of another language its stop words are skipped first: German "die", "was"
 * and "also" or French "pour" are in the table as English words, and they would give every German or French
 * article the same meaning. What is left and known is mostly names and international words ("Obama",
 * "NASA", "Bitcoin"), which place the article by its subject whatever its language.
 */
export async function wordVectorEmbedding(text: string, language = "en"): Promise<number[]> {
  const { index, values, scales } = await wordVectorTable();
  const dimensions = WORD_VECTOR_DIMENSIONS;
  const sum = new Float64Array(dimensions);
  const add = (word: number) => {
    const scale = scales[word] as number;
    for (let d = 0; d < dimensions; d++) {
      sum[d] = (sum[d] as number) + scale * (values[word * dimensions + d] as number);
    }
  };
  const foreign = language !== "en";
  for (const token of tokenize(text)) {
    if (foreign && isStopWord(token, language)) continue;
    const word = token.endsWith("'s") ? token.slice(0, -2) : token;
    const known = index.get(word);
    if (known !== undefined) add(known);
    else if (word.includes("-")) {
      // "machine-learning" is not in the table; its parts are.
      for (const part of word.split("-")) {
        const i = index.get(part);
        if (i !== undefined) add(i);
      }
    }
  }
  let length = 0;
  for (const x of sum) length += x * x;
  length = Math.sqrt(length);
  return Array.from(sum, (x) => (length === 0 ? 0 : x / length));
}
