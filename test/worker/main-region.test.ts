import { describe, expect, it } from "vitest";
import { parseDocument } from "../../src/worker/domain/extraction/dom";
import { DEFAULT_EXTRACTION_RULES, extractArticleWithSource } from "../../src/worker/domain/extraction/extract-article";
import { mainRegion, regionRoot } from "../../src/worker/domain/extraction/main-region";

/**
 * main-region (main-region.ts, extract-article.ts): a page of several sections, of which Readability keeps one,
 * is read whole from its <main>; a page that declares an article keeps Readability's choice.
 */

const PAGE_URL = "https://movers.example/springfield";

const repeat = (count: number, block: (i: number) => string) =>
  Array.from({ length: count }, (_, i) => block(i)).join("");

/** A service page: a hero, tabs of kinds of move, reviews (Readability's choice), an FAQ, link chips, comments. */
function servicePage(head = ""): string {
  return `<!DOCTYPE html><html lang="en"><head><title>Movers in Springfield | Acme Moving</title>${head}</head><body>
<header><nav><a href="/">Home</a><a href="/about">About Us</a></nav></header>
<main>
 <div class="hero"><h1>Movers in Springfield</h1><div class="intro"><span>Moving across town is easier when the people carrying your boxes know the streets, the stairs and the parking rules of every block in Springfield.</span></div></div>
 <div class="tabs"><div class="tab-panels">${repeat(
   6,
   (i) =>
     `<div class="panel"><h3>Kind of move ${i + 1}</h3><div><div>A move of this kind is priced by the hour, with ${i + 2} movers and a truck, and the clock starts when the crew arrives at your door in the morning and stops when the last box is inside.</div></div></div>`,
 )}</div></div>
 <section class="reviews"><div class="wrap"><div class="inner"><h2>What our customers say</h2>${repeat(
   6,
   (i) =>
     `<p>Our moving team has helped more than ${i + 3} hundred families in the city plan their move, pack their rooms with care and settle into the new home without stress or hidden costs of any kind.</p>`,
 )}</div></div></section>
 <div class="faq"><h2>Frequently asked questions</h2><dl>${repeat(
   8,
   (i) =>
     `<dt>Question ${i + 1}: how early should I book movers?</dt><dd>Book at least ${i + 4} weeks before the day you move, and eight weeks before if you move at the end of a month, when every crew in the city is busy with the moves of students and families.</dd>`,
 )}</dl></div>
 <ul class="chips"><li><a href="/storage">Storage units</a></li><li><a href="/packing">Packing help</a></li></ul>
 <div class="comments"><div>I think the price of the second crew was a little high for what we got, but they were friendly and quick about it.</div></div>
</main>
<footer><p>© 2026 Acme Moving. All rights reserved.</p></footer></body></html>`;
}

function text(html: string, withRegion: boolean): string {
  const rules = new Set(DEFAULT_EXTRACTION_RULES.filter((rule) => withRegion || rule !== "main-region"));
  return extractArticleWithSource(html, PAGE_URL, { rules }).article.text;
}

describe("main-region", () => {
  it("reads every section of a page Readability reads one section of", () => {
    const html = servicePage();
    const [without, withIt] = [text(html, false), text(html, true)];
    // Readability alone keeps the reviews and loses the tabs and the FAQ.
    expect(without).toContain("What our customers say");
    expect(without).not.toContain("Kind of move 2");
    expect(without).not.toContain("Question 3");
    // The region keeps all three, in the page's order, and no navigation, link chips or comments.
    for (const part of [
      "Moving across town",
      "Kind of move 2",
      "What our customers say",
      "Question 3",
      "Book at least 6 weeks",
    ]) {
      expect(withIt).toContain(part);
    }
    expect(withIt.indexOf("Kind of move 2")).toBeLessThan(withIt.indexOf("Question 3"));
    for (const furniture of ["About Us", "Storage units", "price of the second crew", "All rights reserved"]) {
      expect(withIt).not.toContain(furniture);
    }
  });

  it("keeps Readability's choice on a page that declares an article", () => {
    const html = servicePage('<meta property="og:type" content="article">');
    expect(text(html, true)).not.toContain("Question 3");
  });

  it("is not taken for a list that adds words but no prose", () => {
    const episodes = `<div class="episodes">${repeat(
      120,
      (i) => `<div><span>${40 + i} min.</span><h3>Episode ${i + 1} of the show</h3><span>about moving</span></div>`,
    )}</div>`;
    const html = servicePage()
      .replace(/<div class="tabs">[\s\S]*?<\/div><\/div>\n/, "")
      .replace(/<div class="faq">[\s\S]*?<\/dl><\/div>/, episodes);
    const rules = new Set(DEFAULT_EXTRACTION_RULES);
    const words = extractArticleWithSource(html, PAGE_URL, { rules }).article.wordCount;
    expect(html).toContain("Episode 120 of the show");
    expect(text(html, true)).not.toContain("Episode 7 of the show");
    expect(words).toBeLessThan(300);
  });
});

