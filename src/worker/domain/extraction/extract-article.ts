import { Readability } from "@mozilla/readability";
import { escapeHtml } from "../escape-html";
import { BOILERPLATE_RULES, type BoilerplateRule } from "./boilerplate";
import { cleanByline } from "./byline";
import { bylineNames, removeBylineLines } from "./byline-lines";
import { removeCaptionCredits } from "./caption-credits";
import { removeInterfaceLabels } from "./control-labels";
import { choseARecordTable, foundMoreProse, putRecordTablesBack, setRecordTablesAside } from "./data-tables";
import { type DomDocument, type DomElement, parseDocument, parseFragment } from "./dom";
import { BREADCRUMB_LIST, FURNITURE_ROLES, roleSelectors } from "./furniture-roles";
import { showHiddenPanels } from "./hidden-panels";
import { htmlToText } from "./html-text";
import { markIllustratedSteps } from "./illustrated-steps";
import { removeLayoutClassWords } from "./layout-class-words";
import { findLead } from "./lead-paragraph";
import { removeLinkParagraphs } from "./link-paragraphs";
import { mainRegion, regionRoot } from "./main-region";
import { removeMarkedBoilerplate } from "./marked-boilerplate";
import { pagePeopleNames, type ReadabilityMetadata, resolveMetadata } from "./metadata";
import { readPageMetadata } from "./page-metadata";
import { prepareForReadability, removeScriptsAndStyles } from "./prepare-document";
import { recoverParagraphs } from "./recover-paragraphs";
import { sanitizeArticleHtml, sanitizeHtml } from "./sanitize-html";
import { removeScreenReaderText } from "./screen-reader-text";
import { collapseWhitespace, decodeEntities } from "./strings";
import { removeSupportAppeals } from "./support-appeals";
import { goodTextLength, pageLanguage, pageStopWords } from "./text-blocks";
import { removeTrailingLabels } from "./trailing-labels";
import { documentBaseUrl, domainOf } from "./urls";
import { countWords } from "./words";

export { htmlToText } from "./html-text";

export interface ExtractedArticle {
  title: string | null;
  byline: string | null;
  /** ISO 8601 when parseable. */
  publishedTime: string | null;
  siteName: string | null;
  /** Absolute http(s) URL. */
  leadImage: string | null;
  /** Host without www. */
  domain: string;
  /** From <html lang>, primary subtag lower-cased, e.g. "de". */
  htmlLanguage: string | null;
  excerpt: string | null;
  /** Sanitised HTML (see sanitize-html.ts). */
  content: string;
  /** Plain text of the body, paragraphs separated by blank lines. */
  text: string;
  wordCount: number;
}

/** How the content was found: Readability, or the page body because Readability failed or found nothing. */
export type ContentSource = "readability" | "fallback-no-article" | "fallback-error";

export interface ExtractionResult {
  article: ExtractedArticle;
  source: ContentSource;
  /** Readability's error message when `source` is "fallback-error". */
  error: string | null;
}

/** Below either figure a fetched page is taken to be rendered by script, and is rendered in a browser. */
export const MIN_READABLE_CHARACTERS = 200;
export const MIN_READABLE_WORDS = 50;

/** The readable article of a fetched page: Readability on linkedom, then our metadata rules and sanitiser. */
export function extractArticle(html: string, pageUrl: string): ExtractedArticle {
  return extractArticleWithSource(html, pageUrl).article;
}

/**
 * True when the article has fewer than 200 characters (not counting whitespace) or 50 words of text: what a
 * plain fetch of a page built by JavaScript yields (an empty shell, a "please enable JavaScript" notice).
 */
export function hasTooLittleText(article: ExtractedArticle): boolean {
  return article.text.replace(/\s+/g, "").length < MIN_READABLE_CHARACTERS || article.wordCount < MIN_READABLE_WORDS;
}

