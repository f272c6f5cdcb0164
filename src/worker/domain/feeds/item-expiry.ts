/**
 * How long a Feed item the reader did not save stays in their Feed: their own period, 1 day to a year, 30 days unless
 * they choose. A saved item never expires (it is where a Library article came from).
 */
export const DEFAULT_UNSAVED_ITEM_DAYS = 30;
export const MIN_UNSAVED_ITEM_DAYS = 1;
export const MAX_UNSAVED_ITEM_DAYS = 365;
export const DAY_MS = 86_400_000;

/** Items first seen before this are past the period for this reader. */
export function keptSince(days: number, now: number): number {
  return now - days * DAY_MS;
}
