import { z } from "zod";
import { ingestMessageSchema } from "./ingest-message";

const importItemSchema = z.object({
  url: z.string(),
  title: z.string().nullable(),
  savedAt: z.number().nullable(),
  read: z.boolean(),
  readAt: z.number().nullable(),
  rating: z.union([z.literal(-1), z.literal(0), z.literal(1)]).nullable(),
  tags: z.array(z.string()),
  /** Our own export's content, gzip + base64 (compressed-text), stored as the page's own HTML for processing. */
  compressedContent: z.string().nullable().optional(),
  /** Highlights, article note and reading position (domain/imports/kept.ts) as JSON, gzip + base64 (issue 32). */
  compressedKept: z.string().nullable().optional(),
});
export type QueuedImportItem = z.infer<typeof importItemSchema>;

/**
 * IMPORT_QUEUE carries these messages:
 * - `rows`: up to 100 rows of an uploaded file, to be stored as articles;
 * - `process-import`: the import's processing, a few articles at a time: the articles it created after
 *   `afterArticleId` are next. Each message, once its articles are processed, sends the next one to the back of
 *   the queue, so every running import has one message in the queue and imports take turns: a file uploaded
 *   behind a 10,000-link one starts within a batch, not hours later. The first is sent after the file's rows,
 *   so a file is stored first, processed after;
 * - `process`: one article (an ingest message's fields), as the queue carried them before `process-import`;
 *   still handled, so messages queued before a deploy are not lost.
 */
export const importMessageSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("rows"),
    importId: z.number().int().positive(),
    userId: z.number().int().positive(),
    rows: z.array(z.object({ row: z.number().int(), item: importItemSchema })).min(1),
  }),
  z.object({
    kind: z.literal("process-import"),
    importId: z.number().int().positive(),
    userId: z.number().int().positive(),
    afterArticleId: z.number().int().min(0),
  }),
  ingestMessageSchema.extend({ kind: z.literal("process") }),
]);
export type ImportMessage = z.infer<typeof importMessageSchema>;
export type ImportRowsMessage = Extract<ImportMessage, { kind: "rows" }>;
export type ImportProcessMessage = Extract<ImportMessage, { kind: "process-import" }>;
