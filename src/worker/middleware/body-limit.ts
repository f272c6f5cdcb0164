import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../context";
import { formatByteLimit } from "../domain/byte-size";
import { AppError, InvalidInput } from "../domain/errors";
import {
  decodeJsonMarkingInvalidUtf8,
  firstIllFormedField,
  illFormedTextMessage,
  mayHoldLoneSurrogate,
} from "../domain/valid-text";
import { isJsonContentType } from "./content-type";

/**
 * A refused body is read and thrown away up to this many bytes, then cancelled. 100 MB is the most the
 * platform passes to a Worker on the Free and Pro plans (it answers 413 itself above that), so deployed, every
 * refused body is drained; locally, a bigger one can still cost the next request its connection.
 */
export const MAX_DISCARDED_BYTES = 100 * 1024 * 1024;

/**
 * Reads every request body in full before the routes run, and refuses one over `maxBytesFor(path)` with 413.
 *
 * Why not hono/body-limit: it answers 413 without reading the rest of the body. Locally (`wrangler dev`, which
 * `npm start` and the e2e tests use) a proxy forwards each request to the Worker over a kept-alive connection,
 * and a response sent before the request body was read leaves that connection broken: the next request with a
 * large body answers 500 "Network connection lost" (cloudflare/workerd#1741). Cancelling the stream does not
 * help (tried: 413 and 500 still alternate); the body has to be read. So a declared Content-Length over the
 * limit is refused without buffering anything but drained first, and a chunked body (no Content-Length) is
 * counted as it streams. Reading every accepted body here also means no later answer (401, 404, 415...) leaves
 * one unread.
 */
export function bodyLimit(maxBytesFor: (path: string) => number) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const maxBytes = maxBytesFor(c.req.path);
    const read = await readBody(c.req.raw, maxBytes);
    if (read.kind === "too-large") throw new AppError(413, tooLargeMessage(maxBytes));
    if (read.kind === "interrupted") throw new AppError(400, INTERRUPTED_MESSAGE);
    const problem = illFormedJsonText(read.request.headers, read.bytes);
    if (problem) throw new InvalidInput(problem);
    c.req.raw = read.request;
    await next();
  });
}

export type BodyRead =
  | { kind: "read"; request: Request; bytes: Uint8Array | null }
  | { kind: "too-large" }
  | { kind: "interrupted" };

export const INTERRUPTED_MESSAGE = "The request body could not be read (the upload was interrupted)";
export const tooLargeMessage = (maxBytes: number) =>
  `Request body is too large (the limit is ${formatByteLimit(maxBytes)})`;

/**
 * Reads a request's body in full, up to `maxBytes`, and answers an equivalent request whose body is in memory.
 * A body over the limit is drained (see bodyLimit) and reported as too large. Used by `bodyLimit` under /api and
 * by the Worker's entry for every other path (middleware/worker-guard.ts), so every route has the same rules.
 */
export async function readBody(request: Request, maxBytes: number): Promise<BodyRead> {
  const body = request.body;
  if (!body) return { kind: "read", request, bytes: null };
  const reader = body.getReader();
  if (declaredLength(request.headers) > maxBytes) {
    await discard(reader, 0);
    return { kind: "too-large" };
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch {
      return { kind: "interrupted" };
    }
    if (chunk.done) break;
    size += chunk.value.byteLength;
    if (size > maxBytes) {
      await discard(reader, size);
      return { kind: "too-large" };
    }
    chunks.push(chunk.value);
  }
  // A GET or HEAD Request may not carry a body (the constructor throws) and no route reads one: it was read
  // only to keep the connection usable, so the request goes on without it.
  const { method, url, headers } = request;
  if (method === "GET" || method === "HEAD")
    return { kind: "read", request: new Request(url, { method, headers }), bytes: null };
  const bytes = concat(chunks, size);
  return { kind: "read", request: new Request(request, { body: bytes }), bytes };
}

/**
 * Why a JSON body's text is refused (a field holding bytes that are not UTF-8, or a lone surrogate), naming the
 * field; undefined for any other body, or well-formed text. See domain/valid-text.ts.
 */
export function illFormedJsonText(headers: Headers, bytes: Uint8Array | null): string | undefined {
  if (!bytes?.byteLength || !isJsonContentType(headers)) return undefined;
  const text = decodeJsonMarkingInvalidUtf8(bytes);
  if (!mayHoldLoneSurrogate(text)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Malformed JSON (bytes that are not UTF-8 can only be valid JSON inside a string): the route answers it.
    return undefined;
  }
  const field = firstIllFormedField(withoutPageHtml(parsed));
  return field === undefined ? undefined : illFormedTextMessage(field);
}

/**
 * A save's `html` is a page the user's browser serialised (bookmarklet, extension), not text the user typed: a
 * page may hold a lone surrogate anywhere, and refusing the whole save for it would lose the link. It is parsed
 * as HTML, where such a unit reads as U+FFFD, so it is left out of the check.
 */
function withoutPageHtml(parsed: unknown): unknown {
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed) || !("html" in parsed)) return parsed;
  const { html: _html, ...rest } = parsed as Record<string, unknown>;
  return rest;
}

/** The Content-Length the client declared, or 0 when it sent none (chunked) or one that is not a number. */
function declaredLength(headers: Headers): number {
  if (headers.has("transfer-encoding")) return 0;
  const length = Number(headers.get("content-length"));
  return Number.isSafeInteger(length) ? length : 0;
}

/** Reads the rest of a refused body without keeping it, so the connection that carries it stays usable. */
async function discard(reader: ReadableStreamDefaultReader<Uint8Array>, alreadyRead: number): Promise<void> {
  let read = alreadyRead;
  try {
    while (read <= MAX_DISCARDED_BYTES) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
    }
    await reader.cancel("request body too large");
  } catch {
    // The client went away mid-upload: there is nothing left to keep usable.
  }
}

function concat(chunks: Uint8Array[], size: number): Uint8Array<ArrayBuffer> {
  const joined = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    joined.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return joined;
}
