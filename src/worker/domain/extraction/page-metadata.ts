import { type BylineMarkup, isBylineMarked, readBylineMarkup } from "./byline-markup";
import { closestAncestor, type DomDocument, type DomElement } from "./dom";
import { type JsonLdArticle, readJsonLdArticle, readJsonLdPageDate } from "./json-ld";
import { cleanText } from "./strings";

/**
 * Everything the metadata rules read from the page itself. Collected before Readability runs, because it
 * removes <script> (JSON-LD) and rewrites the tree.
 */
export interface PageMetadata {
  /** <meta> content by lower-cased property, name or itemprop ("og:title", "author", "datepublished"). */
  meta: ReadonlyMap<string, string>;
  jsonLd: JsonLdArticle | null;
  /** Without an article object: the date the page's JSON-LD states for the page or its video (readJsonLdPageDate). */
  jsonLdPageDate: string | null;
  /** <html lang>, as written. */
  lang: string | null;
  documentTitle: string;
  /** The text of the page's <h1> elements in document order, without those that hold the site's logo or name. */
  headings: string[];
  /** The text of the <h1> elements that hold the site's logo or name ("<h1 class="logo"><a href="/">Example News</a></h1>"). */
  siteHeadings: string[];
  /** Publication dates the markup states outside <meta>: itemprop="datePublished", <time pubdate>, the article's <time>. */
  markupDates: string[];
  /** Author names marked up as such: rel="author" links and itemprop="author". */
  markupAuthors: string[];
  /** Bylines the page's classes mark ("<span class="byline author">von Peter Addor</span>"), and image credits so marked. */
  bylineMarkup: BylineMarkup;
  /**
   * The article's text as schema.org microdata states it: an itemprop="articleBody" element that holds only text
   * (a hidden copy for search engines, as JSON-LD's articleBody is), else null. An element with blocks inside is
   * the page's visible container, which Readability has already read.
   */
  microdataBody: string | null;
}

/**
 * The page's <title>: the first title element in the document, as a browser's `document.title` reads it. linkedom
 * looks only in <head>, and a page whose server printed text before `<html>` (a PHP warning) has its <head>'s
 * elements parsed into the body, its <title> with them.
 */
function documentTitleOf(document: DomDocument): string {
  const first = Array.from(document.querySelectorAll("title")).find((title) => !closestAncestor(title, "svg"));
  return cleanText(document.title) ?? cleanText(first?.textContent) ?? "";
}

export function readPageMetadata(document: DomDocument): PageMetadata {
  const marked = markedElements(document);
  return {
    meta: readMetaTags(marked.meta),
    jsonLd: readJsonLdArticle(marked.scripts),
    jsonLdPageDate: readJsonLdPageDate(marked.scripts),
    lang: cleanText(document.documentElement?.getAttribute("lang")),
    documentTitle: documentTitleOf(document),
    headings: headingTexts(marked.headings.filter((heading) => !isSiteHeading(heading))),
    siteHeadings: headingTexts(marked.headings.filter(isSiteHeading)),
    markupDates: readMarkupDates(marked),
    markupAuthors: readMarkupAuthors(marked.authors),
    bylineMarkup: readBylineMarkup(marked.bylines),
    microdataBody: readMicrodataBody(marked.itemprops),
  };
}

/** The elements the metadata rules read, each list in document order. */
interface MarkedElements {
  meta: DomElement[];
  scripts: DomElement[];
  itemprops: DomElement[];
  pubdateTimes: DomElement[];
  articles: DomElement[];
  /** rel="author" links and itemprop="author" elements. */
  authors: DomElement[];
  headings: DomElement[];
  /** Elements whose class, id or test id mark a byline (byline-markup.ts). */
  bylines: DomElement[];
}

/**
 * Every element the rules read, in one pass over the page: a query per rule walked the whole tree each time, a
 * tenth of the extraction's time on large pages (docs/processing.md, speed).
 */
function markedElements(document: DomDocument): MarkedElements {
  const marked: MarkedElements = {
    meta: [],
    scripts: [],
    itemprops: [],
    pubdateTimes: [],
    articles: [],
    authors: [],
    headings: [],
    bylines: [],
  };
  const found = document.querySelectorAll(
    'meta[content], script, [itemprop], time[pubdate][datetime], article, a[rel="author"], h1, [class], [id], [data-testid]',
  );
  for (const element of found) {
    switch (element.localName) {
      case "meta":
        if (element.hasAttribute("content")) marked.meta.push(element);
        break;
      case "script":
        marked.scripts.push(element);
        break;
      case "time":
        if (element.hasAttribute("pubdate") && element.hasAttribute("datetime")) marked.pubdateTimes.push(element);
        break;
      case "article":
        marked.articles.push(element);
        break;
      case "h1":
        marked.headings.push(element);
        break;
    }
    if (isBylineMarked(element)) marked.bylines.push(element);
    const itemprop = element.getAttribute("itemprop");
    if (itemprop !== null) marked.itemprops.push(element);
    if (itemprop === "author" || (element.localName === "a" && element.getAttribute("rel") === "author")) {
      marked.authors.push(element);
    }
  }
  return marked;
}

