import { cleanByline } from "./byline";
import { toIsoDate } from "./dates";
import type { PageMetadata } from "./page-metadata";
import { cleanText } from "./strings";
import { stripSiteName, titleFromDocumentTitle } from "./title";
import { resolveHttpUrl } from "./urls";

/** The metadata fields of Readability's result (null when it failed). */
export interface ReadabilityMetadata {
  title: string | null;
  byline: string | null;
  excerpt: string | null;
  siteName: string | null;
  publishedTime: string | null;
}

export interface ArticleMetadata {
  title: string | null;
  byline: string | null;
  publishedTime: string | null;
  siteName: string | null;
  leadImage: string | null;
  htmlLanguage: string | null;
  excerpt: string | null;
}

export interface MetadataContext {
  baseUrl: string;
  domain: string;
  /** The first image of the extracted content (absolute http(s)), the lead image of last resort. */
  firstContentImage: string | null;
}

/**
 * Readability's metadata, completed and corrected from the page's own statements. Readability's values come
 * first where they exist (it already prefers JSON-LD and <meta> over guessing); the rules here fill its gaps
 * and undo its known misses. Each field's order is in its function.
 */
export function resolveMetadata(
  readability: ReadabilityMetadata,
  page: PageMetadata,
  context: MetadataContext,
): ArticleMetadata {
  const siteName = chooseSiteName(readability, page);
  return {
    title: chooseTitle(readability, page, siteName, context.domain),
    byline: chooseByline(readability, page),
    publishedTime: choosePublishedTime(readability, page),
    siteName,
    leadImage: chooseLeadImage(page, context),
    htmlLanguage: chooseLanguage(page),
    excerpt:
      cleanText(readability.excerpt) ?? page.jsonLd?.description ?? metaValue(page, ["og:description", "description"]),
  };
}

function metaValue(page: PageMetadata, keys: readonly string[]): string | null {
  for (const key of keys) {
    const value = page.meta.get(key);
    if (value) return value;
  }
  return null;
}

/** Readability's (JSON-LD publisher, og:site_name), then application-name. */
function chooseSiteName(readability: ReadabilityMetadata, page: PageMetadata): string | null {
  return (
    cleanText(readability.siteName) ??
    page.jsonLd?.publisher ??
    metaValue(page, ["og:site_name", "application-name", "apple-mobile-web-app-title"])
  );
}

/** The <meta> names Readability reads a title from; without any of them it falls back to <title>. */
const META_TITLE_KEYS = [
  "dc:title",
  "dcterm:title",
  "og:title",
  "weibo:article:title",
  "weibo:webpage:title",
  "title",
  "twitter:title",
  "parsely-title",
];

/**
 * Readability's title, except that a <title> fallback with an en or em dash is cut like one with a hyphen,
 * and the site's name is removed from either end ("Article | Site").
 */
function chooseTitle(
  readability: ReadabilityMetadata,
  page: PageMetadata,
  siteName: string | null,
  domain: string,
): string | null {
  let title = cleanText(readability.title);
  const fromDocumentTitle = !page.jsonLd?.headline && metaValue(page, META_TITLE_KEYS) === null;
  if (fromDocumentTitle && / [–—] /.test(page.documentTitle)) title = titleFromDocumentTitle(page.documentTitle);
  title ??= page.jsonLd?.headline ?? metaValue(page, ["og:title", "twitter:title"]) ?? (page.documentTitle || null);
  return title === null ? null : stripSiteName(title, [siteName, domain, siteLabel(domain)]);
}

/** "theverge" for theverge.com, "bbc" for bbc.co.uk: how a site's name is often written in titles. */
function siteLabel(domain: string): string | null {
  const labels = domain.split(".");
  if (labels.length < 2) return null;
  const secondLevel = labels.at(-2) ?? "";
  const genericSecondLevel = /^(?:co|com|net|org|gov|edu|ac|ne|or)$/.test(secondLevel) && labels.length >= 3;
  return (genericSecondLevel ? labels.at(-3) : secondLevel) ?? null;
}

const AUTHOR_META_KEYS = ["author", "dc:creator", "dc.creator", "dcterm:creator", "parsely-author", "sailthru.author"];

