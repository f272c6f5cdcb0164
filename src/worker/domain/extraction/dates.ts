/** Dates as publishers write them, made ISO 8601. */

const ISO_LIKE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

/**
 * `value` as ISO 8601, or null when it is not a date. ISO-like strings are kept as written (their offset,
 * or its absence, stays; "2017-11-03 03:01:00+0100" becomes "2017-11-03T03:01:00+01:00"), so no time zone is
 * invented; other formats ("Tue, 15 Oct 2015 08:00:26 GMT", "March 25, 2015", Unix timestamps) go through
 * Date and come out in UTC.
 */
export function toIsoDate(value: string | null | undefined): string | null {
  const raw = value?.trim();
  if (!raw) return null;
  const iso = raw.match(ISO_LIKE);
  if (iso) return fromIsoParts(iso);
  if (/^\d{10}(?:\d{3})?$/.test(raw)) return fromTime(raw.length === 10 ? Number(raw) * 1000 : Number(raw));
  // Date.parse reads "May 5, 2020 3:01 pm" but not "May 5, 2020 at 3:01 p.m.".
  return fromTime(Date.parse(raw.replace(/\bat\b/i, "").replace(/(\d)\s*([ap])\.?m\.?/i, "$1 $2m")));
}

function fromIsoParts(parts: RegExpMatchArray): string | null {
  const [, year, month, day, hour, minute, second, fraction, zone] = parts;
  const date = `${year}-${month}-${day}`;
  // Date.UTC rolls 2024-02-30 over into March; a real date survives the round trip.
  const utc = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (utc.getUTCMonth() !== Number(month) - 1 || utc.getUTCDate() !== Number(day) || Number(year) < 1900) return null;
  if (hour === undefined || minute === undefined) return date;
  if (Number(hour) > 23 || Number(minute) > 59 || Number(second ?? 0) > 59) return null;
  const time = `${hour}:${minute}${second === undefined ? "" : `:${second}`}${fraction === undefined ? "" : `.${fraction}`}`;
  return `${date}T${time}${offset(zone)}`;
}

function offset(zone: string | undefined): string {
  if (!zone) return "";
  if (zone.toUpperCase() === "Z") return "Z";
  const digits = zone.slice(1).replace(":", "");
  return `${zone[0]}${digits.slice(0, 2)}:${digits.slice(2, 4) || "00"}`;
}

function fromTime(time: number): string | null {
  if (Number.isNaN(time)) return null;
  const date = new Date(time);
  const year = date.getUTCFullYear();
  // Out-of-range years come from numbers that only look like dates.
  return year >= 1900 && year <= 2200 ? date.toISOString() : null;
}
