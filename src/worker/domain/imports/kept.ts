import { MAX_CONTEXT_LENGTH, MAX_NOTE_LENGTH, MAX_QUOTE_LENGTH } from "../highlights/selectors";
import { HIGHLIGHT_TARGETS, type HighlightColor, type HighlightTarget } from "../highlights/targets";

/**
 * What a reader kept of an article in another app (or in a VibeRead export): highlights, the article note and
 * the reading position (issue 32). Imported highlights are stored `pending` with their quote and context and are
 * anchored once the article's text is there. Pure.
 */
export interface KeptHighlight {
  target: HighlightTarget;
  exact: string;
  prefix: string;
  suffix: string;
  /** Where it was in the exporting app's text: a hint for anchoring, not trusted. */
  positionStart: number | null;
  positionEnd: number | null;
  color: HighlightColor;
  note: string | null;
  createdAt: number | null;
}

export interface KeptByReader {
  highlights: KeptHighlight[];
  note: string | null;
  /** When the note was written (epoch ms): newest write wins against a note already in the library. */
  noteWrittenAt: number | null;
  position: { offset: number; progress: number; writtenAt: number | null } | null;
}

export const noKept = (): KeptByReader => ({ highlights: [], note: null, noteWrittenAt: null, position: null });

export const isKeptEmpty = (kept: KeptByReader | undefined) =>
  !kept || (kept.highlights.length === 0 && kept.note === null && kept.position === null);

/** Two copies of an article in one file: highlights of both; the newer note and position. */
export function mergeKept(a: KeptByReader | undefined, b: KeptByReader): KeptByReader {
  if (!a) return b;
  const newer = (x: number | null, y: number | null) => (y ?? 0) > (x ?? 0);
  const useNote = a.note === null || (b.note !== null && newer(a.noteWrittenAt, b.noteWrittenAt));
  const usePosition = a.position === null || (b.position !== null && newer(a.position.writtenAt, b.position.writtenAt));
  return {
    highlights: [...a.highlights, ...b.highlights],
    note: useNote ? b.note : a.note,
    noteWrittenAt: useNote ? b.noteWrittenAt : a.noteWrittenAt,
    position: usePosition ? b.position : a.position,
  };
}

/**
 * Colours of the apps users come from, mapped to ours: Readwise (yellow, blue, pink, orange, green, purple),
 * Omnivore (yellow, red, green, blue). Anything else is yellow, the default everywhere.
 */
const COLORS: Record<string, HighlightColor> = {
  yellow: "yellow",
  orange: "yellow",
  green: "green",
  blue: "blue",
  purple: "blue",
  pink: "pink",
  red: "pink",
};

export function highlightColor(value: unknown): HighlightColor {
  return (typeof value === "string" && COLORS[value.trim().toLowerCase()]) || "yellow";
}

const text = (value: unknown) => (typeof value === "string" ? value : "");
const offset = (value: unknown) =>
  typeof value === "number" && Number.isInteger(value) && value >= 0 && value < 100_000_000 ? value : null;

/**
 * A highlight from a file, or why it cannot be kept. `exact` is kept as written (our own export's quote must stay
 * character for character); other apps' quotes are trimmed by their parsers.
 */
export function keptHighlight(raw: {
  quote: unknown;
  note?: unknown;
  color?: unknown;
  createdAt?: number | null;
  target?: unknown;
  prefix?: unknown;
  suffix?: unknown;
  start?: unknown;
  end?: unknown;
}): KeptHighlight | string {
  const exact = text(raw.quote);
  if (!exact.trim()) return "the highlight has no text";
  if (exact.length > MAX_QUOTE_LENGTH)
    return `the highlight is longer than ${MAX_QUOTE_LENGTH.toLocaleString("en")} characters`;
  const note = text(raw.note).trim() || null;
  if (note && note.length > MAX_NOTE_LENGTH)
    return `its note is longer than ${MAX_NOTE_LENGTH.toLocaleString("en")} characters`;
  const start = offset(raw.start);
  const end = offset(raw.end);
  return {
    target: HIGHLIGHT_TARGETS.find((t) => t === raw.target) ?? "content",
    exact,
    prefix: text(raw.prefix).slice(-MAX_CONTEXT_LENGTH),
    suffix: text(raw.suffix).slice(0, MAX_CONTEXT_LENGTH),
    positionStart: start !== null && end !== null && end > start ? start : null,
    positionEnd: start !== null && end !== null && end > start ? end : null,
    color: highlightColor(raw.color),
    note,
    createdAt: raw.createdAt ?? null,
  };
}

/** The article note as files give it: trimmed text up to 10,000 characters, or null. */
export function keptNote(value: unknown): string | null {
  const note = text(value).trim();
  return note ? note.slice(0, MAX_NOTE_LENGTH) : null;
}
