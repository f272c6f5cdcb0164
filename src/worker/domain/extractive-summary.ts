import { isInterfaceMessage } from "./interface-text";
import { DATELINE, splitSentences } from "./sentences/segment";
import { contentStems } from "./words";

const MIN_BULLETS = 3;
const MAX_BULLETS = 6;
const MAX_SENTENCE_CHARS = 320;

/** "By Jane Doe", "Written by A. Smith and B. Jones": a byline line that Readability leaves in the text. */
const BYLINE = /^(?:(?:written |words |reported )?by|von|par|por|di|door)\s+[\p{L}\p{M}.'’ ,&-]{2,80}$/iu;

/** "© Provided by …", "Photo: Jane Doe/Getty Images", "Image credit: NASA": an image's credit line, never a gist. */
const CREDIT =
  /^(?:©|\(c\)\s|copyright\b|(?:photo(?:graph)?|image|picture|illustration)s?(?: credit)?\s*(?::|by\b)|credits?:)/iu;

/**
 * An image's caption or credit that reads as a sentence: "… in Malibu on Nov. 9. (AP Photo/Jae C. Hong)",
 * "(Foto: dpa)", "Photo: Reuters". Never a summary point, whatever its words.
 */
const CAPTION =
  /\((?:(?:AP|AFP|dpa|EPA|Reuters|Getty|Keystone|ANSA|EFE|Lusa|ANP|Belga)\b[^)]{0,60}|(?:photo|foto|bild|image|crédit|credit)s?\b[^)]{0,60})\)["'”»]?$|\b(?:AP Photo|Getty Images|Shutterstock|picture[ -]alliance|iStock)\b|^(?:foto|bild|photo|image|crédit photo|credit|photograph)s?\s*:/iu;

/**
 * A reference-list or footnote entry: Wikipedia's "^ mozilla.org Announces …", "[3] …", "↑ …", and the
 * "Retrieved 3 May 2020" / "Abgerufen am …" / "ISBN" of citations.
 */
const REFERENCE =
  /^(?:\^|↑|\[\d+\]|\d+\.\s*\^)|\b(?:Retrieved|Archived from the original|Abgerufen am|Consulté le|Consultado el|Recuperado em|Recuperado el|Estratto il|Geraadpleegd op)\b|\bISBN\b|\bdoi:\s*10\./iu;

/**
 * Reads as a sentence: it starts with a capital letter, a digit, an opening quote or a letter of a script
 * without case (not a small letter, not a closing quote: a line of hard-wrapped text or the middle of a
 * quotation), and ends in a full stop, "!", "?", "…" or a CJK, Arabic or Devanagari mark (maybe inside quotes).
 * Not a colon: "President Obama also said:" promises words the summary would not give.
 */
const READS_AS_A_SENTENCE = /^["'“„«‘(¿¡]*[\p{Lu}\p{Lt}\p{Lo}\p{N}].*[.!?…。！？؟।]["'”’»)\]]*$/u;

/** A statement, not a question or an exclamation: what the bold gist must be. */
const STATEMENT = /[.。।]["'”’»)\]]*$/u;

/**
 * An extractive summary in the required shape: a bold one-line gist, then 3 to 6 bullet points, all taken
 * from the article's own sentences (so it is always in the article's language).
 *
 * Sentences are scored by the summed document frequency of their content words (normalised by length),
 * with a bonus for early position and for words from the title; bullets keep the article's order. Words are
 * compared as stems, without the stop words of the article's language (domain/words): "Wahlen" in one
 * sentence counts for "Wahl" in another, and "Sie" or "auch" count for nothing.
 */
export function summarizeExtractively(title: string, text: string, language?: string): string {
  const pool = candidateSentences(title, text, language);
  if (pool.length === 0) return title.trim() ? `**${title.trim()}**` : "";

  const lang = language || "en";
  const frequency = new Map<string, number>();
  const contentWords = pool.map((s) => contentStems(s, lang));
  for (const words of contentWords) for (const w of new Set(words)) frequency.set(w, (frequency.get(w) ?? 0) + 1);
  const titleWords = new Set(contentStems(title, lang));

  const scored = pool.map((sentence, index) => {
    const words = contentWords[index] ?? [];
    const weight = words.reduce((sum, w) => sum + (frequency.get(w) ?? 0) + (titleWords.has(w) ? 2 : 0), 0);
    const positionBonus = 1 + 1 / (1 + index);
    return { sentence, index, score: (weight / Math.sqrt(words.length + 1)) * positionBonus };
  });

  const ranked = [...scored].sort((a, b) => b.score - a.score || a.index - b.index);
  // The gist says what the article is about: the best statement that shares a word with the title, else the
  // best statement, else the best sentence (a question first in rank is kept for the bullets).
  const statements = ranked.filter((s) => STATEMENT.test(s.sentence) && READS_AS_A_SENTENCE.test(s.sentence));
  const gist =
    statements.find((s) => contentStems(s.sentence, lang).some((w) => titleWords.has(w))) ?? statements[0] ?? ranked[0];
  if (!gist) return "";
  const bulletCount = Math.min(MAX_BULLETS, Math.max(MIN_BULLETS, Math.round(pool.length / 8)));
  const bullets = ranked
    .filter((s) => s !== gist)
    .slice(0, bulletCount)
    .sort((a, b) => a.index - b.index)
    .map((s) => `- ${s.sentence}`);
  // Short articles may have fewer sentences than the minimum: repeat nothing, just list what there is.
  return [`**${gist.sentence}**`, "", ...bullets].join("\n").trim();
}

/**
 * The sentences a summary may quote. Bylines, credits, captions, reference-list entries, datelines, lines
 * ending in a colon and the messages of a form or a notice (interface-text.ts) never. Headings, table rows and other lines that do not read as a sentence ("Monitoring
 * Distributed Systems", "Spencer Platt/Getty Images News") are left out when the article has any prose, and so
 * is a line that only repeats the title.
 */
function candidateSentences(title: string, text: string, language: string | undefined): string[] {
  const titleKey = comparable(title);
  // A caption or a reference entry is a whole paragraph: "… on Nov. 9, 2018. (AP Photo/Jae C. Hong)" has a
  // sentence before its credit that is caption all the same.
  // A form's or a notice's message ("Das Passwort muss mindestens 8 Zeichen lang sein.") is the page's interface,
  // never the article's: as a line and as a sentence.
  const paragraphs = text
    .split(/\n+/)
    .filter((line) => !CAPTION.test(line.trim()) && !REFERENCE.test(line.trim()) && !isInterfaceMessage(line));
  const all = splitSentences(paragraphs.join("\n"), language).filter(
    (s) =>
      !BYLINE.test(s) &&
      !CREDIT.test(s) &&
      !DATELINE.test(s) &&
      !/[:：]["'”’»)\]]*$/u.test(s) &&
      !isInterfaceMessage(s),
  );
  const fitting = all.filter((s) => s.length >= 20 && s.length <= MAX_SENTENCE_CHARS);
  const prose = fitting.filter((s) => READS_AS_A_SENTENCE.test(s) && comparable(s) !== titleKey);
  // Any prose at all beats headings and list lines: a short summary of whole sentences.
  if (prose.length > 0) return prose;
  if (fitting.length > 0) return fitting;
  return all.map((s) => s.slice(0, MAX_SENTENCE_CHARS));
}

function comparable(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
}