/** The rules added to Readability, by name; the benchmark turns them off one at a time to measure each. */
export type ExtractionRule =
  | BoilerplateRule
  | "marked-boilerplate"
  | "lead-paragraph"
  | "link-paragraphs"
  | "trailing-labels"
  | "support-appeals"
  | "caption-credits"
  | "byline-lines"
  | "illustrated-steps"
  | "record-tables"
  | "recover-paragraphs"
  | "main-region"
  | "json-ld-body"
  | "screen-reader-text"
  | "layout-class-words"
  | "hidden-panels";

export const EXTRACTION_RULES: readonly ExtractionRule[] = [
  ...BOILERPLATE_RULES,
  "marked-boilerplate",
  "lead-paragraph",
  "link-paragraphs",
  "trailing-labels",
  "support-appeals",
  "caption-credits",
  "byline-lines",
  "illustrated-steps",
  "record-tables",
  "recover-paragraphs",
  "main-region",
  "json-ld-body",
  "screen-reader-text",
  "layout-class-words",
  "hidden-panels",
];

/**
 * The rules the Worker applies. "recover-paragraphs" is measured but off: on the dev set it takes back lost
 * paragraphs (pages losing one 13.5% → 12.8%) but brings clutter with them (28.4% → 30.1%), F1 0.909 → 0.907.
 * "link-paragraphs" is measured but off: dev set F1 0.925 → 0.927, clutter 26.7% → 25.7%, but on the Readability
 * test pages it removes paragraphs that are one link and content there (12 pages worse, 0.99619 → 0.99442).
 */
export const DEFAULT_EXTRACTION_RULES: readonly ExtractionRule[] = EXTRACTION_RULES.filter(
  (rule) => rule !== "recover-paragraphs" && rule !== "link-paragraphs",
);

export interface ExtractionOptions {
  /** The rules to apply; DEFAULT_EXTRACTION_RULES unless given. */
  rules?: ReadonlySet<ExtractionRule>;
}

/** `extractArticle`, also saying whether Readability found the content (for the benchmark and logs). */
export function extractArticleWithSource(
  html: string,
  pageUrl: string,
  options: ExtractionOptions = {},
): ExtractionResult {
  const rules = options.rules ?? new Set(DEFAULT_EXTRACTION_RULES);
  let reading = readPage(html, pageUrl, rules, { withoutRecordTables: false });
  const first = reading.readability.ok ? reading.readability.content : null;
  if (rules.has("record-tables") && first && choseARecordTable(first, reading.stopWords)) {
    // Readability took a table of records for the article: read the page again without such tables.
    const second = readPage(html, pageUrl, rules, { withoutRecordTables: true });
    const content = second.readability.ok ? second.readability.content : null;
    if (content && foundMoreProse(first, content, second.stopWords)) {
      putRecordTablesBack(content, second.recordTables);
      reading = second;
    }
  }
  const { baseUrl, page, language, lead, marked, readability } = reading;
  /** The rules that clean what Readability chose, run on paragraphs taken back from the page too. */
  const cleanUp = (element: DomElement) => {
    if (rules.has("link-paragraphs")) removeLinkParagraphs(element);
    if (rules.has("support-appeals")) removeSupportAppeals(element);
    if (rules.has("trailing-labels")) removeTrailingLabels(element);
    if (rules.has("caption-credits")) removeCaptionCredits(element);
    if (rules.has("controls")) removeInterfaceLabels(element);
    if (rules.has("byline-lines") && readability.ok) {
      removeBylineLines(element, bylineNames([cleanByline(readability.metadata.byline), ...pagePeopleNames(page)]));
    }
  };
  let root: DomElement;
  let source: ContentSource = "readability";
  if (readability.ok && readability.content) {
    root = readability.content;
    cleanUp(root);
    if (lead && !collapseWhitespace(root.textContent ?? "").includes(lead)) {
      const paragraph = root.ownerDocument.createElement("p");
      paragraph.textContent = lead;
      root.prepend(paragraph);
    }
  } else {
    source = readability.ok ? "fallback-no-article" : "fallback-error";
    // Readability changed the tree before it gave up; start again from the page as fetched.
    root = mainContentFallback(parseDocument(html));
    // The rules that clean Readability's choice clean this one too: a forum thread's closing notice, its buttons.
    cleanUp(root);
  }

  let content = sanitizeArticleHtml(root, baseUrl);
  let text = htmlToText(content);
  if (marked && source === "readability") {
    for (const element of [...marked.querySelectorAll(FURNITURE)]) element.remove();
    const recovered = recoverParagraphs(text, sanitizeArticleHtml(marked, baseUrl), language);
    if (recovered) {
      const taken = parseFragment(recovered);
      cleanUp(taken);
      content = taken.innerHTML;
      text = htmlToText(content);
    }
  }
  if (reading.region && source === "readability") {
    const chosen = { content, text };
    const region = mainRegionContent(reading.region, page.documentTitle, chosen, reading.stopWords, baseUrl, cleanUp);
    if (region) ({ content, text } = region);
  }
  const articleBody = page.jsonLd?.articleBody ?? page.microdataBody;
  const body = rules.has("json-ld-body") ? jsonLdBody(articleBody, content, text, baseUrl) : null;
  if (body) ({ content, text } = body);
  const metadata = resolveMetadata(readability.ok ? readability.metadata : NO_METADATA, page, {
    baseUrl,
    pageUrl,
    domain: domainOf(pageUrl),
    firstContentImage: firstImage(content),
  });
  return {
    article: { ...metadata, domain: domainOf(pageUrl), content, text, wordCount: countWords(text) },
    source,
    error: readability.ok ? null : readability.error,
  };
}

