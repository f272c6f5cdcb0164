import type { DomElement } from "./dom";
import { cleanText, decodeEntities } from "./strings";

/** What the page's schema.org JSON-LD says about its article. */
export interface JsonLdArticle {
  headline: string | null;
  authors: string[];
  /** Other people the article names for its making (reviewedBy, editor, contributor): their boxes sit under headlines too. */
  people: string[];
  datePublished: string | null;
  publisher: string | null;
  image: string | null;
  description: string | null;
  /** The article's full text when the publisher puts it there, line breaks kept (entities decoded). */
  articleBody: string | null;
}

/** Article, NewsArticle, BlogPosting, ReportageNewsArticle, TechArticle, LiveBlogPosting, Report and kin. */
const ARTICLE_TYPE = /^(?:\w*Article|\w*Posting|Report)$/;

type JsonObject = { [key: string]: unknown };

/**
 * The first article-like object in the JSON-LD of the page's `scripts` (its <script> elements; the others are
 * passed over). Unlike Readability's own reading, it looks inside every block and through @graph and arrays, and
 * accepts authors and images given as plain strings. Must run before Readability, which removes <script> elements.
 */
export function readJsonLdArticle(scripts: Iterable<DomElement>): JsonLdArticle | null {
  for (const script of scripts) {
    if (!/ld\+json/i.test(script.getAttribute("type") ?? "")) continue;
    const json = parseJson(script.textContent ?? "");
    const article = findArticle(json);
    if (article) return describe(article, indexById(json));
  }
  return null;
}

/** Media a page is built around: a video page's date is its video's. */
const MEDIA_TYPE = /^(?:VideoObject|AudioObject|PodcastEpisode|Episode)$/;

/**
 * The date a page without an article object states for itself in JSON-LD: a WebPage's datePublished, or the upload
 * date of the video or audio it is built around (a broadcaster's clip page). Null when it states none.
 */
export function readJsonLdPageDate(scripts: Iterable<DomElement>): string | null {
  for (const script of scripts) {
    if (!/ld\+json/i.test(script.getAttribute("type") ?? "")) continue;
    const date = firstIn(parseJson(script.textContent ?? ""), pageDate);
    if (date) return date;
  }
  return null;
}

function pageDate(value: JsonObject): string | null {
  const kinds = types(value);
  const pageDate = kinds.some((t) => /Page$/.test(t)) ? text(value.datePublished) : null;
  if (pageDate || !kinds.some((t) => MEDIA_TYPE.test(t))) return pageDate;
  return text(value.datePublished) ?? text(value.uploadDate);
}

function parseJson(text: string): unknown {
  // Some CMSes wrap the block in CDATA or HTML comments, or end it with a semicolon.
  const cleaned = text
    .replace(/^\s*(?:<!\[CDATA\[|<!--)/, "")
    .replace(/(?:\]\]>|-->)\s*$/, "")
    .replace(/;\s*$/, "");
  try {
    return JSON.parse(cleaned);
  } catch {
    return null;
  }
}

/**
 * The first non-null `pick` of `value`: the object itself, each item of an array, then what its "@graph" (every node
 * of the page) and "mainEntity" (a WebPage's article) hold, depth first.
 */
function firstIn<T>(value: unknown, pick: (object: JsonObject) => T | null, depth = 0): T | null {
  if (depth > 4) return null;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = firstIn(item, pick, depth + 1);
      if (found !== null) return found;
    }
    return null;
  }
  if (!isObject(value)) return null;
  return pick(value) ?? firstIn(value["@graph"], pick, depth + 1) ?? firstIn(value.mainEntity, pick, depth + 1);
}

function findArticle(value: unknown): JsonObject | null {
  return firstIn(value, (object) => (types(object).some((t) => ARTICLE_TYPE.test(t)) ? object : null));
}

/**
 * Objects of the block by "@id". Yoast-style graphs give the author and publisher as {"@id": …} references
 * to a Person or Organization elsewhere in the graph.
 */
function indexById(value: unknown, index = new Map<string, JsonObject>(), depth = 0): Map<string, JsonObject> {
  if (depth > 6) return index;
  if (Array.isArray(value)) {
    for (const item of value) indexById(item, index, depth + 1);
  } else if (isObject(value)) {
    const id = value["@id"];
    if (typeof id === "string" && !index.has(id) && Object.keys(value).length > 1) index.set(id, value);
    for (const child of Object.values(value)) indexById(child, index, depth + 1);
  }
  return index;
}

function describe(article: JsonObject, byId: ReadonlyMap<string, JsonObject>): JsonLdArticle {
  return {
    headline: text(article.headline) ?? text(article.name),
    authors: names(article.author, byId),
    people: peopleOf(article, byId),
    datePublished: text(article.datePublished) ?? text(article.dateCreated),
    publisher: names(article.publisher, byId)[0] ?? null,
    image: imageUrl(article.image),
    description: text(article.description),
    articleBody: typeof article.articleBody === "string" ? decodeEntities(article.articleBody).trim() || null : null,
  };
}

/** reviewedBy, editor and contributor of the article, and of the web page it is the main entity of (schema.org puts reviewedBy there). */
function peopleOf(article: JsonObject, byId: ReadonlyMap<string, JsonObject>): string[] {
  const page = article.mainEntityOfPage;
  const holders = [article, ...(page && typeof page === "object" && !Array.isArray(page) ? [page as JsonObject] : [])];
  return holders.flatMap((holder) =>
    [holder.reviewedBy, holder.editor, holder.contributor].flatMap((value) => names(value, byId)),
  );
}

function types(value: JsonObject): string[] {
  const type = value["@type"];
  const list = Array.isArray(type) ? type : [type];
  // Types may be written as full IRIs: "http://schema.org/NewsArticle".
  return list.filter((t): t is string => typeof t === "string").map((t) => t.replace(/^.*[/#]/, ""));
}

/** Names of a person or organisation given as a string, an object with a name, or a list of those. */
function names(value: unknown, byId: ReadonlyMap<string, JsonObject>): string[] {
  const list = Array.isArray(value) ? value : [value];
  const result: string[] = [];
  for (const entry of list) {
    const item =
      isObject(entry) && typeof entry["@id"] === "string" && !("name" in entry) ? byId.get(entry["@id"]) : entry;
    const name =
      typeof item === "string" ? text(item) : isObject(item) ? (text(item.name) ?? names(item.name, byId)[0]) : null;
    // A bare URL is a profile link, not a name.
    if (name && !/^https?:\/\//i.test(name) && !result.includes(name)) result.push(name);
  }
  return result;
}

function imageUrl(value: unknown): string | null {
  if (Array.isArray(value)) return imageUrl(value[0]);
  if (typeof value === "string") return text(value);
  if (isObject(value)) return text(value.url) ?? text(value.contentUrl);
  return null;
}

function text(value: unknown): string | null {
  return typeof value === "string" ? cleanText(value) : null;
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
