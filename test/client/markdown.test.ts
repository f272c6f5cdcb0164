import { describe, expect, it } from "vitest";
import { type Block, inlineText, parseInline, parseMarkdown } from "../../src/client/lib/markdown";

const text = (value: string) => ({ type: "text", text: value }) as const;

describe("parseMarkdown blocks", () => {
  it("reads the summariser's shape: a bold gist, then bullets", () => {
    const blocks = parseMarkdown("**Reading is slow.**\n\n- Gardens need sun.\n- Chains need oil.\n* Tyres lose air.");
    expect(blocks).toEqual<Block[]>([
      { type: "paragraph", children: [{ type: "strong", children: [text("Reading is slow.")] }] },
      {
        type: "list",
        ordered: false,
        start: 1,
        items: [[text("Gardens need sun.")], [text("Chains need oil.")], [text("Tyres lose air.")]],
      },
    ]);
  });

  it("keeps headings up to level 3 and folds deeper ones into level 3", () => {
    const blocks = parseMarkdown("# One\n## Two\n### Three\n#### Four ####\n#NoSpace");
    expect(blocks.slice(0, 4)).toEqual([
      { type: "heading", level: 1, children: [text("One")] },
      { type: "heading", level: 2, children: [text("Two")] },
      { type: "heading", level: 3, children: [text("Three")] },
      { type: "heading", level: 3, children: [text("Four")] },
    ]);
    // Without the space it is not a heading (a hashtag, say).
    expect(blocks[4]).toEqual({ type: "paragraph", children: [text("#NoSpace")] });
  });

  it("numbers lists from their first item, with either . or )", () => {
    expect(parseMarkdown("3. three\n4) four")).toEqual([
      { type: "list", ordered: true, start: 3, items: [[text("three")], [text("four")]] },
    ]);
  });

  it("starts a new list when the kind changes and joins wrapped item lines", () => {
    const blocks = parseMarkdown("- first\n  continues here\n1. numbered");
    expect(blocks).toEqual([
      { type: "list", ordered: false, start: 1, items: [[text("first continues here")]] },
      { type: "list", ordered: true, start: 1, items: [[text("numbered")]] },
    ]);
  });

  it("keeps one list across blank lines between items, and ends it at an unindented paragraph", () => {
    const blocks = parseMarkdown("- a\n\n- b\n\nAfter the list.");
    expect(blocks).toEqual([
      { type: "list", ordered: false, start: 1, items: [[text("a")], [text("b")]] },
      { type: "paragraph", children: [text("After the list.")] },
    ]);
  });

  it("joins the lines of a paragraph and splits paragraphs at blank lines (CRLF too)", () => {
    expect(parseMarkdown("one\r\ntwo\r\n\r\nthree")).toEqual([
      { type: "paragraph", children: [text("one two")] },
      { type: "paragraph", children: [text("three")] },
    ]);
  });

  it("turns an image line into a figure with its caption, only for http(s) URLs", () => {
    expect(parseMarkdown('![A red bicycle](https://example.com/bike.png "Bike")')).toEqual([
      { type: "figure", src: "https://example.com/bike.png", caption: "A red bicycle" },
    ]);
    expect(parseMarkdown("![Tracker](javascript:alert(1))")).toEqual([
      { type: "paragraph", children: [text("Tracker")] },
    ]);
    expect(parseMarkdown("![](data:image/png;base64,AAAA)")).toEqual([]);
    expect(parseMarkdown("![relative](/img.png)")).toEqual([{ type: "paragraph", children: [text("relative")] }]);
  });

  it("ignores rules, code fences and quote markers, and never throws on odd input", () => {
    expect(parseMarkdown("---\n> quoted\n```\n***")).toEqual([{ type: "paragraph", children: [text("quoted")] }]);
    expect(parseMarkdown("")).toEqual([]);
    expect(parseMarkdown(null)).toEqual([]);
    expect(parseMarkdown("  \n\n  ")).toEqual([]);
    expect(() => parseMarkdown("**[![(*`\\")).not.toThrow();
  });

  it("keeps markup-looking text as text (it is rendered as text, never as HTML)", () => {
    expect(parseMarkdown('<img src=x onerror="alert(1)"> & <script>')).toEqual([
      { type: "paragraph", children: [text('<img src=x onerror="alert(1)"> & <script>')] },
    ]);
  });
});

describe("parseInline", () => {
  it("reads bold, emphasis and code, nested", () => {
    expect(parseInline("a **bold *and italic*** `x*y` end")).toEqual([
      text("a "),
      { type: "strong", children: [text("bold "), { type: "emphasis", children: [text("and italic")] }] },
      text(" "),
      { type: "code", text: "x*y" },
      text(" end"),
    ]);
    expect(parseInline("***both***")).toEqual([
      { type: "strong", children: [{ type: "emphasis", children: [text("both")] }] },
    ]);
  });

  it("leaves unmatched or spaced markers as text", () => {
    expect(parseInline("2 * 3 * 4")).toEqual([text("2 * 3 * 4")]);
    expect(parseInline("**not closed")).toEqual([text("**not closed")]);
    expect(parseInline("** spaced**")).toEqual([text("** spaced**")]);
    expect(parseInline("snake_case_name")).toEqual([text("snake_case_name")]);
  });

  it("honours backslash escapes", () => {
    expect(parseInline("\\*literal\\* and \\\\")).toEqual([text("*literal* and \\")]);
  });

  it("keeps http(s) links and images; unsafe targets lose their link but keep their words", () => {
    expect(parseInline("see [the docs](https://example.com/a?b=1) now")).toEqual([
      text("see "),
      { type: "link", href: "https://example.com/a?b=1", children: [text("the docs")] },
      text(" now"),
    ]);
    expect(parseInline("[click](javascript:alert(1)) here")).toEqual([text("click here")]);
    expect(parseInline("[wiki](https://en.wikipedia.org/wiki/Go_(game))")).toEqual([
      { type: "link", href: "https://en.wikipedia.org/wiki/Go_(game)", children: [text("wiki")] },
    ]);
    expect(parseInline("[**x**](vbscript:x)")).toEqual([{ type: "strong", children: [text("x")] }]);
    expect(parseInline("an ![icon](http://example.com/i.png) inline")).toEqual([
      text("an "),
      { type: "image", src: "http://example.com/i.png", alt: "icon" },
      text(" inline"),
    ]);
    expect(parseInline("![x](data:text/html,hi)")).toEqual([text("x")]);
  });

  it("gives the plain text of a tree", () => {
    expect(inlineText(parseInline("**Bold** and [link](https://a.example) `code`"))).toBe("Bold and link code");
  });
});