interface PageReading {
  baseUrl: string;
  page: ReturnType<typeof readPageMetadata>;
  language: string;
  stopWords: ReadonlySet<string>;
  lead: string | null;
  marked: DomElement | undefined;
  /** A copy of the page's main region (main-region.ts) before Readability, for "main-region". */
  region: DomElement | undefined;
  /** The record tables set aside for this reading, by their place in the page. */
  recordTables: DomElement[];
  readability: ReadabilityRun;
}

/**
 * The page's main region (main-region.ts), cleaned as Readability's choice is, when it reads as a page of several
 * sections of which Readability kept one; else null. Taken when it holds REGION_MIN_GAIN times the words of
 * Readability's choice (and 30 more; TEASING_REGION_MIN_GAIN times when what it adds is teasers of other pages)
 * and REGION_MIN_GOOD_TEXT more characters of prose by jusText's measures, on
 * a page that does not declare itself an article (schema.org Article or Posting, og:type "article"): on a story
 * Readability's choice is the story, and what the region adds is comments and teasers of other stories.
 */
function mainRegionContent(
  source: DomElement,
  pageTitle: string,
  chosen: { content: string; text: string },
  stopWords: ReadonlySet<string>,
  baseUrl: string,
  cleanUp: (element: DomElement) => void,
): { content: string; text: string } | null {
  const least = REGION_MIN_GAIN * countWords(chosen.text) + REGION_MIN_EXTRA_WORDS;
  // Its text before cleaning is the most the region can hold: most pages stop here, before any cleaning.
  if (countWords(source.textContent ?? "") <= least) return null;
  const region = mainRegion(source, pageTitle);
  cleanUp(region);
  const content = sanitizeArticleHtml(region, baseUrl);
  const text = htmlToText(content);
  const words = countWords(text);
  if (words <= least) return null;
  // Excerpts cut short ("…") and headings that are links are teasers of other pages: a region holding them must
  // hold much more besides (counted only where that decides).
  const most = TEASING_REGION_MIN_GAIN * countWords(chosen.text) + REGION_MIN_EXTRA_WORDS;
  if (words <= most && countTeasers(content, text) - countTeasers(chosen.content, chosen.text) >= 2) return null;
  const prose = (html: string) => goodTextLength(parseFragment(html), stopWords);
  // A list of episodes, products or links adds words but no prose.
  return prose(content) - prose(chosen.content) >= REGION_MIN_GOOD_TEXT ? { content, text } : null;
}

