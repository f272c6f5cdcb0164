/**
 * Choosing a device voice for a language (issue 36), pure: the voice list is what `speechSynthesis.getVoices()`
 * gives, reduced to the fields that matter.
 */
export interface VoiceInfo {
  lang: string;
  name: string;
  localService: boolean;
  default: boolean;
}

/** "pt_BR", "PT-br" -> "pt-br": voices report tags with either separator and any case. */
export function normalizeTag(tag: string): string {
  return tag.replace(/_/g, "-").toLowerCase();
}

/**
 * The best voice for `lang` (BCP 47): one with exactly that tag, else one of the same language ("de" finds "de-DE",
 * "pt-BR" falls back to "pt-PT"); among equals the device's default, then a voice on the device (it works offline
 * and does not stop after 15 seconds as some network voices do). Null when no voice speaks the language.
 */
export function voiceFor<V extends VoiceInfo>(voices: readonly V[], lang: string): V | null {
  const wanted = normalizeTag(lang);
  const primary = wanted.split("-")[0] ?? wanted;
  const score = (voice: V): number => {
    const tag = normalizeTag(voice.lang);
    if (tag !== wanted && tag.split("-")[0] !== primary) return -1;
    return (tag === wanted ? 4 : 0) + (voice.default ? 2 : 0) + (voice.localService ? 1 : 0);
  };
  let best: V | null = null;
  let bestScore = -1;
  for (const voice of voices) {
    const s = score(voice);
    if (s > bestScore) {
      best = voice;
      bestScore = s;
    }
  }
  return best;
}
