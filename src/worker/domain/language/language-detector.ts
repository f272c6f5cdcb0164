/**
 * The detection pipeline, independent of which ELD database backs it. The script of the text
 * decides most languages outright (see script-rules); only Latin and Cyrillic text, where many
 * languages share one alphabet, goes to the n-gram model, and ELD's single Malay class is split
 * into Indonesian and Malay by malay-indonesian.
 */

import { malayOrIndonesian } from "./malay-indonesian";
import { profileScripts } from "./script-profile";
import {
  arabicScriptLanguage,
  CYRILLIC_LANGUAGES,
  cyrillicCandidates,
  hanLanguage,
  hebrewLanguage,
  languageOfScript,
} from "./script-rules";

export interface DetectedLanguage {
  /** ISO 639-1 code, lower case. */
  language: string;
  /** 0-1; 0 when there was nothing to detect and `language` is only the default. */
  confidence: number;
}

/** What we answer when there is nothing to go on: the product's most common language, with no confidence. */
const FALLBACK: DetectedLanguage = { language: "en", confidence: 0 };

/**
 * Characters looked at. A few thousand characters of an article are as telling as the whole of it,
 * and the cost of detection must not grow with article length.
 */
const SAMPLE_CHARS = 4000;

/**
 * ELD reads at most ~350 UTF-8 bytes of its input, so longer samples are cut into pieces below that
 * and the pieces' scores are averaged; otherwise a long article would be judged on its first lines.
 */
const CHUNK_BYTES = 320;

/**
 * Latin-script languages the model may answer with: the product languages plus a few European
 * ones with their own model class, so that, say, a Slovenian article is not forced into Croatian.
 * ELD has one class for Malay and Indonesian ("ms") and calls Norwegian Bokmål "no".
 */
const LATIN_LANGUAGES: readonly string[] = [
  ..."en de fr es it pt nl sv da no fi pl cs sk ro hu tr hr ca vi ms".split(" "),
  ..."et lv lt sl is sq".split(" "),
];

/** ELD's codes that differ from the ISO 639-1 code we store. */
const FROM_MODEL_CODE: Readonly<Record<string, string>> = { no: "nb" };

/**
 * The part of an ELD instance the detector uses. Any ELD database size fits, which is what lets
 * scripts/bench-lang.ts weigh the sizes against each other with the same rules around them.
 */
export interface NgramModel {
  newInstance(): NgramModel;
  setLanguageSubset(languages: string[]): unknown;
  detect(text: string): { getScores(): Record<string, number> };
}

/** Builds a detector around an ELD model (see detect-language.ts for the one the app uses). */
export function createLanguageDetector(model: NgramModel): (text: string) => DetectedLanguage {
  const subsetOf = (languages: readonly string[]) => {
    // Instances share the loaded database; the subset only filters the final scores.
    const instance = model.newInstance();
    instance.setLanguageSubset([...languages]);
    return instance;
  };
  const latinModel = subsetOf(LATIN_LANGUAGES);
  const cyrillicModel = subsetOf(CYRILLIC_LANGUAGES);
  return (text) => detect(text, latinModel, cyrillicModel);
}

/**
 * Builds a scorer around an ELD model: the model's score of each of `languages` for a text (the same sample and
 * chunking as detection, averaged over chunks), for callers that weigh the n-grams against other evidence, such
 * as a chat question's words (domain/answers/question-language). Languages the model scored 0 are left out.
 */
export function createLanguageScorer(
  model: NgramModel,
): (text: string, languages: readonly string[]) => Map<string, number> {
  const subsets = new Map<string, NgramModel>();
  return (text, languages) => {
    const key = languages.join(",");
    let instance = subsets.get(key);
    if (!instance) {
      instance = model.newInstance();
      instance.setLanguageSubset([...languages]);
      subsets.set(key, instance);
    }
    return averagedScores(instance, sampleOf(text));
  };
}

