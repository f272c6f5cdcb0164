import {
  DEFAULT_READER_SETTINGS,
  type ReaderFont,
  type ReaderLineHeight,
  type ReaderSettings,
  type ReaderTheme,
  type ReaderWidth,
  readerSettingsFrom,
} from "../../worker/domain/reader-settings";

/**
 * The reader's type and theme on this device (issue 50): the choices (shared with the server,
 * worker/domain/reader-settings), what they look like in CSS, and the copy kept on the device, which is what every
 * screen draws from (so a change applies at once and holds offline) and which is sent to the server when it has
 * not got there yet. Pure: lib/reader-settings-storage and hooks/use-reader-settings do the I/O.
 */
export {
  DEFAULT_READER_SETTINGS,
  READER_ALIGNMENTS,
  READER_FONTS,
  READER_LINE_HEIGHTS,
  READER_SIZES,
  READER_THEMES,
  READER_WIDTHS,
  type ReaderSettings,
  type ReaderTheme,
} from "../../worker/domain/reader-settings";

/** The themes drawn: "system" becomes light or dark by the device's setting. */
export type DrawnTheme = Exclude<ReaderTheme, "system">;

export function drawnTheme(theme: ReaderTheme, deviceIsDark: boolean): DrawnTheme {
  if (theme === "system") return deviceIsDark ? "dark" : "light";
  return theme;
}

/** The shipped faces (styles/reader-fonts.css) with fallbacks for the scripts they do not cover. */
const FONT_STACKS: Record<ReaderFont, string> = {
  serif: '"Literata Variable", Georgia, "Noto Serif", "Times New Roman", serif',
  sans: '"Source Sans 3 Variable", system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif',
  legible: '"Atkinson Hyperlegible Next Variable", system-ui, -apple-system, "Segoe UI", sans-serif',
};
const LINE_HEIGHTS: Record<ReaderLineHeight, string> = { compact: "1.45", normal: "1.7", loose: "2" };
/** Characters a line of the text column holds (styles/reader.css turns them into a width at the chosen size). */
const LINE_CHARACTERS: Record<ReaderWidth, number> = { narrow: 55, medium: 70, wide: 90 };

export const fontStack = (font: ReaderFont): string => FONT_STACKS[font];

/** The custom properties styles/reader.css lays the viewer's text out with. */
export function readerStyle(settings: ReaderSettings): Record<string, string> {
  return {
    "--reader-font": FONT_STACKS[settings.font],
    "--reader-size": `${settings.size}px`,
    "--reader-line-height": LINE_HEIGHTS[settings.line_height],
    "--reader-chars": String(LINE_CHARACTERS[settings.width]),
    "--reader-align": settings.align === "justify" ? "justify" : "start",
  };
}

/** The browser's colour of each theme (the `theme-color` meta: the phone's status bar, the installed app's frame). */
export const THEME_COLORS: Record<DrawnTheme, string> = { light: "#4f46e5", sepia: "#8a4510", dark: "#1a1d25" };

/**
 * The device's copy of one account's settings: `updatedAt` is when the reader made them (ms), `pending` whether the
 * server has not confirmed them yet (made offline, or the request failed): sent again when online.
 */
export interface StoredReaderSettings {
  settings: ReaderSettings;
  updatedAt: number | null;
  pending: boolean;
}

export const NO_STORED_SETTINGS: StoredReaderSettings = {
  settings: DEFAULT_READER_SETTINGS,
  updatedAt: null,
  pending: false,
};

/** Reads a stored copy back, field by field: anything unreadable is the default, never an error. */
export function parseStoredSettings(text: string | null): StoredReaderSettings {
  if (!text) return NO_STORED_SETTINGS;
  try {
    const value = JSON.parse(text) as Partial<Record<keyof StoredReaderSettings, unknown>>;
    return {
      settings: readerSettingsFrom(value.settings),
      updatedAt: typeof value.updatedAt === "number" && Number.isFinite(value.updatedAt) ? value.updatedAt : null,
      pending: value.pending === true,
    };
  } catch {
    return NO_STORED_SETTINGS;
  }
}

/** A change made on this device now: drawn at once, and waiting for the server. */
export function changeSettings(
  stored: StoredReaderSettings,
  change: Partial<ReaderSettings>,
  now: number,
): StoredReaderSettings {
  return { settings: readerSettingsFrom({ ...stored.settings, ...change }), updatedAt: now, pending: true };
}

/**
 * What the device keeps after the server answered with its copy (`updated_at` null: never set). A change of this
 * device the server has not confirmed, made after the server's copy, stays (and is sent); otherwise the server's
 * copy is the one, including a newer change from another device.
 */
export function mergeServerSettings(
  stored: StoredReaderSettings,
  server: { settings: ReaderSettings; updated_at: number | null },
): StoredReaderSettings {
  const localIsNewer = stored.pending && (server.updated_at === null || (stored.updatedAt ?? 0) > server.updated_at);
  if (localIsNewer) return stored;
  return { settings: readerSettingsFrom(server.settings), updatedAt: server.updated_at, pending: false };
}
