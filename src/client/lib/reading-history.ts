/**
 * What the article viewer remembers for one browser tab (spec §2, §9): the navigation history of viewer visits
 * (at most 20 entries) and each article's scroll position, both in session storage. Pure functions over an
 * injectable storage, so the rules are tested without a browser.
 */
export const MAX_HISTORY_ENTRIES = 20;
/** Scroll positions are kept for this many articles; the least recently saved go first. */
export const MAX_SCROLL_ENTRIES = 50;

export const HISTORY_KEY = "viberead:navigation-history";
export const SCROLL_KEY = "viberead:scroll-positions";

/** The part of the Web Storage API used here (window.sessionStorage, or a Map-backed fake in tests). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** One visit: the app path and the router's key of the history entry it was made in. */
export interface HistoryEntry {
  path: string;
  key: string;
  at: number;
}

export interface ScrollRecord {
  y: number;
  /** The tab that was open, so the same text is laid out again before scrolling. */
  tab?: string;
  at: number;
}

export type ScrollRecords = Record<string, ScrollRecord>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function parseJson(raw: string | null): unknown {
  if (!raw) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

/** The stored history; anything malformed (another version, hand edits) is dropped, never thrown. */
export function parseHistory(raw: string | null): HistoryEntry[] {
  const value = parseJson(raw);
  if (!Array.isArray(value)) return [];
  return value
    .filter(
      (entry): entry is HistoryEntry =>
        isObject(entry) &&
        typeof entry.path === "string" &&
        typeof entry.key === "string" &&
        typeof entry.at === "number",
    )
    .slice(-MAX_HISTORY_ENTRIES);
}

/**
 * The history with `entry` as its newest item. A visit to an entry already listed (same key: back, forward or
 * reload onto it) moves it to the end instead of adding a copy; the oldest entries fall off beyond `max`.
 */
export function addHistoryEntry(
  entries: readonly HistoryEntry[],
  entry: HistoryEntry,
  max = MAX_HISTORY_ENTRIES,
): HistoryEntry[] {
  const rest = entries.filter((e) => e.key !== entry.key);
  return [...rest, entry].slice(-Math.max(1, max));
}

export function parseScrollRecords(raw: string | null): ScrollRecords {
  const value = parseJson(raw);
  if (!isObject(value)) return {};
  const records: ScrollRecords = {};
  for (const [id, record] of Object.entries(value)) {
    if (!isObject(record) || typeof record.y !== "number" || !Number.isFinite(record.y)) continue;
    if (typeof record.at !== "number") continue;
    records[id] = {
      y: Math.max(0, Math.round(record.y)),
      at: record.at,
      ...(typeof record.tab === "string" ? { tab: record.tab } : {}),
    };
  }
  return records;
}

/** The records with `articleId` set; only the `max` most recently saved articles are kept. */
export function setScrollRecord(
  records: ScrollRecords,
  articleId: string | number,
  record: ScrollRecord,
  max = MAX_SCROLL_ENTRIES,
): ScrollRecords {
  const entries = Object.entries({ ...records, [String(articleId)]: record })
    .sort(([, a], [, b]) => a.at - b.at)
    .slice(-Math.max(1, max));
  return Object.fromEntries(entries);
}

/**
 * Whether opening a screen should restore its scroll position: only when the visit comes from the browser's
 * history (back, forward or reload, the router's POP) onto an entry this tab has already shown. A link or a
 * button (PUSH, REPLACE) starts at the top.
 */
export function isReturnVisit(navigationType: string, key: string, entries: readonly HistoryEntry[]): boolean {
  return navigationType === "POP" && entries.some((entry) => entry.key === key);
}

/**
 * Whether this tab has an earlier entry of the app to go back to. react-router numbers the entries it makes
 * (`idx` in history.state, 0 for the entry the app started on); an entry without a number was made by the
 * browser for a plain `#/...` link or an edited address, on top of an entry of this page, so it has one too.
 */
export function hasPreviousEntry(historyState: unknown): boolean {
  if (!isObject(historyState) || typeof historyState.idx !== "number") return true;
  return historyState.idx > 0;
}

/** The history and scroll store over one storage. Storage failures (quota, disabled storage) are ignored. */
export function createReadingHistory(storage: KeyValueStorage | null, now: () => number = Date.now) {
  const read = (key: string): string | null => {
    try {
      return storage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  };
  const write = (key: string, value: unknown) => {
    try {
      storage?.setItem(key, JSON.stringify(value));
    } catch {
      // Full or unavailable storage: the viewer simply forgets.
    }
  };

  return {
    entries: (): HistoryEntry[] => parseHistory(read(HISTORY_KEY)),

    record(path: string, key: string): HistoryEntry[] {
      const entries = addHistoryEntry(parseHistory(read(HISTORY_KEY)), { path, key, at: now() });
      write(HISTORY_KEY, entries);
      return entries;
    },

    scrollFor(articleId: string | number): ScrollRecord | null {
      return parseScrollRecords(read(SCROLL_KEY))[String(articleId)] ?? null;
    },

    saveScroll(articleId: string | number, y: number, tab?: string): void {
      const record: ScrollRecord = { y: Math.max(0, Math.round(y)), at: now(), ...(tab ? { tab } : {}) };
      write(SCROLL_KEY, setScrollRecord(parseScrollRecords(read(SCROLL_KEY)), articleId, record));
    },

    /** After a delete: the article's position and its visits are of no further use. */
    forget(articleId: string | number, path: string): void {
      const records = parseScrollRecords(read(SCROLL_KEY));
      delete records[String(articleId)];
      write(SCROLL_KEY, records);
      write(
        HISTORY_KEY,
        parseHistory(read(HISTORY_KEY)).filter((entry) => entry.path !== path),
      );
    },
  };
}

export type ReadingHistory = ReturnType<typeof createReadingHistory>;

/** The store over this tab's session storage (null storage when the browser refuses access). */
export function browserReadingHistory(): ReadingHistory {
  let storage: KeyValueStorage | null = null;
  try {
    storage = typeof sessionStorage === "undefined" ? null : sessionStorage;
  } catch {
    storage = null;
  }
  return createReadingHistory(storage);
}
