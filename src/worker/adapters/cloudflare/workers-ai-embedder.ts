import { embedMany } from "ai";
import { createWorkersAI } from "workers-ai-provider";
import type { Embedder } from "../../ports/embedder";

/**
 * Characters sent to the model: bge-m3 reads at most 8,192 tokens, and 8,000 characters stay under that even
 * for scripts with about one token per character.
 */
const MAX_INPUT_CHARS = 8_000;
/** bge-m3 takes at most 100 texts per call; `embedMany` splits longer lists into calls of this size. */
export const MAX_TEXTS_PER_CALL = 100;

/** Workers AI embeddings (a multilingual model by default, `@cf/baai/bge-m3`). */
export function createWorkersAiEmbedder(binding: Ai, modelId: string, dimensions: number): Embedder {
  const model = createWorkersAI({ binding }).embedding(
    modelId as Parameters<ReturnType<typeof createWorkersAI>["embedding"]>[0],
    // One call at a time: parallel batches would spend the account's requests-per-minute in bursts.
    { maxEmbeddingsPerCall: MAX_TEXTS_PER_CALL, supportsParallelCalls: false },
  );
  return {
    name: `workers-ai:${modelId}`,
    dimensions,
    maxInputChars: MAX_INPUT_CHARS,
    // bge-m3 (the default model) is trained for more than 100 languages in one space, across languages too
    // (the model card: "Multi-Linguality"); another configured model is taken to be so as well.
    multilingual: true,
    async embed(texts) {
      if (texts.length === 0) return [];
      // Retries belong to the caller (a Workflow step, or a search that degrades to full text).
      const { embeddings } = await embedMany({ model, values: texts, maxRetries: 0 });
      for (const vector of embeddings) {
        if (vector.length !== dimensions) {
          throw new Error(`Embedding model ${modelId} returned ${vector.length} dimensions, configured ${dimensions}`);
        }
      }
      return embeddings;
    },
  };
}
