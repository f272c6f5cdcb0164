import type { EbookArticleRecord, EbookSelection, EbooksRepository } from "../db/repositories/ebooks-repository";
import type { ExportRepository } from "../db/repositories/export-repository";
import { articleImageSources } from "../domain/article-images";
import { cutHtmlToUtf8Bytes } from "../domain/article-row-budget";
import { buildEpub, type EbookArticle, type EbookImage } from "../domain/ebooks/epub";
import { buildOpdsCatalog } from "../domain/ebooks/opds";
import { InvalidInput, NotFound } from "../domain/errors";
import { sha256Hex } from "../domain/sha256";
import { normalizeTags } from "../domain/tags/normalize-tags";

/** The most articles in one book: a long evening's reading many times over, and a book the Worker builds in memory. */
export const MAX_BOOK_ARTICLES = 200;
/** Pictures past this many bytes in one book are left out (the book is built in the Worker's 128 MB). */
export const MAX_BOOK_IMAGE_BYTES = 24 * 1024 * 1024;
/** The articles' HTML in one book; each article's share is cut at whole paragraphs, a lone article never. */
const MAX_BOOK_TEXT_BYTES = 24 * 1024 * 1024;
/**
 * Pictures in one book, the first in reading order: each costs up to three subrequests (the cache, the site, the
 * cache again) of the Worker's 1,000 (free) to 10,000 (paid) a request.
 */
export const MAX_BOOK_IMAGES = 300;
/** No picture fetch starts after this long, so a slow site cannot hold a download for minutes; later ones are left out. */
const PICTURES_TIME_BUDGET_MS = 30_000;
/** Pictures fetched at once: a site's few connections, not a flood. */
const IMAGE_FETCHES_AT_ONCE = 6;
/** Articles whose content is read per D1 batch (a body can be 1.8 MB). */
const CONTENT_BATCH = 10;

/** What a client asks for: exactly one of these. */
export interface BookRequest {
  ids?: number[];
  tag?: string;
  state?: "unread";
  newest?: number;
}

interface Deps {
  ebooks: EbooksRepository;
  /** Reads content and highlights a few articles at a time (the export's reader). */
  exports: Pick<ExportRepository, "details">;
  /** A picture of an article's own content, from the image cache or its site; null when it cannot be had. */
  picture: (src: string) => Promise<EbookImage | null>;
  now?: () => number;
}

export interface Book {
  bytes: Uint8Array;
  filename: string;
  title: string;
  articles: number;
}

function selectionOf(request: BookRequest): { selection: EbookSelection; limit: number; tag?: string } {
  const chosen = [request.ids, request.tag, request.state, request.newest].filter((v) => v !== undefined).length;
  if (chosen !== 1) {
    throw new InvalidInput("Choose one thing to put in the book: ids, tag, state=unread or newest");
  }
  if (request.ids) {
    const ids = [...new Set(request.ids)];
    if (ids.length > MAX_BOOK_ARTICLES) {
      throw new InvalidInput(`ids: a book holds at most ${MAX_BOOK_ARTICLES} articles`);
    }
    return { selection: { kind: "ids", ids }, limit: ids.length };
  }
  if (request.tag !== undefined) {
    const tag = normalizeTags([request.tag])[0];
    if (!tag) throw new InvalidInput("tag: must be a tag name");
    return { selection: { kind: "tag", tagKey: tag.key }, limit: MAX_BOOK_ARTICLES, tag: tag.tag };
  }
  if (request.state) return { selection: { kind: "unread" }, limit: MAX_BOOK_ARTICLES };
  return { selection: { kind: "newest" }, limit: request.newest ?? MAX_BOOK_ARTICLES };
}

/** Lower-case ASCII words joined by hyphens, for a file name every system accepts. */
function slug(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
}

function titleOf(request: BookRequest, rows: EbookArticleRecord[], tag: string | undefined): string {
  if (request.ids && rows.length === 1) return rows[0]?.title?.trim() || (rows[0]?.url ?? "Article");
  if (request.ids) return `VibeRead: ${rows.length} articles`;
  if (tag !== undefined) return `VibeRead: ${tag}`;
  if (request.state) return "VibeRead: unread";
  return `VibeRead: the ${rows.length} newest`;
}

/** Runs `work` over `items`, at most `atOnce` at a time. */
async function eachLimited<T>(items: readonly T[], atOnce: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, items.length) }, worker));
}

/**
 * Saved articles as EPUB 3 books (docs/ebooks.md): one article, a tag, the unread queue or the newest N, with their
 * pictures, a table of contents and the reader's highlights and notes; and the OPDS catalog of the unread queue that
 * an e-reader app downloads them from.
 */
