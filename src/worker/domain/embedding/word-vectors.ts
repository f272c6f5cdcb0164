import { tokenize } from "../text";
import { isStopWord, stemWord } from "../words";
import { germanPartKeys, splitCompound } from "./compound-words";

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
  words: string[];
  /** Per language with a dictionary (de, es, fr): a word's stem → the English words (indices) it translates to. */
  translations: Map<string, Map<string, number[]>>;
}

let table: Promise<WordVectorTable> | undefined;

/**
 * The decoded table, built on first use and kept for the life of the isolate: about 2 MB beside the 2.2 MB
 * of the data module's text, about 30 ms to decode. The data module is imported dynamically, so the bundle
 * keeps it in a chunk of its own that a Worker using Workers AI embeddings never loads.
 */
function wordVectorTable(): Promise<WordVectorTable> {
  table ??= Promise.all([import("./word-vectors-data"), import("./word-translations-data")]).then(
    ([vectors, translations]) => ({ ...decode(vectors), translations: decodeTranslations(translations) }),
  );
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
}: typeof import("./word-vectors-data")): Omit<WordVectorTable, "translations"> {
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
  return { index: new Map(words.map((word, i) => [word, i])), words, values, scales };
}

/** The generated translation tables (format in scripts/build-word-translations.mjs), one map per language. */
function decodeTranslations(data: typeof import("./word-translations-data")): Map<string, Map<string, number[]>> {
  const digit = (c: string) => ALPHABET.indexOf(c);
  const tables = new Map<string, Map<string, number[]>>();
  for (const [language, text] of [
    ["de", data.DE],
    ["es", data.ES],
    ["fr", data.FR],
  ] as const) {
    const map = new Map<string, number[]>();
    for (const entry of text.split(" ")) {
      const colon = entry.lastIndexOf(":");
      const indices: number[] = [];
      for (let i = colon + 1; i + 3 <= entry.length; i += 3) {
        indices.push(
          digit(entry[i] as string) * 4096 + digit(entry[i + 1] as string) * 64 + digit(entry[i + 2] as string),
        );
      }
      map.set(entry.slice(0, colon), indices);
    }
    tables.set(language, map);
  }
  return tables;
}

/**
 * The sum of the (rarity-weighted) vectors of the text's words that are in the table, one per occurrence,
 * L2-normalised; all zeros when no word is known (e.g. a text in another language).
 *
 * The table is English. In a text of another language its stop words are skipped first: German "die", "was"
 * and "also" or French "pour" are in the table as English words, and they would give every German or French
 * article the same meaning. In German, Spanish and French each word then counts by its English translations
 * (a bilingual dictionary, word-translations-data.ts; compounds by their parts), so "Wahlkampf" and
 * "campaign" point the same way; a word no dictionary knows (a name, an international word: "Obama",
 * "NASA", "Bitcoin") counts as itself when the English table has it.
 */
export async function wordVectorEmbedding(text: string, language = "en"): Promise<number[]> {
  return (await readWordVectors(text, language)).meaning;
}

/** What the local embedder reads of a text's words: their meaning, and the English glosses of its words. */
export interface WordReading {
  /** `wordVectorEmbedding`'s vector. */
  meaning: number[];
  /**
   * In German, Spanish and French, each translated word's first English translation (a compound's head's),
   * in text order; empty in English and in languages without a dictionary. The hashed words count these
   * beside the text's own (text-embedding.ts), so articles of one subject share words across languages too.
   */
  gloss: string[];
}

/** `wordVectorEmbedding` and the gloss in one pass over the text. */
export async function readWordVectors(text: string, language = "en"): Promise<WordReading> {
  const { index, words, values, scales, translations } = await wordVectorTable();
  const gloss: string[] = [];
  const dimensions = WORD_VECTOR_DIMENSIONS;
  const sum = new Float64Array(dimensions);
  const add = (word: number, weight = 1) => {
    const scale = (scales[word] as number) * weight;
    for (let d = 0; d < dimensions; d++) {
      sum[d] = (sum[d] as number) + scale * (values[word * dimensions + d] as number);
    }
  };
  const foreign = language !== "en";
  const dictionary = translations.get(language);
  const addTranslation = (english: number[], weight: number) => {
    for (const word of english) add(word, weight / english.length);
  };
  // A text repeats its words (half of a long article's tokens are repeats), and a word's translation costs
  // a stem and, for a compound, a stem per place it could split: each distinct word is translated once.
  const translated = new Map<string, Translation | null>();
  for (const token of tokenize(text)) {
    if (foreign && isStopWord(token, language)) continue;
    if (dictionary) {
      let translation = translated.get(token);
      if (translation === undefined) {
        translation = translate(token, language, dictionary);
        translated.set(token, translation);
      }
      if (translation) {
        addTranslation(translation.head, 1);
        if (translation.modifier) addTranslation(translation.modifier, MODIFIER_WEIGHT);
        gloss.push(words[translation.head[0] as number] as string);
        continue;
      }
    }
    const word = token.endsWith("'s") ? token.slice(0, -2) : token;
    // "élections", "fútbol" → "elections", "futbol": many words of a Latin-script language are the English word
    // with accents; the English table has none.
    const known = index.get(word) ?? (foreign ? index.get(withoutAccents(word)) : undefined);
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
  return { meaning: Array.from(sum, (x) => (length === 0 ? 0 : x / length)), gloss };
}

/** Weight of a compound's modifier beside its head ("Energie" in "Energiewende"): it narrows, the head names. */
const MODIFIER_WEIGHT = 0.5;

/**
 * A word of a language with a dictionary by its English translations: by its stem ("Wahlen" → "wahl" →
 * election, vote), else as a compound by its parts ("Wahlkampfes" → campaign, election). Null when neither
 * knows it: the caller then tries the English table itself, for names and international words.
 */
function translate(token: string, language: string, dictionary: Map<string, number[]>): Translation | null {
  const known = dictionary.get(stemWord(token, language));
  if (known) return { head: known };
  if (language !== "de") return null; // Spanish and French write compounds apart
  const parts = splitCompound(token, (part) => {
    for (const key of germanPartKeys(part)) {
      const english = dictionary.get(key);
      if (english) return english;
    }
    return undefined;
  });
  return parts ? { head: parts.head, modifier: parts.modifier } : null;
}

/** The English words (table indices) a word translates to; a compound's head and modifier apart. */
interface Translation {
  head: number[];
  modifier?: number[];
}

function withoutAccents(word: string): string {
  return word.normalize("NFD").replace(/\p{M}/gu, "");
}
