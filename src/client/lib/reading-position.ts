/**
 * The reading position (issue 32): where in an article's content the reader is, as a text offset into the content's
 * text (not pixels, so another device's width and font size land on the same words), and how far that is (0-1).
 * Pure rules; lib/reading-anchor.ts measures the page.
 */

/** Saved this long after the reader stops scrolling (and at once when the page is hidden). */
export const SAVE_AFTER_SCROLL_MS = 2_500;

/**
 * How far into the article `offset` is, 0-1. At the end (the last of the content on screen) it is 1, even when the
 * first visible character is still some way from the text's end.
 */
export function progressAt(offset: number, textLength: number, atEnd: boolean): number {
  if (atEnd) return 1;
  if (textLength <= 0) return 0;
  const fraction = Math.min(1, Math.max(0, offset / textLength));
  return Math.round(fraction * 1000) / 1000;
}

/**
 * What a card says about an unread article's progress ("40% read"), or null when there is nothing to say: not
 * started, finished, or already read. Never "0%" or "100%" for an article that is part way.
 */
export function progressLabel(progress: number | null | undefined, isRead: boolean): string | null {
  if (isRead || progress == null || !(progress > 0) || progress >= 1) return null;
  return `${Math.min(99, Math.max(1, Math.round(progress * 100)))}% read`;
}

/**
 * Where opening the viewer should put the reader. Back, forward or a reload onto a page this tab showed keeps its
 * own pixel offset (the same device, the same layout); any other opening goes to the synced position, if any.
 */
export function openingPosition(returning: boolean, position: number | null | undefined): number | null {
  if (returning || position == null || !(position > 0)) return null;
  return Math.floor(position);
}
