import { describe, expect, it } from "vitest";
import {
  activityTotals,
  barHeight,
  chartMax,
  dateTicks,
  dayDescription,
  hasDailyActivity,
  keyedActivity,
  percentRead,
  pluralize,
  processingRows,
  rankedDomains,
  shortDate,
} from "../../src/client/lib/stats-view";

/** 30 days ending 2026-03-04, all zero except the figures given by index. */
function days(figures: Record<number, [number, number]> = {}) {
  const end = Date.UTC(2026, 2, 4);
  return Array.from({ length: 30 }, (_, i) => ({
    date: new Date(end - (29 - i) * 86_400_000).toISOString().slice(0, 10),
    articles_saved: figures[i]?.[0] ?? 0,
    articles_read: figures[i]?.[1] ?? 0,
  }));
}

describe("percentRead", () => {
  it("is read divided by total, rounded", () => {
    expect(percentRead(1, 3)).toBe(33);
    expect(percentRead(2, 3)).toBe(67);
    expect(percentRead(1, 8)).toBe(13); // 12.5 rounds up
    expect(percentRead(5, 5)).toBe(100);
  });

  it("is 0 for an empty library and never leaves 0..100", () => {
    expect(percentRead(0, 0)).toBe(0);
    expect(percentRead(3, 0)).toBe(0);
    expect(percentRead(-1, 4)).toBe(0);
    expect(percentRead(9, 4)).toBe(100);
  });
});

describe("pluralize", () => {
  it("uses the singular only for exactly one", () => {
    expect(pluralize(0, "day")).toBe("0 days");
    expect(pluralize(1, "day")).toBe("1 day");
    expect(pluralize(4, "article")).toBe("4 articles");
  });
});

describe("processingRows", () => {
  it("shows each status only when above 0, in the spec's order and wording", () => {
    expect(processingRows({ completed: 4, processing: 0, pending: 2, failed: 1 })).toEqual([
      { key: "completed", label: "Ready to Read", count: 4 },
      { key: "pending", label: "Pending", count: 2 },
      { key: "failed", label: "Failed", count: 1 },
    ]);
  });

  it("is empty when nothing is counted (the section then says so)", () => {
    expect(processingRows({ completed: 0, processing: 0, pending: 0, failed: 0 })).toEqual([]);
    expect(processingRows(null)).toEqual([]);
  });
});

describe("rankedDomains", () => {
  it("ranks by count, ties by name, and drops blank domains", () => {
    expect(
      rankedDomains([
        { domain: "b.example", count: 2 },
        { domain: "", count: 9 },
        { domain: "c.example", count: 5 },
        { domain: "a.example", count: 2 },
      ]),
    ).toEqual([
      { domain: "c.example", count: 5 },
      { domain: "a.example", count: 2 },
      { domain: "b.example", count: 2 },
    ]);
    expect(rankedDomains(undefined)).toEqual([]);
  });
});

describe("daily activity chart", () => {
  it("has activity only when some day saved or read something", () => {
    expect(hasDailyActivity(days())).toBe(false);
    expect(hasDailyActivity([])).toBe(false);
    expect(hasDailyActivity(days({ 3: [0, 1] }))).toBe(true);
  });

  it("scales to a round maximum at or above the busiest figure, of either series", () => {
    expect(chartMax(days())).toBe(1);
    expect(chartMax(days({ 0: [1, 0] }))).toBe(1);
    expect(chartMax(days({ 0: [2, 0] }))).toBe(2);
    expect(chartMax(days({ 0: [1, 3] }))).toBe(5);
    expect(chartMax(days({ 0: [7, 0] }))).toBe(10);
    expect(chartMax(days({ 0: [10, 0] }))).toBe(10);
    expect(chartMax(days({ 0: [11, 0] }))).toBe(20);
    expect(chartMax(days({ 5: [0, 50] }))).toBe(50);
    expect(chartMax(days({ 5: [51, 0] }))).toBe(100);
  });

  it("draws bars proportionally, keeps a small figure visible and zero flat", () => {
    expect(barHeight(0, 10)).toBe(0);
    expect(barHeight(5, 10)).toBe(50);
    expect(barHeight(10, 10)).toBe(100);
    expect(barHeight(1, 1000)).toBe(3);
    expect(barHeight(20, 10)).toBe(100);
    expect(barHeight(3, 0)).toBe(0);
  });

  it("labels dates as short calendar dates without shifting them by a timezone", () => {
    expect(shortDate("2026-03-04")).toBe("Mar 4");
    expect(shortDate("2025-12-31")).toBe("Dec 31");
    expect(shortDate("2026-01-01")).toBe("Jan 1");
    expect(shortDate("not a date")).toBe("not a date");
  });

  it("puts a date label under today and every 7 days before, the ends kept inside the chart", () => {
    expect(dateTicks(days())).toEqual([
      { index: 1, label: "Feb 4", align: "start" },
      { index: 8, label: "Feb 11", align: "middle" },
      { index: 15, label: "Feb 18", align: "middle" },
      { index: 22, label: "Feb 25", align: "middle" },
      { index: 29, label: "Mar 4", align: "end" },
    ]);
    expect(dateTicks([])).toEqual([]);
  });

  it("describes a day and totals the period for the text alternative", () => {
    expect(dayDescription({ date: "2026-03-04", articles_saved: 2, articles_read: 1 })).toBe("Mar 4: 2 saved, 1 read");
    expect(activityTotals(days({ 0: [2, 1], 29: [3, 0] }))).toEqual({ saved: 5, read: 1 });
  });
});

describe("keyedActivity", () => {
  it("gives every row a distinct key, even for identical entries", () => {
    const item = {
      id: 1,
      title: null,
      domain: "a.example",
      date: "2026-03-04T10:00:00.000Z",
      action: "saved" as const,
    };
    const keys = keyedActivity([item, item, { ...item, action: "read" }]).map((row) => row.key);
    expect(new Set(keys).size).toBe(3);
    expect(keyedActivity(undefined)).toEqual([]);
  });
});
