import { describe, expect, it } from "vitest";
import type { Highlight } from "../../src/client/api/types";
import { EditLog } from "../../src/client/lib/highlight-edits";

function highlight(extra: Partial<Highlight> = {}): Highlight {
  return {
    id: 7,
    article_id: 1,
    target: "content",
    quote: "Keep the brakes adjusted",
    color: "yellow",
    note: null,
    anchor_status: "anchored",
    selectors: [{ type: "TextQuoteSelector", exact: "Keep the brakes adjusted", prefix: "", suffix: "" }],
    client_id: "c-1",
    created_at: "2026-11-29T10:00:00.000Z",
    updated_at: "2026-11-29T10:00:00.000Z",
    ...extra,
  };
}

describe("EditLog: answers to highlight edits that come back in any order", () => {
  it("a colour's answer that comes after the note was typed keeps the note", () => {
    const log = new EditLog();
    log.record(highlight(), ["color"], 1_000);
    log.record(highlight(), ["note"], 2_000);
    const shown = highlight({ color: "green", note: "Brakes first." });
    const colourAnswer = highlight({ color: "green", note: null, updated_at: "2026-11-29T10:00:01.000Z" });
    expect(log.answered(shown, colourAnswer, new Set(["color"]), 1_000)).toMatchObject({
      color: "green",
      note: "Brakes first.",
      updated_at: "2026-11-29T10:00:01.000Z",
    });
  });

  it("an older note's answer does not put the older note back over a newer one", () => {
    const log = new EditLog();
    log.record(highlight(), ["note"], 1_000);
    log.record(highlight(), ["note"], 2_000);
    const shown = highlight({ note: "second" });
    expect(log.answered(shown, highlight({ note: "first" }), new Set(["note"]), 1_000).note).toBe("second");
    // The newest edit's answer is the server's word, even when it refused it (a newer write from another device).
    expect(log.answered(shown, highlight({ note: "from the phone" }), new Set(["note"]), 2_000).note).toBe(
      "from the phone",
    );
  });

  it("a refused edit puts back only what it changed, and nothing edited since", () => {
    const log = new EditLog();
    log.record(highlight(), ["color"], 1_000);
    log.record(highlight(), ["note"], 2_000);
    const before = highlight({ color: "yellow", note: null });
    const shown = highlight({ color: "blue", note: "kept" });
    expect(log.refused(shown, before, new Set(["color"]), 1_000)).toMatchObject({ color: "yellow", note: "kept" });
    log.record(highlight(), ["color"], 3_000);
    expect(log.refused(shown, before, new Set(["color"]), 1_000).color).toBe("blue");
  });

  it("keeps highlights apart by their client id, or their id when they have none", () => {
    const log = new EditLog();
    log.record(highlight({ client_id: null, id: 8 }), ["note"], 5_000);
    const other = highlight({ note: "mine" });
    expect(log.answered(other, highlight({ note: "server" }), new Set(["note"]), 1_000).note).toBe("server");
  });
});
