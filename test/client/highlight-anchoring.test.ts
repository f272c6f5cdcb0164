import { describe, expect, it } from "vitest";
import type { Highlight } from "../../src/client/api/types";
import { highlightLabel, locateHighlight, sameHighlight, trimSpan } from "../../src/client/lib/highlight-anchoring";
import {
  inReadingOrder,
  isOrphaned,
  type Placement,
  placementsOf,
  reportPlacements,
  subscribePlacements,
} from "../../src/client/lib/highlight-placements";
import { selectorsAt } from "../../src/worker/domain/highlights/selectors";

const TEXT =
  "Reading is slow, and the web is fast. A well-oiled chain is quiet; a dry one announces itself on every hill. " +
  "Tyres lose pressure slowly. A well-oiled chain is quiet, they say, and a quiet chain is a happy chain.";

function highlightOf(text: string, start: number, end: number, extra: Partial<Highlight> = {}): Highlight {
  const selectors = selectorsAt(text, start, end);
  return {
    id: 1,
    article_id: 1,
    target: "content",
    quote: selectors[0].exact,
    color: "yellow",
    note: null,
    anchor_status: "anchored",
    selectors,
    client_id: null,
    created_at: "2026-11-27T10:00:00.000Z",
    updated_at: "2026-11-27T10:00:00.000Z",
    ...extra,
  };
}

describe("locateHighlight: where a stored highlight is in the text as rendered now", () => {
  const second = TEXT.lastIndexOf("A well-oiled chain is quiet");
  const stored = highlightOf(TEXT, second, second + "A well-oiled chain is quiet".length);

  it("is at its stored position while the text is unchanged, even for a quote that occurs twice", () => {
    expect(locateHighlight(TEXT, stored)).toEqual({ start: second, end: second + 27 });
  });

  it("follows its words when text before it changed, choosing the occurrence its context describes", () => {
    const changed = `This page was fetched 2 times, and it grew. ${TEXT}`;
    const moved = changed.lastIndexOf("A well-oiled chain is quiet");
    expect(locateHighlight(changed, stored)).toEqual({ start: moved, end: moved + 27 });
  });

  it("finds a quote whose words changed a little (fuzzy), and none when it is gone", () => {
    const only = highlightOf(TEXT, TEXT.indexOf("Tyres lose"), TEXT.indexOf("Tyres lose") + 26);
    const edited = TEXT.replace("Tyres lose pressure slowly", "Tyres lose pressure slowly!").replace("Tyres", "Tires");
    const found = locateHighlight(edited, only);
    expect(found && edited.slice(found.start, found.end)).toMatch(/^Tires lose pressure slowl/);
    expect(locateHighlight("Something else entirely, with no chains in it at all.", only)).toBeNull();
  });

  it("uses the quote alone when there is no position selector", () => {
    const quoteOnly = { ...stored, selectors: [stored.selectors[0] as Highlight["selectors"][number]] };
    expect(locateHighlight(TEXT, quoteOnly)).toEqual({ start: second, end: second + 27 });
  });
});

describe("small rules", () => {
  it("trims whitespace from a selected span, and drops one that is all whitespace", () => {
    expect(trimSpan("  a b  ", { start: 0, end: 7 })).toEqual({ start: 2, end: 5 });
    expect(trimSpan("a \n\n b", { start: 1, end: 5 })).toBeNull();
  });

  it("names a drawn highlight by the start of its quote, cut at a word", () => {
    expect(highlightLabel("A  short\nquote")).toBe("Highlight: A short quote");
    const long = highlightLabel("word ".repeat(40));
    expect(long.startsWith("Highlight: word word")).toBe(true);
    expect(long.endsWith("word…")).toBe(true);
    expect(long.length).toBeLessThan(80);
  });

  it("tells the same highlight across its temporary id and the server's by client_id", () => {
    expect(sameHighlight({ id: -1, client_id: "abcdef12" }, { id: 7, client_id: "abcdef12" })).toBe(true);
    expect(sameHighlight({ id: -1, client_id: null }, { id: 7, client_id: null })).toBe(false);
    expect(sameHighlight({ id: 7, client_id: null }, { id: 7, client_id: null })).toBe(true);
  });
});

describe("placements: what the panel of highlights reads", () => {
  const at = (id: number, target: Highlight["target"], start: number, created = "2026-11-27T10:00:00.000Z") =>
    ({ ...highlightOf(TEXT, start, start + 5), id, target, created_at: created }) as Highlight;

  it("lists highlights in reading order: title, summary, content, each by where it is now", () => {
    const list = [at(1, "content", 50), at(2, "summary", 10), at(3, "content", 5), at(4, "title", 0)];
    const placements = new Map<number, Placement>([[1, { status: "anchored", start: 2, end: 7 }]]);
    expect(inReadingOrder(list, placements).map((h) => h.id)).toEqual([4, 2, 1, 3]);
  });

  it("says 'no longer in the text' when the viewer did not find it, or the server says so before it looked", () => {
    const h = at(1, "content", 0);
    expect(isOrphaned(h, new Map([[1, { status: "orphaned" }]]))).toBe(true);
    expect(isOrphaned(h, new Map([[1, { status: "anchored", start: 0, end: 5 }]]))).toBe(false);
    expect(isOrphaned({ ...h, anchor_status: "orphaned" }, new Map())).toBe(true);
  });

  it("merges the parts' reports, tells subscribers of changes only, and forgets a part that went away", () => {
    let calls = 0;
    const stop = subscribePlacements(() => calls++);
    reportPlacements(991, "content", new Map([[1, { status: "anchored", start: 0, end: 5 }]]));
    reportPlacements(991, "summary", new Map([[2, { status: "orphaned" }]]));
    const snapshot = placementsOf(991);
    expect([...snapshot.keys()].sort()).toEqual([1, 2]);
    reportPlacements(991, "summary", new Map([[2, { status: "orphaned" }]]));
    expect(placementsOf(991)).toBe(snapshot);
    expect(calls).toBe(2);
    reportPlacements(991, "summary", null);
    expect([...placementsOf(991).keys()]).toEqual([1]);
    stop();
  });
});
