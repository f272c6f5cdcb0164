import type { DomDocument, DomElement } from "./dom";
import { type JsonLdArticle, readJsonLdArticle } from "./json-ld";
import { cleanText } from "./strings";

/**
 * Everything the metadata rules read from the page itself. Collected before Readability runs, because it
 * removes <script> (JSON-LD) and rewrites the tree.
 */
export interface PageMetadata {
  /** <meta> content by lower-cased property, name or itemprop ("og:title", "author", "datepublished"). */
  meta: ReadonlyMap<string, string>;
  jsonLd: JsonLdArticle | null;
  /** <html lang>, as written. */
  lang: string | null;
  documentTitle: string;
  /** Publication dates the markup states outside <meta>: itemprop="datePublished", <time pubdate>, the article's <time>. */
  markupDates: string[];
  /** Author names marked up as such: rel="author" links and itemprop="author". */
  markupAuthors: string[];
  /**
   * The article's text as schema.org microdata states it: an itemprop="articleBody" element that holds only text
   * (a hidden copy for search engines, as JSON-LD's articleBody is), else null. An element with blocks inside is
   * the page's visible container, which Readability has already read.
   */
  microdataBody: string | null;
}

export function readPageMetadata(document: DomDocument): PageMetadata {
  const marked = markedElements(document);
  return {
    meta: readMetaTags(marked.meta),
    jsonLd: readJsonLdArticle(marked.scripts),
    lang: cleanText(document.documentElement?.getAttribute("lang")),
    documentTitle: cleanText(document.title) ?? "",
    markupDates: readMarkupDates(marked),
    markupAuthors: readMarkupAuthors(marked.authors),
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
}

/**
 * Every element the rules read, in one pass over the page: a query per rule walked the whole tree each time, a
 * tenth of the extraction's time on large pages (docs/processing.md, speed).
 */
function markedElements(document: DomDocument): MarkedElements {
  const marked: MarkedElements = { meta: [], scripts: [], itemprops: [], pubdateTimes: [], articles: [], authors: [] };
  const found = document.querySelectorAll(
    'meta[content], script, [itemprop], time[pubdate][datetime], article, a[rel="author"]',
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
    }
    const itemprop = element.getAttribute("itemprop");
    if (itemprop !== null) marked.itemprops.push(element);
    if (itemprop === "author" || (element.localName === "a" && element.getAttribute("rel") === "author")) {
      marked.authors.push(element);
    }
  }
  return marked;
}

function readMetaTags(elements: readonly DomElement[]): Map<string, string> {
  const meta = new Map<string, string>();
  for (const element of elements) {
    const content = cleanText(element.getAttribute("content"));
    if (!content) continue;
    // property may list several names ("og:title twitter:title"); the first tag for a name wins.
    const keys = ["property", "name", "itemprop", "http-equiv"].flatMap((attribute) =>
      (element.getAttribute(attribute) ?? "").toLowerCase().split(/\s+/),
    );
    for (const key of keys) {
      // Readability reads "dc.title" as "dc:title"; keep both spellings so either lookup finds it.
      for (const spelling of [key, key.replace(/\./g, ":")])
        if (spelling && !meta.has(spelling)) meta.set(spelling, content);
    }
  }
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
