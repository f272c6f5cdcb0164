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
});
export type QueuedImportItem = z.infer<typeof importItemSchema>;

/**
 * IMPORT_QUEUE carries two kinds of message. `rows`: up to 100 rows of an uploaded file, to be stored as
 * articles. `process`: one imported article to process, the same fields as an ingest message; they are sent
 * after the rows are stored and wait behind the rows still queued, so a file is stored first, processed after.
 */
export const importMessageSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("rows"),
    importId: z.number().int().positive(),
    userId: z.number().int().positive(),
    rows: z.array(z.object({ row: z.number().int(), item: importItemSchema })).min(1),
  }),
  ingestMessageSchema.extend({ kind: z.literal("process") }),
]);
export type ImportMessage = z.infer<typeof importMessageSchema>;
export type ImportRowsMessage = Extract<ImportMessage, { kind: "rows" }>;
