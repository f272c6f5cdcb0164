import type { SpokenSentence } from "./engine";

/**
 * Listening time, estimated (issue 36): speech engines say nothing about duration in advance, so the player counts
 * characters. About 15 characters a second at 1x (roughly 165 words a minute in English, a common default rate of
 * system voices), plus the pauses the browser engine makes after headings, list items and quotes.
 */
export const CHARS_PER_SECOND = 15;

/** Silence after a sentence of this kind, at 1x, in milliseconds (browser-engine.ts waits this long). */
export const PAUSE_AFTER_MS: Record<SpokenSentence["kind"], number> = {
  heading: 700,
  "list-item": 350,
  quote: 450,
  paragraph: 0,
};

/** The speeds the player offers. */
export const RATES = [0.75, 1, 1.25, 1.5, 1.75, 2] as const;

/** Seconds to say one sentence, its pause included, at `rate`. */
export function sentenceSeconds(sentence: SpokenSentence, rate: number): number {
  return (sentence.text.length / CHARS_PER_SECOND + PAUSE_AFTER_MS[sentence.kind] / 1000) / rate;
}

/** Seconds from the start to the start of sentence `index`. */
export function secondsBefore(sentences: readonly SpokenSentence[], index: number, rate: number): number {
  let total = 0;
  for (let i = 0; i < Math.min(index, sentences.length); i++)
    total += sentenceSeconds(sentences[i] as SpokenSentence, rate);
  return total;
}

export function totalSeconds(sentences: readonly SpokenSentence[], rate: number): number {
  return secondsBefore(sentences, sentences.length, rate);
}

/**
 * The sentence to go to for "back 30 s" or "forward 30 s" from the start of sentence `from`: the one being said
 * `delta` seconds away, within the script. Always moves at least one sentence when it can, so a long sentence
 * never makes the button do nothing.
 */
export function sentenceAfterSeconds(
  sentences: readonly SpokenSentence[],
  from: number,
  delta: number,
  rate: number,
): number {
  if (sentences.length === 0) return 0;
  const target = secondsBefore(sentences, from, rate) + delta;
  let index = 0;
  let at = 0;
  while (index < sentences.length - 1 && at + sentenceSeconds(sentences[index] as SpokenSentence, rate) <= target) {
    at += sentenceSeconds(sentences[index] as SpokenSentence, rate);
    index++;
  }
  if (target <= 0) index = 0;
  if (delta > 0 && index <= from) index = Math.min(sentences.length - 1, from + 1);
  if (delta < 0 && index >= from) index = Math.max(0, from - 1);
  return index;
}

/** "4:05", "1:02:03": a clock for elapsed and remaining time. */
export function formatClock(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/**
 * "4:05 left": the time still to listen, never below zero and never written with a minus sign, which read as a
 * negative time ("-0:00" at the end) to the people who tried it.
 */
export function remainingClock(totalSeconds: number, elapsedSeconds: number): string {
  return `${formatClock(Math.max(0, totalSeconds - elapsedSeconds))} left`;
}
