/** Display rules of the statistics screen (spec §2 'Stats'), pure so they are tested without a browser. */
import type { Stats } from "../api/types";

/** Percent of the library read: read divided by total, rounded, 0 for an empty library, clamped to 0..100. */
export function percentRead(read: number, total: number): number {
  if (!(total > 0) || !(read > 0)) return 0;
  return Math.min(100, Math.max(0, Math.round((read / total) * 100)));
}

/** "1 day", "3 days", "0 articles". */
export function pluralize(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

export type ProcessingKey = keyof Stats["processing_stats"];

export interface ProcessingRow {
  key: ProcessingKey;
  label: string;
  count: number;
}

const PROCESSING_LABELS: { key: ProcessingKey; label: string }[] = [
  { key: "completed", label: "Ready to Read" },
  { key: "processing", label: "Processing" },
  { key: "pending", label: "Pending" },
  { key: "failed", label: "Failed" },
];

/** The processing rows worth showing: each only when above 0, in the spec's order. Empty means "no data". */
export function processingRows(processing: Stats["processing_stats"] | null | undefined): ProcessingRow[] {
  if (!processing) return [];
  return PROCESSING_LABELS.map(({ key, label }) => ({ key, label, count: processing[key] ?? 0 })).filter(
    (row) => row.count > 0,
  );
}

/** Top sources ranked by count (most first), ties by domain name; blank domains dropped. */
export function rankedDomains(domains: Stats["top_domains"] | null | undefined): Stats["top_domains"] {
  return (domains ?? [])
    .filter((d) => d.domain?.trim() && d.count > 0)
    .sort((a, b) => b.count - a.count || a.domain.localeCompare(b.domain));
}

/** True when the 30 days hold at least one save or read; otherwise the chart shows its empty text. */
export function hasDailyActivity(days: Stats["daily_activity"] | null | undefined): boolean {
  return (days ?? []).some((d) => d.articles_saved > 0 || d.articles_read > 0);
}

/**
 * The top of the chart's scale: the largest daily figure rounded up to 1, 2 or 5 times a power of ten, so the
 * axis label is a round number and the tallest bar reaches at least half the plot. At least 1.
 */
export function chartMax(days: Stats["daily_activity"] | null | undefined): number {
  const peak = Math.max(0, ...(days ?? []).flatMap((d) => [d.articles_saved, d.articles_read]));
  if (peak <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(peak));
  for (const step of [1, 2, 5, 10]) if (peak <= step * power) return step * power;
  return 10 * power;
}

/** A bar's height as a percent of the plot: 0 for nothing, else at least `minPercent` so a 1 stays visible. */
export function barHeight(value: number, max: number, minPercent = 3): number {
  if (!(value > 0) || !(max > 0)) return 0;
  return Math.max(minPercent, Math.min(100, (value / max) * 100));
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * "Mar 4" for "2026-03-04". Read as a calendar date: the server already counted days in the user's
 * timezone, so no Date parsing (which would shift it by the browser's offset).
 */
export function shortDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return isoDate;
  const month = MONTHS[Number(match[2]) - 1];
  return month ? `${month} ${Number(match[3])}` : isoDate;
}

export interface DateTick {
  index: number;
  label: string;
  /** Where the label sits against its bar, so the first and last stay inside the chart. */
  align: "start" | "middle" | "end";
}

/** Date labels under the chart: the last day and every `every` days before it, oldest first. */
export function dateTicks(days: Stats["daily_activity"] | null | undefined, every = 7): DateTick[] {
  const list = days ?? [];
  const ticks: DateTick[] = [];
  for (let index = list.length - 1; index >= 0; index -= every) {
    const align = index === list.length - 1 ? "end" : index < 2 ? "start" : "middle";
    ticks.unshift({ index, label: shortDate(list[index]?.date ?? ""), align });
  }
  return ticks;
}

/** What a screen reader hears for one day: "Mar 4: 2 saved, 1 read". */
export function dayDescription(day: Stats["daily_activity"][number]): string {
  return `${shortDate(day.date)}: ${day.articles_saved} saved, ${day.articles_read} read`;
}

/** Totals over the chart's days, for its caption. */
export function activityTotals(days: Stats["daily_activity"] | null | undefined): { saved: number; read: number } {
  return (days ?? []).reduce((sum, d) => ({ saved: sum.saved + d.articles_saved, read: sum.read + d.articles_read }), {
    saved: 0,
    read: 0,
  });
}

export type RecentActivityItem = Stats["recent_activity"][number];

/**
 * Recent activity with a stable key per row. The same article can be saved and read within one instant, and
 * two untitled saves can share a timestamp, so a repeat of the same action, date and title gets a suffix.
 */
export function keyedActivity(activity: RecentActivityItem[] | null | undefined): (RecentActivityItem & {
  key: string;
})[] {
  const seen = new Map<string, number>();
  return (activity ?? []).map((item) => {
    const base = `${item.action}|${item.date}|${item.title ?? ""}|${item.domain ?? ""}`;
    const repeat = seen.get(base) ?? 0;
    seen.set(base, repeat + 1);
    return { ...item, key: repeat ? `${base}|${repeat}` : base };
  });
}
