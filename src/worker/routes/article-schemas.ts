import { z } from "zod";
import { RANKED_SEARCH_LIMIT } from "../db/repositories/search-hits";
import { PROCESSING_STATUSES } from "../db/schema";
import { DOCUMENT_KINDS } from "../domain/documents/document-kind";
import { MAX_TIMEZONE_OFFSET_MINUTES } from "../domain/reading-stats";
import { MAX_SEARCH_LENGTH } from "../domain/search-query";
import { MAX_TAG_LENGTH, MAX_TAGS_PER_ARTICLE } from "../domain/tags/normalize-tags";
import { MAX_BULK_URLS } from "../services/article-service";
import { highlightNote } from "./highlight-schemas";

/** Request shapes of the articles API; every message names the field and the rule. */
export const MAX_PAGE = 100_000;
export const MAX_PER_PAGE = 100;
export const MAX_BATCH_STATUS_IDS = 50;
const MAX_TITLE_LENGTH = 500;
const MAX_AUTHOR_LENGTH = 200;

/** A whole number from a path or query string, within bounds. */
export function wholeNumber(name: string, min: number, max: number) {
  return z
    .string()
    .regex(/^-?\d{1,16}$/, `${name} must be a whole number`)
    .transform(Number)
    .pipe(
      z
        .number()
        .min(min, `${name} must be at least ${min}`)
        .max(max, `${name} must be at most ${max.toLocaleString("en-US")}`),
    );
}

export const articleIdParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,15}$/, "must be a positive whole number")
    .transform(Number)
    .pipe(z.number().min(1, "must be a positive whole number")),
});

export const listQuery = z.object({
  page: wholeNumber("page", 1, MAX_PAGE).default(1).describe("Page number, from 1."),
  per_page: wholeNumber("per_page", 1, MAX_PER_PAGE).default(20).describe("Articles per page."),
  search: z
    .string()
    .max(MAX_SEARCH_LENGTH, `search must be at most ${MAX_SEARCH_LENGTH} characters`)
    .transform((s) => s.trim() || undefined)
    .optional()
    .describe("Words in the title, summary, text, notes or highlights (full text, ranked)."),
  domain: z
    .string()
    .max(253, "domain must be at most 253 characters")
    .transform((s) => s.trim().toLowerCase() || undefined)
    .optional()
    .describe("Only articles from this site, e.g. example.com."),
  tag: z
    .string()
    .max(MAX_TAG_LENGTH, `tag must be at most ${MAX_TAG_LENGTH} characters`)
    .transform((s) => s.replace(/\s+/g, " ").trim() || undefined)
    .optional()
    .describe("Only articles with this tag."),
  /** Only articles with at least one highlight (issue 32); `false` is the same as leaving it out. */
  has_highlights: z
    .enum(["true", "false"], { error: "has_highlights must be true or false" })
    .transform((s) => s === "true")
    .optional()
    .describe("`true`: only articles with at least one highlight."),
});

export const statsQuery = z.object({
  timezone_offset: wholeNumber("timezone_offset", -MAX_TIMEZONE_OFFSET_MINUTES, MAX_TIMEZONE_OFFSET_MINUTES).default(0),
});

export const createBody = z.object({
  url: z.string({ error: "url must be a string" }),
  /** The page as the user's browser has it (pages behind a login or a bot wall); its size is checked in the service. */
  html: z
    .string({ error: "html must be a string" })
    .min(1, "html must not be empty")
    .nullish()
    .meta({ description: "The page as the browser has it, up to 5 MB (413 above); it is read instead of the URL." }),
});

export const bulkBody = z.object({
  urls: z
    .array(z.unknown(), { error: "urls must be a list of URLs" })
    .min(1, "urls must contain at least one URL")
    .max(MAX_BULK_URLS, `urls may contain at most ${MAX_BULK_URLS} URLs per request`),
});

const editableText = (name: string, max: number) =>
  z
    .string({ error: `${name} must be a string or null` })
    .trim()
    .max(max, `${name} must be at most ${max} characters`)
    .transform((s) => s || null)
    .nullable()
    .optional();

export const EDITABLE_FIELDS = ["title", "author", "is_read", "note"] as const;

/** PUT body: only the fields a user may edit; any other field is refused with 422 (never silently ignored). */
export const updateBody = z
  .strictObject(
    {
      title: editableText("title", MAX_TITLE_LENGTH),
      author: editableText("author", MAX_AUTHOR_LENGTH),
      is_read: z.boolean({ error: "is_read must be true or false" }).optional(),
      /** The reader's note on the whole article (issue 32), kept as typed; null or blank clears it. */
      note: highlightNote.optional(),
      /** When the note was written, in ms since 1970: an older write than the stored one is not applied. */
      note_updated_at: z
        .number({ error: "note_updated_at must be a time in milliseconds since 1970" })
        .int("note_updated_at must be a whole number of milliseconds")
        .min(0, "note_updated_at must be a time in milliseconds since 1970")
        .optional(),
    },
    {
      error: (issue) =>
        issue.code === "unrecognized_keys"
          ? `${issue.keys.join(", ")}: cannot be changed (editable fields: ${EDITABLE_FIELDS.join(", ")})`
          : undefined,
    },
  )
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: `Provide at least one field to change: ${EDITABLE_FIELDS.join(", ")}`,
  });

