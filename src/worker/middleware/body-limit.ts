import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../context";
import { AppError } from "../domain/errors";

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
    const body = c.req.raw.body;
    if (!body) return next();
    const maxBytes = maxBytesFor(c.req.path);
    const tooLarge = () => new AppError(413, `Request body is too large (the limit is ${maxBytes / 1024} KB)`);

    const reader = body.getReader();
    if (declaredLength(c.req.raw.headers) > maxBytes) {
      await discard(reader, 0);
      throw tooLarge();
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read().catch(() => {
        throw new AppError(400, "The request body could not be read (the upload was interrupted)");
      });
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await discard(reader, size);
        throw tooLarge();
      }
      chunks.push(value);
    }
    // A GET or HEAD Request may not carry a body (the constructor throws) and no route reads one: it was read
    // only to keep the connection usable, so the request goes on without it.
    const { method, url, headers } = c.req.raw;
    c.req.raw =
      method === "GET" || method === "HEAD"
        ? new Request(url, { method, headers })
        : new Request(c.req.raw, { body: concat(chunks, size) });
    await next();
  });
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
