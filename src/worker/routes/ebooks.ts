import { type Context, Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { type AppEnv, servicesForUser, servicesPerShard } from "../context";
import { EPUB_MEDIA_TYPE } from "../domain/ebooks/epub";
import { OPDS_ACQUISITION_TYPE } from "../domain/ebooks/opds";
import { NotFound } from "../domain/errors";
import { MAX_TAG_LENGTH } from "../domain/tags/normalize-tags";
import { requireAuth } from "../middleware/require-auth";
import { validate } from "../middleware/validate";
import { errors } from "../openapi/responses";
import { type Book, MAX_BOOK_ARTICLES } from "../services/ebook-service";
import { opdsPath } from "../services/published-feeds-service";
import { wholeNumber } from "./article-schemas";
import { atomParams } from "./feeds-schemas";

const epubResponse = {
  200: {
    description: "The EPUB 3 file (`Content-Disposition: attachment`).",
    content: { [EPUB_MEDIA_TYPE]: { schema: { type: "string" as const, format: "binary" } } },
  },
};

const exportQuery = z.object({
  ids: z
    .string()
    .regex(/^\d{1,15}(?:,\d{1,15})*$/, "ids must be article ids separated by commas")
    .transform((value) => value.split(",").map(Number))
    .optional()
    .meta({ description: `Article ids, in the book's order (at most ${MAX_BOOK_ARTICLES}).` }),
  tag: z
    .string()
    .trim()
    .min(1, "tag must not be empty")
    .max(MAX_TAG_LENGTH, `tag must be at most ${MAX_TAG_LENGTH} characters`)
    .optional()
    .meta({ description: `The tag's articles, newest first (the newest ${MAX_BOOK_ARTICLES}).` }),
  state: z
    .enum(["unread"], { error: "state must be unread" })
    .optional()
    .meta({ description: `unread: the unread queue, newest first (the newest ${MAX_BOOK_ARTICLES}).` }),
  newest: wholeNumber("newest", 1, MAX_BOOK_ARTICLES)
    .optional()
    .meta({ description: "The newest N articles of the Library." }),
});

function sendBook(c: Context<AppEnv>, book: Book, cache: string) {
  return c.body(book.bytes as Uint8Array<ArrayBuffer>, 200, {
    "content-type": EPUB_MEDIA_TYPE,
    // An ASCII name for every client, the exact one (RFC 6266) for those that read it.
    "content-disposition": `attachment; filename="${book.filename}"; filename*=UTF-8''${encodeURIComponent(book.filename)}`,
    "cache-control": cache,
    "x-ebook-articles": String(book.articles),
  });
}

/**
 * GET /api/ebooks/export.epub: saved articles as an EPUB 3 book (docs/ebooks.md), one of: chosen ids, a tag, the
 * unread queue or the newest N; at most 200 articles a book.
 */
export const ebookRoutes = new Hono<AppEnv>().use(requireAuth).get(
  "/export.epub",
  describeRoute({
    tags: ["Import and export"],
    summary: "Download articles as an e-book (EPUB)",
    description:
      "Exactly one of `ids`, `tag`, `state=unread` or `newest`. An EPUB 3 book with a table of contents (also " +
      "toc.ncx for older readers), one chapter per article with its title, byline, site, dates and link, its " +
      `pictures, and your highlights (marked) and notes (footnotes). At most ${MAX_BOOK_ARTICLES} articles; a tag or ` +
      `the unread queue gives its newest ${MAX_BOOK_ARTICLES}. The \`X-Ebook-Articles\` header says how many it holds.`,
    responses: { ...epubResponse, ...errors(401, 404, 422) },
  }),
  validate("query", exportQuery),
  async (c) => sendBook(c, await c.var.services.ebooks.book(c.var.auth.user.id, c.req.valid("query")), "no-store"),
);

const articleFileParams = atomParams.extend({
  file: z
    .string()
    .regex(/^\d{1,15}\.epub$/, "must be an article id followed by .epub")
    .transform((file) => Number(file.slice(0, -".epub".length))),
});

/**
 * The catalog a secret names, and the services of its reader's library. The secret names no user, so no shard: each
 * shard is asked in turn (one indexed lookup each), as for a published Atom feed; the book is then built on the
 * reader's own library.
 */
async function openCatalog(env: Env, token: string) {
  for (const shard of servicesPerShard(env)) {
    try {
      const feed = await shard.publishedFeeds.open(token, "opds");
      return { feed, services: await servicesForUser(env, feed.userId) };
    } catch (error) {
      if (!(error instanceof NotFound)) throw error;
    }
  }
  throw new NotFound("Catalog not found");
}

/** The secret is the permission (an e-reader sends no token), as for published Atom feeds: never for shared caches. */
const PRIVATE = "private, max-age=300";

/**
 * The OPDS catalog at a secret address (no sign-in: an e-reader app sends no token, so the unguessable address is the
 * permission; revoked or unknown is 404, like anything missing): the unread queue, each article an EPUB under it.
 */
export const opdsRoutes = new Hono<AppEnv>()
  .get(
    "/:token",
    describeRoute({
      tags: ["Import and export"],
      summary: "The e-reader catalog (OPDS)",
      description:
        "The address given when the catalog was made (`POST /api/feeds/published` with `kind: opds`). An OPDS 1.2 " +
        `acquisition feed of the unread queue (newest ${MAX_BOOK_ARTICLES}): the whole queue as one EPUB, then ` +
        "each article as an EPUB. No bearer token.",
      security: [],
      responses: {
        200: { description: "The catalog.", content: { [OPDS_ACQUISITION_TYPE]: { schema: { type: "string" } } } },
        ...errors(404, 422),
      },
    }),
    validate("param", atomParams),
    async (c) => {
      const { token } = c.req.valid("param");
      const { feed, services } = await openCatalog(c.env, token);
      const base = `${new URL(c.req.url).origin}${opdsPath(token)}`;
      const xml = await services.ebooks.catalog(feed.userId, feed, {
        self: base,
        unreadBook: `${base}/unread.epub`,
        articleBook: (id) => `${base}/articles/${id}.epub`,
      });
      return c.body(xml, 200, {
        "content-type": `${OPDS_ACQUISITION_TYPE}; charset=utf-8`,
        "cache-control": PRIVATE,
        "referrer-policy": "no-referrer",
        "x-robots-tag": "noindex",
      });
    },
  )
  .get(
    "/:token/unread.epub",
    describeRoute({
      tags: ["Import and export"],
      summary: "The unread queue as one EPUB (from the e-reader catalog)",
      description: `The newest ${MAX_BOOK_ARTICLES} unread articles in one book. No bearer token.`,
      security: [],
      responses: { ...epubResponse, ...errors(404, 422) },
    }),
    validate("param", atomParams),
    async (c) => {
      const { feed, services } = await openCatalog(c.env, c.req.valid("param").token);
      return sendBook(c, await services.ebooks.book(feed.userId, { state: "unread" }), PRIVATE);
    },
  )
  .get(
    "/:token/articles/:file",
    describeRoute({
      tags: ["Import and export"],
      summary: "One unread article as an EPUB (from the e-reader catalog)",
      description:
        "`{id}.epub`. Only articles in the unread queue: the catalog's address reaches nothing else of the " +
        "Library. No bearer token.",
      security: [],
      responses: { ...epubResponse, ...errors(404, 422) },
    }),
    validate("param", articleFileParams),
    async (c) => {
      const { token, file } = c.req.valid("param");
      const { feed, services } = await openCatalog(c.env, token);
      return sendBook(c, await services.ebooks.unreadArticle(feed.userId, file), PRIVATE);
    },
  );
