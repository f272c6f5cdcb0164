import { describe, expect, it } from "vitest";
import { displayTitle, readingTime, relativeDate, sourceLabel, summaryPreview } from "../../src/client/lib/format";

const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe("readingTime (200 words per minute, rounded up)", () => {
  it.each([
    [1, "1 min read"],
    [200, "1 min read"],
    [201, "2 min read"],
    [1000, "5 min read"],
  ])("%i words -> %s", (words, text) => {
    expect(readingTime(words)).toBe(text);
  });

  it("shows nothing without a word count", () => {
    expect(readingTime(null)).toBeNull();
    expect(readingTime(0)).toBeNull();
  });
});

describe("relativeDate", () => {
  it.each([
    [0, "Just now"],
    [59_000, "Just now"],
    [60_000, "1m ago"],
    [59 * 60_000, "59m ago"],
    [60 * 60_000, "1h ago"],
    [23 * 3_600_000, "23h ago"],
    [24 * 3_600_000, "1d ago"],
    [6 * 86_400_000, "6d ago"],
  ])("%i ms ago -> %s", (age, text) => {
    expect(relativeDate(ago(age), NOW)).toBe(text);
  });

  it("falls back to a short date after a week, and treats future times as now", () => {
    expect(relativeDate("2026-03-04T10:00:00Z", NOW)).toBe("Mar 4, 2026");
    expect(relativeDate(new Date(NOW + 5000).toISOString(), NOW)).toBe("Just now");
    expect(relativeDate("not a date", NOW)).toBe("");
  });
});

describe("card texts", () => {
  it("cuts the summary to 150 characters without ** markers", () => {
    const summary = `**Gist line.**\n\n- ${"word ".repeat(60)}`;
    const preview = summaryPreview(summary);
    expect(preview.startsWith("Gist line. word word")).toBe(true);
    expect(preview).not.toContain("**");
    expect(preview.length).toBeLessThanOrEqual(150);
    expect(preview.endsWith("…")).toBe(true);
    expect(summaryPreview("**Short.**")).toBe("Short.");
    expect(summaryPreview(null)).toBe("");
  });

  it("leaves no markdown debris: bullets, numbers, headings, emphasis, images and links", () => {
    const summary = [
      "## Main points",
      "- **Bees** dance",
      "* the _queen_ stays",
      "2. Workers *follow*",
      "![chart](https://x.example/c.png)",
      "See [the study](https://x.example/s).",
      "---",
      "> A `quoted` line",
    ].join("\n");
    expect(summaryPreview(summary)).toBe(
      "Main points · Bees dance · the queen stays · Workers follow · See the study. A quoted line",
    );
    for (const debris of [" - ", "**", "#", "](", "![", "`", "_q"])
      expect(summaryPreview(summary)).not.toContain(debris);
  });

  it("cuts after the last whole sentence that fits, by the product's one segmenter (not at 'U.N.')", () => {
    const first =
      "Speaking in New York on Monday, President Obama told the U.N. General Assembly that the war must end.";
    const summary = `${first} The second sentence of this summary is far too long to fit into a card preview at all.`;
    expect(summaryPreview(summary)).toBe(`${first} …`);
    // Too little whole text to stop at: cut at a word instead.
    const short = `Short one. ${"word ".repeat(40)}`;
    expect(summaryPreview(short).startsWith("Short one. word")).toBe(true);
  });

  it("keeps snake_case words and never ends on a dangling separator", () => {
    expect(summaryPreview("Uses my_var_name here")).toBe("Uses my_var_name here");
    const preview = summaryPreview(`- ${"a".repeat(120)}\n- ${"b".repeat(40)}`, 130);
    expect(preview).toBe(`${"a".repeat(120)}…`);
  });

  it("labels the source by domain, else the URL's host, else 'Unknown source'", () => {
    expect(sourceLabel("example.com", "https://other.org/x")).toBe("example.com");
    expect(sourceLabel(null, "https://www.other.org/x")).toBe("other.org");
    expect(sourceLabel(null, "not a url")).toBe("Unknown source");
  });

  it("falls back to 'Untitled Article'", () => {
    expect(displayTitle(null)).toBe("Untitled Article");
    expect(displayTitle("  ")).toBe("Untitled Article");
    expect(displayTitle("A title")).toBe("A title");
  });

  it("names an article without a title by its URL's host and path, so queued cards can be told apart", () => {
    expect(displayTitle(null, "https://www.example.com/2026/11/caf%C3%A9-notes/?utm=x#top")).toBe(
      "example.com/2026/11/café-notes",
    );
    expect(displayTitle("", "http://127.0.0.1:8810/article?title=One")).toBe("127.0.0.1:8810/article");
    expect(displayTitle(null, "https://example.org/")).toBe("example.org");
    expect(displayTitle("Known", "https://example.org/x")).toBe("Known");
    expect(displayTitle(null, "not a url")).toBe("Untitled Article");
  });
});