export const relatedQuery = z.object({
  status: z.enum(["unread", "read"], { error: "status must be unread or read" }).optional(),
  limit: wholeNumber("limit", 1, 20).default(5),
});

export const feedbackBody = z.object({
  feedback: z.union([z.literal(-1), z.literal(0), z.literal(1)], {
    error: "feedback must be -1 (poor), 0 (alright) or 1 (good)",
  }),
});

export const batchStatusBody = z.object({
  article_ids: z
    .array(z.number({ error: "article_ids must contain article ids (numbers)" }).int().positive(), {
      error: "article_ids must be a list of article ids",
    })
    .max(MAX_BATCH_STATUS_IDS, `article_ids may contain at most ${MAX_BATCH_STATUS_IDS} ids per request`),
});

/** PUT /articles/{id}/tags: the article's whole tag list (an empty list removes them all). */
export const tagsBody = z.object({
  tags: z
    .array(
      z
        .string({ error: "tags must contain text" })
        .max(MAX_TAG_LENGTH, `each tag must be at most ${MAX_TAG_LENGTH} characters`),
      { error: "tags must be a list of text tags" },
    )
    .max(MAX_TAGS_PER_ARTICLE, `tags may contain at most ${MAX_TAGS_PER_ARTICLE} tags`),
});

/*
 * Response shapes of the articles API, as the services build them (services/article-json.ts and
 * services/article-service.ts). They document the responses in the OpenAPI document; the worker tests check real
 * responses against them (test/worker/openapi.test.ts).
 */

/**
 * An ISO 8601 time in UTC, as the API writes every time. A function declaration: highlight-schemas.ts, which this
 * module imports, calls it while this module is still loading.
 */
export function isoTime() {
  return z.iso.datetime();
}
const nullableText = () => z.string().nullable();

const processingStatus = z.enum(PROCESSING_STATUSES).meta({
  description: "Where processing is: pending, processing and retrying are in progress; completed or failed.",
});
const displayStatus = z.enum(["processing", "failed", "completed"]);

/** The Article entity (spec section 3), as toArticleJson writes it. */
export const articleJson = z
  .object({
    id: z.int(),
    url: z.string(),
    title: nullableText(),
    summary: nullableText(),
    content: nullableText()
      .optional()
      .meta({ description: "The readable HTML; only in a single article, never in lists." }),
    author: nullableText(),
    domain: nullableText(),
    language: nullableText().meta({ description: "ISO 639-1 code, once detected." }),
    text_direction: z.enum(["ltr", "rtl"]),
    publish_date: nullableText(),
    site_name: nullableText(),
    image_url: nullableText(),
    word_count: z.int().nullable(),
    reading_time_minutes: z.int().nullable(),
    is_read: z.boolean(),
    read_at: isoTime().nullable(),
    processing_status: processingStatus,
    processing_error: nullableText(),
    reads_as_article: z.boolean().meta({
      description:
        "False when the page's text is mostly its interface (a sign-in form's messages, a cookie notice): the article has no summary and the page is best read in the original.",
    }),
    processing_attempts: z.int(),
    processed_at: isoTime().nullable(),
    status: displayStatus,
    created_at: isoTime(),
    updated_at: isoTime(),
    tags: z.array(z.string()),
    note: nullableText().meta({ description: "The reader's note on the whole article." }),
    reading_position: z.int().nullable().meta({ description: "The first visible text offset of the content." }),
    reading_progress: z.number().min(0).max(1).nullable(),
    highlight_count: z.int().optional().meta({ description: "Given in lists and in GET /api/articles/{id}." }),
    document: z
      .object({
        type: z.enum(DOCUMENT_KINDS),
        name: nullableText().meta({ description: "The uploaded file's name; null for a saved link." }),
        pages: z.int().nullable().meta({ description: "The PDF's page count; blocks of the content carry data-page." }),
        original_url: z.string().meta({ description: "GET it for the file as it was saved (Open original)." }),
      })
      .nullable()
      .meta({
        description: "Set when the article was read from a document (an upload, or a link that answered a PDF).",
      }),
    images: z
      .record(z.string(), z.string())
      .optional()
      .meta({
        description:
          "Only in GET /api/articles/{id}: each picture of the content (and the lead image) with its address through " +
          "the image proxy (GET /api/images/...), which keeps it when its site is down.",
      }),
  })
  .meta({ id: "Article" });

