import { localEmbedding } from "../../domain/embedding/text-embedding";
import { wordVectorsMissing } from "../../domain/embedding/word-vectors";
import { detectLanguage } from "../../domain/language/detect-language";
import type { Embedder } from "../../ports/embedder";

/**
 * The whole of nearly every article (the 90th percentile of the benchmark's articles is 25,000 characters),
 * at about 30 ms of CPU for 100,000. More text helps here: on the labelled set of `npm run bench:semantic`,
 * whole articles instead of their first 8,000 characters raised related precision@5 from 0.715 to 0.735 (plain
 * cosines, offline: 0.652 to 0.677) and the topics' mean NMI over 8 article orders from 0.646 to 0.669.
 */
const MAX_INPUT_CHARS = 100_000;

/**
 * Made-up words still land in the hashed half, where they collide with some article's words: 1,000
 * questions of 1 to 4 random letter strings against the 80 articles of the labelled set gave cosines whose
 * 99.9th percentile is 0.127 (99.99th 0.217), so "xqzvbn plortk" listed two articles as "close in meaning
 * (7% similar)". Real questions that share no word with their best article sit at 0.2 to 0.5 ("vaccines
 * and disease" 0.45, "climate" 0.20).
 */
const CHANCE_SIMILARITY = 0.15;

/**
 * The local embedder: GloVe word vectors for meaning plus feature-hashed words (see
 * domain/embedding/text-embedding). Deterministic, no network. The name is also the local vector index's
 * space (d1-vector-index): change it whenever the vectors change, so vectors of two versions are never compared.
 * v2: stop words and Snowball stems of each text's language (domain/words) instead of English-only words.
 * v3: German, Spanish and French words by their English translations too (word-vectors.ts).
 */
export function createLocalEmbedder(dimensions: number): Embedder {
  return {
    name: "local-glove-hashing-v3",
    dimensions,
    maxInputChars: MAX_INPUT_CHARS,
    multilingual: false,
    chanceSimilarity: CHANCE_SIMILARITY,
    async embed(texts, options) {
      return Promise.all(
        texts.map((text) =>
          localEmbedding(text, dimensions, options?.language ?? detectLanguage(text.slice(0, 2000)).language),
        ),
      );
    },
    unavailableReason: wordVectorsMissing,
  };
}
