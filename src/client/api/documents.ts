import { formatByteLimit } from "../../worker/domain/byte-size";
import { MAX_DOCUMENT_BYTES, MAX_PDF_PAGES } from "../../worker/domain/documents/document-limits";
import { readStoredToken } from "../lib/auth-storage";
import { ApiError } from "./client";
import { postFormWithProgress } from "./form-upload";
import type { Article } from "./types";

/** The limits as the add box states them. */
export const DOCUMENT_LIMITS_HINT = `PDF, EPUB, HTML, Markdown or text, up to ${formatByteLimit(MAX_DOCUMENT_BYTES)} (a PDF up to ${MAX_PDF_PAGES} pages)`;
/** What the file picker offers (the server decides by content either way). */
export const DOCUMENT_ACCEPT =
  ".pdf,.epub,.html,.htm,.md,.markdown,.txt,application/pdf,application/epub+zip,text/html,text/markdown,text/plain";

/**
 * Uploads a document (issue 54). XMLHttpRequest, not fetch: only it reports upload progress, which a 50 MB PDF on a
 * slow connection needs. Answers the saved article, processing; rejects with the server's sentence (an encrypted
 * PDF, a scan, a file that is not what its name says...).
 */
function upload(file: File, onProgress: (share: number) => void): Promise<Article> {
  // The server would refuse it (413) only once all of it was sent.
  if (file.size > MAX_DOCUMENT_BYTES) {
    return Promise.reject(
      new ApiError(413, `The file is larger than ${formatByteLimit(MAX_DOCUMENT_BYTES)}, the most VibeRead reads.`),
    );
  }
  const form = new FormData();
  form.set("file", file);
  return postFormWithProgress<Article>("/api/documents", form, 201, onProgress);
}

/** The original file as a blob (the API needs the bearer token, which a plain link would not send). */
async function original(url: string): Promise<Blob> {
  const token = readStoredToken();
  const response = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new ApiError(response.status, "The original file could not be opened.");
  return response.blob();
}

export const documentsApi = { upload, original };
