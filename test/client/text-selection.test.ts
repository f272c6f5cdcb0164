import { describe, expect, it } from "vitest";
import {
  hasFormatting,
  isInsideEditable,
  isShareableLength,
  MAX_SELECTION_CHARS,
  type NodeLike,
  normaliseQuote,
  placeMenu,
  quoteLength,
  textDirection,
  visibleBounds,
} from "../../src/client/lib/text-selection";

/** A chain of elements, outermost first, ending in a text node. */
function chain(...elements: (string | [string, Record<string, string>])[]): NodeLike {
  let parent: NodeLike | null = null;
  for (const element of elements) {
    const [name, attributes] = typeof element === "string" ? [element, {}] : element;
    parent = { nodeName: name.toUpperCase(), parentNode: parent, getAttribute: (key) => attributes[key] ?? null };
  }
  return { nodeName: "#text", parentNode: parent };
}

describe("selection length (spec §9: 3 to 5000 characters)", () => {
  it.each([
    ["ab", false],
    ["abc", true],
    ["  ab  ", false],
    ["a".repeat(MAX_SELECTION_CHARS), true],
    ["a".repeat(MAX_SELECTION_CHARS + 1), false],
  ])("%j -> %s", (raw, expected) => {
    expect(isShareableLength(normaliseQuote(raw))).toBe(expected);
  });

  it("counts characters, not UTF-16 units: three emoji are three characters", () => {
    expect(quoteLength("😀😀😀")).toBe(3);
    expect(isShareableLength("😀😀")).toBe(false);
    expect(isShareableLength("😀😀😀")).toBe(true);
  });

  it("does not count whitespace at the ends or extra blank lines", () => {
    expect(normaliseQuote("  \n One.  \r\n\r\n\r\n\r\nTwo.\u00a0\n ")).toBe("One.\n\nTwo.");
  });
});

describe("isInsideEditable", () => {
  it("is false for text in the summary", () => {
    expect(isInsideEditable(chain("html", "body", "article", "div", "p", "strong"))).toBe(false);
  });

  it.each(["input", "textarea", "button", "select"])("is true inside a %s", (control) => {
    expect(isInsideEditable(chain("html", "body", "div", control))).toBe(true);
  });

  it("is true inside an editable region, whatever its depth, and false when editing is switched off", () => {
    expect(isInsideEditable(chain("body", ["div", { contenteditable: "" }], "p", "em"))).toBe(true);
    expect(isInsideEditable(chain("body", ["div", { contenteditable: "plaintext-only" }], "p"))).toBe(true);
    expect(isInsideEditable(chain("body", ["div", { contenteditable: "false" }], "p"))).toBe(false);
  });

  it("is false for no node at all", () => {
    expect(isInsideEditable(null)).toBe(false);
  });
});

describe("hasFormatting ('Preserve markdown formatting' is offered only then)", () => {
  it("finds the summary's markdown: bold, lists, headings", () => {
    expect(hasFormatting(["P", "STRONG"])).toBe(true);
    expect(hasFormatting(["li", "li"])).toBe(true);
    expect(hasFormatting(["h3"])).toBe(true);
  });

  it("finds none in plain paragraphs and links", () => {
    expect(hasFormatting([])).toBe(false);
    expect(hasFormatting(["p", "p", "a", "br"])).toBe(false);
  });
});

describe("textDirection (the first strong letter decides)", () => {
  it.each([
    ["تعتبر القراءة من أهم الوسائل", "rtl"],
    ["שלום עולם", "rtl"],
    ["«2024» — تعتبر", "rtl"],
    ["Reading is slow", "ltr"],
    ["1. Reading, then تعتبر", "ltr"],
    ["Привет", "ltr"],
  ])("%s -> %s", (text, direction) => {
    expect(textDirection(text)).toBe(direction);
  });

  it("uses the article's direction when the text has no letters", () => {
    expect(textDirection("123 - 456", "rtl")).toBe("rtl");
    expect(textDirection("123 - 456")).toBe("ltr");
  });
});

