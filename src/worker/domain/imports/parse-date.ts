/**
 * Latest date accepted from a file (a little skew allowed): later is a typo or a unit mix-up, not a save date. Any
 * date after 1 January 1970 is kept: bookmarks carried from app to app since the 1990s keep their real dates
 * (Karakeep keeps them too); 0 is what exports write for "no date".
 */
const LATEST_SKEW_MS = 2 * 24 * 3600_000;

/**
 * A date as export files write them, to epoch milliseconds: unix seconds (Pocket, Instapaper, Netscape
 * ADD_DATE), milliseconds, ISO 8601 (Omnivore, Raindrop, Karakeep newer exports) or "2024-01-02 03:04:05"
 * (Readwise; read as UTC). Null when missing, unreadable or implausible.
 */
export function parseDate(value: unknown, now = Date.now()): number | null {
  let ms: number | null = null;
  if (typeof value === "number" && Number.isFinite(value)) {
    ms = value < 1e11 ? value * 1000 : value;
  } else if (typeof value === "string") {
    const text = value.trim();
    if (!text) return null;
    if (/^\d{1,13}(\.\d+)?$/.test(text)) {
      const n = Number(text);
      ms = n < 1e11 ? n * 1000 : n;
    } else {
      const sqlLike = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(:\d{2}(\.\d+)?)?)$/.exec(text);
      const parsed = Date.parse(sqlLike ? `${sqlLike[1]}T${sqlLike[2]}Z` : text);
      ms = Number.isNaN(parsed) ? null : parsed;
    }
  }
  if (ms === null || ms <= 0 || ms > now + LATEST_SKEW_MS) return null;
  return Math.round(ms);
}
