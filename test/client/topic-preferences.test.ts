import { describe, expect, it } from "vitest";
import type { KeyValueStorage } from "../../src/client/lib/reading-history";
import {
  PANEL_COLLAPSED_KEY,
  readPanelCollapsed,
  readShowAll,
  showAllKey,
  writePanelCollapsed,
  writeShowAll,
} from "../../src/client/lib/topic-preferences";

function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

const broken: KeyValueStorage = {
  getItem: () => {
    throw new Error("SecurityError");
  },
  setItem: () => {
    throw new Error("QuotaExceededError");
  },
  removeItem: () => {
    throw new Error("SecurityError");
  },
};

describe("'Show all' per topic (session storage)", () => {
  it("defaults to unread only", () => {
    expect(readShowAll(memoryStorage(), 7)).toBe(false);
  });

  it("remembers each topic on its own", () => {
    const storage = memoryStorage();
    writeShowAll(storage, 7, true);
    expect(readShowAll(storage, 7)).toBe(true);
    expect(readShowAll(storage, 8)).toBe(false);
    expect(storage.data.get(showAllKey(7))).toBe("1");
  });

  it("forgets the key when switched back to the default", () => {
    const storage = memoryStorage();
    writeShowAll(storage, 7, true);
    writeShowAll(storage, 7, false);
    expect(readShowAll(storage, 7)).toBe(false);
    expect(storage.data.size).toBe(0);
  });

  it("treats an unexpected stored value as off", () => {
    const storage = memoryStorage();
    storage.setItem(showAllKey(7), "true?");
    expect(readShowAll(storage, 7)).toBe(false);
  });

  it("works without storage, or with one that throws", () => {
    expect(readShowAll(null, 7)).toBe(false);
    expect(() => writeShowAll(null, 7, true)).not.toThrow();
    expect(readShowAll(broken, 7)).toBe(false);
    expect(() => writeShowAll(broken, 7, true)).not.toThrow();
    expect(() => writeShowAll(broken, 7, false)).not.toThrow();
  });
});

describe("collapsed Topics panel (local storage)", () => {
  it("is open by default and remembers being collapsed", () => {
    const storage = memoryStorage();
    expect(readPanelCollapsed(storage)).toBe(false);
    writePanelCollapsed(storage, true);
    expect(storage.data.get(PANEL_COLLAPSED_KEY)).toBe("1");
    expect(readPanelCollapsed(storage)).toBe(true);
    writePanelCollapsed(storage, false);
    expect(readPanelCollapsed(storage)).toBe(false);
  });

  it("works with a storage that throws", () => {
    expect(readPanelCollapsed(broken)).toBe(false);
    expect(() => writePanelCollapsed(broken, true)).not.toThrow();
  });
});
