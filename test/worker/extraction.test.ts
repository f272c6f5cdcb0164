import { describe, expect, it } from "vitest";
import codeSource from "../../../shared/corpus/readability-test-pages/001/source.html?raw";
import folhaSource from "../../../shared/corpus/readability-test-pages/folha/source.html?raw";
import guardianExpected from "../../../shared/corpus/readability-test-pages/guardian-1/expected.html?raw";
import guardianSource from "../../../shared/corpus/readability-test-pages/guardian-1/source.html?raw";
import mathjaxExpected from "../../../shared/corpus/readability-test-pages/mathjax/expected.html?raw";
import mathjaxSource from "../../../shared/corpus/readability-test-pages/mathjax/source.html?raw";
import msnSource from "../../../shared/corpus/readability-test-pages/msn/source.html?raw";
import enDashSource from "../../../shared/corpus/readability-test-pages/title-en-dash/source.html?raw";
import wikipediaSource from "../../../shared/corpus/readability-test-pages/wikipedia/source.html?raw";
import {
  extractArticle,
  extractArticleWithSource,
  hasTooLittleText,
  htmlToText,
} from "../../src/worker/domain/extraction/extract-article";
import { sanitizeHtml } from "../../src/worker/domain/extraction/sanitize-html";
import { countWords, wordTokens } from "../../src/worker/domain/extraction/words";

/** The URL the upstream Readability tests parse the corpus pages with. */
const CORPUS_URL = "http://fakehost/test/page.html";

/** Multiset token F1, as in scripts/bench-extract.ts. */
function tokenF1(actual: string, expected: string): number {
  const counts = new Map<string, number>();
  for (const token of wordTokens(expected)) counts.set(token, (counts.get(token) ?? 0) + 1);
  const tokens = wordTokens(actual);
  let overlap = 0;
  for (const token of tokens) {
    const left = counts.get(token) ?? 0;
    if (left > 0) {
      overlap++;
      counts.set(token, left - 1);
    }
  }
  const precision = overlap / tokens.length;
  const recall = overlap / wordTokens(expected).length;
  return (2 * precision * recall) / (precision + recall);
}

const paragraph = (n: number) =>
  `<p>Paragraph ${n}: the committee met for several hours on Tuesday to discuss the budget, the new library ` +
  "building, the repairs to the old bridge over the river, and the plans for next summer's festival in the park.</p>";

function page(body: string, head = ""): string {
  return `<!DOCTYPE html><html lang="en"><head><title>Test page</title>${head}</head><body>${body}</body></html>`;
}

