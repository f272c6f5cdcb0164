import { MAX_DOCUMENT_BYTES } from "../domain/documents/document-limits";
import { MAX_IMPORT_BODY_BYTES } from "../domain/imports/import-limits";
import { MCP_PATH, REGISTER_PATH } from "../oauth/oauth-provider";

/** Request bodies above this are refused with 413 before anything parses them (see body-limit.ts). */
export const MAX_BODY_BYTES = 64 * 1024;
/** Bulk saves carry up to 500 URLs of up to 2,048 characters. */
export const MAX_BULK_BODY_BYTES = 1536 * 1024;
/** A single save may carry the page's HTML (up to 5 MB, more once escaped in JSON). */
export const MAX_SAVE_BODY_BYTES = 6 * 1024 * 1024;
/** The MCP endpoint takes a save of up to 500 URLs in one tool call, as the bulk save does. */
export const MAX_MCP_BODY_BYTES = MAX_BULK_BODY_BYTES;
/**
 * Client registration metadata is small (a name, a few URIs); the limit is above 100 KB so that an oversized
 * field is named by the registration's own checks (oauth/client-metadata.ts) rather than refused as a body.
 */
export const MAX_REGISTRATION_BODY_BYTES = 128 * 1024;

/** An OPML file of subscriptions, sent as JSON text (feeds-schemas.ts allows 2 MB of it, more once escaped). */
export const MAX_OPML_BODY_BYTES = 3 * 1024 * 1024;
/** A subscribe request names up to 50 addresses of up to 2,048 characters. */
export const MAX_SUBSCRIBE_BODY_BYTES = 256 * 1024;

/** An import upload (multipart, not JSON); its limit is in domain/imports/import-limits.ts. */
export const IMPORT_UPLOAD_PATH = /^\/api\/imports\/?$/;

/** A document upload (issue 54: multipart, not JSON). */
export const DOCUMENT_UPLOAD_PATH = /^\/api\/documents\/?$/;
/** A document upload: the file's limit and room for the form's framing. */
export const MAX_DOCUMENT_UPLOAD_BODY_BYTES = MAX_DOCUMENT_BYTES + 64 * 1024;

/**
 * The most a request body to `path` may hold: one table for /api (app.ts) and the paths outside it
 * (worker-guard.ts), which the OpenAPI document states on each operation's 413.
 */
export function maxBodyBytes(path: string): number {
  if (path === MCP_PATH) return MAX_MCP_BODY_BYTES;
  if (path === REGISTER_PATH) return MAX_REGISTRATION_BODY_BYTES;
  if (/^\/api\/articles\/bulk\/?$/.test(path)) return MAX_BULK_BODY_BYTES;
  if (IMPORT_UPLOAD_PATH.test(path)) return MAX_IMPORT_BODY_BYTES;
  // The share target's POST may carry a shared document (the service worker takes it; a post that reaches the
  // Worker is answered with the save screen, its file not kept).
  if (DOCUMENT_UPLOAD_PATH.test(path) || path === "/share" || path === "/share/") return MAX_DOCUMENT_UPLOAD_BODY_BYTES;
  if (/^\/api\/articles\/?$/.test(path)) return MAX_SAVE_BODY_BYTES;
  if (/^\/api\/feeds\/opml\/?$/.test(path)) return MAX_OPML_BODY_BYTES;
  if (/^\/api\/feeds\/subscriptions\/?$/.test(path)) return MAX_SUBSCRIBE_BODY_BYTES;
  return MAX_BODY_BYTES;
}
