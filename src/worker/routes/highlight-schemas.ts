import { z } from "zod";
import { MAX_CONTEXT_LENGTH, MAX_NOTE_LENGTH, MAX_QUOTE_LENGTH } from "../domain/highlights/selectors";
import { ANCHOR_STATUSES, HIGHLIGHT_COLORS, HIGHLIGHT_TARGETS } from "../domain/highlights/targets";
import { MAX_SEARCH_LENGTH } from "../domain/search-query";
import { MAX_TAG_LENGTH } from "../domain/tags/normalize-tags";
import { isoTime, wholeNumber } from "./article-schemas";

/** Request shapes of the highlights API (issue 32); every message names the field and the rule. */
export const MAX_HIGHLIGHTS_PER_PAGE = 100;
/** The furthest text offset a reading position may name (the longest stored content is far shorter). */
const MAX_TEXT_OFFSET = 50_000_000;

export const highlightColor = z.enum(HIGHLIGHT_COLORS, {
  error: `color must be one of ${HIGHLIGHT_COLORS.join(", ")}`,
});
const highlightTarget = z.enum(HIGHLIGHT_TARGETS, { error: `target must be one of ${HIGHLIGHT_TARGETS.join(", ")}` });

export const highlightNote = z
  .string({ error: "note must be a string or null" })
  .max(MAX_NOTE_LENGTH, `note must be at most ${MAX_NOTE_LENGTH.toLocaleString("en-US")} characters`)
  .transform((s) => (s.trim() ? s : null))
  .nullable();

const quoteText = (name: string) =>
  z
    .string({ error: `${name} must be a string` })
    .min(1, `${name} must be 1 to ${MAX_QUOTE_LENGTH.toLocaleString("en-US")} characters`)
    .max(MAX_QUOTE_LENGTH, `${name} must be 1 to ${MAX_QUOTE_LENGTH.toLocaleString("en-US")} characters`)
    .refine((s) => /[\p{L}\p{N}\p{S}\p{P}]/u.test(s), `${name} must contain text, not only spaces`);

const context = (name: string) =>
  z
    .string({ error: `${name} must be a string` })
    .max(MAX_CONTEXT_LENGTH, `${name} must be at most ${MAX_CONTEXT_LENGTH} characters`)
    .default("");

const offset = (name: string) =>
  z
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(0, `${name} must be at least 0`)
    .max(MAX_TEXT_OFFSET, `${name} is beyond any article's text`);

const textQuoteSelector = z.strictObject({
  type: z.literal("TextQuoteSelector"),
  exact: quoteText("exact"),
  prefix: context("prefix"),
  suffix: context("suffix"),
});

const textPositionSelector = z
  .strictObject({ type: z.literal("TextPositionSelector"), start: offset("start"), end: offset("end") })
  .refine((s) => s.end > s.start, "end must be greater than start");

const selectorList = z
  .array(
    z.discriminatedUnion("type", [textQuoteSelector, textPositionSelector], {
      error: "each selector must be a TextQuoteSelector or a TextPositionSelector",
    }),
    { error: "selectors must be a list of W3C selectors" },
  )
  .min(1, "selectors must contain a TextQuoteSelector")
  .max(2, "selectors may contain one TextQuoteSelector and one TextPositionSelector")
  .refine(
    (list) => list.filter((s) => s.type === "TextQuoteSelector").length === 1,
    "selectors must contain exactly one TextQuoteSelector",
  )
  .refine(
    (list) => list.filter((s) => s.type === "TextPositionSelector").length <= 1,
    "selectors may contain at most one TextPositionSelector",
  )
  .refine((list) => {
    const quote = list.find((s) => s.type === "TextQuoteSelector");
    const position = list.find((s) => s.type === "TextPositionSelector");
    return !quote || !position || position.end - position.start === quote.exact.length;
  }, "the TextPositionSelector must span as many characters as the quote");

/** When the reader made a change, in ms since 1970 (a device back online sends its own time). */
const clientUpdatedAt = z
  .number({ error: "client_updated_at must be a time in milliseconds since 1970" })
  .int("client_updated_at must be a whole number of milliseconds")
  .min(0, "client_updated_at must be a time in milliseconds since 1970")
  .optional();

/**
 * A new highlight: W3C selectors (what the viewer sends), or just the passage as `quote` (scripts, MCP), which
 * is found in the text. `client_id` makes a retried offline write idempotent.
 */
export const createHighlightBody = z
  .strictObject({
    target: highlightTarget.default("content"),
    color: highlightColor.default("yellow"),
    note: highlightNote.optional(),
    selectors: selectorList.optional(),
    quote: quoteText("quote").optional(),
    client_id: z
      .string({ error: "client_id must be a string" })
      .regex(/^[A-Za-z0-9_-]{8,64}$/, "client_id must be 8 to 64 letters, digits, - or _")
      .optional(),
  })
  .refine((body) => body.selectors !== undefined || body.quote !== undefined, {
    message: "Provide selectors (a TextQuoteSelector, optionally a TextPositionSelector) or a quote",
  });
