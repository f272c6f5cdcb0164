import { z } from "zod";
import { IMPORT_STATUSES } from "../db/schema";
import { isoTime } from "./article-schemas";

/** Response shapes of imports (services/import-service.ts). */
const importStatus = z.enum([...IMPORT_STATUSES, "processing"]).meta({
  description: "queued, running, done or failed; processing: done reading the file, articles still processing.",
});
const rowProblem = z.object({ row: z.int(), reason: z.string() });

export const startedImportJson = z
  .object({ id: z.int(), status: importStatus, format: z.string(), total: z.int() })
  .meta({ id: "StartedImport" });

export const importJobJson = z
  .object({
    id: z.int(),
    status: importStatus,
    format: z.string(),
    source: z.string().meta({ description: "The app the file came from, by name." }),
    file_name: z.string().nullable(),
    total: z.int(),
    imported: z.int(),
    duplicates: z.int(),
    invalid: z.int(),
    failed: z.int(),
    processed: z.int(),
    unprocessed: z.int(),
    created_at: isoTime(),
    started_at: isoTime().nullable(),
    finished_at: isoTime().nullable(),
    error: z.string().nullable(),
    errors: z.array(rowProblem.extend({ warning: z.boolean().optional() })),
    warnings: z.array(rowProblem),
  })
  .meta({ id: "ImportJob" });

export const importListJson = z.object({ imports: z.array(importJobJson) }).meta({ id: "ImportList" });