export function createEbookService({ ebooks, exports, picture, now = Date.now }: Deps) {
  async function assemble(userId: number, rows: EbookArticleRecord[]): Promise<EbookArticle[]> {
    const perArticleBytes = Math.max(100_000, Math.floor(MAX_BOOK_TEXT_BYTES / Math.max(1, rows.length)));
    const out: EbookArticle[] = [];
    for (let i = 0; i < rows.length; i += CONTENT_BATCH) {
      const batch = rows.slice(i, i + CONTENT_BATCH);
      const details = await exports.details(
        userId,
        batch.map((row) => row.id),
      );
      for (const row of batch) {
        const content = details.contents.get(row.id) ?? null;
        const cut = content ? cutHtmlToUtf8Bytes(content, perArticleBytes) : null;
        out.push({
          id: row.id,
          url: row.url,
          title: row.title,
          author: row.author,
          siteName: row.siteName,
          domain: row.domain,
          publishDate: row.publishDate,
          savedAt: row.createdAt,
          language: row.language,
          note: row.note,
          contentHtml: content ? (cut ?? "") : null,
          shortened: content !== null && cut !== content,
          highlights: details.highlightsOf.get(row.id) ?? [],
        });
      }
    }
    return out;
  }

  /** The pictures of the articles' content, each fetched once, until the book's picture budget is spent. */
  async function picturesOf(articles: readonly EbookArticle[]): Promise<Map<string, EbookImage>> {
    const sources = [...new Set(articles.flatMap((a) => articleImageSources(a.contentHtml, null)))].slice(
      0,
      MAX_BOOK_IMAGES,
    );
    const images = new Map<string, EbookImage>();
    let bytes = 0;
    const stopAt = now() + PICTURES_TIME_BUDGET_MS;
    await eachLimited(sources, IMAGE_FETCHES_AT_ONCE, async (src) => {
      if (bytes >= MAX_BOOK_IMAGE_BYTES || now() > stopAt) return;
      const image = await picture(src);
      if (!image || bytes + image.bytes.byteLength > MAX_BOOK_IMAGE_BYTES) return;
      bytes += image.bytes.byteLength;
      images.set(src, image);
    });
    return images;
  }

  async function make(userId: number, rows: EbookArticleRecord[], title: string, key: string): Promise<Book> {
    const articles = await assemble(userId, rows);
    const images = await picturesOf(articles);
    const single = rows.length === 1 ? rows[0] : undefined;
    const made = now();
    const bytes = buildEpub({
      identifier: `urn:viberead:book:${(await sha256Hex(`${userId}\n${key}`)).slice(0, 32)}`,
      title,
      creator: single?.author?.trim() || single?.siteName?.trim() || "VibeRead",
      modifiedAt: made,
      articles,
      images,
    });
    const date = new Date(made).toISOString().slice(0, 10);
    const name = single ? slug(title) || `article-${single.id}` : `${slug(title) || "viberead"}-${date}`;
    return { bytes, filename: `${name}.epub`, title, articles: rows.length };
  }

  return {
    /** A book of what the request names; 422 when it names nothing or too much, 404 when nothing matches. */
    async book(userId: number, request: BookRequest): Promise<Book> {
      const { selection, limit, tag } = selectionOf(request);
      const rows = await ebooks.select(userId, selection, limit);
      if (request.ids) {
        const found = new Set(rows.map((row) => row.id));
        const missing = request.ids.find((id) => !found.has(id));
        if (missing !== undefined) throw new NotFound(`Article ${missing} not found`);
      }
      if (rows.length === 0) {
        throw new NotFound(
          tag !== undefined
            ? `No articles are tagged "${tag}"`
            : request.state
              ? "Your unread queue is empty: there is nothing to put in the book"
              : "Your Library is empty: there is nothing to put in the book",
        );
      }
      const key = request.ids
        ? `ids:${request.ids.join(",")}`
        : tag !== undefined
          ? `tag:${tag.toLowerCase()}`
          : (request.state ?? `newest:${request.newest}`);
      return make(userId, rows, titleOf(request, rows, tag), key);
    },

    /** One unread article as a book, for the catalog; NotFound when it is not in the reader's unread queue. */
    async unreadArticle(userId: number, articleId: number): Promise<Book> {
      const row = await ebooks.unread(userId, articleId);
      if (!row) throw new NotFound("Article not found");
      return make(userId, [row], row.title?.trim() || row.url, `ids:${articleId}`);
    },

    /** The OPDS acquisition feed of the unread queue: the whole queue as one book, then each article. */
    async catalog(
      userId: number,
      feed: { id: number; createdAt: number },
      urls: { self: string; unreadBook: string; articleBook: (id: number) => string },
    ): Promise<string> {
      const rows = await ebooks.select(userId, { kind: "unread" }, MAX_BOOK_ARTICLES);
      const newest = rows[0]?.updatedAt ?? feed.createdAt;
      return buildOpdsCatalog({
        id: `urn:viberead:opds:${feed.id}`,
        title: "VibeRead: unread",
        selfUrl: urls.self,
        createdAt: feed.createdAt,
        entries: [
          ...(rows.length > 1
            ? [
                {
                  id: `urn:viberead:opds:${feed.id}:unread`,
                  title: `The whole unread queue (${rows.length} articles)`,
                  author: "VibeRead",
                  summary: "Every unread article in one book, newest first, with a table of contents.",
                  updated: newest,
                  epubUrl: urls.unreadBook,
                },
              ]
            : []),
          ...rows.map((row) => ({
            id: `urn:viberead:article:${row.id}`,
            title: row.title?.trim() || row.url,
            author: row.author?.trim() || row.siteName?.trim() || row.domain,
            summary: row.summary,
            updated: row.updatedAt,
            epubUrl: urls.articleBook(row.id),
          })),
        ],
      });
    },
  };
}
export type EbookService = ReturnType<typeof createEbookService>;
