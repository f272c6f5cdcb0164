import { createBrowserEngine } from "./browser-engine";
import type { SpeechEngine } from "./engine";

/**
 * The engines Listen may use, in order of preference (pick-engine.ts takes the first that speaks the language):
 * the cloud voice first once it exists (cloud-engine.ts, deployed), then the browser's own voices.
 */
export function listeningEngines(): SpeechEngine[] {
  return [createBrowserEngine()];
}
