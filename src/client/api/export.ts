import { readStoredToken } from "../lib/auth-storage";
import { downloadBlob } from "../lib/download-file";
import { ApiError } from "./client";

export const EXPORT_FORMATS = ["json", "csv", "html", "markdown", "highlights"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The file name the server gave in Content-Disposition, or `fallback`. */
function filenameOf(response: Response, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "");
  return match?.[1] || fallback;
}

/**
 * Downloads an attachment of the API (an export, an e-book). The request carries the bearer token, so the file
 * comes back as a blob and is saved through an object URL (a plain link could not send the token). Answers the
 * file's name; an error carries the server's `detail`.
 */
export async function downloadAttachment(path: string, fallbackName: string, defaultError: string): Promise<string> {
  const token = readStoredToken();
  let response: Response;
  try {
    response = await fetch(path, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  } catch (error) {
    throw new ApiError(0, "Cannot reach VibeRead. Check your connection and try again.", error);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { detail?: string } | null;
    throw new ApiError(response.status, body?.detail ?? defaultError, body);
  }
  const filename = filenameOf(response, fallbackName);
  downloadBlob(await response.blob(), filename);
  return filename;
}

/** Downloads the whole library in one format. */
export function downloadExport(format: ExportFormat): Promise<string> {
  const fallback =
    format === "highlights"
      ? "viberead-highlights.md.zip"
      : `viberead-export.${format === "markdown" ? "md.zip" : format}`;
  return downloadAttachment(`/api/export?format=${format}`, fallback, "Failed to export your library");
}
