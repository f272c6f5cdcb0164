import { describe, expect, it } from "vitest";
import { extractArticle } from "../../src/worker/domain/extraction/extract-article";

/** Titles, authors, site names and dates as the page states them (docs/processing.md, "Titles, authors, dates"). */

const paragraph = (n: number) =>
  `<p>Absatz ${n}: Der Ausschuss hat am Dienstag mehrere Stunden über den Haushalt beraten, über den Neubau der ` +
  "Bibliothek, die Reparatur der alten Brücke über den Fluss und die Pläne für das Sommerfest im Park im nächsten Jahr.</p>";
const english = (n: number) =>
  `<p>Paragraph ${n}: the committee met for several hours on Tuesday to discuss the budget, the new library ` +
  "building, the repairs to the old bridge over the river, and the plans for next summer's festival in the park.</p>";
const story = (para: (n: number) => string) => [1, 2, 3, 4].map(para).join("");

function page(head: string, body: string, lang = "de"): string {
  return `<!DOCTYPE html><html lang="${lang}"><head>${head}</head><body>${body}</body></html>`;
}

const jsonLd = (value: unknown) => `<script type="application/ld+json">${JSON.stringify(value)}</script>`;

describe("title", () => {
  it("takes the headline, not the URL slug that the JSON-LD names the article (de)", () => {
    const html = page(
      "<title>Ein Albtraum - DER SPIEGEL 52/2018</title>" +
        jsonLd({
          "@type": "NewsArticle",
          name: "d-161500790",
          headline: "Ein Albtraum",
          author: [{ "@type": "Organization", name: "SPIEGEL ONLINE" }],
          publisher: { "@type": "Organization", name: "SPIEGEL ONLINE" },
        }),
      `<header class="article-header"><h1 class="so-hdln">Ein Albtraum</h1></header><article>${story(paragraph)}</article>`,
    );
    expect(extractArticle(html, "https://www.example.de/spiegel/print/d-161500790.html").title).toBe("Ein Albtraum");
  });

  it("takes the visible headline that the metadata confirms over the share card's wording (en)", () => {
    const html = page(
      '<title>Camping Stoves: Top Rated Camp Stoves | Outdoor Co-op</title><meta property="og:site_name" content="Outdoor Co-op">' +
        '<meta property="og:title" content="Camping Stoves: Top Rated Camp Stoves | Outdoor Co-op">',
      `<h1>Camp Stoves</h1><article>${story(english)}</article>`,
      "en",
    );
    expect(extractArticle(html, "https://www.example.com/c/camp-stoves").title).toBe("Camp Stoves");
  });

  it("passes over the site's logo heading, a site-wide og:title and a kicker glued to the headline (de)", () => {
    const html = page(
      '<title>Stiftung Beispiel</title><meta property="og:title" content="Stiftung Beispiel">' +
        '<meta name="twitter:title" content="Große Aufgaben für die neue Regierung">',
      '<div class="head"><h1 class="site-logo"><a href="/">Stiftung Beispiel</a></h1></div>' +
        `<h1><span class="kicker">Tunesien</span> Große Aufgaben für die neue Regierung</h1><article>${story(paragraph)}</article>`,
    );
    expect(extractArticle(html, "https://www.example.de/news/tunesien").title).toBe(
      "Große Aufgaben für die neue Regierung",
    );
  });
});

describe("title, when the server printed text before the page", () => {
  it("is still the <title>, as a browser reads it, never an SVG's title (de)", () => {
    // A PHP warning before <!DOCTYPE html>: the parser starts the body at it, and the <head>'s elements land there.
    const html =
      "<br />\n<b>Warning</b>: mysql_get_server_info(): Access denied in <b>/www/plugins/tagging.php</b><br />\n" +
      '<!DOCTYPE html><html lang="de"><head><meta charset="UTF-8"><title>Alles Neue macht der Mai&#8230; | Bibliothek und mehr</title></head>' +
      `<body><svg><title>Suche</title></svg><div class="post">${story(paragraph)}</div></body></html>`;
    expect(extractArticle(html, "https://www.example.de/2010/05/mai").title).toBe("Alles Neue macht der Mai…");
  });
});

describe("site name", () => {
  it("never the page's own title: the part of it that names the site (de)", () => {
    const html = page(
      '<title>US-Sport in Zeiten von Corona - ZDFmediathek</title><meta property="og:title" content="US-Sport in Zeiten von Corona">' +
        '<meta name="application-name" content="US-Sport in Zeiten von Corona - ZDFmediathek">',
      `<article>${story(paragraph)}</article>`,
    );
    const article = extractArticle(html, "https://www.example.de/sport/us-sport-corona-100.html");
    expect(article.title).toBe("US-Sport in Zeiten von Corona");
    expect(article.siteName).toBe("ZDFmediathek");
  });
});

describe("author", () => {
  it("is not the reviewer a law firm's post names where the byline goes (en)", () => {
    const html = page(
      "<title>Gym Injury Lawsuits</title>",
      '<h1>Gym Injury Lawsuits</h1><p class="byline">Reviewed by Justin Roe, Trial Attorney at Roe &amp; Roe, on December 9, 2024.</p>' +
        `<article>${story(english)}</article>`,
      "en",
    );
    expect(extractArticle(html, "https://www.example.com/blog/gym-injury-lawsuits/").byline).toBeNull();
  });

  it("is not the photo credit that Readability takes for a byline (en)", () => {
    const html = page(
      "<title>Microsoft moves to erase its carbon footprint</title>",
      '<header class="entry-header"><h1>Microsoft moves to erase its carbon footprint</h1>' +
        '<div class="byline">By Jane Roe</div></header>' +
        '<figure><img src="/a.jpg"><figcaption><span class="img-caption">The company plans to cut emissions.</span>' +
        '<span class="img-author">Mike Blake/Reuters files</span></figcaption></figure>' +
        `<article>${story(english)}</article>`,
      "en",
    );
    expect(extractArticle(html, "https://news.example.com/tech/microsoft").byline).toBe("Jane Roe");
  });

  it("is the person the byline markup names, not the site named as author in <meta> (de)", () => {
    const html = page(
      '<title>Kipppunkte im Klimasystem</title><meta name="author" content="Klima Beispiel">',
      '<h1>Kipppunkte im Klimasystem</h1><div class="field field--name-field-term-author">Christian Mihatsch</div>' +
        `<article>${story(paragraph)}</article>`,
    );
    expect(extractArticle(html, "https://www.klima-beispiel.example/kipppunkt").byline).toBe("Christian Mihatsch");
  });
});

describe("date", () => {
  it("is the upload date of the video a clip page is built around, and none when the page states none (de)", () => {
    const video = jsonLd({ "@type": "VideoObject", name: "US-Sport", uploadDate: "2020-04-04T20:57:00.000+02:00" });
    const html = (head: string) => page(`<title>US-Sport in Zeiten von Corona</title>${head}`, story(paragraph));
    const url = "https://www.example.de/sport/us-sport-corona-100.html";
    expect(extractArticle(html(video), url).publishedTime).toBe("2020-04-04T20:57:00.000+02:00");
    expect(extractArticle(html(""), url).publishedTime).toBeNull();
  });
});
