import { describe, expect, it } from "vitest";
import { parseDocument } from "../../src/worker/domain/extraction/dom";
import { extractArticle } from "../../src/worker/domain/extraction/extract-article";
import { removeScreenReaderText } from "../../src/worker/domain/extraction/screen-reader-text";

const paragraph = (i: number) =>
  `<p>The river ${i} winds through the valley, past the old mill and the orchards, and every spring the snow melt raises it to the top of its stone banks for a few weeks.</p>`;

describe("screen-reader-only text (screen-reader-text.ts)", () => {
  it("leaves out skip links and labels hidden from the eye, keeps hidden headings and long hidden passages", () => {
    const longHidden = "A passage hidden from the eye but long enough to be the page's own text. ".repeat(4);
    const document = parseDocument(`<html><body>
      <a class="sr-only" href="#main">Skip to main content</a>
      <h2 class="screen-reader-text">Primary Sidebar</h2>
      <p>Read the report<span class="visually-hidden"> (opens in a new tab)</span>.</p>
      <div class="visuallyhidden">${longHidden}</div>
    </body></html>`);
    expect(removeScreenReaderText(document.body)).toBe(2);
    const text = document.body.textContent ?? "";
    expect(text).not.toContain("Skip to main content");
    expect(text).not.toContain("opens in a new tab");
    expect(text).toContain("Primary Sidebar");
    expect(text).toContain("long enough to be the page's own text");
  });

  it("keeps them out of the reader view", () => {
    // Inside the article's own container, where Readability takes them with the text.
    const html = `<!DOCTYPE html><html lang="en"><head><title>The river in spring</title></head><body>
      <main id="content"><article><h1>The river in spring</h1>${paragraph(0)}
      <p><a class="sr-only" href="#next">Skip to the next section</a><a class="sr-only" href="/accessibility">Accessibility statement</a></p>
      ${Array.from({ length: 5 }, (_, i) => paragraph(i + 1)).join("")}</article></main>
    </body></html>`;
    const text = extractArticle(html, "https://valley.example/river").text;
    expect(text).toContain("snow melt raises it");
    expect(text).not.toContain("Skip to the next section");
    expect(text).not.toContain("Accessibility statement");
  });
});
