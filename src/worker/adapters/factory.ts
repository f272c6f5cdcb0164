import type { AppConfig } from "../config";
import type { Database } from "../db/client";
import { ConfigurationError } from "../domain/errors";
import { primaryLanguage } from "../domain/listening/speech-language";
import type { AudioCache } from "../ports/audio-cache";
import type { Embedder } from "../ports/embedder";
import type { LanguageModel } from "../ports/language-model";
import type { PageRenderer } from "../ports/page-renderer";
import type { SpeechSynthesizer } from "../ports/speech-synthesizer";
import type { VectorIndex } from "../ports/vector-index";
import { createBrowserRenderingRenderer } from "./browser-rendering-renderer";
import { createVectorizeIndex } from "./cloudflare/vectorize-index";
import { createWorkersAiEmbedder } from "./cloudflare/workers-ai-embedder";
import { createWorkersAiLanguageModel } from "./cloudflare/workers-ai-language-model";
import { createWorkersAiSpeechSynthesizer } from "./cloudflare/workers-ai-speech-synthesizer";
import { createBrowserVoiceSynthesizer } from "./local/browser-voice-synthesizer";
import { createD1VectorIndex } from "./local/d1-vector-index";
import { createExtractiveLanguageModel } from "./local/extractive-language-model";
import { createFakeSpeechModel, type FakeSpeechModel } from "./local/fake-speech-model";
import { createLocalEmbedder } from "./local/local-embedder";
import { createR2AudioCache } from "./r2-audio-cache";

export interface Adapters {
  languageModel: LanguageModel;
  embedder: Embedder;
  vectorIndex: VectorIndex;
  pageRenderer: PageRenderer;
  /** Listen (issue 36): Workers AI text-to-speech, or locally none (the browser's voice reads). */
  speech: SpeechSynthesizer;
  /** Rendered speech, on R2 in every environment. */
  audioCache: AudioCache;
}

/** The bindings the adapters may use; `AI` and `VECTORIZE` exist only in staging and production. */
export type AdapterBindings = Pick<Env, "BROWSER" | "AUDIO_CACHE"> & { AI?: Ai; VECTORIZE?: VectorizeIndex };

/**
 * The local server's fake speech model (LISTEN_FAKE_SPEECH), one per isolate so failures a test plans for it
 * (POST /api/dev/fake-speech/failures) reach the render that follows.
 */
export const localFakeSpeechModel: FakeSpeechModel = createFakeSpeechModel();

/**
 * Development with LISTEN_FAKE_SPEECH: the real Workers AI speech adapter over the faithful fake of the models, for
 * the configured languages only (the others stay the browser's, as every language is without the setting).
 */
function fakeCloudSpeech(languages: string[]): SpeechSynthesizer {
  const workersAi = createWorkersAiSpeechSynthesizer(localFakeSpeechModel as unknown as Ai);
  return {
    ...workersAi,
    name: `local-fake-speech:${languages.join(",")}`,
    voiceFor: (language) => (languages.includes(primaryLanguage(language)) ? workersAi.voiceFor(language) : null),
  };
}

/**
 * The one place that picks adapters. `AI_PROVIDER=cloudflare` without its bindings is a deployment error,
 * reported loudly, never silently replaced by the local adapters.
 */
export function createAdapters(config: AppConfig, bindings: AdapterBindings, db: Database): Adapters {
  const pageRenderer = createBrowserRenderingRenderer(bindings.BROWSER);
  const audioCache = createR2AudioCache(bindings.AUDIO_CACHE);
  if (config.aiProvider === "local") {
    const embedder = createLocalEmbedder(config.embeddingDimensions);
    return {
      languageModel: createExtractiveLanguageModel(),
      embedder,
      vectorIndex: createD1VectorIndex(db, embedder.name),
      pageRenderer,
      speech:
        config.listenFakeSpeech.length > 0 ? fakeCloudSpeech(config.listenFakeSpeech) : createBrowserVoiceSynthesizer(),
      audioCache,
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
    speech: createWorkersAiSpeechSynthesizer(bindings.AI),
    audioCache,
  };
}
