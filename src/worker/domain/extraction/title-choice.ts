import { comparable, stripSiteName, titleFromDocumentTitle } from "./title";
import { wordTokens } from "./words";

/** The titles a page offers, each as the page writes it. */
export interface TitleCandidates {
  /** The page's <h1> texts, in document order: the headline a reader sees, but also logos and section names. */
  headings: readonly string[];
  /** Metadata titles in the order Readability ranks them: JSON-LD headline, dc:title, og:title, …, twitter:title. */
  metadata: readonly string[];
  documentTitle: string;
  /** What the site calls itself (site name, domain, the domain's main label): never the article's title. */
  siteNames: readonly (string | null)[];
  /** The page's address: a candidate that is one of its path segments is a slug, not a title. */
  url: string;
}

/** Longer than any headline; such "titles" are a page's whole teaser or a keyword list. */
const MAX_TITLE_CHARS = 300;

/**
 * The article's title, chosen from what the page offers, or null when it offers none.
 *
 * 1. The visible headline: the first <h1> that the page's metadata or <title> confirms (they share most of their
 *    words: "Camp Stoves" and "Camping Stoves: Top Rated Camp Stoves | Outdoor Co-op"), because a publisher writes the <h1>
 *    for readers and the metadata for search engines and share cards (a kicker added, a wording from before an
 *    edit, the site's name). An <h1> that names the site (its logo) or that nothing confirms (a section name,
 *    "Lorem" at the top of a text) does not count.
 * 2. Else the metadata title most of the others confirm, earlier ones first on a tie (a stray "Aktuelle" in
 *    <meta name="title"> loses to the og:title the <title> repeats).
 * 3. Else the <title> without the site's name, then a lone <h1>.
 * A slug ("d-161500790", the URL's last segment) and the site's own name are never chosen while another exists.
 */
export function chooseTitle(page: TitleCandidates): string | null {
  const siteNames = page.siteNames.filter((name) => name !== null);
  const isTitle = (text: string) => !isSlug(text, page.url) && !namesSite(text, siteNames);
  const metadata = unique(page.metadata.map((title) => stripSiteName(title, siteNames)).filter(isTitle));
  const documentTitle = page.documentTitle ? stripSiteName(page.documentTitle, siteNames) : "";
  const confirming = [...metadata, ...(documentTitle && isTitle(documentTitle) ? [documentTitle] : [])];
  const headings = page.headings.map(withoutAnchorMark).filter((heading) => isTitle(heading));

  const headline = headings.find((heading) => confirming.some((other) => agree(heading, other)));
  // A page that states its title only in <title> (a newsletter saved by email) may head it with a shorter <h1>.
  if (headline && metadata.length === 0 && documentTitle) return wholeTitle(headline, documentTitle);
  if (headline) return withoutKicker(headline, confirming);
  const best = mostConfirmed(metadata, confirming);
  if (best) return best;
  if (documentTitle && isTitle(documentTitle)) return cutDocumentTitle(page.documentTitle, siteNames);
  return headings[0] ?? (page.metadata[0] || page.documentTitle || null);
}

/**
 * The <title> an <h1> is only the start of, when the page states no other title: a newsletter's masthead "Harbour
 * letter" for its subject "Harbour letter & tides, issue 7", "Professional Development" for "Professional
 * Development Certification Programs | Site". The <title>'s words go on up to a separator (a subtitle or the site's
 * name after one stay out).
 */
function wholeTitle(headline: string, documentTitle: string): string {
  if (!documentTitle.toLowerCase().startsWith(headline.toLowerCase())) return headline;
  const more = documentTitle.slice(headline.length).split(SEPARATOR)[0] ?? "";
  return /^\s*[\p{L}\p{N}&]/u.test(more) ? `${headline}${more}`.trim() : headline;
}

/** " | ", " - ", ": " and kin: where a title's subtitle or its site's part begins. */
const SEPARATOR = /\s[|\-–—·»/:]\s|:\s/;

/**
 * The headline without what the <h1> adds around the title its metadata states: a kicker before it, one word or
 * ending in a colon or slash ("Tunesien", "Blog:", "„Reformstau lösen“ /"), or a line after it with a date or a
 * count ("… Posted on July 1, 2024 by infuy", "… (latimes.com) 87"), which the <h1>'s spans glue on. Kept when the
 * metadata states the whole <h1> too (its kicker is then part of the title), and words after the title without
 * digits are a subtitle ("Networking in Compose").
 */
