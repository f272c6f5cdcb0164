import { readStoredToken } from "../lib/auth-storage";
import { downloadBlob } from "../lib/download-file";
import { ApiError } from "./client";

export const EXPORT_FORMATS = ["json", "csv", "html", "markdown", "highlights"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The file name the server gave in Content-Disposition, or a dated default. */
function filenameOf(response: Response, format: ExportFormat): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "");
  if (match?.[1]) return match[1];
  if (format === "highlights") return "viberead-highlights.md.zip";
  return `viberead-export.${format === "markdown" ? "md.zip" : format}`;
}

/**
 * Downloads the whole library in one format. The request carries the bearer token, so the file comes back as a
 * blob and is saved through an object URL (a plain link could not send the token).
 */
export async function downloadExport(format: ExportFormat): Promise<string> {
  const token = readStoredToken();
  let response: Response;
  try {
    response = await fetch(`/api/export?format=${format}`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
  } catch (error) {
    throw new ApiError(0, "Cannot reach VibeRead. Check your connection and try again.", error);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { detail?: string } | null;
    throw new ApiError(response.status, body?.detail ?? "Failed to export your library", body);
  }
  const filename = filenameOf(response, format);
  downloadBlob(await response.blob(), filename);
  return filename;
}
