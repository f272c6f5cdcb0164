import { STOP_WORDS } from "../text";
import { abbreviationsFor, ORDINAL_DOT_LANGUAGES } from "./abbreviations";

/**
 * The product's one sentence segmenter (summaries, match explanations): Unicode's sentence rules through
 * `Intl.Segmenter` (the same ICU rules in workerd and Node), then three repairs ICU does not make:
 * - a full stop after an abbreviation, an initial, a dotted acronym ("U.N.") or, in languages that write
 *   them so, an ordinal number ("am 3. Oktober") does not end the sentence (abbreviations.ts);
 * - a quotation left open ("“We will win. We are strong,” he said.") goes on to where it closes;
 * - a "!" or "?" before a small letter ('the "aha!" moment') does not end it, as a full stop already does not.
 * A line break always ends a sentence: a heading or a byline has no full stop and must not be glued to the next
 * paragraph. A news dateline ("BERLIN (dpa) -") is a segment of its own, so the sentence after it starts clean.
 */
export function splitSentences(text: string, language?: string): string[] {
  return joinWrappedLines(text.split(/\n+/)).flatMap((line) => sentencesOfLine(line, language));
}

/**
 * Lines with whitespace collapsed, a hard-wrapped line (one that starts with a small letter after a line
 * with no end mark, as in text laid out with <br>) joined to the line before it.
 */