/** Class and id words of a site's logo or name: "logo", "site-title", "site_name", "brand", "masthead". */
const SITE_MARK = /logo|site[-_]?(?:title|name)|brand|masthead/i;

/** A link to the site's home: rel="home", "/", "./", "index.html", a locale's root ("/en-US/"), or an absolute root URL (also archived). */
function isHomeLink(link: DomElement): boolean {
  const href = (link.getAttribute("href") ?? "").trim();
  return (
    /\bhome\b/i.test(link.getAttribute("rel") ?? "") ||
    /^(?:\.?\/|index\.\w{3,4}|\/[a-z]{2}(?:-[a-z]{2})?\/?)$/i.test(href) ||
    /(?:^|\/)(?:https?:)?\/\/[^/?#]+\/?$/i.test(href)
  );
}

/**
 * An <h1> that is the site's logo or name, not a headline: marked so in its class or id, or all its text is a link to
 * the site's home ("<h1><a href="/">Example News</a></h1>").
 */
function isSiteHeading(heading: DomElement): boolean {
  if (SITE_MARK.test(`${heading.getAttribute("class") ?? ""} ${heading.getAttribute("id") ?? ""}`)) return true;
  const text = comparableText(heading.textContent);
  return [...heading.querySelectorAll("a[href]")].some(
    (link) => isHomeLink(link) && comparableText(link.textContent) === text,
  );
}

function headingTexts(headings: readonly DomElement[]): string[] {
  return headings.map((heading) => cleanText(heading.textContent)).filter((text) => text !== null);
}

function comparableText(text: string | null): string {
  return (text ?? "").toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
}

function readMetaTags(elements: readonly DomElement[]): Map<string, string> {
  const meta = new Map<string, string>();
  const fromProperty = new Set<string>();
  const respelled: [string, string][] = [];
  for (const element of elements) {
    const content = cleanText(element.getAttribute("content"));
    if (!content) continue;
    for (const attribute of ["property", "name", "itemprop", "http-equiv"]) {
      // property may list several names ("og:title twitter:title"). The first tag for a name wins, but one that
      // states it as a property wins over a name= tag, as in Readability (<meta property="og:title"> is the
      // Open Graph protocol's own form).
      for (const key of (element.getAttribute(attribute) ?? "").toLowerCase().split(/\s+/)) {
        if (!key) continue;
        if (!meta.has(key) || (attribute === "property" && !fromProperty.has(key))) {
          if (attribute === "property") fromProperty.add(key);
          meta.set(key, content);
        }
        if (key.includes(".")) respelled.push([key.replace(/\./g, ":"), content]);
      }
    }
  }
  // Readability reads "dc.title" as "dc:title": the dotted spelling fills in for the colon one, but a tag that
  // writes "dc:title" itself comes first wherever it stands.
  for (const [key, content] of respelled) if (!meta.has(key)) meta.set(key, content);
  return meta;
}

function readMarkupDates({ itemprops, pubdateTimes, articles }: MarkedElements): string[] {
  const dates: string[] = [];
  for (const element of itemprops) {
    if (element.getAttribute("itemprop") !== "datePublished") continue;
    const value = element.getAttribute("datetime") ?? element.getAttribute("content") ?? element.textContent;
    const text = cleanText(value);
    if (text) dates.push(text);
  }
  for (const element of pubdateTimes) {
    const text = cleanText(element.getAttribute("datetime"));
    if (text) dates.push(text);
  }
  // The first <time> of the page's only <article> is its date line; with several articles (a list of
  // related posts, comments as articles) no <time> can be trusted.
  if (articles.length === 1) {
    const text = cleanText(articles[0]?.querySelector("time[datetime]")?.getAttribute("datetime"));
    if (text) dates.push(text);
  }
  return dates;
}

function readMarkupAuthors(elements: readonly DomElement[]): string[] {
  const authors: string[] = [];
  for (const element of elements) {
    // itemprop="author" is often a Person wrapper; its name is then in itemprop="name".
    const nameElement = element.querySelector('[itemprop="name"]') ?? element;
    const name = cleanText(nameElement.getAttribute("content") ?? nameElement.textContent);
    if (name && name.length <= 80 && !authors.includes(name)) authors.push(name);
  }
  return authors;
}

function readMicrodataBody(itemprops: readonly DomElement[]): string | null {
  for (const element of itemprops) {
    const names = (element.getAttribute("itemprop") ?? "").toLowerCase().split(/\s+/);
    if (!names.includes("articlebody")) continue;
    if (element.children.length > 0) return null;
    return element.textContent?.trim() || null;
  }
  return null;
}