/** Every author name the page's metadata states: JSON-LD, the author <meta> tags, author markup. */
export function pageAuthorNames(page: PageMetadata): string[] {
  const metaAuthors = AUTHOR_META_KEYS.map((key) => page.meta.get(key)).filter((name) => name !== undefined);
  return [...(page.jsonLd?.authors ?? []), ...metaAuthors, ...page.markupAuthors];
}

/** The authors and the other people the page's JSON-LD names for the article's making (a reviewer, an editor). */
export function pagePeopleNames(page: PageMetadata): string[] {
  return [...pageAuthorNames(page), ...(page.jsonLd?.people ?? [])];
}

/**
 * Readability's byline, cleaned (see `cleanByline`); when it names nobody, the JSON-LD authors, then the
 * author <meta> tags, then rel="author" / itemprop="author" markup. JSON-LD authors also win over a byline
 * Readability took from <meta>: it ranks JSON-LD first too, but only reads authors whose name is inline
 * (not given as a string or an {"@id"} reference).
 */
function chooseByline(readability: ReadabilityMetadata, page: PageMetadata): string | null {
  const jsonLdAuthors = page.jsonLd?.authors.join(", ") ?? "";
  const metaAuthor = metaValue(page, AUTHOR_META_KEYS);
  const articleAuthor = page.meta.get("article:author");
  const readabilityUsedMeta =
    readability.byline !== null && AUTHOR_META_KEYS.some((key) => page.meta.get(key) === cleanText(readability.byline));
  const candidates = [
    readabilityUsedMeta ? jsonLdAuthors : null,
    readability.byline,
    jsonLdAuthors,
    metaAuthor,
    // article:author is often a profile URL rather than a name.
    articleAuthor && !/^https?:\/\//i.test(articleAuthor) ? articleAuthor : null,
    page.markupAuthors
      .map(cleanByline)
      .filter((name) => name !== null)
      .join(", "),
  ];
  for (const candidate of candidates) {
    const byline = cleanByline(candidate);
    if (byline) return byline;
  }
  return null;
}

/** Date <meta> names in use besides the ones Readability reads (article:published_time, parsely-pub-date). */
const META_DATE_KEYS = [
  "article:published_time",
  "og:article:published_time",
  "datepublished",
  "parsely-pub-date",
  "sailthru.date",
  "dc.date.issued",
  "dc.date",
  "dc:date",
  "dcterms.issued",
  "dcterms.created",
  "citation_publication_date",
  "publish-date",
  "publishdate",
  "pubdate",
  "date",
];

/**
 * The first parseable of: Readability's (JSON-LD datePublished, article:published_time, parsely-pub-date),
 * JSON-LD datePublished or dateCreated, the date <meta> names above, then dates in the markup
 * (itemprop="datePublished", <time pubdate>, the first <time datetime> of the page's only <article>).
 */
function choosePublishedTime(readability: ReadabilityMetadata, page: PageMetadata): string | null {
  const candidates = [
    readability.publishedTime,
    page.jsonLd?.datePublished,
    ...META_DATE_KEYS.map((key) => page.meta.get(key)),
    ...page.markupDates,
  ];
  for (const candidate of candidates) {
    const iso = toIsoDate(cleanText(candidate));
    if (iso) return iso;
  }
  return null;
}

/** og:image, twitter:image, the JSON-LD image, then the first image of the article. */
function chooseLeadImage(page: PageMetadata, context: MetadataContext): string | null {
  const candidates = [
    metaValue(page, ["og:image:secure_url", "og:image:url", "og:image", "twitter:image", "twitter:image:src"]),
    page.jsonLd?.image,
    page.meta.get("image"),
  ];
  for (const candidate of candidates) {
    const url = resolveHttpUrl(candidate, context.baseUrl);
    if (url) return url;
  }
  return context.firstContentImage;
}

/** The primary subtag of <html lang> ("pt-BR" → "pt"), else of Content-Language or og:locale ("en_US"). */
function chooseLanguage(page: PageMetadata): string | null {
  for (const value of [page.lang, page.meta.get("content-language"), page.meta.get("og:locale")]) {
    const match = value?.trim().match(/^([a-z]{2,3})(?:[-_]|$)/i);
    if (match?.[1]) return match[1].toLowerCase();
  }
  return null;
}