const REGION_MIN_GAIN = 1.5;
const TEASING_REGION_MIN_GAIN = 2.5;
const REGION_MIN_EXTRA_WORDS = 30;
/** jusText's "little text" (marked-boilerplate.ts): a paragraph or two. */
const REGION_MIN_GOOD_TEXT = 200;

/**
 * A listing's teasers of other pages: lines of prose that end cut short ("…", "..."), and headings whose text is a
 * link (another post's title).
 */
function countTeasers(content: string, text: string): number {
  let count = 0;
  for (const line of text.split("\n")) if (/\p{L}\s*(?:…|\.\.\.)\s*$/u.test(line) && countWords(line) >= 8) count += 1;
  for (const heading of parseFragment(content).querySelectorAll("h2, h3, h4")) {
    const words = countWords(heading.textContent ?? "");
    const linked = [...heading.querySelectorAll("a[href]")].reduce((n, a) => n + countWords(a.textContent ?? ""), 0);
    if (words >= 3 && linked === words) count += 1;
  }
  return count;
}

/** Whether the page says it is an article: a schema.org Article or Posting, or og:type "article". */
function declaresAnArticle(page: ReturnType<typeof readPageMetadata>): boolean {
  return page.jsonLd !== null || page.meta.get("og:type")?.trim().toLowerCase() === "article";
}

/** The rules that clean the parsed page before Readability reads it (and before the main region is taken). */
function removeFurnitureBeforeReading(
  document: DomDocument,
  rules: ReadonlySet<ExtractionRule>,
  language: string,
  stopWords: ReadonlySet<string>,
): void {
  // First: a closed tab's text is the page's, and the rules after judge it with the rest.
  if (rules.has("hidden-panels")) showHiddenPanels(document.body);
  if (rules.has("screen-reader-text")) removeScreenReaderText(document.body);
  if (rules.has("marked-boilerplate")) removeMarkedBoilerplate(document.body, stopWords);
  prepareForReadability(document, new Set(BOILERPLATE_RULES.filter((rule) => rules.has(rule))), language);
  if (rules.has("illustrated-steps")) markIllustratedSteps(document.body);
  if (rules.has("layout-class-words")) removeLayoutClassWords(document.body);
}

/** Parses the page, reads its metadata, applies the rules that run before Readability, and runs Readability. */
function readPage(
  html: string,
  pageUrl: string,
  rules: ReadonlySet<ExtractionRule>,
  { withoutRecordTables }: { withoutRecordTables: boolean },
): PageReading {
  const document = parseDocument(html);
  const baseUrl = documentBaseUrl(document, pageUrl);
  // Read before Readability: it removes <script> (JSON-LD) and rewrites the tree.
  const page = readPageMetadata(document);
  removeScriptsAndStyles(document);
  const language = pageLanguage(document);
  const stopWords = pageStopWords(document, language);
  const recordTables = withoutRecordTables ? setRecordTablesAside(document.body) : [];
  removeFurnitureBeforeReading(document, rules, language, stopWords);
  // Found before Readability, which takes the headline's surroundings apart.
  const lead = rules.has("lead-paragraph") ? findLead(document, stopWords, pagePeopleNames(page)) : null;
  // Copied before Readability rewrites the tree: the page's own <article> or <main>, to compare with its choice.
  const marked = rules.has("recover-paragraphs") ? markedMainContent(document)?.cloneNode(true) : undefined;
  // Not for a page that declares an article: the region is not taken there (mainRegionContent), nor copied.
  const region =
    rules.has("main-region") && !declaresAnArticle(page) ? regionRoot(document).cloneNode(true) : undefined;
  return {
    baseUrl,
    page,
    language,
    stopWords,
    lead,
    marked,
    region,
    recordTables,
    readability: runReadability(document),
  };
}

