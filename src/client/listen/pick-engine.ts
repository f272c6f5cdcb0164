import type { SpeechEngine } from "./engine";

/**
 * The engine that will read `lang`: the first in `engines` (in order of preference: the cloud voice, then the
 * browser's) that says it can, or null when none can, so the player says so instead of reading German with an
 * English voice. An engine whose check fails counts as unable.
 */
export async function pickEngine(lang: string, engines: readonly SpeechEngine[]): Promise<SpeechEngine | null> {
  for (const engine of engines) {
    const able = await engine.supports(lang).catch(() => false);
    if (able) return engine;
  }
  return null;
}