function joinWrappedLines(lines: string[]): string[] {
  const joined: string[] = [];
  for (const raw of lines) {
    const line = raw.replace(/\s+/g, " ").trim();
    if (!line) continue;
    const previous = joined.length - 1;
    if (previous >= 0 && /^\p{Ll}/u.test(line) && !/[.!?;:…。！？؟।]["'”’»)\]]*$/u.test(joined[previous] ?? "")) {
      joined[previous] = `${joined[previous]} ${line}`;
    } else joined.push(line);
  }
  return joined;
}

/**
 * A news dateline: "BERLIN (dpa) -", "WASHINGTON —", "PARIS, 12 mars (AFP) –", "LONDON, Nov 3 (Reuters) -": a
 * place of three or more capitals, maybe a date and an agency, then a dash.
 */
const PLACE_AND_DASH = String.raw`\p{Lu}[\p{Lu}\p{M}.'’ -]+\p{Lu}(?:\/\p{Lu}[\p{Lu} ]*)?(?:, [\p{L}\p{N}. ]{1,30})?(?: \([\p{L}\p{N}/ .&-]{1,30}\))? ?[-–—]{1,2}`;
/** A dateline at the start of a paragraph, before a capitalised first word ("AI — the idea" is no dateline). */
const DATELINE_START = new RegExp(`^(${PLACE_AND_DASH}) (?=["“„«]?\\p{Lu})`, "u");
/** A segment that is a dateline and nothing else. */
export const DATELINE = new RegExp(`^${PLACE_AND_DASH}$`, "u");

/** How far a sentence may run on to close a quotation it opened. */
const MAX_QUOTE_CHARS = 1200;

const segmenters = new Map<string, Intl.Segmenter>();

function segmenterFor(language: string | undefined): Intl.Segmenter {
  const key = language ?? "";
  let segmenter = segmenters.get(key);
  if (!segmenter) {
    try {
      segmenter = new Intl.Segmenter(language || undefined, { granularity: "sentence" });
    } catch {
      // An invalid language tag from a page's markup: the root locale's rules are the same for our purpose.
      segmenter = new Intl.Segmenter(undefined, { granularity: "sentence" });
    }
    segmenters.set(key, segmenter);
  }
  return segmenter;
}

function sentencesOfLine(line: string, language: string | undefined): string[] {
  if (!line) return [];
  const dateline = DATELINE_START.exec(line);
  if (dateline?.[1]) return [dateline[1], ...sentencesOfLine(line.slice(dateline[0].length), language)];
  const pieces = [...segmenterFor(language).segment(line)].map((s) => s.segment);
  const sentences: string[] = [];
  let current = "";
  for (let i = 0; i < pieces.length; i++) {
    current += pieces[i];
    const next = pieces[i + 1];
    if (next !== undefined && goesOn(current, next, pieces, i, language)) continue;
    sentences.push(current.trim());
    current = "";
  }
  return sentences.filter((s) => s.length > 0);
}

/**
 * Offsets in `text` just after each sentence's end (and the spaces after it), by the same rules as
 * splitSentences but on the text as it is: for cutting a long text into parts without reflowing it.
 */
export function sentenceEnds(text: string, language?: string): number[] {
  const pieces = [...segmenterFor(language).segment(text)].map((s) => s.segment);
  const ends: number[] = [];
  let current = "";
  let at = 0;
  for (let i = 0; i < pieces.length; i++) {
    current += pieces[i];
    at += pieces[i]?.length ?? 0;
    const next = pieces[i + 1];
    if (next !== undefined && goesOn(current, next, pieces, i, language)) continue;
    ends.push(at);
    current = "";
  }
  return ends;
}

/** Whether the sentence read so far (`current`, ending with pieces[i]) goes on into `next`. */
function goesOn(current: string, next: string, pieces: string[], i: number, language: string | undefined): boolean {
  if (/^["'“”„«»‘’(]?\p{Ll}/u.test(next)) return true;
  if (endsInAbbreviation(current, next, language)) return true;
  if (quoteDepth(current) > 0) {
    // Only when the quotation closes within the next MAX_QUOTE_CHARS of this line: a stray inch mark (5'10")
    // or a quotation the page never closes must not swallow the paragraph. A quoted paragraph comes out as one
    // long sentence, which summaries leave out for its length: better than a bullet starting mid-quotation.
    let joined = current;
    for (let j = i + 1; j < pieces.length && joined.length <= MAX_QUOTE_CHARS; j++) {
      joined += pieces[j];
      if (quoteDepth(joined) <= 0) return true;
    }
  }
  return false;
}

const LAST_WORD = /(?:^|[\s("“„«'])([\p{L}\p{N}][\p{L}\p{N}.°-]*)\.["'”’»)\]]*\s*$/u;
const FIRST_WORD = /^["'“”„«»‘’(]*([\p{L}\p{N}'’]+)/u;

function endsInAbbreviation(current: string, next: string, language: string | undefined): boolean {
  const last = LAST_WORD.exec(current)?.[1];
  if (!last) return false;
  const word = last.toLowerCase();
  const abbreviations = abbreviationsFor(language);
  if (abbreviations.always.has(word)) return true;
  const nextWord = (FIRST_WORD.exec(next)?.[1] ?? "").toLowerCase().replace(/’/g, "'");
  const startsASentence = STOP_WORDS.has(nextWord);
  // An initial ("J. K. Rowling"), a dotted acronym ("U.S.", "EE.UU.") or a listed maybe-abbreviation.
  const ambiguous =
    abbreviations.maybe.has(word) || /^\p{Lu}$/u.test(last) || /^(?:\p{L}{1,2}\.)+\p{L}{1,2}$/u.test(last);
  if (ambiguous) return !startsASentence;
  // "am 3. Oktober" but not "im Jahr 1990. Danach": ordinals have at most three digits.
  if (language && ORDINAL_DOT_LANGUAGES.has(language) && /^\d{1,3}$/.test(last)) return !startsASentence;
  return false;
}

/** How many quotations are open at the end of `text`: straight double quotes pair up, curly ones nest. */
function quoteDepth(text: string): number {
  const lowOpening = text.includes("„"); // German and others open with „ and close with “.
  let depth = 0;
  let straight = 0;
  for (const ch of text) {
    if (ch === '"') straight ^= 1;
    else if (ch === "«" || ch === "„") depth++;
    else if (ch === "»" || ch === "”") depth--;
    else if (ch === "“") depth += lowOpening ? -1 : 1;
  }
  return Math.max(0, depth) + straight;
}
