import { type SpeechSynthesizer, SpeechUnavailable } from "../../ports/speech-synthesizer";

/**
 * The local default (no account, no network): this server renders no audio, and the reader's browser speaks with
 * the voices its device offers (Web Speech API). `GET /api/articles/:id/listen` says `engine: "browser"`.
 */
export function createBrowserVoiceSynthesizer(): SpeechSynthesizer {
  return {
    name: "local-browser-voice",
    engine: "browser",
    maxChars: 0,
    voiceFor: () => null,
    async synthesize() {
      throw new SpeechUnavailable("failed", "This server renders no audio: the browser's voice reads aloud.");
    },
  };
}
