/**
 * Item dates as feeds write them, to epoch milliseconds. RFC 822/1123 (RSS), RFC 3339 (Atom, JSON Feed, dc:date)
 * and what real feeds get wrong: named US zones, two-digit years, a missing weekday or a wrong one, a date with no
 * zone, a space instead of "T". Null when unreadable, before 1990 or more than two days ahead (a typo or a clock
 * far off): the item then sorts by when it was first seen instead.
 */

const EARLIEST_MS = Date.UTC(1990, 0, 1);
const LATEST_SKEW_MS = 2 * 24 * 3600_000;

/** The zones RFC 822 names; anything else with letters is read as UTC (RFC 5322 says "-0000", unknown). */
const NAMED_ZONES: Record<string, string> = {
  UT: "+0000",
  UTC: "+0000",
  GMT: "+0000",
  Z: "+0000",
  EST: "-0500",
  EDT: "-0400",
  CST: "-0600",
  CDT: "-0500",
  MST: "-0700",
  MDT: "-0600",
  PST: "-0800",
  PDT: "-0700",
};

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/** "Tue, 01 Dec 26 10:00 EST", "Friday, 27 November 2026 08:00:00 +0000": weekday ignored (feeds get it wrong). */
const RFC822 =
  /^(?:[a-z]+,?\s+)?(\d{1,2})\s+([a-z]{3})[a-z]*\.?\s+(\d{2,4})\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([+-]\d{4}|[a-z]{1,5})?$/i;
/** "2026-11-30T10:00:00", "2026-11-26 08:00:00 +0000", "2026-11-27": ISO 8601 with the variations seen in feeds. */
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T\s](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?\s*(Z|[+-]\d{2}:?\d{2})?)?$/i;

function zoneOffsetMinutes(zone: string | undefined): number {
  if (!zone) return 0;
  const numeric =
    NAMED_ZONES[zone.toUpperCase()] ?? (/^[+-]\d{2}:?\d{2}$/.test(zone) ? zone.replace(":", "") : "+0000");
  const sign = numeric.startsWith("-") ? -1 : 1;
  return sign * (Number(numeric.slice(1, 3)) * 60 + Number(numeric.slice(3, 5)));
}

function fromParts(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
  zone: string | undefined,
): number | null {
  if (month < 0 || month > 11 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 60) return null;
  return Date.UTC(year, month, day, hour, minute, second) - zoneOffsetMinutes(zone) * 60_000;
}

function parseRfc822(text: string): number | null {
  const m = RFC822.exec(text);
  if (!m) return null;
  const [, day, monthName, rawYear, hour, minute, second, zone] = m;
  const month = MONTHS.indexOf((monthName ?? "").toLowerCase());
  let year = Number(rawYear);
  // RFC 822 allowed two-digit years; 2-digit years in feeds are this century or the end of the last.
  if ((rawYear ?? "").length === 2) year += year < 70 ? 2000 : 1900;
  return fromParts(year, month, Number(day), Number(hour), Number(minute), Number(second ?? 0), zone);
}

function parseIso(text: string): number | null {
  const m = ISO.exec(text);
  if (!m) return null;
  const [, year, month, day, hour, minute, second, fraction, zone] = m;
  const ms = fromParts(
    Number(year),
    Number(month) - 1,
    Number(day),
    Number(hour ?? 0),
    Number(minute ?? 0),
    Number(second ?? 0),
    zone,
  );
  return ms === null ? null : ms + Math.round(Number(`0.${fraction ?? 0}`) * 1000);
}

/** The first of `values` that reads as a plausible date. */
export function parseFeedDate(values: readonly (string | undefined | null)[], now: number): number | null {
  for (const value of values) {
    const text = value?.trim();
    if (!text) continue;
    const ms = parseIso(text) ?? parseRfc822(text) ?? fallback(text);
    if (ms !== null && ms >= EARLIEST_MS && ms <= now + LATEST_SKEW_MS) return ms;
  }
  return null;
}

/** Whatever the runtime's own parser reads (e.g. "Nov 30, 2026"), never a relative phrase. */
function fallback(text: string): number | null {
  if (!/\d{4}/.test(text)) return null;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : ms;
}