describe("corpus pages", () => {
  it("extracts the Guardian article with its metadata", () => {
    const article = extractArticle(guardianSource, CORPUS_URL);
    // The headline as the page shows it; its og:title adds the author's name.
    expect(article.title).toBe("'What is the sea telling us?': Māori tribes fearful over whale strandings");
    expect(article.byline).toBe("Eleanor Ainge Roy");
    expect(article.siteName).toBe("the Guardian");
    expect(article.publishedTime).toBe("2019-01-03T07:00:02.000Z");
    expect(article.htmlLanguage).toBe("en");
    expect(article.domain).toBe("fakehost");
    expect(article.leadImage).toMatch(/^https:\/\/i\.guim\.co\.uk\//);
    expect(tokenF1(article.text, htmlToText(guardianExpected))).toBeGreaterThan(0.99);
    expect(article.wordCount).toBe(countWords(article.text));
    expect(article.wordCount).toBeGreaterThan(1000);
  });

  it("reads JSON-LD metadata and reduces <html lang> to its primary subtag (folha)", () => {
    const article = extractArticle(folhaSource, CORPUS_URL);
    expect(article).toMatchObject({
      title: "Tite diz que errou ao levar taça da Libertadores a Lula em 2012",
      byline: "Bruno (Henrique Zecchin) Rodrigues",
      siteName: "Folha de S.Paulo",
      publishedTime: "2018-12-21T12:55:00Z",
      htmlLanguage: "pt",
    });
  });

  it("finds the date in the article's <time> when no <meta> gives one (001)", () => {
    const article = extractArticle(codeSource, CORPUS_URL);
    expect(article.byline).toBe("Nicolas Perriault");
    expect(article.publishedTime).toBe("2013-09-29");
    expect(article.content).toContain('<a href="http://fakehost/code/2013/testing-frontend-javascript-code');
  });

  it("cuts the site name after an en dash from a <title> (title-en-dash)", () => {
    expect(extractArticle(enDashSource, CORPUS_URL).title).toBe("Lorem ipsum dolor sit amet");
  });

  it("keeps tables, lists and superscripts of a Wikipedia article", () => {
    const { content } = extractArticle(wikipediaSource, CORPUS_URL);
    expect(content).toMatch(/<table>\n<tr><td colspan="2">/);
    // The infobox caption becomes a paragraph before the table; the date has a no-break space.
    expect(content).toContain("<p>Mozilla</p>\n<table>");
    expect(content).toMatch(/<tr><th>Founded<\/th><td>February\s28,\s1998;\s18\syears\sago<\/td><\/tr>/);
    expect(content).toMatch(/<ul>\n<li>/);
    expect(content).toContain("<sup>");
    expect(content).not.toMatch(/<[^>]*\s(?:class|id|style|on\w+)=/);
  });

  it("keeps MathJax formulas that plain Readability drops", () => {
    const article = extractArticle(mathjaxSource, CORPUS_URL);
    expect(article.text).toContain("a ≠ 0");
    expect(tokenF1(article.text, htmlToText(mathjaxExpected))).toBeGreaterThan(0.99);
  });

  it("makes an image caption hidden in the first paragraph a figure of its own (msn)", () => {
    const article = extractArticle(msnSource, CORPUS_URL);
    expect(article.content).toMatch(
      /^<figure><img [^>]+>\s*<figcaption>© Provided by Business Insider Inc Nintendo\/Apple<\/figcaption><\/figure>\s*<p>Nintendo and Apple shocked/,
    );
    expect(article.content).toContain('alt="Nintendo/Apple"');
    expect(article.text.split("\n\n").slice(0, 2)).toEqual([
      "© Provided by Business Insider Inc Nintendo/Apple",
      expect.stringMatching(/^Nintendo and Apple shocked the world/),
    ]);
  });
});

describe("captions inside paragraphs", () => {
  const body = (p: string) =>
    page(`<article><h1>Bridge</h1>${p}${paragraph(1)}${paragraph(2)}${paragraph(3)}</article>`);

  it("lifts an image and its caption next to it out of the paragraph, keeping the paragraph's words", () => {
    const article = extractArticle(
      body(
        '<p><img src="/b.jpg" alt=""><span class="image-credit">Photo: Ann Lee</span> The bridge reopened today after two years of repairs to its old stone arches.</p>',
      ),
      CORPUS_URL,
    );
    expect(article.content).toContain("<figcaption>Photo: Ann Lee</figcaption></figure>\n<p>The bridge reopened today");
  });

  it("leaves a paragraph alone when its caption-like span has no image beside it", () => {
    const article = extractArticle(
      body(
        '<p>The bridge reopened today, <span class="credit">said Ann Lee</span>, after two years of repairs to its arches.</p>',
      ),
      CORPUS_URL,
    );
    expect(article.content).not.toContain("<figure>");
    expect(article.text).toContain("The bridge reopened today, said Ann Lee, after two years");
  });
});

describe("sanitisation", () => {
  const base = "https://news.example.com/2024/05/story.html";

  it("removes scripts, event handlers, style attributes and javascript: links", () => {
    const html = sanitizeHtml(
      '<p style="color:red" onclick="steal()">Hello <a href="javascript:alert(1)">click</a> ' +
        '<img src="x.png" onerror="alert(1)" style="width:1px"></p><script>alert(1)</script>' +
        "<style>p{}</style><iframe src='https://evil.example'></iframe><form action='/x'><input name='q'>" +
        "<button>Send</button><p>Inside the form</p></form><object data='x.swf'></object><embed src='y.swf'>",
      base,
    );
    expect(html).toBe('<p>Hello click <img src="https://news.example.com/2024/05/x.png"></p>\n<p>Inside the form</p>');
  });

  it("makes links and images absolute, adds rel and target, and refuses non-http(s) URLs", () => {
    const html = sanitizeHtml(
      '<p><a href="/about">About</a> <a href="mailto:a@example.com">mail</a> <a href="data:text/html,x">d</a> ' +
        '<img src="data:image/png;base64,AAAA" data-src="../img/lazy.jpg" alt="Lazy" width="640" height="auto">' +
        '<img src="//cdn.example.com/a.jpg" srcset="//cdn.example.com/a-1x.jpg 1x, //cdn.example.com/a-2x.jpg 2x"></p>',
      base,
    );
    expect(html).toBe(
      '<p><a href="https://news.example.com/about" rel="noopener noreferrer nofollow" target="_blank">About</a> ' +
        'mail d <img src="https://news.example.com/2024/img/lazy.jpg" alt="Lazy" width="640">' +
        '<img src="https://cdn.example.com/a.jpg"></p>',
    );
  });

  it("keeps the allowed structure, demotes h1 and unwraps the rest", () => {
    const html = sanitizeHtml(
      '<h1 class="x">Title</h1><section><div>First <span>line</span></div><div>Second</div></section>' +
        '<ul><li>One</li><li>Two<ol start="3"><li>Three</li></ol></li></ul><blockquote><p>Quote</p></blockquote>' +
        '<pre><code>let x = 1;\n  x++;</code></pre><figure><img src="/f.jpg"><figcaption>Caption</figcaption></figure>' +
        '<table><thead><tr><th colspan="2">Head</th></tr></thead><tbody><tr><td>a</td><td>b</td></tr></tbody></table>',
      base,
    );
    expect(html).toBe(
      [
        "<h2>Title</h2>",
        "<p>First line</p>",
        "<p>Second</p>",
        '<ul>\n<li>One</li>\n<li>Two\n<ol start="3">\n<li>Three</li>\n</ol></li>\n</ul>',
        "<blockquote><p>Quote</p></blockquote>",
        "<pre><code>let x = 1;\n  x++;</code></pre>",
        '<figure><img src="https://news.example.com/f.jpg">\n<figcaption>Caption</figcaption></figure>',
        '<table>\n<thead>\n<tr><th colspan="2">Head</th></tr>\n</thead>\n<tbody>\n<tr><td>a</td><td>b</td></tr>\n</tbody>\n</table>',
      ].join("\n"),
    );
  });

  it("escapes text so markup in it stays text", () => {
    expect(sanitizeHtml("<p>a &lt;script&gt; b &amp; c</p>", base)).toBe("<p>a &lt;script&gt; b &amp; c</p>");
  });

  it("sanitises what extractArticle returns", () => {
    const body =
      `<article><h1>Budget talks</h1>${paragraph(1)}<p onmouseover="x()">See <a href="notes.html">the notes</a> ` +
      `and <a href="javascript:void(0)">this</a>.</p><img src="chart.png" onerror="alert(1)">` +
      `<div style="display:block">${paragraph(2)}</div>${paragraph(3)}<script>track()</script></article>`;
    const { content } = extractArticle(page(body), "https://www.example.org/news/budget");
    expect(content).toContain(
      '<a href="https://www.example.org/news/notes.html" rel="noopener noreferrer nofollow" target="_blank">the notes</a>',
    );
    expect(content).toContain('<img src="https://www.example.org/news/chart.png">');
    expect(content).not.toMatch(/<script|onerror|onmouseover|javascript:|style=/i);
  });
});

describe("metadata", () => {
  const head =
    '<meta property="og:site_name" content="The Daily Example">' +
    '<meta property="og:image" content="/images/lead.jpg">' +
    '<meta name="author" content="Meta Author">' +
    '<script type="application/ld+json">' +
    JSON.stringify({
      "@context": "https://schema.org",
      "@graph": [
        { "@type": "WebSite", "@id": "https://example.org/#site", name: "Example" },
        { "@type": "Person", "@id": "https://example.org/#jane", name: "Jane Roe" },
        {
          "@type": "NewsArticle",
          headline: "Council agrees budget",
          author: { "@id": "https://example.org/#jane" },
          datePublished: "2024-03-05 09:30:00+0100",
          publisher: { "@type": "Organization", name: "The Daily Example" },
        },
      ],
    }) +
    "</script>";
  const body = `<article>${paragraph(1)}${paragraph(2)}${paragraph(3)}</article>`;

  it("takes title, author, date, site name and lead image from JSON-LD and <meta>", () => {
    const html = `<!DOCTYPE html><html lang="de-AT"><head><title>Council agrees budget | The Daily Example</title>${head}</head><body>${body}</body></html>`;
    const article = extractArticle(html, "https://www.example.org/news/budget");
    expect(article).toMatchObject({
      title: "Council agrees budget",
      byline: "Jane Roe",
      publishedTime: "2024-03-05T09:30:00+01:00",
      siteName: "The Daily Example",
      leadImage: "https://www.example.org/images/lead.jpg",
      domain: "example.org",
      htmlLanguage: "de",
    });
  });

  it("falls back to <meta> tags and <time datetime>, strips the site name and a 'By' from the byline", () => {
    const html = page(
      `<article><p class="byline">By Sam Writer\n March 5, 2024</p><time datetime="2024-03-05T08:00:00Z">5 March</time>${paragraph(1)}${paragraph(2)}${paragraph(3)}</article>`,
      '<meta property="og:title" content="Parking fees rise - Example News">' +
        '<meta property="og:site_name" content="Example News">',
    );
    const article = extractArticle(html, "https://example.net/a");
    expect(article.title).toBe("Parking fees rise");
    expect(article.byline).toBe("Sam Writer");
    expect(article.publishedTime).toBe("2024-03-05T08:00:00Z");
    expect(article.siteName).toBe("Example News");
    expect(article.htmlLanguage).toBe("en");
  });

  it("takes the author from the JSON-LD when the byline element is a 'Full Bio' link", () => {
    const html = page(
      `<article><div class="byline"><a href="/jane-roe" class="author-link">Full Bio</a></div>${paragraph(1)}${paragraph(2)}${paragraph(3)}</article>`,
      `<script type="application/ld+json">${JSON.stringify({ "@type": "Article", headline: "Parking fees rise", author: "Jane Roe" })}</script>`,
    );
    expect(extractArticle(html, "https://example.net/a").byline).toBe("Jane Roe");
  });
});

describe("too little text", () => {
  it("flags a page that only a script would fill", () => {
    const html = page(
      '<div id="root"></div><noscript>You need to enable JavaScript to run this app.</noscript>' +
        '<script src="/static/js/main.js"></script><script>window.__DATA__ = {"articles": []};</script>',
    );
    const article = extractArticle(html, "https://app.example.com/article/1");
    expect(article.wordCount).toBe(0);
    expect(hasTooLittleText(article)).toBe(true);
  });

  it("flags a short teaser and accepts a real article", () => {
    expect(hasTooLittleText(extractArticle(page(paragraph(1)), "https://example.com/a"))).toBe(true);
    const article = extractArticle(
      page(`<article>${[1, 2, 3, 4].map(paragraph).join("")}</article>`),
      "https://example.com/a",
    );
    expect(article.wordCount).toBeGreaterThan(100);
    expect(hasTooLittleText(article)).toBe(false);
  });

  it("does not throw on empty or broken input, and says when it fell back to the page body", () => {
    expect(extractArticle("", "https://example.com/").content).toBe("");
    const fragment = extractArticleWithSource(`<p>Loose text without html or body tags.</p>`, "https://example.com/");
    expect(fragment.article.text).toBe("Loose text without html or body tags.");
    expect(hasTooLittleText(fragment.article)).toBe(true);
  });
});

describe("htmlToText", () => {
  it("separates paragraphs by blank lines and keeps line breaks and preformatted text", () => {
    expect(htmlToText("<h2>Head</h2><p>One<br>two</p><ul><li>a</li><li>b</li></ul><pre>x\n  y</pre>")).toBe(
      "Head\n\nOne\ntwo\n\na\n\nb\n\nx\n  y",
    );
  });

  it("counts CJK characters as words", () => {
    expect(countWords("東京は晴れ hello world")).toBe(7);
  });
});
