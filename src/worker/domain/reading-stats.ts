/**
 * Calendar arithmetic for statistics, in the user's timezone. `offsetMinutes` is minutes east of UTC
 * (the negated browser getTimezoneOffset()). A "day" is a whole number: days since 1970-01-01 local time.
 */
export const DAY_MS = 86_400_000;
export const DAILY_ACTIVITY_DAYS = 30;
export const MAX_TIMEZONE_OFFSET_MINUTES = 14 * 60;

export function localDay(timestamp: number, offsetMinutes: number): number {
  return Math.floor((timestamp + offsetMinutes * 60_000) / DAY_MS);
}

export function dayToIsoDate(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The UTC instant at which the current local month began. */
export function startOfLocalMonth(now: number, offsetMinutes: number): number {
  const local = new Date(now + offsetMinutes * 60_000);
  return Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - offsetMinutes * 60_000;
}

/** The UTC instant at which local day `day` began. */
export function startOfLocalDay(day: number, offsetMinutes: number): number {
  return day * DAY_MS - offsetMinutes * 60_000;
}

/**
 * Consecutive days with at least one article read, ending today, or yesterday when nothing was read yet
 * today (the streak is not broken until the day is over). `readDays` may be in any order and repeat.
 */
export function readingStreak(readDays: Iterable<number>, today: number): number {
  const days = new Set(readDays);
  let day = days.has(today) ? today : today - 1;
  let streak = 0;
  while (days.has(day)) {
    streak += 1;
    day -= 1;
  }
  return streak;
}

export interface DailyActivity {
  date: string;
  articles_saved: number;
  articles_read: number;
}

/** Exactly 30 entries, oldest first, ending today; days without activity are zeros. */
export function dailyActivity(saved: Map<number, number>, read: Map<number, number>, today: number): DailyActivity[] {
  return Array.from({ length: DAILY_ACTIVITY_DAYS }, (_, i) => {
    const day = today - (DAILY_ACTIVITY_DAYS - 1) + i;
    return { date: dayToIsoDate(day), articles_saved: saved.get(day) ?? 0, articles_read: read.get(day) ?? 0 };
  });
}
