import { describe, expect, it } from "vitest";
import { openingPosition, progressAt, progressLabel } from "../../src/client/lib/reading-position";

describe("reading position", () => {
  it("is how far into the text the first visible character is, and 1 once the end is on screen", () => {
    expect(progressAt(400, 1000, false)).toBe(0.4);
    expect(progressAt(1, 3, false)).toBe(0.333);
    expect(progressAt(600, 1000, true)).toBe(1);
    expect(progressAt(5000, 1000, false)).toBe(1);
    expect(progressAt(10, 0, false)).toBe(0);
  });

  it("labels an unread article part way through, never as 0% or 100%", () => {
    expect(progressLabel(0.4, false)).toBe("40% read");
    expect(progressLabel(0.001, false)).toBe("1% read");
    expect(progressLabel(0.999, false)).toBe("99% read");
    for (const progress of [0, 1, null, undefined, Number.NaN]) expect(progressLabel(progress, false)).toBeNull();
    expect(progressLabel(0.4, true)).toBeNull();
  });

  it("opens at the synced position unless the reader came back through this tab's history", () => {
    expect(openingPosition(false, 1234)).toBe(1234);
    expect(openingPosition(true, 1234)).toBeNull();
    expect(openingPosition(false, 0)).toBeNull();
    expect(openingPosition(false, null)).toBeNull();
  });
});