/** POST /api/articles/{id}/regenerate-summary when the model failed: the article as it was, saying why. */
export const resummarizedArticleJson = articleJson
  .extend({ degraded: z.boolean().optional(), notice: z.string().optional() })
  .meta({ id: "ResummarizedArticle" });

export const articleListJson = z
  .object({
    articles: z.array(articleJson),
    page: z.int(),
    per_page: z.int(),
    total: z.int(),
    total_exact: z.boolean().meta({
      description:
        `False when a search matched more articles than it ranks (${RANKED_SEARCH_LIMIT.toLocaleString("en-US")}): \`total\` is then that many, a lower ` +
        "bound, and the articles come newest first rather than best match first.",
    }),
    total_pages: z.int(),
    pagination: z.object({ page: z.int(), pages: z.int(), total: z.int(), per_page: z.int() }),
  })
  .meta({ id: "ArticleList" });

export const bulkResultJson = z
  .object({
    results: z.array(
      z.object({
        url: z.unknown().meta({ description: "The input as sent." }),
        success: z.boolean(),
        article: articleJson.optional(),
        duplicate: z.boolean().optional(),
        error: z.string().optional(),
      }),
    ),
    successful: z.int(),
    duplicates: z.int(),
    failed: z.int(),
    invalid: z.int(),
  })
  .meta({ id: "BulkSaveResult" });

export const batchStatusJson = z
  .object({
    statuses: z.array(
      z.object({
        article_id: z.int(),
        status: processingStatus,
        display_status: displayStatus,
        error: nullableText(),
        attempts: z.int(),
        processed_at: isoTime().nullable(),
        title: nullableText(),
        summary: nullableText(),
        domain: nullableText(),
        author: nullableText(),
        language: nullableText(),
      }),
    ),
    missing_ids: z.array(z.int()).meta({ description: "Ids that are not the user's articles (deleted, or never)." }),
  })
  .meta({ id: "BatchStatus" });

export const statsJson = z
  .object({
    total_articles: z.int(),
    unread_articles: z.int().meta({
      description: "Articles not read that can be read: failed articles are counted in total_articles only.",
    }),
    read_articles: z.int(),
    weekly_read_articles: z.int(),
    articles_this_month: z.int(),
    reading_streak: z.int(),
    daily_activity: z.array(z.object({ date: z.iso.date(), articles_saved: z.int(), articles_read: z.int() })),
    processing_stats: z.object({ completed: z.int(), processing: z.int(), pending: z.int(), failed: z.int() }),
    top_domains: z.array(z.object({ domain: z.string(), count: z.int() })),
    recent_activity: z.array(
      z.object({
        id: z.int(),
        title: nullableText(),
        url: z.string().meta({ description: "The saved URL: names an article that has no title (yet)." }),
        domain: nullableText(),
        date: isoTime(),
        action: z.enum(["saved", "read"]),
      }),
    ),
    timezone_offset: z.int(),
    today: z.iso.date(),
  })
  .meta({ id: "ReadingStats" });

export const relatedJson = z
  .object({
    article_id: z.int(),
    status: z.enum(["unread", "read"]).nullable(),
    related: z.array(
      z.object({
        id: z.int(),
        title: nullableText(),
        summary: nullableText(),
        domain: nullableText(),
        author: nullableText(),
        publish_date: nullableText(),
        created_at: isoTime(),
        is_read: z.boolean(),
        similarity_score: z.number().min(0).max(1).meta({
          description:
            "How alike to the article, read against the user's own library (how rare a pair this close is among its articles); only those at 0.3 or more are listed.",
        }),
      }),
    ),
    degraded: z.boolean().optional().meta({ description: "True when related articles could not be computed." }),
    notice: nullableText().optional(),
  })
  .meta({ id: "RelatedArticles" });

/** A rating, or (never rated) the same shape with every field of the rating null. */
export const feedbackJson = z
  .object({
    id: z.int().nullable(),
    user_id: z.int(),
    article_id: z.int(),
    feedback_value: z.union([z.literal(-1), z.literal(0), z.literal(1)]).nullable(),
    created_at: isoTime().nullable(),
    updated_at: isoTime().nullable(),
  })
  .meta({ id: "Feedback" });

/** GET /api/tags: the user's tags, most used first. */
export const tagCountsJson = z
  .object({ tags: z.array(z.object({ tag: z.string(), count: z.int() })) })
  .meta({ id: "TagCounts" });

/** A save of a link already in the library: 409 with the article that is there. */
export const duplicateArticleError = z
  .object({ detail: z.string(), article: articleJson.optional() })
  .meta({ id: "DuplicateArticleError" });