export type CreateHighlightBody = z.infer<typeof createHighlightBody>;

export const patchHighlightBody = z
  .strictObject({
    color: highlightColor.optional(),
    note: highlightNote.optional(),
    client_updated_at: clientUpdatedAt,
  })
  .refine((body) => body.color !== undefined || body.note !== undefined, {
    message: "Provide at least one field to change: color, note",
  });

export const highlightIdParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,15}$/, "must be a positive whole number")
    .transform(Number)
    .pipe(z.number().min(1, "must be a positive whole number")),
});

export const libraryHighlightsQuery = z.object({
  search: z
    .string()
    .max(MAX_SEARCH_LENGTH, `search must be at most ${MAX_SEARCH_LENGTH} characters`)
    .transform((s) => s.trim() || undefined)
    .optional()
    .describe("Words in the quote or the note (full text, every word must match; the last one as a prefix)."),
  color: highlightColor.optional().describe("Only highlights of this colour."),
  tag: z
    .string()
    .max(MAX_TAG_LENGTH, `tag must be at most ${MAX_TAG_LENGTH} characters`)
    .transform((s) => s.replace(/\s+/g, " ").trim() || undefined)
    .optional()
    .describe("Only highlights in articles with this tag."),
  cursor: z
    .string()
    .max(40, "cursor: not a cursor this API returned")
    .optional()
    .describe("The `next_cursor` of the previous page; leave out for the newest highlights."),
  limit: wholeNumber("limit", 1, MAX_HIGHLIGHTS_PER_PAGE).default(20).describe("Highlights per page."),
});

/** GET /api/highlights/notes: the articles' own notes, filtered as the highlights are (no colour: notes have none). */
export const libraryNotesQuery = libraryHighlightsQuery.omit({ color: true }).extend({
  search: libraryHighlightsQuery.shape.search.describe("Words in the note (every word must be in it)."),
  tag: libraryHighlightsQuery.shape.tag.describe("Only notes of articles with this tag."),
  cursor: libraryHighlightsQuery.shape.cursor.describe("The `next_cursor` of the previous page."),
  limit: wholeNumber("limit", 1, MAX_HIGHLIGHTS_PER_PAGE).default(20).describe("Notes per page."),
});

/** PUT /api/articles/{id}/progress: the first visible text offset of the content and how far that is (0-1). */
export const progressBody = z.strictObject({
  position: offset("position"),
  progress: z
    .number({ error: "progress must be a number from 0 to 1" })
    .min(0, "progress must be a number from 0 to 1")
    .max(1, "progress must be a number from 0 to 1"),
  client_updated_at: clientUpdatedAt,
});

/* Response shapes of the highlights API, as services/highlights-service.ts writes them. */

export const highlightJson = z
  .object({
    id: z.int(),
    article_id: z.int(),
    target: z.enum(HIGHLIGHT_TARGETS),
    quote: z.string(),
    color: z.enum(HIGHLIGHT_COLORS),
    note: z.string().nullable(),
    anchor_status: z.enum(ANCHOR_STATUSES).meta({
      description: "anchored: found in the current text; orphaned: no longer in the text; pending: no text yet.",
    }),
    selectors: z.array(
      z.discriminatedUnion("type", [
        z.object({ type: z.literal("TextQuoteSelector"), exact: z.string(), prefix: z.string(), suffix: z.string() }),
        z.object({ type: z.literal("TextPositionSelector"), start: z.int(), end: z.int() }),
      ]),
    ),
    client_id: z.string().nullable(),
    page: z
      .int()
      .nullable()
      .meta({ description: "The page of a document (a PDF) the highlight starts on; null for web articles." }),
    created_at: isoTime(),
    updated_at: isoTime(),
  })
  .meta({ id: "Highlight" });

export const articleHighlightsJson = z.object({ highlights: z.array(highlightJson) }).meta({ id: "ArticleHighlights" });

export const libraryHighlightPageJson = z
  .object({
    highlights: z.array(
      highlightJson.extend({
        article: z.object({
          id: z.int(),
          title: z.string().nullable(),
          url: z.string(),
          domain: z.string().nullable(),
          note: z.string().nullable().meta({ description: "The article's own note." }),
        }),
      }),
    ),
    next_cursor: z.string().nullable().meta({ description: "Pass as `cursor` for the next page; null at the end." }),
  })
  .meta({ id: "HighlightPage" });

export const libraryNotePageJson = z
  .object({
    notes: z.array(
      z.object({
        article: z.object({
          id: z.int(),
          title: z.string().nullable(),
          url: z.string(),
          domain: z.string().nullable(),
        }),
        note: z.string(),
        note_updated_at: isoTime(),
      }),
    ),
    next_cursor: z.string().nullable().meta({ description: "Pass as `cursor` for the next page; null at the end." }),
  })
  .meta({ id: "ArticleNotePage" });

export const readingPositionJson = z
  .object({
    reading_position: z.int().nullable(),
    reading_progress: z.number().min(0).max(1).nullable(),
    position_updated_at: isoTime().nullable(),
  })
  .meta({ id: "ReadingPosition" });
