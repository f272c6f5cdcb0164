import { z } from "zod";
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
  page: wholeNumber("page", 1, MAX_PAGE).default(1),
  per_page: wholeNumber("per_page", 1, MAX_PER_PAGE).default(20),
  search: z
    .string()
    .max(MAX_SEARCH_LENGTH, `search must be at most ${MAX_SEARCH_LENGTH} characters`)
    .transform((s) => s.trim() || undefined)
    .optional(),
  domain: z
    .string()
    .max(253, "domain must be at most 253 characters")
    .transform((s) => s.trim().toLowerCase() || undefined)
    .optional(),
  tag: z
    .string()
    .max(MAX_TAG_LENGTH, `tag must be at most ${MAX_TAG_LENGTH} characters`)
    .transform((s) => s.replace(/\s+/g, " ").trim() || undefined)
    .optional(),
  /** Only articles with at least one highlight (issue 32); `false` is the same as leaving it out. */
  has_highlights: z
    .enum(["true", "false"], { error: "has_highlights must be true or false" })
    .transform((s) => s === "true")
    .optional(),
});

export const statsQuery = z.object({
  timezone_offset: wholeNumber("timezone_offset", -MAX_TIMEZONE_OFFSET_MINUTES, MAX_TIMEZONE_OFFSET_MINUTES).default(0),
});

export const createBody = z.object({
  url: z.string({ error: "url must be a string" }),
  /** The page as the user's browser has it (pages behind a login or a bot wall); its size is checked in the service. */
  html: z.string({ error: "html must be a string" }).min(1, "html must not be empty").nullish(),
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