function withoutKicker(headline: string, confirming: readonly string[]): string {
  const key = comparable(headline);
  if (confirming.some((other) => comparable(other) === key)) return headline;
  for (const other of confirming) {
    const inner = comparable(other);
    if (inner.length === 0 || !key.includes(inner)) continue;
    if (key.endsWith(inner) && isKicker(leadingText(headline, key.length - inner.length))) return other;
    if (key.startsWith(inner) && /\d/.test(key.slice(inner.length))) return other;
  }
  return headline;
}

function isKicker(text: string): boolean {
  return !/\s/.test(text) || /[:/|–—-]$/.test(text);
}

/** The start of `text` that holds its first `length` letters and digits, trimmed. */
function leadingText(text: string, length: number): string {
  let counted = 0;
  let end = 0;
  for (const char of text) {
    if (counted === length) break;
    if (/[\p{L}\p{N}]/u.test(char)) counted += char.toLowerCase().length;
    end += char.length;
  }
  // The kicker's own punctuation, up to the title's first letter ("Blog: Best…" → "Blog:").
  const rest = text.slice(end).match(/^[^\p{L}\p{N}]*/u)?.[0] ?? "";
  return (text.slice(0, end) + rest.replace(/[\s„“"«‚‘'(]+$/u, "")).trim();
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

/** The metadata title that most other candidates agree with; the first on a tie. */
function mostConfirmed(metadata: readonly string[], confirming: readonly string[]): string | null {
  let best: string | null = null;
  let bestSupport = -1;
  for (const title of metadata) {
    const support = confirming.filter((other) => other !== title && agree(title, other)).length;
    if (support > bestSupport) [best, bestSupport] = [title, support];
  }
  return best;
}

/** The <title> cut as Readability cuts it, then without the site's name. */
function cutDocumentTitle(documentTitle: string, siteNames: readonly string[]): string {
  const stripped = stripSiteName(documentTitle, siteNames);
  return stripped !== documentTitle ? stripped : titleFromDocumentTitle(documentTitle);
}

/**
 * Two titles of the same article: they share at least half the words of the shorter one, at least two words unless
 * the shorter has only one, and a fifth of the longer one's. "Test document title" and "Title element" share one
 * word of two: no; a "Discord" heading and a 17-word og:title naming Discord: no.
 */
export function agree(a: string, b: string): boolean {
  const [wordsA, wordsB] = [new Set(titleWords(a)), new Set(titleWords(b))];
  const shorter = Math.min(wordsA.size, wordsB.size);
  const longer = Math.max(wordsA.size, wordsB.size);
  if (shorter === 0) return false;
  let shared = 0;
  for (const word of wordsA) if (wordsB.has(word)) shared++;
  return shared >= Math.max(Math.min(2, shorter), Math.ceil(shorter / 2), Math.ceil(longer / 5));
}

function titleWords(text: string): string[] {
  return wordTokens(text.normalize("NFKC")).map((word) => word.replace(/['’]/g, ""));
}

/** "Evolve: Shared Mutable History¶": the permalink mark documentation generators put into headings. */
function withoutAnchorMark(heading: string): string {
  return heading.replace(/\s*[¶#§]+$/u, "").trim();
}

function namesSite(text: string, siteNames: readonly string[]): boolean {
  const key = comparable(text);
  return key.length === 0 || text.length > MAX_TITLE_CHARS || siteNames.some((name) => comparable(name) === key);
}

/**
 * A URL slug or an id standing in for a title: one word with hyphens, underscores or digits that is a segment of
 * the page's path ("d-161500790" of /spiegel/print/d-161500790.html), or an all-lower-case word chain
 * ("what-to-look-for") wherever it comes from.
 */
export function isSlug(text: string, url: string): boolean {
  const value = text.trim();
  if (/\s/.test(value) || !/[-_\d]/.test(value)) return false;
  if (/^[\p{Ll}\d]+(?:[-_][\p{Ll}\d]+){2,}$/u.test(value)) return true;
  return pathSegments(url).includes(value.toLowerCase());
}

function pathSegments(url: string): string[] {
  try {
    return new URL(url).pathname
      .split("/")
      .map((segment) =>
        decodeURIComponent(segment)
          .replace(/\.[a-z0-9]{2,5}$/i, "")
          .toLowerCase(),
      )
      .filter(Boolean);
  } catch {
    return [];
  }
}