function detect(text: string, latinModel: NgramModel, cyrillicModel: NgramModel): DetectedLanguage {
  const sample = sampleOf(text);
  const profile = profileScripts(sample);
  const script = profile.dominant;
  if (script === undefined || profile.letters === 0) return { ...FALLBACK };

  // Scripts are certain; what is left uncertain is whether the sample had enough letters to go on.
  const base = profile.dominance * Math.min(1, 0.5 + profile.letters / 80);
  const result = (language: string, certainty = 1): DetectedLanguage => ({
    language,
    confidence: Math.round(base * certainty * 100) / 100,
  });

  const single = languageOfScript(script);
  if (single !== undefined) return result(single);

  switch (script) {
    case "han":
    case "kana":
      return result(hanLanguage(profile));
    case "hebrew":
      return result(hebrewLanguage(sample, profile));
    case "arabic": {
      const guess = arabicScriptLanguage(sample, profile);
      return result(guess.language, guess.decided ? 1 : 0.6);
    }
    case "cyrillic": {
      const candidates = cyrillicCandidates(sample, profile);
      if (candidates.length === 1 && candidates[0] !== undefined) return result(candidates[0]);
      const ranked = score(cyrillicModel, sample, candidates);
      return ranked === undefined ? result("ru", 0.3) : result(ranked.language, ranked.certainty);
    }
    default: {
      const ranked = score(latinModel, sample, LATIN_LANGUAGES);
      if (ranked === undefined) return result("en", 0.3);
      if (ranked.language !== "ms") return result(ranked.language, ranked.certainty);
      const guess = malayOrIndonesian(sample);
      return result(guess.language, ranked.certainty * (guess.byVocabulary ? 1 : 0.6));
    }
  }
}

/**
 * URLs, e-mail addresses and Latin codes with digits ("MP3", "A4", "2024") are language-neutral noise
 * for n-grams. ASCII-only on purpose: CJK text has no spaces, so "any non-space run" would be a sentence.
 */
const NOISE = /(?:https?:\/\/|www\.)[\w\-.~:/?#[\]@!$&'()*+,;=%]+|[\w.+-]+@[\w-]+\.[\w.-]+|[a-z]*\d[a-z\d]*/gi;

function sampleOf(text: string): string {
  return text
    .slice(0, SAMPLE_CHARS * 2)
    .replace(NOISE, " ")
    .replace(/\s+/gu, " ")
    .trim()
    .slice(0, SAMPLE_CHARS);
}

interface Ranked {
  language: string;
  /** 0.5-1: how clearly the winner beat the runner-up. */
  certainty: number;
}

/** The model's scores summed over chunks of the sample, each chunk weighed by its length in bytes. */
function averagedScores(model: NgramModel, sample: string): Map<string, number> {
  const totals = new Map<string, number>();
  let bytes = 0;
  for (const chunk of chunksOf(sample)) {
    const scores = model.detect(chunk.text).getScores();
    bytes += chunk.bytes;
    for (const [language, value] of Object.entries(scores)) {
      totals.set(language, (totals.get(language) ?? 0) + value * chunk.bytes);
    }
  }
  if (bytes > 0) for (const [language, value] of totals) totals.set(language, value / bytes);
  return totals;
}

/** Averages the model's scores over chunks of the sample and picks the best allowed language. */
function score(model: NgramModel, sample: string, allowed: readonly string[]): Ranked | undefined {
  const totals = averagedScores(model, sample);

  let best: string | undefined;
  let top = 0;
  let second = 0;
  for (const language of allowed) {
    const value = totals.get(language) ?? 0;
    if (value > top) {
      second = top;
      top = value;
      best = language;
    } else if (value > second) {
      second = value;
    }
  }
  if (best === undefined) return undefined;
  return {
    language: FROM_MODEL_CODE[best] ?? best,
    certainty: Math.min(1, 0.5 + (10 * (top - second)) / top),
  };
}

/** Splits at spaces into pieces of at most CHUNK_BYTES UTF-8 bytes (a lone longer word is its own piece). */
function chunksOf(sample: string): Array<{ text: string; bytes: number }> {
  const chunks: Array<{ text: string; bytes: number }> = [];
  let words: string[] = [];
  let bytes = 0;
  for (const word of sample.split(" ")) {
    const size = utf8Length(word) + 1;
    if (bytes > 0 && bytes + size > CHUNK_BYTES) {
      chunks.push({ text: words.join(" "), bytes });
      words = [];
      bytes = 0;
    }
    words.push(word);
    bytes += size;
  }
  if (bytes > 0) chunks.push({ text: words.join(" "), bytes });
  return chunks;
}

function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // Surrogate pairs count 2 + 2 = 4 bytes, as in UTF-8.
    bytes += code < 0x80 ? 1 : code < 0x800 || (code >= 0xd800 && code < 0xe000) ? 2 : 3;
  }
  return bytes;
}
