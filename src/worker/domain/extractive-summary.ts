import { STOP_WORDS, splitSentences, tokenize } from "./text";

const MIN_BULLETS = 3;
const MAX_BULLETS = 6;
const MAX_SENTENCE_CHARS = 320;

/** "By Jane Doe", "Written by A. Smith and B. Jones": a byline line that Readability leaves in the text. */
const BYLINE = /^(?:(?:written |words |reported )?by|von|par|por|di|door)\s+[\p{L}\p{M}.'’ ,&-]{2,80}$/iu;

/** "© Provided by …", "Photo: Jane Doe/Getty Images", "Image credit: NASA": an image's credit line, never a gist. */
const CREDIT =
  /^(?:©|\(c\)\s|copyright\b|(?:photo(?:graph)?|image|picture|illustration)s?(?: credit)?\s*(?::|by\b)|credits?:)/iu;

/**
 * Reads as a sentence: no small letter first (a line of hard-wrapped text), and a full stop, "!", "?", "…", a
 * colon before a list or formula, or a CJK, Arabic or Devanagari mark last (maybe inside quotes).
 */
const READS_AS_A_SENTENCE = /^(?!\p{Ll}).*[.!?…:。！？؟।：]["'”’»)\]]*$/u;

/**
 * An extractive summary in the required shape: a bold one-line gist, then 3 to 6 bullet points, all taken
 * from the article's own sentences (so it is always in the article's language).
 *
 * Sentences are scored by the summed document frequency of their content words (normalised by length),
 * with a bonus for early position and for words from the title; bullets keep the article's order.
 */
export function summarizeExtractively(title: string, text: string): string {
  const pool = candidateSentences(title, text);
  if (pool.length === 0) return title.trim() ? `**${title.trim()}**` : "";

  const frequency = new Map<string, number>();
  const contentWords = pool.map((s) => tokenize(s).filter((w) => w.length > 2 && !STOP_WORDS.has(w)));
  for (const words of contentWords) for (const w of new Set(words)) frequency.set(w, (frequency.get(w) ?? 0) + 1);
  const titleWords = new Set(tokenize(title));

  const scored = pool.map((sentence, index) => {
    const words = contentWords[index] ?? [];
    const weight = words.reduce((sum, w) => sum + (frequency.get(w) ?? 0) + (titleWords.has(w) ? 2 : 0), 0);
    const positionBonus = 1 + 1 / (1 + index);
    return { sentence, index, score: (weight / Math.sqrt(words.length + 1)) * positionBonus };
  });

  const ranked = [...scored].sort((a, b) => b.score - a.score || a.index - b.index);
  const gist = ranked[0];
  if (!gist) return "";
  const bulletCount = Math.min(MAX_BULLETS, Math.max(MIN_BULLETS, Math.round(pool.length / 8)));
  const bullets = ranked
    .slice(1, 1 + bulletCount)
    .sort((a, b) => a.index - b.index)
    .map((s) => `- ${s.sentence}`);
  // Short articles may have fewer sentences than the minimum: repeat nothing, just list what there is.
  return [`**${gist.sentence}**`, "", ...bullets].join("\n").trim();
}

/**
 * The sentences a summary may quote. Headings, captions, credits and table rows have no full stop ("Monitoring
 * Distributed Systems", "Spencer Platt/Getty Images News"): they are left out when the article has prose
 * enough for a gist and its bullets, and so is a line that only repeats the title.
 */
function candidateSentences(title: string, text: string): string[] {
  const titleKey = comparable(title);
  const all = splitSentences(text).filter((s) => !BYLINE.test(s) && !CREDIT.test(s));
  const fitting = all.filter((s) => s.length >= 20 && s.length <= MAX_SENTENCE_CHARS);
  const prose = fitting.filter((s) => READS_AS_A_SENTENCE.test(s) && comparable(s) !== titleKey);
  if (prose.length > MIN_BULLETS) return prose;
  if (fitting.length > 0) return fitting;
  return all.map((s) => s.slice(0, MAX_SENTENCE_CHARS));
}

function comparable(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
}
