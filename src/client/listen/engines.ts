import { createBrowserEngine } from "./browser-engine";
import { createCloudEngine } from "./cloud-engine";
import type { SpeechEngine } from "./engine";

/**
 * The engines that may read an article's content or summary, in order of preference (pick-engine.ts takes the
 * first that speaks the language): the cloud voice (Workers AI, deployed; the server says "browser" locally and for
 * a language no model speaks), then the browser's own voices.
 */
export function listeningEngines(articleId: number, source: "content" | "summary"): SpeechEngine[] {
  return [createCloudEngine({ articleId, source }), createBrowserEngine()];
}
