import { LISTEN_CHUNK_LIMITS } from "../../domain/listening/chunk-rules";
import { primaryLanguage } from "../../domain/listening/speech-language";
import {
  type SpeechAudio,
  type SpeechSynthesizer,
  SpeechUnavailable,
  type SpeechVoice,
} from "../../ports/speech-synthesizer";

/**
 * The Workers AI text-to-speech voice per language (checked 2026-11-28, docs/ai.md#text-to-speech-models): Deepgram
 * Aura-2 speaks English and Spanish. MeloTTS (`@cf/myshell-ai/melotts`) lists more languages, but its `lang` other
 * than `en` answers `8002: Invalid input` or unintelligible audio (cloudflare/cloudflare-docs#23308), so no language
 * is mapped to it: the browser's voice reads those, or the player says there is none.
 */
export const WORKERS_AI_VOICES: Readonly<Record<string, { model: string; speaker: string }>> = {
  en: { model: "@cf/deepgram/aura-2-en", speaker: "luna" },
  es: { model: "@cf/deepgram/aura-2-es", speaker: "aquila" },
};

/** Workers AI error codes that mean "busy, try again": 3036 rate limited, 3040 out of capacity, 3007 timeout. */
const BUSY_CODES = /^(3036|3040|3007)\b/;

type SpeechAi = {
  run(model: string, inputs: Record<string, unknown>, options: { returnRawResponse: true }): Promise<unknown>;
};

function base64Bytes(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function streamOf(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}

/**
 * What the binding answered, as audio. Asked with `returnRawResponse`, it answers the model's HTTP response (its
 * body streamed as the model renders); the other shapes the binding has answered for speech models are accepted
 * too: a bare stream, bytes, and MeloTTS's `{ audio: base64 }`.
 */
async function toAudio(answer: unknown): Promise<SpeechAudio> {
  if (answer instanceof Response) {
    if (!answer.ok || !answer.body) {
      const text = (await answer.text().catch(() => "")).slice(0, 300);
      const busy = answer.status === 429 || answer.status === 503 || answer.status === 408 || BUSY_CODES.test(text);
      throw new SpeechUnavailable(busy ? "busy" : "failed", `The speech model answered ${answer.status}: ${text}`);
    }
    const contentType = answer.headers.get("content-type") ?? "audio/mpeg";
    if (!contentType.startsWith("audio/")) {
      const text = (await answer.text().catch(() => "")).slice(0, 300);
      throw new SpeechUnavailable("failed", `The speech model answered ${contentType}, not audio: ${text}`);
    }
    return { contentType, body: answer.body };
  }
  if (answer instanceof ReadableStream) return { contentType: "audio/mpeg", body: answer };
  if (answer instanceof Uint8Array) return { contentType: "audio/mpeg", body: streamOf(answer) };
  if (answer instanceof ArrayBuffer) return { contentType: "audio/mpeg", body: streamOf(new Uint8Array(answer)) };
  const audio = (answer as { audio?: unknown } | null)?.audio;
  if (typeof audio === "string" && audio.length > 0)
    return { contentType: "audio/mpeg", body: streamOf(base64Bytes(audio)) };
  throw new SpeechUnavailable("failed", "The speech model answered no audio");
}

/** Workers AI text-to-speech through the `AI` binding: MP3, streamed through as the model renders it. */
export function createWorkersAiSpeechSynthesizer(ai: Ai): SpeechSynthesizer {
  const binding = ai as unknown as SpeechAi;
  return {
    name: `workers-ai:${Object.values(WORKERS_AI_VOICES)
      .map((voice) => voice.model)
      .join(",")}`,
    engine: "cloud",
    maxChars: LISTEN_CHUNK_LIMITS.modelMaxChars,
    voiceFor(language): SpeechVoice | null {
      const primary = primaryLanguage(language);
      const voice = WORKERS_AI_VOICES[primary];
      return voice ? { ...voice, language: primary } : null;
    },
    async synthesize(text, voice) {
      let answer: unknown;
      try {
        // No retries here: the player asks again or falls back to the browser's voice at once.
        answer = await binding.run(
          voice.model,
          { text, speaker: voice.speaker, encoding: "mp3" },
          { returnRawResponse: true },
        );
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        throw new SpeechUnavailable(
          BUSY_CODES.test(message) ? "busy" : "failed",
          `The speech model failed: ${message}`,
        );
      }
      return toAudio(answer);
    },
  };
}
