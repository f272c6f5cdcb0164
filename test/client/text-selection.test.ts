import { describe, expect, it } from "vitest";
import {
  hasFormatting,
  isInsideEditable,
  isShareableLength,
  MAX_SELECTION_CHARS,
  type NodeLike,
  normaliseQuote,
  quoteLength,
  textDirection,
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
