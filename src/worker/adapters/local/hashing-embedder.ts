import { hashEmbedding } from "../../domain/text-embedding";
import type { Embedder } from "../../ports/embedder";

/** The local embedder: deterministic feature hashing (see domain/text-embedding). No network. */
export function createHashingEmbedder(dimensions: number): Embedder {
  return {
    name: "local-hashing",
    dimensions,
    async embed(texts) {
      return texts.map((text) => hashEmbedding(text, dimensions));
    },
  };
}
