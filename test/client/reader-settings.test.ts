import { describe, expect, it } from "vitest";
import {
  changeSettings,
  DEFAULT_READER_SETTINGS,
  drawnTheme,
  mergeServerSettings,
  NO_STORED_SETTINGS,
  parseStoredSettings,
  readerStyle,
} from "../../src/client/lib/reader-settings";

const dark = { ...DEFAULT_READER_SETTINGS, theme: "dark" as const };

describe("reader settings on the device", () => {
  it("draws 'system' as the device's light or dark, and any other theme as chosen", () => {
    expect(drawnTheme("system", true)).toBe("dark");
    expect(drawnTheme("system", false)).toBe("light");
    expect(drawnTheme("sepia", true)).toBe("sepia");
  });

  it("lays the text out from the settings", () => {
    const style = readerStyle({
      ...DEFAULT_READER_SETTINGS,
      font: "serif",
      size: 24,
      width: "narrow",
      align: "justify",
    });
    expect(style["--reader-font"]).toMatch(/^"Literata Variable"/);
    expect(style["--reader-size"]).toBe("24px");
    expect(style["--reader-chars"]).toBe("55");
    expect(style["--reader-align"]).toBe("justify");
  });

  it("reads a damaged or foreign stored copy as the defaults, field by field", () => {
    expect(parseStoredSettings(null)).toEqual(NO_STORED_SETTINGS);
    expect(parseStoredSettings("{not json")).toEqual(NO_STORED_SETTINGS);
    const stored = parseStoredSettings(JSON.stringify({ settings: { theme: "dark", size: 99 }, updatedAt: "x" }));
    expect(stored).toEqual({ settings: dark, updatedAt: null, pending: false });
  });

  it("keeps a change made on this device, waiting for the server, when the server's copy is older", () => {
    const changed = changeSettings(NO_STORED_SETTINGS, { theme: "dark" }, 2_000);
    expect(changed).toEqual({ settings: dark, updatedAt: 2_000, pending: true });
    expect(mergeServerSettings(changed, { settings: DEFAULT_READER_SETTINGS, updated_at: 1_000 })).toBe(changed);
    expect(mergeServerSettings(changed, { settings: DEFAULT_READER_SETTINGS, updated_at: null })).toBe(changed);
  });

  it("takes the server's copy once it has this change, or a newer one from another device", () => {
    const changed = changeSettings(NO_STORED_SETTINGS, { theme: "dark" }, 2_000);
    expect(mergeServerSettings(changed, { settings: dark, updated_at: 2_000 })).toEqual({
      settings: dark,
      updatedAt: 2_000,
      pending: false,
    });
    const sepia = { ...DEFAULT_READER_SETTINGS, theme: "sepia" as const };
    expect(mergeServerSettings(changed, { settings: sepia, updated_at: 3_000 }).settings).toEqual(sepia);
  });
});