describe("main-region, how much more it must hold", () => {
  /** A guide whose steps Readability keeps, and more sections beside them: `extra`. */
  const guide = (extra: string) => `<!DOCTYPE html><html lang="en"><head><title>Packing a kitchen</title></head><body>
<main><h1>Packing a kitchen</h1>
 <section class="steps"><div class="wrap"><div class="inner"><h2>Step by step</h2>${repeat(
   5,
   (i) =>
     `<p>Step ${i + 1}: wrap each plate in two sheets of paper, stand it on its edge in a small box, and fill the gaps with towels so that nothing in the box can shift when the truck brakes hard.</p>`,
 )}</div></div></section>
 ${extra}
</main></body></html>`;
  const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

  it("reads the whole page when it holds half as many words again as Readability's choice", () => {
    const faq = `<div class="faq"><h2>Questions</h2><dl>${repeat(
      3,
      (i) =>
        `<dt>Question ${i + 1}: what goes in the last box?</dt><dd>Pack a last box with the kettle, mugs, a knife and a roll of paper towels, label it clearly and keep it with you in the car rather than on the truck, so that the first evening in the new kitchen is easy.</dd>`,
    )}</dl></div>`;
    const html = guide(faq);
    const [without, withIt] = [text(html, false), text(html, true)];
    expect(without).not.toContain("Question 2");
    expect(withIt).toContain("Question 2");
    // Less than the 2.5 times the region once had to hold.
    expect(words(withIt) / words(without)).toBeLessThan(2.5);
  });

  it("asks for much more when what the region adds is teasers of other pages", () => {
    // As a party's or a club's site lists its other news under a page: a picture, a title, an excerpt cut short.
    const teasers = `<div class="news"><div class="list">${repeat(
      5,
      (i) =>
        `<div class="item"><a href="/news/${i}"><img src="/news/${i}.jpg" alt=""></a><div><div>Packing a garage in a weekend, part ${i + 1}</div><div>Tools, paint and the lawn mower each need their own kind of box, and the order in which you pack them decides how fast the garage of the new house is ready...</div></div></div>`,
    )}</div></div>`;
    expect(text(guide(teasers), true)).not.toContain("Packing a garage");
  });
});

describe("mainRegion", () => {
  it("takes the page's one <main> without its furniture, hidden parts, marked boxes and the repeated title", () => {
    const document = parseDocument(`<html><head><title>Guide to packing</title></head><body>
      <p>Outside the main region.</p>
      <main><header><h1>Guide to packing</h1><p>A short guide for people who move.</p></header>
        <header><a href="/">Site</a></header>
        <p>Wrap every glass on its own.</p><div hidden>Hidden offer</div><aside>Sidebar text</aside>
        <div class="share-bar"><p>Share this guide with the people who help you move house this year.</p></div>
        <form><input name="q"><label>Search the site</label></form>
        <div><a href="/next">Next guide</a></div><p>Read <a href="/boxes">the guide to boxes</a> as well.</p>
        <div class="pagination">48 posts <a href="?page=2">2</a> <a href="?page=3">3</a></div>
      </main></body></html>`);
    const root = regionRoot(document);
    expect(root.localName).toBe("main");
    const text = (mainRegion(root, "Guide to packing").textContent ?? "").replace(/\s+/g, " ");
    expect(text).toContain("A short guide for people who move.");
    expect(text).toContain("Wrap every glass on its own.");
    expect(text).toContain("Read the guide to boxes as well.");
    for (const gone of [
      "Outside the main",
      "Guide to packing",
      "Site",
      "Hidden offer",
      "Sidebar",
      "Share this",
      "Search the site",
      "Next guide",
      "48 posts",
    ]) {
      expect(text).not.toContain(gone);
    }
  });

  it("falls back to the one <article>, then to <body>", () => {
    expect(regionRoot(parseDocument("<body><article><p>a</p></article></body>")).localName).toBe("article");
    expect(regionRoot(parseDocument("<body><article>a</article><article>b</article></body>")).localName).toBe("body");
  });
});
