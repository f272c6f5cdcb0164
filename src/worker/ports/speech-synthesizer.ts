/**
 * Renders text as speech for Listen (issue 36). Adapters: Workers AI text-to-speech (deployed), or the local one,
 * which renders nothing and sends the reader to the browser's own voices (Web Speech API).
 */

/** A model and one of its speakers, for one language. */
export interface SpeechVoice {
  /** The model id, e.g. `@cf/deepgram/aura-2-en`. */
  model: string;
  speaker: string;
  /** The language (ISO 639-1) this voice speaks. */
  language: string;
}

/** Audio as the model produced it: streamed through to the reader, never held whole by the caller. */
export interface SpeechAudio {
  /** The model's own content type, e.g. `audio/mpeg`. */
  contentType: string;
  body: ReadableStream<Uint8Array>;
}

/**
 * The model would not speak: `busy` (rate limit, capacity, timeout: try again soon) or `failed` (an error of the
 * model or an answer that is no audio). The reader's player falls back to the browser's voice either way.
 */
export class SpeechUnavailable extends Error {
  override readonly name = "SpeechUnavailable";
  constructor(
    readonly kind: "busy" | "failed",
    message: string,
  ) {
    super(message);
  }
}

export interface SpeechSynthesizer {
  /** A short name for health and logs; local adapters start with `local`. */
  readonly name: string;
  /** `cloud`: this server renders audio for the languages it has a voice for; `browser`: it renders none. */
  readonly engine: "cloud" | "browser";
  /**
   * The voice for a language (BCP 47; its primary subtag decides, so `pt-BR` is `pt`), or null when no model here
   * speaks it: the reader's browser reads it instead, or the player says no voice is available.
   */
  voiceFor(language: string): SpeechVoice | null;
  /**
   * Renders `text` (at most `maxChars` characters) with `voice`. Resolves as soon as the model starts answering,
   * with its audio as a stream; rejects with SpeechUnavailable when the model fails.
   */
  synthesize(text: string, voice: SpeechVoice): Promise<SpeechAudio>;
  /** The most characters one call may carry (Deepgram Aura-2: 1,000 per request). */
  readonly maxChars: number;
}
