import { describe, expect, it } from "vitest";
import { indexedBodyText } from "../../src/worker/domain/search/indexed-text";

const count = (text: string, word: string) => text.split(" ").filter((w) => w === word).length;

describe("the body's text as the full-text index is given it", () => {
  it("keeps every word at least once and a word's repeats on a log scale, in the text's order", () => {
    const text = `${"orchard ".repeat(9)}apple ${"pear ".repeat(2)}${"plum ".repeat(3)}${"fig ".repeat(27)}quince`;
    const indexed = indexedBodyText(text);
    expect(count(indexed, "orchard")).toBe(3); // 9 → 1 + log3(9)
    expect(count(indexed, "pear")).toBe(1); // 2 → 1 + ⌊log3(2)⌋
    expect(count(indexed, "plum")).toBe(2); // 3 → 1 + log3(3)
    expect(count(indexed, "fig")).toBe(4); // 27 → 1 + log3(27)
    expect(count(indexed, "apple")).toBe(1);
    expect(count(indexed, "quince")).toBe(1);
    expect(indexed.startsWith("orchard orchard orchard apple pear plum plum fig fig fig fig quince")).toBe(true);
  });

  it("counts a word by its folded form, and keeps hyphenated and dotted words whole", () => {
    const indexed = indexedBodyText("Café cafe CAFÉ, (café) e-mail e-mail U.S. — !");
    expect(indexed.split(" ").filter((w) => /caf/i.test(w))).toHaveLength(2); // 4 → 1 + ⌊log3(4)⌋: accents and case ignored
    expect(indexed).toContain("e-mail");
    expect(indexed).toContain("U.S.");
    expect(indexed).not.toContain("—");
    expect(indexed).not.toContain("!");
  });

  it("leaves text without repeats as it was, white space aside", () => {
    expect(indexedBodyText("Ein  kurzer\nText ohne Wiederholung")).toBe("Ein kurzer Text ohne Wiederholung");
    expect(indexedBodyText("")).toBe("");
  });
});
