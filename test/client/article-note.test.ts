import { describe, expect, it } from "vitest";
import { noteCounter, noteStatusText, noteToSave } from "../../src/client/lib/article-note";

describe("the article note field (issue 32)", () => {
  it("shows a counter only near the 10,000-character limit", () => {
    expect(noteCounter(0)).toBeNull();
    expect(noteCounter(8_999)).toBeNull();
    expect(noteCounter(9_000)).toBe("9,000 / 10,000");
    expect(noteCounter(10_000)).toBe("10,000 / 10,000");
  });

  it("says Saving..., Saved or why it was not saved, and nothing while the reader is still typing", () => {
    expect(noteStatusText("pending", null)).toBe("");
    expect(noteStatusText("idle", null)).toBe("");
    expect(noteStatusText("saving", null)).toBe("Saving...");
    expect(noteStatusText("saved", null)).toBe("Saved");
    expect(noteStatusText("queued", null)).toBe("Kept on this device until you are back online");
    expect(noteStatusText("error", "You are offline")).toBe("Not saved: You are offline");
  });

  it("sends the note as typed (markdown untouched), and a blank one as none", () => {
    expect(noteToSave("# Why\n  read *slowly*  ")).toBe("# Why\n  read *slowly*  ");
    expect(noteToSave("  \n ")).toBeNull();
  });
});
