import { drawnTheme, fontStack, type ReaderSettings, readerStyle, THEME_COLORS } from "./reader-settings";
import "../styles/reader-fonts.css";

/** The media query of a device set to dark mode: the "system" theme follows it. */
export const DEVICE_DARK_QUERY = "(prefers-color-scheme: dark)";

export const deviceIsDark = (): boolean => window.matchMedia?.(DEVICE_DARK_QUERY).matches ?? false;

/**
 * Draws the settings on the page: the theme as `data-theme` on <html> (styles.css holds each theme's colour tokens),
 * the browser's theme colour, and the viewer's type as custom properties (styles/reader.css). Called before the
 * first render with the device's copy, so a dark reader never sees a white page flash, then on every change.
 */
export function drawOnDocument(settings: ReaderSettings, dark: boolean): void {
  const root = document.documentElement;
  const theme = drawnTheme(settings.theme, dark);
  if (root.dataset.theme !== theme) root.dataset.theme = theme;
  for (const [name, value] of Object.entries(readerStyle(settings))) root.style.setProperty(name, value);
  document.querySelector('meta[name="theme-color"]')?.setAttribute("content", THEME_COLORS[theme]);
}

/**
 * Fetches the reader's face while the browser is idle, so an article opened later is drawn in it from the start
 * instead of moving when the font arrives. Only the face chosen, and only its files for Latin text (the first
 * `unicode-range` a plain sample needs); other scripts come when a page uses them.
 */
export function loadReaderFontWhenIdle(font: ReaderSettings["font"]): void {
  if (!document.fonts?.load) return;
  const load = () => void document.fonts.load(`1em ${fontStack(font)}`, "Aa").catch(() => undefined);
  if ("requestIdleCallback" in window) window.requestIdleCallback(load, { timeout: 5_000 });
  else setTimeout(load, 2_000);
}
