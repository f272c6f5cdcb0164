import { localEmbedding } from "../../domain/embedding/text-embedding";
import type { Embedder } from "../../ports/embedder";

/**
 * The local embedder: GloVe word vectors for meaning plus feature-hashed words (see
 * domain/embedding/text-embedding). Deterministic, no network. The name is also the local vector index's
 * space (d1-vector-index): change it whenever the vectors change, so vectors of two versions are never compared.
 */
export function createLocalEmbedder(dimensions: number): Embedder {
  return {
    name: "local-glove-hashing-v1",
    dimensions,
    async embed(texts) {
      return Promise.all(texts.map((text) => localEmbedding(text, dimensions)));
    },
  };
}
