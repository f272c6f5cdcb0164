import { embedMany } from "ai";
import { createWorkersAI } from "workers-ai-provider";
import type { Embedder } from "../../ports/embedder";

/**
 * Characters sent to the model: bge-m3 reads at most 8,192 tokens, and 8,000 characters stay under that even
 * for scripts with about one token per character.
 */
const MAX_INPUT_CHARS = 8_000;

/** Workers AI embeddings (a multilingual model by default, `@cf/baai/bge-m3`). */
export function createWorkersAiEmbedder(binding: Ai, modelId: string, dimensions: number): Embedder {
  const model = createWorkersAI({ binding }).embedding(
    modelId as Parameters<ReturnType<typeof createWorkersAI>["embedding"]>[0],
  );
  return {
    name: `workers-ai:${modelId}`,
    dimensions,
    maxInputChars: MAX_INPUT_CHARS,
    async embed(texts) {
      if (texts.length === 0) return [];
      const { embeddings } = await embedMany({ model, values: texts });
      for (const vector of embeddings) {
        if (vector.length !== dimensions) {
          throw new Error(`Embedding model ${modelId} returned ${vector.length} dimensions, configured ${dimensions}`);
        }
      }
      return embeddings;
    },
  };
}