const NO_METADATA: ReadabilityMetadata = {
  title: null,
  byline: null,
  excerpt: null,
  siteName: null,
  publishedTime: null,
};

type ReadabilityRun =
  | { ok: true; content: DomElement | null; metadata: ReadabilityMetadata }
  | { ok: false; error: string };

type ReadabilityInput = ConstructorParameters<typeof Readability>[0];

function runReadability(document: DomDocument): ReadabilityRun {
  try {
    // Readability's types name the browser's Document; it only uses the DOM subset linkedom implements.
    const reader = new Readability<DomElement>(document as unknown as ReadabilityInput, {
      // The element itself rather than its innerHTML: the sanitiser walks it without parsing it again.
      serializer: (node) => node as unknown as DomElement,
    });
    const result = reader.parse();
    return {
      ok: true,
      content: result?.content ?? null,
      metadata: {
        title: result?.title ?? null,
        byline: result?.byline ?? null,
        excerpt: result?.excerpt ?? null,
        siteName: result?.siteName ?? null,
        publishedTime: result?.publishedTime ?? null,
      },
    };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Page furniture left out when the whole page has to stand in for the article (and from the paragraphs taken back
 * from it): navigation, the site's header and footer, asides and dialogs, by tag or ARIA role.
 */
const FURNITURE = [
  "nav",
  "header",
  "footer",
  "aside",
  "dialog",
  ...roleSelectors(FURNITURE_ROLES),
  BREADCRUMB_LIST,
].join(", ");

/** The page's <article> or <main> if it has exactly one, else its <body>, without navigation and footers. */
export function mainContentFallback(document: DomDocument): DomElement {
  const root = markedMainContent(document) ?? document.body;
  for (const element of [...root.querySelectorAll(FURNITURE)]) element.remove();
  return root;
}

/**
 * The page's one <article>, else its one <main>: where the publisher says the content is. A lone <article> that
 * holds less than half the words of the page's <main> is a part of it, not the content (a forum thread's preview
 * card of a linked page, the only <article> of a page whose posts are plain <div>s): the <main> stands in then.
 */
function markedMainContent(document: DomDocument): DomElement | undefined {
  const articles = document.querySelectorAll("article");
  const mains = document.querySelectorAll('main, [role="main"]');
  const main = mains.length === 1 ? mains[0] : undefined;
  const article = articles.length === 1 ? articles[0] : undefined;
  if (
    article &&
    main &&
    !article.contains(main) &&
    countWords(article.textContent ?? "") * 2 < countWords(main.textContent ?? "")
  ) {
    return main;
  }
  return article ?? main;
}

/**
 * The schema.org articleBody's paragraphs that the DOM's version lacks, appended to it, when the body holds
 * clearly more words (half as many again, and 30 words): the page builds its text by script, or Readability kept
 * only a teaser. Appended rather than substituted: the DOM's version keeps its headings, lists and images, and
 * a lead paragraph that articleBody often leaves out.
 */
function jsonLdBody(
  articleBody: string | null,
  domContent: string,
  domText: string,
  baseUrl: string,
): { content: string; text: string } | null {
  if (!articleBody) return null;
  if (countWords(articleBody) < countWords(domText) * 1.5 + 30) return null;
  const html = /<\/?(?:p|br|div|h[2-6])\b/i.test(articleBody)
    ? articleBody
    : articleBody
        .split(/\n\s*/)
        .filter((line) => line.trim())
        .map((line) => `<p>${escapeHtml(line.trim())}</p>`)
        .join("");
  const known = collapseWhitespace(domText);
  const missing = parseFragment(sanitizeHtml(html, baseUrl));
  for (const block of [...missing.children]) {
    const words = collapseWhitespace(block.textContent ?? "");
    if (!words || known.includes(words)) block.remove();
  }
  const content = domContent + missing.innerHTML;
  return { content, text: htmlToText(content) };
}

function firstImage(content: string): string | null {
  const src = content.match(/<img src="([^"]*)"/)?.[1];
  return src ? decodeEntities(src) : null;
}
