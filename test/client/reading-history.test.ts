import { describe, expect, it } from "vitest";
import {
  addHistoryEntry,
  createReadingHistory,
  HISTORY_KEY,
  hasPreviousEntry,
  isReturnVisit,
  type KeyValueStorage,
  MAX_HISTORY_ENTRIES,
  parseHistory,
  parseScrollRecords,
  SCROLL_KEY,
  setScrollRecord,
} from "../../src/client/lib/reading-history";

function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

const entry = (n: number) => ({ path: `/article/${n}`, key: `k${n}`, at: n });

describe("navigation history", () => {
  it("keeps at most 20 entries, dropping the oldest", () => {
    let entries = parseHistory(null);
    for (let n = 1; n <= 25; n++) entries = addHistoryEntry(entries, entry(n));
    expect(entries).toHaveLength(MAX_HISTORY_ENTRIES);
    expect(entries[0]?.key).toBe("k6");
    expect(entries.at(-1)?.key).toBe("k25");
  });

  it("moves a revisited history entry to the end instead of duplicating it", () => {
    const entries = addHistoryEntry([entry(1), entry(2), entry(3)], { ...entry(1), at: 9 });
    expect(entries.map((e) => e.key)).toEqual(["k2", "k3", "k1"]);
  });

  it("drops malformed stored data instead of throwing", () => {
    expect(parseHistory("not json")).toEqual([]);
    expect(parseHistory('{"a":1}')).toEqual([]);
    expect(parseHistory(JSON.stringify([entry(1), { path: 3 }, null, "x"]))).toEqual([entry(1)]);
  });

  it("restores only on a history visit (POP) to an entry this tab has shown", () => {
    const seen = [entry(1)];
    expect(isReturnVisit("POP", "k1", seen)).toBe(true);
    expect(isReturnVisit("PUSH", "k1", seen)).toBe(false);
    expect(isReturnVisit("REPLACE", "k1", seen)).toBe(false);
    expect(isReturnVisit("POP", "k2", seen)).toBe(false);
  });

  it("knows whether there is an earlier entry to go back to", () => {
    expect(hasPreviousEntry({ idx: 2, key: "x", usr: null })).toBe(true);
    // The entry the app started on.
    expect(hasPreviousEntry({ idx: 0, key: "default" })).toBe(false);
    // Made by the browser for a plain #/ link, after the app had started.
    expect(hasPreviousEntry(null)).toBe(true);
    expect(hasPreviousEntry({ idx: null })).toBe(true);
  });
});

describe("scroll positions", () => {
  it("keeps the most recently saved articles only", () => {
    let records = parseScrollRecords(null);
    for (let n = 1; n <= 5; n++) records = setScrollRecord(records, n, { y: n * 100, at: n }, 3);
    expect(Object.keys(records).sort()).toEqual(["3", "4", "5"]);
    // Saving an old article again makes it recent.
    records = setScrollRecord(records, 3, { y: 1, at: 10 }, 3);
    records = setScrollRecord(records, 6, { y: 1, at: 11 }, 3);
    expect(Object.keys(records).sort()).toEqual(["3", "5", "6"]);
  });

  it("drops malformed records and rounds offsets", () => {
    const raw = JSON.stringify({
      1: { y: 10.6, at: 1, tab: "content" },
      2: { y: "x", at: 1 },
      3: 5,
      4: { y: -3, at: 2 },
    });
    expect(parseScrollRecords(raw)).toEqual({ 1: { y: 11, at: 1, tab: "content" }, 4: { y: 0, at: 2 } });
    expect(parseScrollRecords("[1,2]")).toEqual({});
  });
});

describe("createReadingHistory over a storage", () => {
  it("records visits and scroll positions in the storage it was given", () => {
    const storage = memoryStorage();
    let clock = 100;
    const history = createReadingHistory(storage, () => clock++);

    history.record("/article/1", "a");
    history.record("/article/2", "b");
    expect(history.entries().map((e) => e.path)).toEqual(["/article/1", "/article/2"]);
    expect(JSON.parse(storage.data.get(HISTORY_KEY) ?? "[]")).toHaveLength(2);

    history.saveScroll(1, 640.4, "content");
    expect(history.scrollFor(1)).toEqual({ y: 640, tab: "content", at: 102 });
    expect(history.scrollFor(2)).toBeNull();
    expect(storage.data.has(SCROLL_KEY)).toBe(true);

    history.forget(1, "/article/1");
    expect(history.scrollFor(1)).toBeNull();
    expect(history.entries().map((e) => e.path)).toEqual(["/article/2"]);
  });

  it("works without storage, and survives a storage that throws", () => {
    const none = createReadingHistory(null);
    none.record("/article/1", "a");
    none.saveScroll(1, 10);
    expect(none.entries()).toEqual([]);
    expect(none.scrollFor(1)).toBeNull();

    const broken: KeyValueStorage = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
      removeItem: () => undefined,
    };
    const history = createReadingHistory(broken);
    expect(() => history.record("/article/1", "a")).not.toThrow();
    expect(() => history.saveScroll(1, 10)).not.toThrow();
    expect(history.entries()).toEqual([]);
  });
});
