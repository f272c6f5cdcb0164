import { formatByteLimit } from "../../worker/domain/byte-size";
import { MAX_IMPORT_BODY_BYTES } from "../../worker/domain/imports/import-limits";
import { ApiError, request } from "./client";
import { postFormWithProgress } from "./form-upload";

/** `processing`: every row is stored, and some imported articles are still waiting or in processing. */
export type ImportStatus = "queued" | "running" | "processing" | "done" | "failed";

/** An import as GET /api/imports answers it (see src/worker/services/import-service.ts). */
export interface ImportJob {
  id: number;
  status: ImportStatus;
  format: string;
  /** Where it came from, in words ("Pocket", "browser bookmarks"). */
  source: string;
  file_name: string | null;
  total: number;
  imported: number;
  duplicates: number;
  invalid: number;
  failed: number;
  /** Imported articles that have finished processing. */
  processed: number;
  /** Imported articles still waiting or in processing. */
  unprocessed: number;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  error: string | null;
  errors: { row: number; reason: string }[];
  /** Rows imported all the same with something to say (an unreadable date); row 0 speaks of the whole file. */
  warnings: { row: number; reason: string }[];
}

export interface StartedImport {
  id: number;
  status: ImportStatus;
  format: string;
  total: number;
}

/** The formats the server reads; "" lets it detect the format from the file. */
export const IMPORT_FORMAT_OPTIONS: { value: string; label: string }[] = [
  { value: "", label: "Detect automatically" },
  { value: "pocket-csv", label: "Pocket (CSV)" },
  { value: "pocket-html", label: "Pocket (older HTML, ril_export.html)" },
  { value: "instapaper-csv", label: "Instapaper (CSV)" },
  { value: "omnivore-zip", label: "Omnivore (zip)" },
  { value: "karakeep-json", label: "Karakeep / Hoarder (JSON)" },
  { value: "readwise-csv", label: "Readwise Reader (CSV)" },
  { value: "readwise-highlights-csv", label: "Readwise highlights (CSV)" },
  { value: "raindrop-csv", label: "Raindrop.io (CSV)" },
  { value: "netscape-html", label: "Browser bookmarks (HTML)" },
  { value: "onetab", label: "OneTab (url | title lines)" },
  { value: "csv", label: "Any CSV with a url column" },
  { value: "url-list", label: "A list of links (one per line)" },
  { value: "viberead-json", label: "VibeRead export (JSON)" },
  { value: "viberead-csv", label: "VibeRead export (CSV)" },
];

/**
 * Uploads an export file. XMLHttpRequest, not fetch: only it reports upload progress, which a file of tens
 * of MB on a slow connection needs. `onProgress` gets the share sent, 0 to 1. `encoding`: a text file's encoding as
 * the preview chose it ("" lets the server detect it).
 */
function upload(
  file: File,
  format: string,
  onProgress: (share: number) => void,
  encoding = "",
): Promise<StartedImport> {
  // The server would refuse it (413) only once all of it was sent.
  if (file.size > MAX_IMPORT_BODY_BYTES) {
    const limit = formatByteLimit(MAX_IMPORT_BODY_BYTES);
    return Promise.reject(
      new ApiError(413, `This file is over ${limit}, the most an import takes; split it into parts.`),
    );
  }
  const form = new FormData();
  form.set("file", file);
  if (format) form.set("format", format);
  if (encoding) form.set("encoding", encoding);
  return postFormWithProgress<StartedImport>("/api/imports", form, 202, onProgress);
}

export const importsApi = {
  list: () => request<{ imports: ImportJob[] }>("GET", "/api/imports", { defaultError: "Failed to fetch imports" }),
  upload,
};
