import { formatByteLimit } from "../../worker/domain/byte-size";
import { MAX_DOCUMENT_BYTES, MAX_PDF_PAGES } from "../../worker/domain/documents/document-limits";
import { readStoredToken } from "../lib/auth-storage";
import { ApiError } from "./client";
import type { Article } from "./types";

/** The limits as the add box states them. */
export const DOCUMENT_LIMITS_HINT = `PDF, EPUB, HTML, Markdown or text, up to ${formatByteLimit(MAX_DOCUMENT_BYTES)} (a PDF up to ${MAX_PDF_PAGES} pages)`;
/** What the file picker offers (the server decides by content either way). */
export const DOCUMENT_ACCEPT =
  ".pdf,.epub,.html,.htm,.md,.markdown,.txt,application/pdf,application/epub+zip,text/html,text/markdown,text/plain";

const UPLOAD_ERROR = "The file could not be uploaded. Please try again.";

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
  return new Promise((resolve, reject) => {
    const form = new FormData();
    form.set("file", file);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/documents");
    xhr.setRequestHeader("Accept", "application/json");
    const token = readStoredToken();
    if (token) xhr.setRequestHeader("Authorization", `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError(0, "Cannot reach VibeRead. Check your connection and try again."));
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status === 201) return resolve(body as Article);
      const detail = (body as { detail?: unknown } | null)?.detail;
      reject(new ApiError(xhr.status, typeof detail === "string" && detail ? detail : UPLOAD_ERROR, body));
    };
    xhr.send(form);
  });
}

/** The original file as a blob (the API needs the bearer token, which a plain link would not send). */
async function original(url: string): Promise<Blob> {
  const token = readStoredToken();
  const response = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new ApiError(response.status, "The original file could not be opened.");
  return response.blob();
}

export const documentsApi = { upload, original };
