import { describe, expect, it } from "vitest";
import {
  DEFAULT_EXTRACTION_RULES,
  type ExtractionRule,
  extractArticleWithSource,
} from "../../src/worker/domain/extraction/extract-article";
import { htmlToText } from "../../src/worker/domain/extraction/html-text";
import { recoverParagraphs } from "../../src/worker/domain/extraction/recover-paragraphs";

/**
 * One small page per rule added to Readability (extract-article.ts: EXTRACTION_RULES), in six languages.
 * Every test extracts the page twice, without and with its rule, so it shows the rule is what makes the difference.
 */

const PAGE_URL = "https://news.example/2026/11/story.html";

/** A page whose article holds `paragraphs` and, after the second one, `extra`. */
function page(lang: string, title: string, paragraphs: string[], extra: string, head = ""): string {
  const body = paragraphs.map((p, i) => `<p>${p}</p>${i === 1 ? extra : ""}`).join("\n");
  return `<!DOCTYPE html><html lang="${lang}"><head><title>${title}</title>${head}</head><body>
    <nav><a href="/">Home</a> <a href="/a">A</a> <a href="/b">B</a></nav>
    <article><h1>${title}</h1>${body}</article>
    <footer>Footer</footer></body></html>`;
}

function textWith(html: string, rule: ExtractionRule, on: boolean, off: ExtractionRule[] = []): string {
  const others = DEFAULT_EXTRACTION_RULES.filter((r) => r !== rule && !off.includes(r));
  const rules = new Set([...others, ...(on ? [rule] : [])]);
  return extractArticleWithSource(html, PAGE_URL, { rules }).article.text;
}

/** The page's text without `rule`, then with it (the rules in `off` off both times). */
function withoutAndWith(html: string, rule: ExtractionRule, off: ExtractionRule[] = []): [string, string] {
  return [textWith(html, rule, false, off), textWith(html, rule, true, off)];
}

/** A page's language, title and paragraphs, and a line of clutter to set among them. */
type LineCase = [lang: string, title: string, paragraphs: string[], line: string];

/**
 * Expects `rule` to be what drops each case's line, set as a paragraph of its own after the second paragraph or
 * right after the headline (`after-title`, where datelines and player labels stand).
 */
function expectDropsLines(rule: ExtractionRule, cases: LineCase[], where: "in-body" | "after-title" = "in-body") {
  for (const [lang, title, paragraphs, line] of cases) {
    const block = `<p>${line}</p>`;
    const html =
      where === "after-title"
        ? page(lang, title, paragraphs, "").replace("</h1>", `</h1>${block}`)
        : page(lang, title, paragraphs, block);
    const label = line.replace(/<[^>]+>/g, "");
    expect(
      withoutAndWith(html, rule).map((text) => text.includes(label)),
      `${rule}: ${label}`,
    ).toEqual([true, false]);
  }
}

const GERMAN = [
  "Der Gemeinderat hat am Dienstagabend nach langer Debatte beschlossen, die alte Brücke über den Fluss bis zum Herbst des kommenden Jahres vollständig zu sanieren, obwohl die Kosten deutlich gestiegen sind.",
  "Die Bürgermeisterin sagte, man habe sich die Entscheidung nicht leicht gemacht, aber die Sicherheit der Menschen, die täglich über die Brücke fahren, gehe in diesem Fall eindeutig vor.",
  "Während der Bauarbeiten wird der Verkehr über eine provisorische Umleitung durch das Gewerbegebiet geführt, was nach Schätzung der Verwaltung etwa zehn Minuten mehr Fahrzeit bedeutet.",
  "Die Opposition kritisierte, dass die Sanierung viel zu spät komme und dass man schon vor Jahren hätte handeln müssen, als die ersten Gutachten auf die Schäden hingewiesen hatten.",
];

const MORE_GERMAN = [
  "Nach Angaben des Bauamts sollen die Arbeiten im März beginnen, sobald die Ausschreibung abgeschlossen ist und die beauftragten Firmen ihre Pläne für die einzelnen Bauabschnitte vorgelegt haben.",
  "Die Anwohner der Uferstraße werden in den kommenden Wochen zu einer Versammlung eingeladen, bei der die Stadt den Zeitplan und die geplanten Sperrungen ausführlich erklären will.",
  "Finanziert wird die Sanierung zum größten Teil aus Mitteln des Landes, den Rest muss die Stadt aus ihrem eigenen Haushalt aufbringen, der dafür an anderer Stelle gekürzt werden soll.",
];

const SPANISH = [
  "El ayuntamiento aprobó este martes, tras un largo debate, el plan para renovar por completo el viejo puente sobre el río antes del otoño del próximo año, aunque los costes han subido mucho.",
  "La alcaldesa dijo que la decisión no había sido fácil, pero que la seguridad de las personas que cruzan el puente cada día tenía que estar por encima de cualquier otra consideración.",
  "Durante las obras, el tráfico se desviará por una ruta provisional a través del polígono industrial, lo que según el ayuntamiento supondrá unos diez minutos más de viaje para los conductores.",
  "La oposición criticó que la renovación llegue demasiado tarde y recordó que los primeros informes técnicos ya habían advertido de los daños en la estructura hace varios años.",
];

const POLISH = [
  "Rada miasta po długiej debacie zdecydowała we wtorek wieczorem, że stary most na rzece zostanie całkowicie wyremontowany do jesieni przyszłego roku, mimo że koszty znacznie wzrosły.",
  "Burmistrz powiedziała, że decyzja nie była łatwa, ale bezpieczeństwo ludzi, którzy codziennie przejeżdżają przez most, musi być w tym przypadku najważniejsze dla całej rady.",
  "W czasie prac ruch zostanie poprowadzony tymczasowym objazdem przez strefę przemysłową, co według urzędu oznacza dla kierowców około dziesięciu minut dłuższą jazdę każdego dnia.",
  "Opozycja skrytykowała, że remont przychodzi o wiele za późno, i przypomniała, że pierwsze ekspertyzy już kilka lat temu wskazywały na poważne uszkodzenia konstrukcji mostu.",
];

const FRENCH = [
  "Le conseil municipal a décidé mardi soir, après un long débat, de rénover entièrement le vieux pont sur la rivière d'ici l'automne de l'année prochaine, même si les coûts ont fortement augmenté.",
  "La maire a déclaré que la décision n'avait pas été facile, mais que la sécurité des personnes qui traversent le pont chaque jour devait passer avant toute autre considération.",
  "Pendant les travaux, la circulation sera déviée par un itinéraire provisoire à travers la zone industrielle, ce qui représente selon la mairie une dizaine de minutes de trajet en plus.",
  "L'opposition a critiqué une rénovation qui arrive beaucoup trop tard et a rappelé que les premières expertises avaient signalé les dégâts de la structure il y a plusieurs années déjà.",
];

const DUTCH = [
  "De gemeenteraad heeft dinsdagavond na een lang debat besloten de oude brug over de rivier vóór de herfst van volgend jaar volledig te renoveren, hoewel de kosten sterk zijn gestegen.",
  "De burgemeester zei dat het geen gemakkelijke beslissing was, maar dat de veiligheid van de mensen die elke dag over de brug rijden in dit geval duidelijk voorgaat.",
  "Tijdens de werkzaamheden wordt het verkeer via een tijdelijke omleiding door het bedrijventerrein geleid, wat volgens de gemeente ongeveer tien minuten extra reistijd betekent.",
  "De oppositie vond dat de renovatie veel te laat komt en herinnerde eraan dat de eerste rapporten al jaren geleden op de schade aan de constructie hadden gewezen.",
];

const ENGLISH = [
  "The town council decided on Tuesday evening, after a long debate, to fully renovate the old bridge over the river by next autumn, even though the costs have risen sharply since the first estimate.",
];

const ENGLISH_MORE = [
  "The mayor said the decision had not been easy, but that the safety of the people who cross the bridge every day had to come before every other consideration in this case.",
  "During the works, traffic will be diverted along a temporary route through the industrial estate, which the council estimates will add about ten minutes to the journey.",
  "The opposition said the renovation came far too late and recalled that the first engineering reports had pointed to the damage in the structure several years ago.",
];

