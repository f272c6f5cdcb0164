/**
 * A reader's type and theme: what the viewer's "Aa" panel sets and every screen follows. One document per account,
 * kept on the server so it follows the reader to every device; the client keeps a copy for offline use.
 * The choices are closed lists: a value the app cannot draw is refused at the edge (422), never stored.
 */

/** Serif: Literata; sans: Source Sans 3; legible: Atkinson Hyperlegible Next (all shipped with the app, OFL). */
export const READER_FONTS = ["serif", "sans", "legible"] as const;
/** Text sizes in CSS px: eight steps, 16 being the browser's default. */
export const READER_SIZES = [14, 16, 18, 20, 22, 24, 28, 32] as const;
export const READER_LINE_HEIGHTS = ["compact", "normal", "loose"] as const;
/** The text column: about 55, 70 and 90 characters a line. */
export const READER_WIDTHS = ["narrow", "medium", "wide"] as const;
export const READER_ALIGNMENTS = ["start", "justify"] as const;
/** "system" follows the device's light or dark setting, and changes with it. */
export const READER_THEMES = ["system", "light", "sepia", "dark"] as const;

export type ReaderFont = (typeof READER_FONTS)[number];
export type ReaderSize = (typeof READER_SIZES)[number];
export type ReaderLineHeight = (typeof READER_LINE_HEIGHTS)[number];
export type ReaderWidth = (typeof READER_WIDTHS)[number];
export type ReaderAlignment = (typeof READER_ALIGNMENTS)[number];
export type ReaderTheme = (typeof READER_THEMES)[number];

export interface ReaderSettings {
  font: ReaderFont;
  size: ReaderSize;
  line_height: ReaderLineHeight;
  width: ReaderWidth;
  align: ReaderAlignment;
  theme: ReaderTheme;
}

export const DEFAULT_READER_SETTINGS: ReaderSettings = {
  font: "sans",
  size: 18,
  line_height: "normal",
  width: "medium",
  align: "start",
  theme: "system",
};

const pick = <T>(options: readonly T[], value: unknown, fallback: T): T =>
  options.includes(value as T) ? (value as T) : fallback;

/**
 * Settings read back from storage: each field that is missing or no longer one of the choices (a row written by
 * another version of the app) takes its default, so a stored document can always be drawn.
 */
export function readerSettingsFrom(stored: unknown): ReaderSettings {
  const value = (stored && typeof stored === "object" ? stored : {}) as Record<string, unknown>;
  const d = DEFAULT_READER_SETTINGS;
  return {
    font: pick(READER_FONTS, value.font, d.font),
    size: pick(READER_SIZES, value.size, d.size),
    line_height: pick(READER_LINE_HEIGHTS, value.line_height, d.line_height),
    width: pick(READER_WIDTHS, value.width, d.width),
    align: pick(READER_ALIGNMENTS, value.align, d.align),
    theme: pick(READER_THEMES, value.theme, d.theme),
  };
}
