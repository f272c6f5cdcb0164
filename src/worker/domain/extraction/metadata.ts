import { cleanByline } from "./byline";
import { toIsoDate } from "./dates";
import type { PageMetadata } from "./page-metadata";
import { chooseSiteName, siteNameForms } from "./site-name";
import { cleanText } from "./strings";
import { comparable } from "./title";
import { chooseTitle } from "./title-choice";
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
  pageUrl: string;
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
  const { title, siteName } = titleAndSiteName(readability, page, context);
  return {
    title,
    byline: chooseByline(readability, page, [
      ...siteNameForms(siteName, context.domain),
      ...[page.jsonLd?.publisher, page.meta.get("og:site_name")].filter((name) => typeof name === "string"),
    ]),
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
 * The title and the site's name, each chosen from what the page states (title-choice.ts, site-name.ts). The title is
 * chosen with the site's stated names (to recognise and cut them), and the site's name then with the title (to
 * recognise a "site name" that is the page's title).
 */
function titleAndSiteName(
  readability: ReadabilityMetadata,
  page: PageMetadata,
  context: MetadataContext,
): { title: string | null; siteName: string | null } {
  // Readability's (JSON-LD publisher, then og:site_name), then ours of the same, then what an app would be called.
  const stated = [
    cleanText(readability.siteName),
    page.jsonLd?.publisher,
    metaValue(page, ["og:site_name", "application-name", "apple-mobile-web-app-title"]),
  ];
  const title = chooseTitle({
    headings: page.headings,
    metadata: [page.jsonLd?.headline ?? null, ...META_TITLE_KEYS.map((key) => page.meta.get(key) ?? null)].filter(
      (candidate) => candidate !== null,
    ),
    documentTitle: page.documentTitle,
    siteNames: [
      ...stated.filter((name) => typeof name === "string"),
      ...page.siteHeadings,
      ...siteNameForms(null, context.domain),
    ],
    url: context.pageUrl,
  });
  return { title, siteName: chooseSiteName(stated, title) };
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
 * author <meta> tags, then rel="author" / itemprop="author" markup, then the elements the page's classes mark as
 * its byline (Readability removes a page's header, and the byline in it, before it looks for one). JSON-LD
 * authors also win over a byline Readability took from <meta>: it ranks JSON-LD first too, but only reads authors
 * whose name is inline (not given as a string or an {"@id"} reference). Passed over: an image's credit that
 * Readability took for the byline (its element sits in a figure or a caption), and an "author" that is the site
 * itself (the publisher's name in the author <meta>) while a person is named further down; with nobody else
 * named, the site is the author.
 */
function chooseByline(
  readability: ReadabilityMetadata,
  page: PageMetadata,
  siteNames: readonly string[],
): string | null {
  const jsonLdAuthors = page.jsonLd?.authors.join(", ") ?? "";
  const metaAuthor = metaValue(page, AUTHOR_META_KEYS);
  const articleAuthor = page.meta.get("article:author");
  const readabilityByline = cleanText(readability.byline);
  const readabilityUsedMeta =
    readabilityByline !== null && AUTHOR_META_KEYS.some((key) => page.meta.get(key) === readabilityByline);
  const candidates = [
    readabilityUsedMeta ? jsonLdAuthors : null,
    readabilityByline && page.bylineMarkup.credits.includes(readabilityByline) ? null : readability.byline,
    jsonLdAuthors,
    metaAuthor,
    page.markupAuthors
      .map(cleanByline)
      .filter((name) => name !== null)
      .join(", "),
    ...page.bylineMarkup.bylines,
    // article:author is often a profile URL or a user name rather than a name.
    articleAuthor && !/^https?:\/\//i.test(articleAuthor) ? articleAuthor : null,
  ]
    .map(cleanByline)
    .filter((byline) => byline !== null);
  const site = siteNames.map(comparable).filter((name) => name.length >= 4);
  return candidates.find((byline) => !namesTheSite(comparable(byline), site)) ?? candidates[0] ?? null;
}

/** "Klima Beispiel" on klima-beispiel.de, "Bund der Stromkunden e.V." on stromkunden.de: the site as its own author. */
function namesTheSite(byline: string, siteNames: readonly string[]): boolean {
  return siteNames.some((name) => byline.includes(name));
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
 * (itemprop="datePublished", <time pubdate>, the first <time datetime> of the page's only <article>), then the
 * date JSON-LD states for a page without an article (a WebPage's, or its video's upload date).
 */
function choosePublishedTime(readability: ReadabilityMetadata, page: PageMetadata): string | null {
  const candidates = [
    readability.publishedTime,
    page.jsonLd?.datePublished,
    ...META_DATE_KEYS.map((key) => page.meta.get(key)),
    ...page.markupDates,
    page.jsonLdPageDate,
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