describe("extraction rules, one page each", () => {
  it("ad-labels: drops an advertising label standing alone between paragraphs (de)", () => {
    const html = page("de", "Brücke wird saniert", GERMAN, "<p>- Anzeige -</p>");
    expect([
      textWith(html, "ad-labels", false).includes("Anzeige"),
      textWith(html, "ad-labels", true).includes("Anzeige"),
    ]).toEqual([true, false]);
  });

  it("ad-labels: drops the line an ad slot leaves, saying the story goes on after it (en, es, pl)", () => {
    const cases: LineCase[] = [
      ["en", "Bridge to be renovated", [...ENGLISH, ...ENGLISH_MORE], "Story continues below advertisement"],
      ["es", "El puente será renovado", SPANISH, "Sigue después de la publicidad"],
      ["pl", "Most zostanie wyremontowany", POLISH, "Dalsza część artykułu pod reklamą"],
    ];
    expectDropsLines("ad-labels", cases);
  });

  it("read-also: drops a 'read also' teaser linking to another story (es)", () => {
    const teaser =
      '<p><strong>Lea también:</strong> <a href="/otra">El gobierno anuncia nuevas ayudas para los municipios</a></p>';
    const html = page("es", "Renovarán el puente", SPANISH, teaser);
    const marker = "nuevas ayudas para los municipios";
    expect([
      textWith(html, "read-also", false).includes(marker),
      textWith(html, "read-also", true).includes(marker),
    ]).toEqual([true, false]);
  });

  it("related-sections: drops a 'read also' heading and the list of links under it (pl)", () => {
    const links = ["Nowe autobusy na ulicach miasta", "Remont dworca potrwa dłużej", "Park miejski otwarty po zimie"];
    const related = `<h3>Czytaj też</h3><ul>${links.map((l, i) => `<li><a href="/n${i}">${l}</a></li>`).join("")}</ul>`;
    const html = page("pl", "Most zostanie wyremontowany", POLISH, related);
    expect([
      textWith(html, "related-sections", false).includes(links[1] ?? ""),
      textWith(html, "related-sections", true).includes(links[1] ?? ""),
    ]).toEqual([true, false]);
  });

  it("credits: drops a credit line that a separator starts ('+++ Credits: …') (de)", () => {
    const credit = '<p>+++<br>Credits: Titelbild <a href="https://agentur.example/">Agentur Beispiel</a></p>';
    const html = page("de", "Brücke wird saniert", [...GERMAN, ...MORE_GERMAN], credit);
    const [without, withRule] = withoutAndWith(html, "credits", ["caption-credits"]);
    expect([without.includes("Titelbild"), withRule.includes("Titelbild")]).toEqual([true, false]);
  });

  it("credits: drops a photo credit standing between paragraphs, keeping the image's caption (fr)", () => {
    const figure =
      '<figure><img src="/pont.jpg" alt="Le pont"><figcaption>Le vieux pont au lever du jour.</figcaption></figure><p><small>Crédit photo : Jean Dupont</small></p>';
    const html = page("fr", "Le pont sera rénové", FRENCH, figure);
    // Without caption-credits, which also cuts a credit line.
    const [before, after] = withoutAndWith(html, "credits", ["caption-credits"]);
    expect([
      before.includes("Jean Dupont"),
      after.includes("Jean Dupont"),
      after.includes("Le vieux pont au lever du jour."),
    ]).toEqual([true, false, true]);
  });

  it("recover-paragraphs: takes back article paragraphs Readability dropped with a box it distrusted (de)", () => {
    // Readability discards the box for its class name before scoring; the words are plainly article text.
    const html = `<!DOCTYPE html><html lang="de"><head><title>Brücke</title></head><body><article><h1>Brücke</h1>
      <div class="sidebar-box"><p>${GERMAN[2]}</p><p>${GERMAN[3]}</p><p>${MORE_GERMAN[0]}</p><p>${MORE_GERMAN[1]}</p></div>
      <div><p>${GERMAN[0]}</p><p>${GERMAN[1]}</p><p>${MORE_GERMAN[2]}</p></div></article></body></html>`;
    // Without lead-paragraph, which would take back the box's first paragraph as the text after the <h1>.
    const marker = "provisorische Umleitung durch das Gewerbegebiet";
    expect([
      textWith(html, "recover-paragraphs", false, ["lead-paragraph"]).includes(marker),
      textWith(html, "recover-paragraphs", true, ["lead-paragraph"]).includes(marker),
    ]).toEqual([false, true]);
  });

  it("recover-paragraphs: a short line the page repeats vouches for one block, not for a list of teasers (de)", () => {
    // Readability kept the clip's text and its one "betrifft: ..." line; the page's <main> also lists other clips,
    // each a title and the same line, and paragraphs of the text Readability dropped.
    const readabilityText = [GERMAN[0], "betrifft: ...", GERMAN[1]].join("\n\n");
    const teasers = ["Die Tricks der Unfallbetrüger", "Landwirtschaft ohne Chemie"]
      .map((title) => `<h3>${title}</h3><p>betrifft: ...</p>`)
      .join("");
    const marked = `<p>${GERMAN[0]}</p><p>betrifft: ...</p>${teasers}<p>${GERMAN[2]}</p><p>${GERMAN[3]}</p><p>${MORE_GERMAN[0]}</p><p>${MORE_GERMAN[1]}</p><p>${GERMAN[1]}</p>`;
    const recovered = htmlToText(recoverParagraphs(readabilityText, marked, "de") ?? "");
    expect(recovered).toContain("provisorische Umleitung");
    expect(recovered).not.toContain("Unfallbetrüger");
    expect(recovered.match(/betrifft: \.\.\./g)).toHaveLength(1);
  });

  it("recover-paragraphs: never at the cost of a paragraph Readability kept outside the page's <main> (de)", () => {
    const readabilityText = [GERMAN[0], GERMAN[1], MORE_GERMAN[2]].join("\n\n");
    const marked = [GERMAN[0], GERMAN[2], GERMAN[3], MORE_GERMAN[0], MORE_GERMAN[1], GERMAN[1]]
      .map((p) => `<p>${p}</p>`)
      .join("");
    expect(recoverParagraphs(readabilityText, marked, "de")).toBeNull();
    expect(recoverParagraphs([GERMAN[0], GERMAN[1]].join("\n\n"), marked, "de")).not.toBeNull();
  });

  it("calls-to-action: drops a newsletter prompt between paragraphs (nl)", () => {
    const prompt =
      '<div class="box"><p>Meld je aan voor onze nieuwsbrief en mis geen enkel verhaal uit je regio.</p></div>';
    const html = page("nl", "Brug wordt gerenoveerd", DUTCH, prompt);
    expect([
      textWith(html, "calls-to-action", false).includes("nieuwsbrief"),
      textWith(html, "calls-to-action", true).includes("nieuwsbrief"),
    ]).toEqual([true, false]);
  });

  it("json-ld-body: takes the schema.org articleBody when the page shows only a teaser (en)", () => {
    const full = [
      ...ENGLISH,
      "The mayor said the decision had not been easy, but the safety of the people who cross the bridge every day had to come before anything else, whatever the final bill turns out to be.",
      "During the works, traffic will follow a temporary diversion through the industrial estate, which the council estimates will add about ten minutes to the journey for most drivers.",
    ];
    const jsonLd = JSON.stringify({
      "@context": "https://schema.org",
      "@type": "NewsArticle",
      headline: "Bridge",
      articleBody: full.join("\n"),
    });
    const html = page(
      "en",
      "Bridge to be renovated",
      ENGLISH,
      "",
      `<script type="application/ld+json">${jsonLd}</script>`,
    );
    const marker = "temporary diversion through the industrial estate";
    expect([
      textWith(html, "json-ld-body", false).includes(marker),
      textWith(html, "json-ld-body", true).includes(marker),
    ]).toEqual([false, true]);
  });

  it("marked-boilerplate: drops a share bar whose class also says 'article', which Readability spares (fr)", () => {
    const share =
      '<div class="article-social"><p>Partager sur Facebook</p><p>Partager sur Twitter</p><p>Envoyer par e-mail</p></div>';
    const html = page("fr", "Le pont sera rénové", FRENCH, share);
    // `controls` off both times: it takes share labels standing alone after Readability, these among them.
    expect(
      withoutAndWith(html, "marked-boilerplate", ["controls"]).map((text) => text.includes("Partager sur Twitter")),
    ).toEqual([true, false]);
  });

  it("marked-boilerplate: drops a cookie notice between paragraphs (en)", () => {
    const more = [
      ...ENGLISH,
      "The mayor said the decision had not been easy, but the safety of the people who cross the bridge every day had to come before anything else, whatever the final bill turns out to be.",
      "During the works, traffic will follow a temporary diversion through the industrial estate, which the council estimates will add about ten minutes to the journey for most drivers.",
    ];
    const notice =
      '<div class="cookie-consent"><p>We use cookies to give you the best experience on our website. If you continue, we assume that you are happy with it.</p></div>';
    const html = page("en", "Bridge to be renovated", more, notice);
    expect([
      textWith(html, "marked-boilerplate", false).includes("We use cookies"),
      textWith(html, "marked-boilerplate", true).includes("We use cookies"),
    ]).toEqual([true, false]);
  });

  it("marked-boilerplate: drops the author's box under the story, its name and a line about them (en)", () => {
    const more = [
      ...ENGLISH,
      "The mayor said the decision had not been easy, but the safety of the people who cross the bridge every day had to come before anything else, whatever the final bill turns out to be.",
      "During the works, traffic will follow a temporary diversion through the industrial estate, which the council estimates will add about ten minutes to the journey for most drivers.",
    ];
    const box =
      '<div class="author-bio"><img src="/jane.jpg" alt=""><p>Jane Roe is a transport reporter who has covered roads, railways and bridges for more than a decade. She lives in the town with her two dogs.</p></div>';
    const html = page("en", "Bridge to be renovated", more, "").replace("</article>", `${box}</article>`);
    expect(withoutAndWith(html, "marked-boilerplate").map((text) => text.includes("Jane Roe is a transport"))).toEqual([
      true,
      false,
    ]);
  });

  it("marked-boilerplate: drops an 'about the author' box named in two words, keeping the byline (de)", () => {
    const byline = '<p class="author">Von Erika Mustermann</p>';
    const box =
      '<section class="about author"><h3>Über die Autorin</h3><p>Erika Mustermann schreibt seit vielen Jahren über die Stadt, ihre Brücken und ihren Verkehr, und sie fährt jeden Tag mit dem Rad zur Arbeit.</p></section>';
    const html = page("de", "Die alte Brücke wird saniert", [...GERMAN, ...MORE_GERMAN], "")
      .replace("</h1>", `</h1>${byline}`)
      .replace("</article>", `${box}</article>`);
    const [without, withRule] = withoutAndWith(html, "marked-boilerplate");
    const byRule = extractArticleWithSource(html, PAGE_URL).article.byline;
    expect([
      without.includes("schreibt seit vielen Jahren"),
      withRule.includes("schreibt seit vielen Jahren"),
      byRule,
    ]).toEqual([true, false, "Erika Mustermann"]);
  });

  it("marked-boilerplate: keeps an article whose wrapper's class names its author (pl)", () => {
    const html = `<!DOCTYPE html><html lang="pl"><head><title>Most zostanie wyremontowany</title></head><body>
      <div class="author-box-layout"><h2>Most zostanie wyremontowany</h2>${POLISH.map((p) => `<p>${p}</p>`).join("")}</div>
      <div class="about-us"><p>Jesteśmy niezależną gazetą lokalną, która od ponad trzydziestu lat codziennie pisze o sprawach miasta, jego mieszkańców i okolicznych gmin.</p></div>
      </body></html>`;
    expect(withoutAndWith(html, "marked-boilerplate").map((text) => text.includes("Burmistrz powiedziała"))).toEqual([
      true,
      true,
    ]);
  });

  it("marked-boilerplate: keeps a shop's product details set in a modal sheet, and drops its newsletter pop-up (en)", () => {
    const html = `<!DOCTYPE html><html lang="en"><head><title>Shelf unit, white</title></head><body><main>
      <h1>Shelf unit, white</h1>${ENGLISH.map((p) => `<p>${p}</p>`).join("")}
      <div class="product-details-modal"><h2>Product details</h2><p>Solid pine, lacquered.</p><p>Shelf depth 39 cm.</p><p>Max load 13 kg per shelf.</p></div>
      <div class="newsletter-modal"><p>Sign up for our emails and get 10% off.</p></div>
      </main></body></html>`;
    const [, withRule] = withoutAndWith(html, "marked-boilerplate");
    expect(withRule).toContain("Max load 13 kg per shelf.");
    expect(withRule).not.toContain("Sign up for our emails");
  });

  it("lead-paragraph: keeps the standfirst in the article's header that Readability drops (de)", () => {
    const lead =
      "Nach jahrelangem Streit ist die Entscheidung gefallen: Die alte Brücke wird saniert, und die Stadt zahlt den größten Teil der Kosten selbst.";
    const html = `<!DOCTYPE html><html lang="de"><head><title>Brücke wird saniert</title></head><body>
      <article><header class="entry-header"><h1>Brücke wird saniert</h1><p class="intro">${lead}</p></header>
      <div class="article-body">${[...GERMAN, ...MORE_GERMAN].map((p) => `<p>${p}</p>`).join("")}</div></article></body></html>`;
    const marker = "Nach jahrelangem Streit";
    expect([
      textWith(html, "lead-paragraph", false).includes(marker),
      textWith(html, "lead-paragraph", true).includes(marker),
    ]).toEqual([false, true]);
  });

  it("lead-paragraph: keeps a deck set as a subheading beside the headline (es)", () => {
    const lead =
      "El ayuntamiento asegura que las obras durarán menos de un año y que el tráfico no quedará cortado en ningún momento.";
    const html = `<!DOCTYPE html><html lang="es"><head><title>Renovarán el puente</title></head><body>
      <div class="header-nota"><h1>Renovarán el puente</h1><h2 class="bajada">${lead}</h2></div>
      <div class="cuerpo">${SPANISH.map((p) => `<p>${p}</p>`).join("")}</div></body></html>`;
    const marker = "las obras durarán menos de un año";
    expect([
      textWith(html, "lead-paragraph", false).includes(marker),
      textWith(html, "lead-paragraph", true).includes(marker),
    ]).toEqual([false, true]);
  });

  it("lead-paragraph: finds the headline past a logo's empty <h1> and a section name, and keeps its subtitle (it)", () => {
    const title = "Il ponte sul fiume sarà rinnovato entro il prossimo autunno";
    const subtitle =
      "Piogge e lavori previsti per tutto l'inverno nelle regioni del centro, ma il sindaco promette che il traffico non si fermerà";
    const body = [
      "Il consiglio comunale ha deciso martedì sera, dopo un lungo dibattito, di rinnovare completamente il vecchio ponte sul fiume entro l'autunno del prossimo anno, anche se i costi sono aumentati molto.",
      "La sindaca ha detto che la decisione non è stata facile, ma che la sicurezza delle persone che attraversano il ponte ogni giorno deve venire prima di ogni altra considerazione in questo caso.",
      "Durante i lavori il traffico sarà deviato lungo un percorso provvisorio attraverso la zona industriale, il che secondo il comune aggiungerà una decina di minuti al viaggio.",
    ];
    const html = `<!DOCTYPE html><html lang="it"><head><title>${title} - La Gazzetta</title></head><body>
      <header><h1><a href="/"><img src="/logo.png" alt=""></a></h1><h1><a href="/cronaca">Cronaca</a></h1></header>
      <main><article><header class="entry__header"><h2>${title}</h2><p>${subtitle}</p></header>
      <div class="entry__body">${body.map((p) => `<p>${p}</p>`).join("")}</div></article></main></body></html>`;
    expect([
      textWith(html, "lead-paragraph", false).includes("il traffico non si fermerà"),
      textWith(html, "lead-paragraph", true).includes("il traffico non si fermerà"),
    ]).toEqual([false, true]);
  });

  it("lead-paragraph: finds the lead in a body the page wrapped in a <span> (en)", () => {
    const lead =
      "The council says the works will take less than a year and that the bridge will never be closed to traffic at the same time on both sides.";
    // Readability drops the "story-header" box; the <span> around both boxes read as one block of 1,500+ characters
    // (no lead, and too far for one after it).
    const html = `<!DOCTYPE html><html lang="en"><head><title>Bridge to be renovated</title></head><body>
      <div class="page"><h1>Bridge to be renovated</h1><div class="byline">By Ann Smith</div>
      <div class="story"><span class="external-content"><div class="story-header"><p>${lead}</p></div>
      <div class="story-text">${[...ENGLISH, ...ENGLISH_MORE, ...ENGLISH_MORE].map((p) => `<p>${p}</p>`).join("")}</div></span></div>
      </div></body></html>`;
    const marker = "never be closed to traffic";
    expect([
      textWith(html, "lead-paragraph", false).includes(marker),
      textWith(html, "lead-paragraph", true).includes(marker),
    ]).toEqual([false, true]);
  });

  it("lead-paragraph: passes over a photo's caption inside a link, and takes the lead after it (fr)", () => {
    const caption =
      "La maire de la ville devant le vieux pont, le jour où le conseil a voté les travaux de rénovation.";
    const lead =
      "Après des années de débat, la décision est prise : le vieux pont sera rénové, et la ville paiera elle-même la plus grande partie des travaux.";
    const html = `<!DOCTYPE html><html lang="fr"><head><title>Le pont sera rénové</title></head><body>
      <div class="page"><h1>Le pont sera rénové</h1>
      <div class="photo"><a href="/galerie/pont"><div class="photo-image"><img src="/pont.jpg" alt=""></div>
      <div class="photo-desc">${caption}</div></a></div>
      <div class="story-header"><p>${lead}</p></div>
      <div class="story-text">${FRENCH.map((p) => `<p>${p}</p>`).join("")}</div></div></body></html>`;
    const text = textWith(html, "lead-paragraph", true);
    expect([text.includes("la ville paiera elle-même"), text.includes("le jour où le conseil")]).toEqual([true, false]);
  });

  it("link-paragraphs: drops another article's headline set as a paragraph between paragraphs (pl)", () => {
    const teaser = '<p><a href="/inne">Nowe autobusy elektryczne wyjadą na ulice miasta już w marcu</a></p>';
    const html = page("pl", "Most zostanie wyremontowany", POLISH, teaser);
    const marker = "Nowe autobusy elektryczne";
    expect([
      textWith(html, "link-paragraphs", false).includes(marker),
      textWith(html, "link-paragraphs", true).includes(marker),
    ]).toEqual([true, false]);
  });

  it("calls-to-action: drops an invitation to the site's Telegram channel, words outside ASCII and all (es)", () => {
    const prompt = "<p>¿Ya sabías que tenemos canal de Telegram? Únete desde tu celular en este enlace.</p>";
    const html = page("es", "Renovarán el puente", SPANISH, prompt);
    expect([
      textWith(html, "calls-to-action", false).includes("Telegram"),
      textWith(html, "calls-to-action", true).includes("Telegram"),
    ]).toEqual([true, false]);
  });

  it("calls-to-action: drops a prompt to get the site's own app (en)", () => {
    const prompt = "<p>Get the latest news straight to your phone with the Valley Courier app.</p>";
    const html = page("en", "Bridge to be renovated", [...ENGLISH, ...ENGLISH_MORE], prompt);
    expect([
      textWith(html, "calls-to-action", false).includes("Valley Courier app"),
      textWith(html, "calls-to-action", true).includes("Valley Courier app"),
    ]).toEqual([true, false]);
  });

  it("disclaimers: drops the note that a post is the author's opinion (de)", () => {
    const note = "<div><p>Dieser Beitrag gibt die Meinung des Autors wieder, nicht die der Redaktion.</p></div>";
    const html = page("de", "Brücke wird saniert", GERMAN, note);
    expect([
      textWith(html, "disclaimers", false).includes("Meinung des Autors"),
      textWith(html, "disclaimers", true).includes("Meinung des Autors"),
    ]).toEqual([true, false]);
  });

  it("disclaimers: drops a copyright line that a full stop inside would pass off as a sentence (en)", () => {
    const line = '<div class="legal">© 2024 Valley Media Inc. All Rights Reserved.</div>';
    const html = page("en", "Bridge to be renovated", [...ENGLISH, ...ENGLISH_MORE], line);
    expect([
      textWith(html, "disclaimers", false, ["caption-credits"]).includes("All Rights Reserved"),
      textWith(html, "disclaimers", true, ["caption-credits"]).includes("All Rights Reserved"),
    ]).toEqual([true, false]);
  });

  it("read-also: drops a teaser whose label ends in a letter outside ASCII, 'Czytaj też:' (pl)", () => {
    const teaser = '<p><em>Czytaj też: <a href="/inne">Wyścig zbrojeń ruszył z kopyta</a></em></p>';
    const html = page("pl", "Most zostanie wyremontowany", POLISH, teaser);
    expect([
      textWith(html, "read-also", false).includes("Wyścig zbrojeń"),
      textWith(html, "read-also", true).includes("Wyścig zbrojeń"),
    ]).toEqual([true, false]);
  });

  it("disclaimers: drops a row of legal links and an embed's consent placeholder (de)", () => {
    const extra = [
      '<p><a href="/impressum">Impressum</a> | <a href="/datenschutz">Datenschutz</a> | Copyright Brückenverein</p>',
      "<div><p>Wir respektieren deine Privatsphäre und stellen ohne dein Einverständnis keine Verbindung zu Twitter her. Hier kannst du deine Einstellungen verwalten.</p></div>",
    ].join("");
    const html = page("de", "Brücke wird saniert", GERMAN, extra);
    const [before, after] = withoutAndWith(html, "disclaimers");
    expect([
      before.includes("Impressum"),
      before.includes("Privatsphäre"),
      after.includes("Impressum"),
      after.includes("Privatsphäre"),
    ]).toEqual([true, true, false, false]);
  });

  it("disclaimers: keeps an article's sentence about consent and a network (en)", () => {
    const sentence =
      "<p>Tech companies such as Facebook often deflect accusations of excessive data collection by pointing to the consent of their users.</p>";
    const html = page("en", "Bridge to be renovated", [...ENGLISH, ...ENGLISH_MORE], sentence);
    expect(textWith(html, "disclaimers", true).includes("pointing to the consent of their users")).toBe(true);
  });

  it("more-teasers: drops teasers that end in a link saying only 'more', keeping a sentence that links (de)", () => {
    const teasers = [
      '<div class="box"><p><span>Auskunft über vergangenes Wetter…</span> <a href="/gutachten">mehr •••</a></p></div>',
      '<div class="box"><p>Alle Termine der Sanierung im Überblick <a href="/termine">Weiterlesen »</a></p></div>',
      '<p>Die Pläne liegen im <a href="/rathaus">Rathaus</a> aus und können dort eingesehen werden.</p>',
    ].join("");
    const html = page("de", "Brücke wird saniert", GERMAN, teasers);
    const [before, after] = withoutAndWith(html, "more-teasers");
    expect([
      before.includes("vergangenes Wetter"),
      after.includes("vergangenes Wetter"),
      after.includes("Termine der Sanierung"),
      after.includes("können dort eingesehen werden"),
    ]).toEqual([true, false, false, true]);
  });

  it("datelines: drops a date standing alone as a line, keeping a date inside a sentence (pl)", () => {
    const dateline = "<p>Opublikowano: 20 kwietnia 2021</p>";
    const sentence = "<p>Prace mają się zakończyć 30 września 2022, jak zapowiedział wykonawca na konferencji.</p>";
    const html = page("pl", "Most zostanie wyremontowany", POLISH, dateline + sentence);
    const [before, after] = withoutAndWith(html, "datelines");
    expect([
      before.includes("20 kwietnia 2021"),
      after.includes("20 kwietnia 2021"),
      after.includes("30 września"),
    ]).toEqual([true, false, true]);
  });

  it("datelines: drops a labelled date and time line (fr)", () => {
    const html = page("fr", "Le pont sera rénové", FRENCH, "<p>Publié le 12 mars 2021 à 14h30</p>");
    expect([
      textWith(html, "datelines", false).includes("12 mars 2021"),
      textWith(html, "datelines", true).includes("12 mars 2021"),
    ]).toEqual([true, false]);
  });

  it("datelines: drops a <time> standing between blocks, its date kept as the published time (en)", () => {
    const extra = '<time datetime="2021-10-29">October 29, 2021</time><h2>Work starts in March</h2>';
    const html = page("en", "Bridge to be renovated", [...ENGLISH, ...ENGLISH_MORE], extra);
    const result = extractArticleWithSource(html, PAGE_URL).article;
    expect([
      textWith(html, "datelines", false).includes("October 29, 2021"),
      result.text.includes("October 29, 2021"),
      result.text.includes("Work starts in March"),
      result.publishedTime,
    ]).toEqual([true, false, true, "2021-10-29"]);
  });

  it("datelines: drops a reading-time line, keeping a sentence about reading time (en, de, fr, es)", () => {
    const cases: LineCase[] = [
      ["en", "Bridge to be renovated", [...ENGLISH, ...ENGLISH_MORE], "5 min read"],
      ["de", "Die alte Brücke wird saniert", [...GERMAN, ...MORE_GERMAN], "Lesezeit: 4 Minuten"],
      ["fr", "Le pont sera rénové", FRENCH, "Temps de lecture : 3 min"],
      ["es", "Renovarán el puente", SPANISH, "Lectura: 3 minutos"],
    ];
    expectDropsLines("datelines", cases, "after-title");
    const sentence = "The council's report takes about 5 minutes to read.";
    const html = page("en", "Bridge to be renovated", [...ENGLISH, ...ENGLISH_MORE], `<p>${sentence}</p>`);
    expect(withoutAndWith(html, "datelines").map((text) => text.includes(sentence))).toEqual([true, true]);
  });

  it("datelines: drops a dateline naming a.m./p.m. and a time zone (en, de, es)", () => {
    const cases: LineCase[] = [
      ["en", "Bridge to be renovated", [...ENGLISH, ...ENGLISH_MORE], "Updated 3:45 p.m. ET, Tue March 3, 2020"],
      [
        "de",
        "Die alte Brücke wird saniert",
        [...GERMAN, ...MORE_GERMAN],
        "Aktualisiert am 3. März 2020, 15:45 Uhr MEZ",
      ],
      ["es", "Renovarán el puente", SPANISH, "Actualizado el 3 de marzo de 2020, 15:45 CET"],
    ];
    expectDropsLines("datelines", cases, "after-title");
  });

  it("calls-to-action: drops news offered to the inbox, a tip line and a call to the comments (en, de, fr)", () => {
    const cases: LineCase[] = [
      [
        "en",
        "Bridge to be renovated",
        [...ENGLISH, ...ENGLISH_MORE],
        "Get the latest headlines delivered to your inbox.",
      ],
      ["en", "Bridge to be renovated", [...ENGLISH, ...ENGLISH_MORE], "Have a news tip? Email the newsroom."],
      ["de", "Die alte Brücke wird saniert", [...GERMAN, ...MORE_GERMAN], "Diskutieren Sie mit!"],
      ["fr", "Le pont sera rénové", FRENCH, "Rejoignez la discussion"],
    ];
    expectDropsLines("calls-to-action", cases);
    // The story's own sentence about an inbox names no news of the site's.
    const sentence = "Residents say fake invoices for the works have been arriving straight to your inbox.";
    const html = page("en", "Bridge to be renovated", [...ENGLISH, ...ENGLISH_MORE], `<p>${sentence}</p>`);
    expect(withoutAndWith(html, "calls-to-action").map((text) => text.includes(sentence))).toEqual([true, true]);
  });

  it("controls: drops a read-aloud player's label (en, de, es, fr)", () => {
    const cases: LineCase[] = [
      ["en", "Bridge to be renovated", [...ENGLISH, ...ENGLISH_MORE], "Listen to this article · 5 min"],
      ["de", "Die alte Brücke wird saniert", [...GERMAN, ...MORE_GERMAN], "Artikel anhören"],
      ["es", "Renovarán el puente", SPANISH, "Escucha esta noticia"],
      ["fr", "Le pont sera rénové", FRENCH, "Écouter cet article"],
    ];
    expectDropsLines("controls", cases, "after-title");
  });

  it("controls: drops the page's interface left as lines: loader, comment prompt, gallery counter, back to top (en, de, es, fr)", () => {
    const cases: LineCase[] = [
      ["en", "Bridge to be renovated", [...ENGLISH, ...ENGLISH_MORE], "Loading..."],
      ["en", "Bridge to be renovated", [...ENGLISH, ...ENGLISH_MORE], '<a href="#top">Back to top</a>'],
      ["de", "Die alte Brücke wird saniert", [...GERMAN, ...MORE_GERMAN], "3 von 17"],
      ["es", "Renovarán el puente", SPANISH, "Deja un comentario"],
      ["fr", "Le pont sera rénové", FRENCH, "Retour en haut de la page"],
      ["de", "Die alte Brücke wird saniert", [...GERMAN, ...MORE_GERMAN], "Bild 1 von 12"],
      ["de", "Die alte Brücke wird saniert", [...GERMAN, ...MORE_GERMAN], "Auf Facebook teilen"],
      ["fr", "Le pont sera rénové", FRENCH, "Lire plus tard"],
      ["es", "Renovarán el puente", SPANISH, "Guardar"],
    ];
    expectDropsLines("controls", cases);
  });

  it("ad-labels: drops 'Advertisement - Continue Reading Below' and 'Ad Feedback' (en)", () => {
    for (const line of ["Advertisement - Continue Reading Below", "Ad Feedback"]) {
      const html = page("en", "Bridge to be renovated", [...ENGLISH, ...ENGLISH_MORE], `<p>${line}</p>`);
      expect(withoutAndWith(html, "ad-labels").map((text) => text.includes(line))).toEqual([true, false]);
    }
  });

  it("related-sections: drops a 'Trending now' or 'Editor's Picks' heading and the links under it (en)", () => {
    const links = ["New buses on the city's streets", "Station works to take longer", "City park opens after winter"];
    for (const heading of ["Trending now", "Editor’s Picks"]) {
      const list = `<h3>${heading}</h3><ul>${links.map((l, i) => `<li><a href="/n${i}">${l}</a></li>`).join("")}</ul>`;
      const html = page("en", "Bridge to be renovated", [...ENGLISH, ...ENGLISH_MORE], list);
      expect(withoutAndWith(html, "related-sections").map((text) => text.includes(links[1] ?? "-"))).toEqual([
        true,
        false,
      ]);
    }
  });

  it("disclaimers: drops the line an embed leaves when its script does not run (en)", () => {
    const line =
      "This content is imported from Twitter. You may be able to find the same content in another format, or you may be able to find more information, at their web site.";
    const html = page("en", "Bridge to be renovated", [...ENGLISH, ...ENGLISH_MORE], `<p>${line}</p>`);
    expect(withoutAndWith(html, "disclaimers").map((text) => text.includes("imported from Twitter"))).toEqual([
      true,
      false,
    ]);
  });

  it("credits: drops a line that is only an agency's credit, keeping it as a figure's caption (en)", () => {
    for (const line of ["Getty Images", "John Doe/AFP via Getty Images", "Image credit: Jane Doe"]) {
      const html = page("en", "Bridge to be renovated", [...ENGLISH, ...ENGLISH_MORE], `<p>${line}</p>`);
      expect(withoutAndWith(html, "credits").map((text) => text.includes(line))).toEqual([true, false]);
    }
    const figure = '<figure><img src="/bridge.jpg" alt="The bridge"><figcaption>Getty Images</figcaption></figure>';
    const html = page("en", "Bridge to be renovated", [...ENGLISH, ...ENGLISH_MORE], figure);
    expect(withoutAndWith(html, "credits", ["caption-credits"]).map((text) => text.includes("Getty Images"))).toEqual([
      true,
      true,
    ]);
  });

  it("datelines: drops a line saying how long ago the story was published (en, de, fr, es)", () => {
    const cases: LineCase[] = [
      ["en", "Bridge to be renovated", [...ENGLISH, ...ENGLISH_MORE], "Published 2 hours ago"],
      ["de", "Die alte Brücke wird saniert", [...GERMAN, ...MORE_GERMAN], "Aktualisiert vor 3 Stunden"],
      ["fr", "Le pont sera rénové", FRENCH, "Publié il y a 5 minutes"],
      ["es", "Renovarán el puente", SPANISH, "hace 2 días"],
    ];
    expectDropsLines("datelines", cases, "after-title");
  });

  it("calls-to-action: drops a paywall's lines, keeping a sentence about a channel's subscribers (de, fr, es)", () => {
    expectDropsLines("calls-to-action", [
      ["de", "Die alte Brücke wird saniert", [...GERMAN, ...MORE_GERMAN], "Dieser Artikel ist nur für Abonnenten"],
      ["fr", "Le pont sera rénové", FRENCH, "Article réservé aux abonnés"],
      ["fr", "Le pont sera rénové", FRENCH, "Il vous reste 80% de cet article à lire."],
      ["es", "Renovarán el puente", SPANISH, "Ya soy suscriptor"],
    ]);
    const sentence = "Der Kanal des Bauamts hat inzwischen mehr als zweitausend Abonnenten.";
    const html = page("de", "Die alte Brücke wird saniert", [...GERMAN, ...MORE_GERMAN], `<p>${sentence}</p>`);
    expect(withoutAndWith(html, "calls-to-action").map((text) => text.includes(sentence))).toEqual([true, true]);
  });

  it("read-also: drops a 'WATCH:' teaser linking to a video (en)", () => {
    const teaser = '<p><strong>WATCH:</strong> <a href="/video/1">Council members tour the crumbling bridge</a></p>';
    const html = page("en", "Bridge to be renovated", [...ENGLISH, ...ENGLISH_MORE], teaser);
    expect(withoutAndWith(html, "read-also").map((text) => text.includes("crumbling bridge"))).toEqual([true, false]);
  });

  it("trailing-labels: drops a heading left with nothing under it at the article's end (de)", () => {
    const html = pageEndingWith("de", "Brücke wird saniert", GERMAN, "<h2>Die Karte zum Abspeichern:</h2>");
    expect([
      textWith(html, "trailing-labels", false).includes("Die Karte zum Abspeichern"),
      textWith(html, "trailing-labels", true).includes("Die Karte zum Abspeichern"),
    ]).toEqual([true, false]);
  });

  it("trailing-labels: drops the post's tags ending the article, unlinked (de)", () => {
    const tags = "<p><small>Schlagwörter: Brücke, Verkehr, Gemeinderat, Sanierung</small></p>";
    const html = pageEndingWith("de", "Brücke wird saniert", [...GERMAN, ...MORE_GERMAN], tags);
    expect(withoutAndWith(html, "trailing-labels").map((text) => text.includes("Schlagwörter"))).toEqual([true, false]);
  });

  it("trailing-labels: drops 'Filed under' and its categories ending the article (en)", () => {
    const tags = "<p>Filed under: Transport, Local news</p>";
    const html = pageEndingWith("en", "Bridge to be renovated", [...ENGLISH, ...ENGLISH_MORE], tags);
    expect(withoutAndWith(html, "trailing-labels").map((text) => text.includes("Filed under"))).toEqual([true, false]);
  });

  it("trailing-labels: drops the page's notes about itself ending the article, whatever stands above (en, de)", () => {
    const notes: [string, string, string[], string][] = [
      [
        "en",
        "Bridge to be renovated",
        [...ENGLISH, ...ENGLISH_MORE],
        "This page was last modified on Dec 17, 2025 by the city's editors.",
      ],
      [
        "en",
        "Bridge to be renovated",
        [...ENGLISH, ...ENGLISH_MORE],
        "This topic was automatically closed after 30 days. New replies are no longer allowed.",
      ],
      [
        "de",
        "Brücke wird saniert",
        [...GERMAN, ...MORE_GERMAN],
        "Diese Seite wurde zuletzt am 3. März 2025 um 10:12 Uhr bearbeitet.",
      ],
    ];
    for (const [lang, title, paragraphs, note] of notes) {
      // Under a list of links, which stops the trim of labels: the note goes all the same.
      const end = `<ul><li><a href="/a">Other bridges</a></li><li><a href="/b">Roads</a></li></ul><p>${note}</p>`;
      const html = pageEndingWith(lang, title, paragraphs, end);
      expect(
        withoutAndWith(html, "trailing-labels").map((text) => text.includes(note)),
        note,
      ).toEqual([true, false]);
      expect(textWith(html, "trailing-labels", true)).toContain("Other bridges");
    }
    // The same words in the story, with more of the story after them, stay.
    const sentence = "This page was last modified on the day the council voted, the clerk said, and never again.";
    const html = pageEndingWith("en", "Bridge to be renovated", [...ENGLISH, sentence, ...ENGLISH_MORE], "");
    expect(textWith(html, "trailing-labels", true)).toContain(sentence);
  });

  it("datelines: drops a date line whose day is an ordinal, '16th' (en)", () => {
    const cases: LineCase[] = [
      [
        "en",
        "Bridge to be renovated",
        [...ENGLISH, ...ENGLISH_MORE],
        "Last updated on September 16th, 2023 at 09:27 am",
      ],
      ["en", "Bridge to be renovated", [...ENGLISH, ...ENGLISH_MORE], "Published on the 3rd of March, 2020"],
    ];
    expectDropsLines("datelines", cases, "after-title");
  });

  it("calls-to-action: drops a comment box's prompt and a product site's trial button, alone on their line (en, de)", () => {
    const cases: LineCase[] = [
      ["en", "Bridge to be renovated", [...ENGLISH, ...ENGLISH_MORE], "What do you think?"],
      ["en", "Bridge to be renovated", [...ENGLISH, ...ENGLISH_MORE], "Be the first to comment"],
      ["de", "Die alte Brücke wird saniert", [...GERMAN, ...MORE_GERMAN], "Was meinen Sie?"],
      ["en", "Bridge to be renovated", [...ENGLISH, ...ENGLISH_MORE], "Start your free trial"],
      ["en", "Bridge to be renovated", [...ENGLISH, ...ENGLISH_MORE], "Book a demo"],
    ];
    expectDropsLines("calls-to-action", cases);
    // The article's own question, and a block of its text that ends in a button's words, stay.
    for (const line of [
      "What do you think happens to a bridge that nobody has painted for forty years? It rusts, and then it cracks.",
      "The city's planners say the new design will last a century; the engineers who drew it offer to book a demo of the model.",
    ]) {
      const html = page("en", "Bridge to be renovated", [...ENGLISH, ...ENGLISH_MORE], `<p>${line}</p>`);
      expect(textWith(html, "calls-to-action", true)).toContain(line);
    }
  });

  it("controls: drops a shop's buttons left as lines (en, de, fr)", () => {
    const cases: LineCase[] = [
      ["en", "Bridge to be renovated", [...ENGLISH, ...ENGLISH_MORE], "Add to cart"],
      ["en", "Bridge to be renovated", [...ENGLISH, ...ENGLISH_MORE], "Write a Review"],
      ["de", "Die alte Brücke wird saniert", [...GERMAN, ...MORE_GERMAN], "In den Warenkorb"],
      ["fr", "Le pont sera rénové", FRENCH, "Ajouter au panier"],
      ["en", "Bridge to be renovated", [...ENGLISH, ...ENGLISH_MORE], "$37.00"],
      ["fr", "Le pont sera rénové", FRENCH, "79,00 €"],
      ["en", "Bridge to be renovated", [...ENGLISH, ...ENGLISH_MORE], "48 posts"],
      ["de", "Die alte Brücke wird saniert", [...GERMAN, ...MORE_GERMAN], "Beiträge: 1.203"],
      ["en", "Bridge to be renovated", [...ENGLISH, ...ENGLISH_MORE], "Jump to"],
    ];
    expectDropsLines("controls", cases);
    // A price or a count inside a sentence is the article's.
    const line = "The repairs will cost $37.00 per square metre, and the council has already read 48 posts about them.";
    const html = page("en", "Bridge to be renovated", [...ENGLISH, ...ENGLISH_MORE], `<p>${line}</p>`);
    expect(textWith(html, "controls", true)).toContain(line);
  });

  it("related-sections: drops a shop's 'Related products' heading and its list (en, fr)", () => {
    for (const [lang, title, paragraphs, heading] of [
      ["en", "Bridge to be renovated", [...ENGLISH, ...ENGLISH_MORE], "Related products"],
      ["fr", "Le pont sera rénové", FRENCH, "Produits complémentaires"],
    ] as LineCase[]) {
      const list = `<h3>${heading}</h3><ul><li><a href="/p/1">Bridge poster</a></li><li><a href="/p/2">Bridge mug</a></li></ul>`;
      const html = page(lang, title, paragraphs, list);
      expect(withoutAndWith(html, "related-sections").map((text) => text.includes(heading))).toEqual([true, false]);
    }
  });

  it("related-sections: drops 'You may be interested in the following topics as well' and its list (en)", () => {
    const links = ["New buses on the city's streets", "Station works to take longer", "City park opens after winter"];
    const list = `<h4>You may be interested in the following topics as well:</h4><ul>${links
      .map((link, i) => `<li><a href="/news/${i}">${link}</a></li>`)
      .join("")}</ul>`;
    const html = page("en", "Bridge to be renovated", [...ENGLISH, ...ENGLISH_MORE], list);
    expect(
      withoutAndWith(html, "related-sections").map((text) => text.includes("interested in the following")),
    ).toEqual([true, false]);
  });

  it("trailing-labels: drops a 'back to the list' link ending the article (es)", () => {
    const html = pageEndingWith(
      "es",
      "Renovarán el puente",
      SPANISH,
      '<p><a href="/noticias">Volver al listado</a></p>',
    );
    expect([
      textWith(html, "trailing-labels", false).includes("Volver al listado"),
      textWith(html, "trailing-labels", true).includes("Volver al listado"),
    ]).toEqual([true, false]);
  });

  it("trailing-labels: keeps the author's sign-off and the short lines of a poem (fr)", () => {
    const signed = pageEndingWith("fr", "Le pont sera rénové", FRENCH, "<p>Marie, la rédaction</p>");
    const verse = ["Sous le pont Mirabeau coule la Seine", "Et nos amours", "Faut-il qu'il m'en souvienne"];
    const poem = pageEndingWith("fr", "Le pont sera rénové", FRENCH, verse.map((line) => `<p>${line}</p>`).join(""));
    expect([
      textWith(signed, "trailing-labels", true).includes("Marie, la rédaction"),
      textWith(poem, "trailing-labels", true).includes("Et nos amours"),
    ]).toEqual([true, true]);
  });

  it("trailing-labels: drops a contact box at the article's end, its label and the lines under it (de)", () => {
    const box = "<p>Pressekontakt</p><p>Jan Koch</p><p>Telefon +49 40 123456</p><p>presse@stadt.example</p>";
    const html = pageEndingWith("de", "Brücke wird saniert", GERMAN, box);
    const [before, after] = withoutAndWith(html, "trailing-labels");
    expect([
      before.includes("Pressekontakt"),
      after.includes("Pressekontakt"),
      after.includes("Telefon +49"),
      after.includes(GERMAN[3] ?? "-"),
    ]).toEqual([true, false, false, true]);
  });

  it("trailing-labels: takes a shoot's credit roll, a name under each role (en)", () => {
    const roll = [
      "Interview",
      "JANE ROE",
      "Photographer",
      "JOHN DOE",
      "Creative Director & Styling",
      "MAX MUSTER",
      "Hair & Make-up for the evening looks",
      "ANNA BEISPIEL",
      "Hair & Make-up",
      "JO BAKER",
      "Photo Assistant",
      "TOM HENRIKSEN",
    ]
      .map((line) => `<p>${line}</p>`)
      .join("");
    const html = pageEndingWith("en", "Bridge to be renovated", [...ENGLISH, ...ENGLISH_MORE], roll);
    const [without, withRule] = withoutAndWith(html, "trailing-labels");
    expect([without.includes("JANE ROE"), withRule.includes("JANE ROE")]).toEqual([true, false]);
  });

  it("trailing-labels: keeps short lines at the end that no contact label heads (en)", () => {
    const lines = "<p>Jan Koch</p><p>Telephone +44 20 1234 5678</p>";
    const html = pageEndingWith("en", "Bridge to be renovated", [...ENGLISH, ...ENGLISH_MORE], lines);
    expect(textWith(html, "trailing-labels", true).includes("Telephone +44")).toBe(true);
  });

  it("support-appeals: drops the publisher's appeal for support at the article's end, passing over its button (de)", () => {
    const appeal =
      '<p>Gefällt dir unser Magazin? Wir haben uns entschieden, keine Bezahlschranke einzuführen, damit alle unsere Texte lesen können. Um unabhängig von Werbung zu bleiben, brauchen wir deine Unterstützung: Hilf mit und unterstütze unser Magazin mit einem kleinen Beitrag.</p><p><a href="/spenden">Jetzt unterstützen</a></p>';
    const html = pageEndingWith("de", "Brücke wird saniert", [...GERMAN, ...MORE_GERMAN], appeal);
    const [without, withRule] = withoutAndWith(html, "support-appeals");
    expect([without.includes("Bezahlschranke"), withRule.includes("Bezahlschranke")]).toEqual([true, false]);
  });

  it("support-appeals: drops a membership's upsell ending the story, its list of perks too (en)", () => {
    const upsell =
      "<p>When you join the Town Chronicle family, you'll get unlimited digital access to high-quality journalism about the valley you won't get anywhere else.</p><p>Join now or renew to get:<br>— Instant access to special reports<br>— Local news from our communities<br>— Member perks and invitations</p>";
    const story = [...ENGLISH, ...ENGLISH_MORE];
    const html = pageEndingWith("en", "Bridge to be renovated", story, upsell);
    const [without, withRule] = withoutAndWith(html, "support-appeals");
    const last = story.at(-1) ?? "";
    expect([
      without.includes("unlimited digital access"),
      withRule.includes("unlimited digital access"),
      withRule.includes("Join now or renew"),
      withRule.includes(last.slice(0, 60)),
    ]).toEqual([true, false, false, true]);
  });

  it("support-appeals: drops an upsell of unlimited access to the site's journalism (es)", () => {
    const upsell =
      "<p>Con tu membresía tendrás acceso ilimitado a todo nuestro periodismo: análisis, reportajes y la mejor información local de la región, cada día y en todos tus dispositivos, sin anuncios y con contenidos exclusivos para quienes nos acompañan desde hace años en este proyecto.</p>";
    const html = pageEndingWith("es", "El puente será renovado", SPANISH, upsell);
    expect(withoutAndWith(html, "support-appeals").map((text) => text.includes("acceso ilimitado"))).toEqual([
      true,
      false,
    ]);
  });

  it("support-appeals: keeps an article's own paragraph about donations when the story goes on after it (en)", () => {
    const middle = [
      ...ENGLISH.slice(0, 2),
      "The council said residents who want to support local journalism about the bridge can make a donation to the town's newspaper fund, which paid for the first engineering report.",
      ...ENGLISH.slice(2),
      ...ENGLISH_MORE,
    ];
    const html = pageEndingWith("en", "Bridge to be renovated", middle, "");
    expect(textWith(html, "support-appeals", true).includes("newspaper fund")).toBe(true);
  });

  it("byline-lines: drops the byline left as the story's first line, the author named by the page (en)", () => {
    const head = '<meta name="author" content="Jane Roe">';
    const html = page("en", "Bridge to be renovated", [...ENGLISH, ...ENGLISH_MORE], "", head).replace(
      "</h1>",
      "</h1><p>By Jane Roe | March 3, 2026, 9:30 am</p>",
    );
    expect(withoutAndWith(html, "byline-lines").map((text) => text.includes("By Jane Roe"))).toEqual([true, false]);
  });

  it("byline-lines: drops a byline with two authors, a place and the time (de)", () => {
    const jsonLd = JSON.stringify({
      "@context": "https://schema.org",
      "@type": "NewsArticle",
      headline: "Die alte Brücke wird saniert",
      author: [
        { "@type": "Person", name: "Erika Mustermann" },
        { "@type": "Person", name: "Max Muster" },
      ],
    });
    const head = `<script type="application/ld+json">${jsonLd}</script>`;
    const html = page("de", "Die alte Brücke wird saniert", [...GERMAN, ...MORE_GERMAN], "", head).replace(
      "</h1>",
      "</h1><p>Erika Mustermann, Berlin, und Max Muster 19.10.2026, 23:38 Uhr</p>",
    );
    expect(withoutAndWith(html, "byline-lines").map((text) => text.includes("Erika Mustermann, Berlin"))).toEqual([
      true,
      false,
    ]);
  });

  it("byline-lines: keeps an interview's short answer that starts with the author's name (fr)", () => {
    const head = '<meta name="author" content="Jeanne Dupont">';
    const answer = "Jeanne Dupont : Oui, bien sûr, et nous le referons.";
    const html = page("fr", "Le pont sera rénové", FRENCH, "", head).replace("</h1>", `</h1><p>${answer}</p>`);
    expect(withoutAndWith(html, "byline-lines").map((text) => text.includes(answer))).toEqual([true, true]);
  });

  it("caption-credits: cuts the photographer's credit from a caption and keeps the caption (de)", () => {
    const figure =
      '<figure><img src="/bruecke.jpg" alt="Die Brücke"><figcaption>Die alte Brücke im Morgennebel. Foto: Max Muster/dpa</figcaption></figure>';
    const html = page("de", "Brücke wird saniert", GERMAN, figure);
    const [before, after] = withoutAndWith(html, "caption-credits");
    expect([
      before.includes("Max Muster/dpa"),
      after.includes("Max Muster/dpa"),
      after.includes("im Morgennebel."),
    ]).toEqual([true, false, true]);
  });

  it("caption-credits: cuts a bracketed agency credit and a copyright sign ending captions (fr)", () => {
    const figures = [
      '<figure><img src="/a.jpg" alt="a"><figcaption>Le pont au lever du jour (Jean Dupont / Getty Images)</figcaption></figure>',
      '<figure><img src="/b.jpg" alt="b"><figcaption>Les travaux commencent en mars. © Mairie de Lyon</figcaption></figure>',
    ].join("");
    const html = page("fr", "Le pont sera rénové", FRENCH, figures);
    const after = textWith(html, "caption-credits", true);
    expect([
      after.includes("Getty Images"),
      after.includes("Mairie de Lyon"),
      after.includes("Le pont au lever du jour"),
    ]).toEqual([false, false, true]);
  });

  it("controls: drops the labels of a gallery's buttons, keeping a heading that names a gallery (de)", () => {
    const gallery =
      '<div class="step"><img src="/schritt.jpg" alt=""><div class="controls"><span>Bild anzeigen</span> <span>Bild schließen</span></div></div><h2>Galerie der alten Brücken</h2>';
    const html = page("de", "Brücke wird saniert", GERMAN, gallery);
    const [before, after] = withoutAndWith(html, "controls");
    expect([before.includes("Bild anzeigen"), after.includes("Bild anzeigen"), after.includes("Galerie der")]).toEqual([
      true,
      false,
      true,
    ]);
  });

  it("controls: drops a 'show sources' toggle, while a linked 'show all' stays a link (en)", () => {
    const toggles = '<div><span>Show sources</span></div><p><a href="/gallery">Show all</a></p>';
    const html = page("en", "Bridge to be renovated", [...ENGLISH, ...ENGLISH_MORE], toggles);
    const after = textWith(html, "controls", true);
    expect([textWith(html, "controls", false).includes("Show sources"), after.includes("Show sources")]).toEqual([
      true,
      false,
    ]);
  });

  /** A page whose body holds its paragraphs directly, after `links`, as a simple blog's does. */
  function bareBody(lang: string, title: string, links: string, paragraphs: string[]): string {
    return `<!DOCTYPE html><html lang="${lang}"><head><title>${title}</title></head><body>${links}
      ${paragraphs.map((p) => `<p>${p}</p>`).join("")}</body></html>`;
  }

  it("controls: drops the skip link a page starts with (en)", () => {
    const html = bareBody("en", "Bridge to be renovated", '<a href="#content">Skip to content</a>', [
      ...ENGLISH,
      ...ENGLISH_MORE,
    ]);
    expect(withoutAndWith(html, "controls").map((text) => text.includes("Skip to content"))).toEqual([true, false]);
  });

  it("controls: drops a row of skip links to the content, the navigation and the footer (de)", () => {
    const links =
      '<a href="#inhalt">Zum Inhalt springen</a> <a href="#navigation">Zur Hauptnavigation springen</a> <a href="#fuss">Zur Fußzeile springen</a>';
    const html = bareBody("de", "Die alte Brücke wird saniert", links, GERMAN);
    expect(withoutAndWith(html, "controls").map((text) => text.includes("springen"))).toEqual([true, false]);
  });

  it("controls: keeps a link to a part of the article, which is no skip link (fr)", () => {
    const html = bareBody("fr", "Le pont sera rénové", '<a href="#conclusion">Aller à la conclusion</a>', FRENCH);
    expect(withoutAndWith(html, "controls").map((text) => text.includes("Aller à la conclusion"))).toEqual([
      true,
      true,
    ]);
  });

  /** A wiki's article: its jump line, then its paragraphs, in the body's content box. */
  function wikiPage(lang: string, title: string, jump: string, paragraphs: string[]): string {
    return `<!DOCTYPE html><html lang="${lang}"><head><title>${title}</title></head><body>
      <div id="content"><h1>${title}</h1><div id="bodyContent"><div id="jump-to-nav">${jump}</div>
      ${paragraphs.map((p) => `<p>${p}</p>`).join("")}</div></div></body></html>`;
  }

  it("controls: drops a wiki's 'Jump to: navigation, search' line (en)", () => {
    const jump = 'Jump to: <a href="#mw-head">navigation</a>, <a href="#p-search">search</a>';
    const html = wikiPage("en", "Bridge to be renovated", jump, [...ENGLISH, ...ENGLISH_MORE]);
    expect(withoutAndWith(html, "controls").map((text) => text.includes("Jump to"))).toEqual([true, false]);
  });

  it("controls: drops a wiki's jump line in the wiki's language (fr)", () => {
    const jump = 'Aller à : <a href="#mw-head">navigation</a>, <a href="#p-search">rechercher</a>';
    const html = wikiPage("fr", "Le pont sera rénové", jump, FRENCH);
    expect(withoutAndWith(html, "controls").map((text) => text.includes("Aller à"))).toEqual([true, false]);
  });

  it("controls: drops a breadcrumb trail left as the article's first line (de)", () => {
    const html = page("de", "Die alte Brücke wird saniert", [...GERMAN, ...MORE_GERMAN], "").replace(
      "</h1>",
      '</h1><p><a href="/">Startseite</a> › <a href="/politik">Politik</a> › <a href="/politik/stadt">Stadt</a></p>',
    );
    expect(withoutAndWith(html, "controls").map((text) => text.includes("Startseite › Politik"))).toEqual([
      true,
      false,
    ]);
  });

  it("controls: keeps a how-to's sentence that names a menu path (en)", () => {
    const step = "Home > Settings > Privacy lets you turn the feature off";
    const html = page("en", "Bridge to be renovated", [...ENGLISH, ...ENGLISH_MORE], `<p>${step}.</p>`);
    expect(withoutAndWith(html, "controls").map((text) => text.includes(step))).toEqual([true, true]);
  });

  it("controls: drops a share button's label standing alone under a photo (de)", () => {
    const photo =
      '<p><img src="/bruecke.jpg" alt="Die alte Brücke"></p><p><a href="https://social.example/share?u=story">Teilen</a></p>';
    const html = page("de", "Die alte Brücke wird saniert", [...GERMAN, ...MORE_GERMAN], photo);
    expect(withoutAndWith(html, "controls").map((text) => /^Teilen$/m.test(text))).toEqual([true, false]);
  });

  it("controls: drops 'Pin' under each photo, keeping a link called 'Email' inside a sentence (en)", () => {
    const photos =
      '<p><img src="/a.jpg" alt=""></p><p><a href="https://pins.example/create?u=a">Pin</a></p><p>Questions about the works? Write to the council by <a href="mailto:roads@council.example">Email</a> or call the roads office.</p>';
    const html = page("en", "Bridge to be renovated", [...ENGLISH, ...ENGLISH_MORE], photos);
    const [without, withRule] = withoutAndWith(html, "controls");
    expect([/^Pin$/m.test(without), /^Pin$/m.test(withRule), withRule.includes("council by Email or call")]).toEqual([
      true,
      false,
      true,
    ]);
  });

  it("caption-credits: cuts 'Zum Vergrößern auf das Bild klicken' from a caption, keeping the caption (de)", () => {
    const figure =
      '<figure><img src="/plan.png" alt="Plan"><figcaption>Der Plan der Umleitung. Zum Vergrößern auf das Bild klicken.</figcaption></figure>';
    const html = page("de", "Brücke wird saniert", GERMAN, figure);
    const [before, after] = withoutAndWith(html, "caption-credits");
    expect([
      before.includes("Zum Vergrößern"),
      after.includes("Zum Vergrößern"),
      after.includes("Der Plan der"),
    ]).toEqual([true, false, true]);
  });

  it("caption-credits: finds an agency credit that a template spread over many lines (de)", () => {
    const indent = `\n${" ".repeat(60)}`.repeat(4);
    const caption = `<p><span><img src="/h.jpg" alt=""><span>${indent}Die Brücke im Winter.${indent}&nbsp;(mlharing${indent}/${indent}iStock.com)${indent}</span></span></p>`;
    const html = page("de", "Brücke wird saniert", GERMAN, caption);
    expect([
      textWith(html, "caption-credits", false).includes("iStock"),
      textWith(html, "caption-credits", true).includes("iStock"),
    ]).toEqual([true, false]);
  });

  it("caption-credits: drops a credit label left with nothing after it, in a figure too (de)", () => {
    const figure =
      '<figure><img src="/pumpe.jpg" alt="Pumpe"><figcaption><p>Immer mehr Menschen setzen auf Wärmepumpen.</p><p>Bild:</p></figcaption></figure>';
    const html = page("de", "Brücke wird saniert", GERMAN, figure);
    const [before, after] = withoutAndWith(html, "caption-credits");
    expect([before.includes("Bild:"), after.includes("Bild:"), after.includes("auf Wärmepumpen.")]).toEqual([
      true,
      false,
      true,
    ]);
  });

  it("json-ld-body: takes the paragraphs Readability missed from a microdata articleBody copy (de)", () => {
    const html = `<!DOCTYPE html><html lang="de"><head><title>Brücke wird saniert</title></head><body>
      <div itemscope itemtype="https://schema.org/NewsArticle" hidden>
        <span itemprop="articleBody">${GERMAN.join("\r\n")}\r\n${MORE_GERMAN.join("\r\n")}</span></div>
      <article><h1>Brücke wird saniert</h1><p>${GERMAN[0]}</p>
      <form><button>Jetzt spenden!</button></form></article>
      <div class="media"><p>${MORE_GERMAN[2]}</p></div></body></html>`;
    const [before, after] = withoutAndWith(html, "json-ld-body");
    const missing = GERMAN[2] ?? "-";
    expect([before.includes(missing), after.includes(missing), after.split(GERMAN[0] ?? "-").length - 1]).toEqual([
      false,
      true,
      1,
    ]);
  });

  it("calls-to-action: drops a request to share one's experience with the product (de)", () => {
    const prompt = "<p>Bitte teilen Sie uns Ihre Erfahrungen mit, wenn Sie die neue Brücke schon befahren haben.</p>";
    const html = page("de", "Brücke wird saniert", GERMAN, prompt);
    expect([
      textWith(html, "calls-to-action", false).includes("Ihre Erfahrungen"),
      textWith(html, "calls-to-action", true).includes("Ihre Erfahrungen"),
    ]).toEqual([true, false]);
  });

  it("disclaimers: drops the notice that a post is a community blog, and an advertising disclaimer (de, en)", () => {
    const german = page(
      "de",
      "Brücke wird saniert",
      GERMAN,
      "<div>Bei diesem Beitrag handelt es sich um ein Blog aus der Leser-Community</div>",
    );
    const english = page(
      "en",
      "Bridge to be renovated",
      [...ENGLISH, ...ENGLISH_MORE],
      "<p>NOTE: The advertising disclaimer below does not apply to this article.</p>",
    );
    expect([
      textWith(german, "disclaimers", false).includes("Leser-Community"),
      textWith(german, "disclaimers", true).includes("Leser-Community"),
      textWith(english, "disclaimers", false).includes("advertising disclaimer"),
      textWith(english, "disclaimers", true).includes("advertising disclaimer"),
    ]).toEqual([true, false, true, false]);
  });

  it("related-sections: drops an 'Article suivant' heading over the next article's link (fr)", () => {
    const next = '<h3>Article suivant</h3><p><a href="/suivant">Le marché de Noël ouvre ses portes samedi</a></p>';
    const html = page("fr", "Le pont sera rénové", FRENCH, next);
    expect([
      textWith(html, "related-sections", false).includes("Article suivant"),
      textWith(html, "related-sections", true).includes("Article suivant"),
    ]).toEqual([true, false]);
  });

  it("lead-paragraph: passes over the author's box under the headline and puts back the lead (en)", () => {
    const lead =
      "Two of the largest exchanges compared side by side, from their fees and their security to the coins each of them lets you buy and sell.";
    const html = `<!DOCTYPE html><html lang="en"><head><title>Bridge to be renovated</title>
      <meta name="author" content="Jane Roe"></head><body>
      <header><h1>Bridge to be renovated</h1>
        <div class="bio"><p>Jane Roe is a transport reporter who has covered roads, railways and bridges for more than a decade for the paper.</p></div>
        <div class="deck"><p>${lead}</p></div></header>
      <div class="content">${[...ENGLISH, ...ENGLISH_MORE].map((p) => `<p>${p}</p>`).join("")}</div>
      </body></html>`;
    const after = textWith(html, "lead-paragraph", true);
    expect([after.includes(lead), after.includes("Jane Roe is a transport reporter")]).toEqual([true, false]);
  });

  it("lead-paragraph: passes over a video's embed code offered for copying, and takes the lead after it (en)", () => {
    const lead =
      "The town's oldest bridge will close for a year while it is rebuilt, and the council says the diversion is the price of keeping it standing.";
    const embed =
      '<div class="embed-code"><textarea readonly>&lt;iframe width="476" height="267" src="https://news.example/video/embed/?pid=1" frameborder="0" allowfullscreen&gt;&lt;/iframe&gt; Watch the council debate the bridge and the diversion through the estate</textarea></div>';
    const html = `<!DOCTYPE html><html lang="en"><head><title>Bridge to be renovated</title></head><body>
      <header><h1>Bridge to be renovated</h1>${embed}<div class="deck"><p>${lead}</p></div></header>
      <div class="content">${[...ENGLISH, ...ENGLISH_MORE].map((p) => `<p>${p}</p>`).join("")}</div>
      </body></html>`;
    const after = textWith(html, "lead-paragraph", true);
    expect([after.includes(lead), after.includes("iframe")]).toEqual([true, false]);
  });

  it("lead-paragraph: passes over the box of the reviewer the JSON-LD names, which starts with a first name (en)", () => {
    const lead =
      "Two of the largest exchanges compared side by side, from their fees and their security to the coins each of them lets you buy and sell.";
    const jsonLd = JSON.stringify({
      "@context": "https://schema.org",
      "@type": "Article",
      headline: "Bridge to be renovated",
      author: { "@type": "Person", name: "Jane Roe" },
      mainEntityOfPage: { "@type": "WebPage", reviewedBy: [{ "@type": "Person", name: "Marisa Figat" }] },
    });
    const html = `<!DOCTYPE html><html lang="en"><head><title>Bridge to be renovated</title>
      <script type="application/ld+json">${jsonLd}</script></head><body>
      <header><h1>Bridge to be renovated</h1>
        <div class="reviewer"><p>Marisa is a content integrity and compliance manager with expertise in the loans, the cards and the insurance of the readers.</p></div>
        <div class="deck"><p>${lead}</p></div></header>
      <div class="content">${[...ENGLISH, ...ENGLISH_MORE].map((p) => `<p>${p}</p>`).join("")}</div>
      </body></html>`;
    const after = textWith(html, "lead-paragraph", true);
    expect([after.includes(lead), after.includes("Marisa is a content integrity")]).toEqual([true, false]);
  });

  /**
   * An article whose method is a list of steps, each a sentence, a line break and its photo. In a <ul>, which
   * Readability weighs as it weighs boxes (an <ol> it keeps whole).
   */
  function recipe(
    lang: string,
    title: string,
    intro: string[],
    heading: string,
    steps: string[],
    gallery = "",
  ): string {
    const items = steps.map((step, i) => `<li>${step}<br><img src="/step-${i}.jpg" alt=""></li>`).join("");
    const body = intro.map((p) => `<p>${p}</p>`).join("");
    return `<!DOCTYPE html><html lang="${lang}"><head><title>${title}</title></head><body>
      <article><h1>${title}</h1>${body}<h2>${heading}</h2><ul>${items}</ul>${gallery}</article></body></html>`;
  }

  it("illustrated-steps: keeps a recipe's method, each step a sentence beside its photo (en)", () => {
    // Other recipes' linked headlines with their thumbnails follow: teasers, not steps.
    const teasers = [
      "Ten minute garlic noodles for a busy weeknight dinner",
      "The crispiest tofu you will ever make at home, in the oven",
      "Why every cook should own a carbon steel wok, and how to season it",
    ]
      .map(
        (headline, i) =>
          `<li><a href="/r/${i}"><img src="/t-${i}.jpg" alt=""></a><br><a href="/r/${i}">${headline}</a></li>`,
      )
      .join("");
    const html = recipe(
      "en",
      "Stir-fried noodles",
      [...ENGLISH, ...ENGLISH_MORE],
      "Method",
      [
        "Dice the tofu and pat it dry with paper towels.",
        "With 2 tbsp oil left in the wok, saute the garlic till fragrant.",
        "Add the noodles and the sauce.",
        "Stir fry to mix well.",
      ],
      `<h2>More recipes</h2><ul>${teasers}</ul>`,
    );
    const [without, withRule] = withoutAndWith(html, "illustrated-steps");
    expect([without.includes("saute the garlic"), withRule.includes("saute the garlic")]).toEqual([false, true]);
    expect(withRule).not.toContain("carbon steel wok");
  });

  it("illustrated-steps: keeps the steps of a how-to with a photo each (de)", () => {
    const html = recipe("de", "Fahrradkette ölen", GERMAN, "So geht's", [
      "Stelle das Fahrrad auf den Kopf und drehe die Kurbel langsam rückwärts.",
      "Reinige die Kette mit einem trockenen Lappen, bis kein Schmutz mehr abgeht.",
      "Gib auf jedes Kettenglied einen Tropfen Öl.",
      "Wische das überschüssige Öl nach zehn Minuten ab.",
    ]);
    const [without, withRule] = withoutAndWith(html, "illustrated-steps");
    expect([without.includes("Tropfen Öl"), withRule.includes("Tropfen Öl")]).toEqual([false, true]);
  });

  it("illustrated-steps: leaves a gallery of photos with short labels to Readability, which drops it (fr)", () => {
    const thumbnails = ["Le pont", "La rivière", "Le chantier", "La mairie"]
      .map((label, i) => `<li><a href="/photo-${i}"><img src="/t-${i}.jpg" alt=""></a><br>${label}</li>`)
      .join("");
    const html = recipe(
      "fr",
      "Rénover le pont",
      FRENCH,
      "Les étapes",
      [
        "Fermer le pont à la circulation pendant toute la durée des travaux.",
        "Remplacer les poutres abîmées par des poutres en acier neuves.",
        "Refaire la chaussée et les trottoirs.",
      ],
      `<h2>Photos</h2><ul class="gallery">${thumbnails}</ul>`,
    );
    const [without, withRule] = withoutAndWith(html, "illustrated-steps");
    expect([without.includes("poutres en acier"), withRule.includes("poutres en acier")]).toEqual([false, true]);
    expect(withRule).not.toContain("Le chantier");
  });

  it("record-tables: reads the story again with the table of records Readability took for it set aside (en)", () => {
    // Each cell is long enough for Readability to score it as a paragraph; 80 rows of them outweigh the story.
    const rows = Array.from(
      { length: 80 },
      (_, i) =>
        `<tr><td>Constituency number ${i + 1} of the county</td><td>Member of Parliament number ${i + 1}</td><td>member.${i + 1}.mp@parliament.example</td></tr>`,
    ).join("");
    const html = `<!DOCTYPE html><html lang="en"><head><title>Bridge to be renovated</title></head><body>
      <div class="article-text"><h1>Bridge to be renovated</h1>
      <div class="story">${[...ENGLISH, ...ENGLISH_MORE].map((p) => `<p>${p}</p>`).join("")}</div>
      <div class="table-box"><table><thead><tr><th>Constituency</th><th>Member</th><th>Email</th></tr></thead><tbody>${rows}</tbody></table></div>
      </div></body></html>`;
    // Not the first paragraph: lead-paragraph puts that one back whatever Readability chose.
    const marker = "traffic will be diverted along a temporary route";
    const [without, withRule] = withoutAndWith(html, "record-tables");
    expect([without.includes(marker), withRule.includes(marker)]).toEqual([false, true]);
    // And the table is back where it stood, after the story.
    expect(withRule.indexOf("member.40.mp@parliament.example")).toBeGreaterThan(withRule.indexOf(marker));
    // A page whose table is its content keeps it: without the story, the second reading finds no more prose.
    const tableOnly = html.replace(/<div class="story">.*?<\/div>/s, "");
    expect(textWith(tableOnly, "record-tables", true)).toContain("member.40.mp@parliament.example");
  });
});

