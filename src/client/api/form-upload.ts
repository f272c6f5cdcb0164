import { readStoredToken } from "../lib/auth-storage";
import { ApiError } from "./client";

const UPLOAD_ERROR = "The file could not be uploaded. Please try again.";

/**
 * POSTs a multipart form with the session's token, reporting the share of it sent: XMLHttpRequest, because fetch
 * reports no upload progress. Resolves with the JSON answer when the status is `expected`; otherwise rejects with
 * the server's sentence (its `detail`), or a plain one when it gave none.
 */
export function postFormWithProgress<T>(
  path: string,
  form: FormData,
  expected: number,
  onProgress: (share: number) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", path);
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
      if (xhr.status === expected) return resolve(body as T);
      const detail = (body as { detail?: unknown } | null)?.detail;
      reject(new ApiError(xhr.status, typeof detail === "string" && detail ? detail : UPLOAD_ERROR, body));
    };
    xhr.send(form);
  });
}
