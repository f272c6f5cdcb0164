import { embedMany } from "ai";
import { createWorkersAI } from "workers-ai-provider";
import type { Embedder } from "../../ports/embedder";

/** Workers AI embeddings (a multilingual model by default, `@cf/baai/bge-m3`). */
export function createWorkersAiEmbedder(binding: Ai, modelId: string, dimensions: number): Embedder {
  const model = createWorkersAI({ binding }).embedding(
    modelId as Parameters<ReturnType<typeof createWorkersAI>["embedding"]>[0],
  );
  return {
    name: `workers-ai:${modelId}`,
    dimensions,
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