describe("the page's own markup", () => {
  it("layout-class-words: keeps a section of prose that a page builder named a block with media (en)", () => {
    // Readability's negative class words include "widget", "media" and "scroll": a shop's story section named
    // "section-copy-with-media" lost its only paragraph, and with it what the page says about the shop.
    const product = (n: number) =>
      `<div class="swiper-slide product-card-holder"><div class="product-card"><div class="product-card-img-holder"><a href="/p/${n}"><img src="/p${n}.jpg"></a></div><div class="product-card-content-holder"><h5>Bridge print number ${n}</h5><p>Poster, signed</p><div class="product-card-price-btn-holder"><div>$3${n}.00</div><a href="/p/${n}" class="btn">Shop Now</a></div></div></div></div>`;
    const html = `<!DOCTYPE html><html lang="en"><head><title>Bridge prints</title></head><body>
      <main class="site-main" role="main"><div class="site-content">
      <section class="section-hero"><div class="hero-content-holder"><div class="hero-headline-holder"><h1>The bridge, printed</h1></div><div class="hero-copy-holder">${ENGLISH[0]}</div></div></section>
      <section class="section-copy-with-media"><div class="container"><div class="copy-with-media-holder"><div class="row">
        <div class="col content-column"><div class="content-column-holder"><div class="content-column-headline-holder"><h2>Our story</h2></div>
          <div class="content-column-copy-holder"><p>${ENGLISH_MORE[0]} ${ENGLISH_MORE[1]}</p></div></div></div>
        <div class="col media-column"><div class="img-holder"><img src="/story.jpg"></div></div></div></div></div></section>
      <section class="section-product-cards"><div class="container"><h2>Our prints</h2><div class="swiper"><div class="swiper-wrapper">${Array.from({ length: 12 }, (_, i) => product(i + 1)).join("")}</div></div></div></section>
      <div class="social-media-bar"><a href="/x">Follow us on X</a> <a href="/i">Instagram</a></div>
      </div></main></body></html>`;
    const [without, withRule] = withoutAndWith(html, "layout-class-words");
    const story = ENGLISH_MORE[0] ?? "-";
    expect([without.includes(story), withRule.includes(story), withRule.includes("Follow us on X")]).toEqual([
      false,
      true,
      false,
    ]);
  });

  it("hidden-panels: reads a guide's closed tabs and accordion answers, not a menu's closed panel (en)", () => {
    // The second tab and the closed answer are hidden in the markup until a click; Readability skipped them.
    const html = `<!DOCTYPE html><html lang="en"><head><title>Crossing the bridge</title></head><body>
      <header><button aria-expanded="false" aria-controls="menu-panel">Menu</button>
        <div id="menu-panel" hidden><a href="/a">All guides</a> <a href="/b">All bridges</a> <a href="/c">Contact</a></div></header>
      <main><h1>Crossing the bridge</h1><p>${ENGLISH[0]}</p>
      <div role="tablist"><button role="tab" aria-selected="true">By car</button><button role="tab" aria-selected="false">On foot</button></div>
      <div role="tabpanel"><p>${ENGLISH_MORE[0]}</p></div>
      <div role="tabpanel" hidden><p>${ENGLISH_MORE[1]}</p></div>
      <h2>Questions</h2><div class="faq"><div role="button" aria-expanded="false" aria-controls="answer-1">Is the bridge open at night?</div>
      <div id="answer-1" style="display: none"><p>${ENGLISH_MORE[2]}</p></div></div>
      </main><footer>Footer</footer></body></html>`;
    const [without, withRule] = withoutAndWith(html, "hidden-panels");
    const seen = (text: string) =>
      [ENGLISH_MORE[1], ENGLISH_MORE[2], "All bridges"].map((line) => text.includes(line ?? "-"));
    expect(seen(without)).toEqual([false, false, false]);
    expect(seen(withRule)).toEqual([true, true, false]);
  });

  it("reads the article, not the whole page, when the <html> class reads as a banner to Readability (en)", () => {
    // Readability judged <html> itself an unlikely candidate ("banner", "header") and removed it, then took the
    // whole body as the article: the skip link came along (and on a real page the first paragraph went).
    const section = (p: string) =>
      `<section class="co co--small"><div class="co__main"><div class="rteContent"><p>${p} &nbsp;<br><br> &nbsp;</p></div></div></section>`;
    const html = `<!DOCTYPE html><html lang="en" class="js objectfit with-banner--skyscraper header--big">
      <head><title>Bridge to be renovated</title></head><body>
      <div class="skiplinks"><a href="#main">Skip to content</a></div>
      <div class="page"><section class="document"><header class="documentHeader"><h1>Bridge to be renovated</h1></header>
      <section class="contentMain">${[...ENGLISH, ...ENGLISH_MORE].map(section).join("")}</section></section>
      <footer><p>Contact us</p></footer></div></body></html>`;
    const text = extractArticleWithSource(html, PAGE_URL).article.text;
    expect([text.includes(ENGLISH[0] ?? "-"), text.includes("Skip to content")]).toEqual([true, false]);
  });

  it("judges a block by the text a reader sees, not by the code of a script inside it (es)", () => {
    // The script's string is no text of the page; read as the block's text, it made the paragraph a disclaimer.
    const wrapped = `<div class="p-wrap"><p>${SPANISH[1]}</p><script>window.footer = "© 2026 Diario. Todos los derechos reservados.";</script></div>`;
    const html = page("es", "El puente será renovado", SPANISH, wrapped);
    const text = extractArticleWithSource(html, PAGE_URL).article.text;
    expect(text.split(SPANISH[1] ?? "-").length - 1).toBe(2);
  });
});

/** A page whose article holds `paragraphs`, then `end` as its last blocks. */
function pageEndingWith(lang: string, title: string, paragraphs: string[], end: string): string {
  const body = paragraphs.map((p) => `<p>${p}</p>`).join("\n");
  return `<!DOCTYPE html><html lang="${lang}"><head><title>${title}</title></head><body>
    <article><h1>${title}</h1>${body}${end}</article>
    <footer>Footer</footer></body></html>`;
}