describe("a triple-clicked bullet has no empty bullet after it", () => {
  it("drops a last line that is only a list marker", () => {
    expect(normaliseQuote("Tyres lose pressure slowly.\n- ")).toBe("Tyres lose pressure slowly.");
    expect(normaliseQuote("Tyres lose pressure slowly.\n\n•\n")).toBe("Tyres lose pressure slowly.");
    expect(normaliseQuote("One.\n2.\n* \n")).toBe("One.");
  });

  it("keeps markers with text after them, and a sentence that ends in a number", () => {
    expect(normaliseQuote("- Reading is slow\n- Tyres lose pressure")).toBe("- Reading is slow\n- Tyres lose pressure");
    expect(normaliseQuote("It happened in chapter 1.")).toBe("It happened in chapter 1.");
    expect(normaliseQuote("-->")).toBe("-->");
  });
});

describe("visibleBounds (a selection from its first to its last visible character)", () => {
  it("ends a triple click's selection at the end of the bullet, not at the start of the next one", () => {
    const bullet = "Tyres lose pressure slowly.";
    const next = "Articles end.";
    expect(
      visibleBounds([
        { data: bullet, from: 0, to: bullet.length },
        { data: "\n", from: 0, to: 1 },
        { data: next, from: 0, to: 0 },
      ]),
    ).toEqual({ start: { index: 0, offset: 0 }, end: { index: 0, offset: bullet.length } });
  });

  it("starts at the first visible character when a drag begins in the blank between blocks", () => {
    expect(
      visibleBounds([
        { data: "First.", from: 6, to: 6 },
        { data: "\n  ", from: 1, to: 3 },
        { data: "  Second paragraph.  ", from: 0, to: 10 },
      ]),
    ).toEqual({ start: { index: 2, offset: 2 }, end: { index: 2, offset: 10 } });
  });

  it("is null when only whitespace is selected", () => {
    expect(visibleBounds([{ data: "a \n b", from: 1, to: 4 }])).toBeNull();
    expect(visibleBounds([])).toBeNull();
  });
});

describe("placeMenu (the menu never covers the selected text)", () => {
  const view = { left: 0, top: 1000, right: 800, bottom: 1600 };
  const menu = { width: 300, height: 40 };
  const overlaps = (
    a: { left: number; top: number },
    b: { left: number; top: number; right: number; bottom: number },
  ) => a.left < b.right && a.left + menu.width > b.left && a.top < b.bottom && a.top + menu.height > b.top;

  it("goes above the selection, centred on it", () => {
    const selection = { left: 300, top: 1200, right: 500, bottom: 1260 };
    const at = placeMenu(selection, menu, view);
    expect(at).toEqual({ left: 250, top: 1200 - 8 - 40 });
    expect(overlaps(at, selection)).toBe(false);
  });

  it("goes below when there is no room above in the window", () => {
    const selection = { left: 0, top: 1010, right: 800, bottom: 1100 };
    const at = placeMenu(selection, menu, view);
    expect(at.top).toBe(1108);
    expect(overlaps(at, selection)).toBe(false);
  });

  it("goes below first when asked (a touch screen), above when there is no room below", () => {
    const selection = { left: 300, top: 1200, right: 500, bottom: 1260 };
    expect(placeMenu(selection, menu, view, 8, "below").top).toBe(1268);
    const low = { left: 300, top: 1500, right: 500, bottom: 1580 };
    const at = placeMenu(low, menu, view, 8, "below");
    expect(at.top).toBe(1500 - 8 - 40);
    expect(overlaps(at, low)).toBe(false);
  });

  it("stays inside the window at the sides", () => {
    expect(placeMenu({ left: 0, top: 1300, right: 20, bottom: 1320 }, menu, view).left).toBe(8);
    expect(placeMenu({ left: 780, top: 1300, right: 800, bottom: 1320 }, menu, view).left).toBe(800 - 300 - 8);
  });

  it("stays inside the window when the selection fills it", () => {
    const at = placeMenu({ left: 0, top: 900, right: 800, bottom: 1700 }, menu, view);
    expect(at.top).toBeGreaterThanOrEqual(1008);
    expect(at.top + menu.height).toBeLessThanOrEqual(1592);
  });
});
