import { describe, expect, it } from "vitest";
import { matchQuote } from "../../src/worker/domain/highlights/match-quote";
import { quoteSelector } from "../../src/worker/domain/highlights/selectors";
import { anchorIn } from "../../src/worker/services/highlights-service";

/**
 * Re-anchoring on real changes to an article's text (issue 32 item 2): a highlight is stored as its quote with
 * 32 characters of context and its old position; after the text changes, the quote must be found where it now
 * is, or reported gone, never put on the wrong words.
 */
const PARAGRAPHS = [
  "Bees dance to tell their sisters where the flowers are. ",
  "The waggle run points at the sun, and its length says how far to fly. ",
  "A forager that found rich nectar dances longer and with more vigour than one that found little. ",
  "Karl von Frisch decoded the dance in the 1940s and shared a Nobel prize for it in 1973. ",
  "Later experiments with robotic bees confirmed that the dance alone can send recruits to a place. ",
];
const TEXT = PARAGRAPHS.join("");

/** The stored selector of the first occurrence of `quote` in `text`, as the API keeps it. */
function stored(text: string, quote: string, from = 0) {
  const start = text.indexOf(quote, from);
  if (start === -1) throw new Error(`not in the text: ${quote}`);
  const { exact, prefix, suffix } = quoteSelector(text, start, start + quote.length);
  return { exact, prefix, suffix, positionStart: start };
}

function found(text: string, row: ReturnType<typeof stored>) {
  const match = matchQuote(text, row.exact, { prefix: row.prefix, suffix: row.suffix, position: row.positionStart });
  return match ? text.slice(match.start, match.end) : null;
}

describe("re-anchoring a quote after the text changed (match-quote)", () => {
  it("finds a quote in which one word changed, on the changed words", async () => {
    const row = stored(TEXT, "A forager that found rich nectar dances longer and with more vigour");
    const changed = TEXT.replace("rich nectar", "plentiful nectar");
    expect(found(changed, row)).toMatch(/^A forager that found plentiful nectar dances longer and with more vigou/);
    expect(anchorIn(changed, row).status).toBe("anchored");
  });

  it("finds a quote after text was inserted before it (its old position is stale)", async () => {
    const row = stored(TEXT, "shared a Nobel prize");
    const changed = `Editor's note: this piece was updated with a new introduction. ${TEXT}`;
    const anchor = anchorIn(changed, row);
    expect(anchor).toMatchObject({ status: "anchored", start: changed.indexOf("shared a Nobel prize") });
  });

  it("finds a quote whose paragraph moved to another place", async () => {
    const row = stored(TEXT, "The waggle run points at the sun");
    const moved = [PARAGRAPHS[0], PARAGRAPHS[2], PARAGRAPHS[3], PARAGRAPHS[4], PARAGRAPHS[1]].join("");
    const anchor = anchorIn(moved, row);
    expect(anchor).toMatchObject({ status: "anchored", start: moved.indexOf("The waggle run points at the sun") });
  });

  it("tells a repeated quote apart by its context, not by the stale position", async () => {
    const text = "In spring the dance is short. Bees rest. In autumn the dance is short. Bees wait.";
    const second = stored(text, "the dance is short", text.indexOf("autumn"));
    // Text inserted before both occurrences moves the second one to where the first used to be... and beyond.
    const changed = `A new first sentence of about forty chars. ${text}`;
    const anchor = anchorIn(changed, second);
    expect(anchor.start).toBe(changed.indexOf("the dance is short", changed.indexOf("autumn")));
    // The first occurrence, anchored by its own context, stays on the first.
    const first = stored(text, "the dance is short");
    expect(anchorIn(changed, first).start).toBe(changed.indexOf("the dance is short"));
  });

  it("tells a repeated quote apart when the occurrence it was on was reworded", async () => {
    const text = "Rule one: never rush the reading of a text. Rule two: never rush the reading of a text twice.";
    const second = stored(text, "never rush the reading of a text", text.indexOf("two"));
    const changed = text.replace("Rule two: never rush the reading", "Rule two: never hurry the reading");
    const anchor = anchorIn(changed, second);
    expect(anchor.status).toBe("anchored");
    expect(anchor.start).toBe(changed.indexOf("never hurry"));
  });

  it("anchors a 3,000-character quote unchanged, and with words changed at its start and in its middle", async () => {
    const long = Array.from({ length: 70 }, (_, i) => `Sentence ${i} of a long passage about foraging bees. `).join("");
    const text = `An opening paragraph before the passage. ${long}A closing paragraph after it.`;
    const quote = long.slice(0, 3_000);
    const row = stored(text, quote);
    expect(row.exact.length).toBe(3_000);
    expect(anchorIn(text, row)).toMatchObject({ status: "anchored", start: row.positionStart });

    const changed = text
      .replace("Sentence 1 of a long", "Sentence 1 of a lengthy")
      .replace("Sentence 20 of a long passage", "Sentence 20 of a long text");
    const anchor = anchorIn(changed, row);
    expect(anchor.status).toBe("anchored");
    expect(anchor.start).toBe(changed.indexOf("Sentence 0 of"));
    // "long" became "lengthy" (+3) and "passage" became "text" (-3): the passage ends where it did.
    expect(anchor.end).toBe(row.positionStart + 3_000);
  });

  it("reports a quote that is gone as orphaned, and finds it again when it comes back", async () => {
    const row = stored(TEXT, "Karl von Frisch decoded the dance in the 1940s");
    const without = [PARAGRAPHS[0], PARAGRAPHS[1], PARAGRAPHS[2], PARAGRAPHS[4]].join("");
    expect(anchorIn(without, row)).toEqual({ start: null, end: null, status: "orphaned" });
    // An orphaned highlight has no position left; its quote alone finds it when the paragraph returns.
    const back = anchorIn(`${TEXT} An added last line.`, { ...row, positionStart: null });
    expect(back).toMatchObject({ status: "anchored", start: TEXT.indexOf("Karl von Frisch") });
  });

  it("does not put a short quote on different words", async () => {
    const row = stored(TEXT, "sun");
    expect(anchorIn(TEXT.replace("the sun", "the moon"), row).status).toBe("orphaned");
  });

  it("keeps a highlight pending while there is no text, and anchors it when the text arrives", async () => {
    const row = { exact: "where the flowers are", prefix: "", suffix: "", positionStart: null };
    expect(anchorIn("", row).status).toBe("pending");
    expect(anchorIn(TEXT, row)).toMatchObject({ status: "anchored", start: TEXT.indexOf("where the flowers are") });
  });

  it("re-anchors 300 highlights of a long article after an edit, each on its own words", async () => {
    const sentences = Array.from(
      { length: 600 },
      (_, i) => `Paragraph ${i} observes colony number ${i * 7} at dawn and again at dusk. `,
    );
    const text = sentences.join("");
    const rows = Array.from({ length: 300 }, (_, i) => stored(text, `Paragraph ${i * 2} observes colony number`));
    const changed = `A new introduction. ${text.replace("Paragraph 100 observes", "Paragraph 100 observed")}`;
    const anchors = rows.map((row) => anchorIn(changed, row));
    expect(anchors.filter((a) => a.status === "anchored")).toHaveLength(300);
    for (const [i, anchor] of anchors.entries()) {
      const words = changed.slice(anchor.start ?? 0, anchor.end ?? 0);
      expect(words.startsWith(`Paragraph ${i * 2} observe`)).toBe(true);
    }
  });
});
