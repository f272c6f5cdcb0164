import type { AppConfig } from "../config";
import type { Database } from "../db/client";
import { ConfigurationError } from "../domain/errors";
import type { Embedder } from "../ports/embedder";
import type { LanguageModel } from "../ports/language-model";
import type { PageRenderer } from "../ports/page-renderer";
import type { VectorIndex } from "../ports/vector-index";
import { createBrowserRenderingRenderer } from "./browser-rendering-renderer";
import { createVectorizeIndex } from "./cloudflare/vectorize-index";
import { createWorkersAiEmbedder } from "./cloudflare/workers-ai-embedder";
import { createWorkersAiLanguageModel } from "./cloudflare/workers-ai-language-model";
import { createD1VectorIndex } from "./local/d1-vector-index";
import { createExtractiveLanguageModel } from "./local/extractive-language-model";
import { createLocalEmbedder } from "./local/local-embedder";

export interface Adapters {
  languageModel: LanguageModel;
  embedder: Embedder;
  vectorIndex: VectorIndex;
  pageRenderer: PageRenderer;
}

/** The bindings the adapters may use; `AI` and `VECTORIZE` exist only in staging and production. */
export type AdapterBindings = Pick<Env, "BROWSER"> & { AI?: Ai; VECTORIZE?: VectorizeIndex };

/**
 * The one place that picks adapters. `AI_PROVIDER=cloudflare` without its bindings is a deployment error,
 * reported loudly, never silently replaced by the local adapters.
 */
export function createAdapters(config: AppConfig, bindings: AdapterBindings, db: Database): Adapters {
  const pageRenderer = createBrowserRenderingRenderer(bindings.BROWSER);
  if (config.aiProvider === "local") {
    const embedder = createLocalEmbedder(config.embeddingDimensions);
    return {
      languageModel: createExtractiveLanguageModel(),
      embedder,
      vectorIndex: createD1VectorIndex(db, embedder.name),
      pageRenderer,
    };
  }
  if (!bindings.AI || !bindings.VECTORIZE) {
    throw new ConfigurationError("AI_PROVIDER is 'cloudflare' but the AI or VECTORIZE binding is missing");
  }
  return {
    languageModel: createWorkersAiLanguageModel(bindings.AI, config.textModel),
    embedder: createWorkersAiEmbedder(bindings.AI, config.embeddingModel, config.embeddingDimensions),
    vectorIndex: createVectorizeIndex(bindings.VECTORIZE),
    pageRenderer,
  };
}
