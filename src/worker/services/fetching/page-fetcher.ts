// Fetches one article page for extraction: SSRF-checked on every hop, redirects followed by hand, the body
// streamed under a size cap, everything under one time cap. Every failure is a FetchFailure whose message
// is shown to the user and whose `retryable` tells the workflow whether trying later could help.

import { decodeHtml } from "./decode-html";
import { FetchFailure, failures } from "./fetch-failure";
import type { HostResolver } from "./host-resolver";
import { assertFetchableRedirect, assertFetchableUrl } from "./ssrf-guard";

// The whole public API is reachable from this module too (callers import from here or from ./index).
export { FetchFailure } from "./fetch-failure";
export { createDohResolver, type HostResolver } from "./host-resolver";
export { assertFetchableUrl } from "./ssrf-guard";

export interface FetchPageOptions {
  /** Development only: lets a local fixture server stand in for the web. Private/metadata stay blocked. */
  allowLoopback: boolean;
  /** Total time for all hops, lookups and the body. Default 20 s. */
  timeoutMs?: number;
  /** Default 5 MB. */
  maxBytes?: number;
  /** Default 5. */
  maxRedirects?: number;
  resolver: HostResolver;
  /** Default: the global fetch. */
  fetchImpl?: typeof fetch;
}

export interface FetchedPage {
  /** The final URL, after redirects: relative links in the page resolve against it. */
  url: string;
  status: number;
  /** The media type without parameters, e.g. "text/html". */
  contentType: string;
  html: string;
}

export const DEFAULT_TIMEOUT_MS = 20_000;
export const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;
export const DEFAULT_MAX_REDIRECTS = 5;

const HTML_TYPES = new Set(["text/html", "application/xhtml+xml"]);
/**
 * Types a PDF link may answer with: its own, and the generic ones servers send files as. A body of any of these is
 * a PDF only if it starts like one (`%PDF-`), and so is any body that does, whatever its type says.
 */
const PDF_TYPES = new Set(["application/pdf", "application/x-pdf", "application/acrobat", "text/pdf", "text/x-pdf"]);
const FILE_TYPES = new Set([
  "application/octet-stream",
  "binary/octet-stream",
  "application/download",
  "application/force-download",
]);
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

// Browser-like, because many sites serve bots an error or a consent wall; the VibeRead token keeps it honest.
const REQUEST_HEADERS = {
  "user-agent":
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 VibeRead/0.1",
  "accept-language": "en-US,en;q=0.9,*;q=0.5",
};
const PAGE_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
const PAGE_OR_PDF_ACCEPT = "text/html,application/xhtml+xml,application/pdf,application/xml;q=0.9,*/*;q=0.8";

/** One time budget for the whole fetch: aborts the in-flight request and rejects whatever is being awaited. */
class Deadline {
  readonly controller = new AbortController();
  private readonly expired: Promise<never>;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(readonly ms: number) {
    this.expired = new Promise<never>((_, reject) => {
      this.timer = setTimeout(() => {
        const failure = failures.timeout(ms);
        this.controller.abort(failure);
        reject(failure);
      }, ms);
    });
    this.expired.catch(() => {}); // only observed through race(); never an unhandled rejection
  }

  /** Also races steps that take no signal (the resolver, body reads) so nothing outlives the budget. */
  race<T>(step: Promise<T>): Promise<T> {
    return Promise.race([step, this.expired]);
  }

  clear(): void {
    clearTimeout(this.timer);
  }
}

function mediaType(contentType: string | null): string {
  return (contentType ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
}

/** Discards a body we will not read, so the connection is released. */
function discard(response: Response): void {
  response.body?.cancel().catch(() => {});
}

async function readCapped(response: Response, maxBytes: number, deadline: Deadline): Promise<Uint8Array> {
  const declared = Number(response.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) {
    discard(response);
    throw failures.tooLarge(maxBytes);
  }
  if (!response.body) return new Uint8Array();
  // Streamed, because Content-Length may be absent or wrong: stop as soon as the cap is passed.
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await deadline.race(reader.read());
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) throw failures.tooLarge(maxBytes);
      chunks.push(value);
    }
  } catch (error) {
    reader.cancel().catch(() => {});
    throw error;
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** Only for a response without Content-Type: accept it if it plainly starts like an HTML document. */
function looksLikeHtml(html: string): boolean {
  return /^\s*(?:<!--[\s\S]*?-->\s*)*<(?:!doctype\s+html|html|head|body)\b/i.test(html.slice(0, 1024));
}

/** What a guarded fetch hands back: the final URL, the status, the media type and the body's bytes. */
export interface FetchedBody {
  url: string;
  status: number;
  /** The media type without parameters ("" when the response had none). */
  contentType: string;
  /** The whole Content-Type header, for its charset. */
  contentTypeHeader: string | null;
  bytes: Uint8Array;
  /** The response's headers (validators, Retry-After). */
  headers: Headers;
  /**
   * Where the address has moved for good: the target of the redirects when every hop was permanent (301, 308),
   * else null. A feed's stored address follows it; a temporary redirect leaves it.
   */
  movedTo: string | null;
}

/** Extra inputs of a guarded fetch for callers that poll (feeds): conditional GET headers, statuses to hand back. */
export interface GuardedFetchOptions {
  accept: string;
  refuseType: (type: string) => FetchFailure | null;
  /** Sent with every hop (If-None-Match, If-Modified-Since). */
  headers?: Record<string, string>;
  /** Statuses returned with an empty body instead of thrown (304, 410, 429, 503 for a poller). */
  passStatuses?: ReadonlySet<number>;
  /** The body's cap by media type, when it differs from `maxBytes` (a PDF may be larger than a page). */
  maxBytesFor?: (type: string) => number;
}

/**
 * The SSRF-checked fetch both the page and the image fetcher use: every hop checked, redirects followed by hand,
 * the body streamed under a size cap, all under one time cap. `refuseType` turns a media type the caller does not
 * read into the failure to throw (checked before the body is read), or null to read it.
 */
export async function fetchGuarded(url: string, options: FetchPageOptions & GuardedFetchOptions): Promise<FetchedBody> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  // Wrapped: a detached reference to the global fetch throws "Illegal invocation" in workerd.
  const fetchImpl: typeof fetch = options.fetchImpl ?? ((input, init) => fetch(input, init));
  const deadline = new Deadline(timeoutMs);
  const headers = { ...REQUEST_HEADERS, ...options.headers, accept: options.accept };

  let current: URL | undefined;
  let permanent = true;
  let redirected = false;
  try {
    current = await deadline.race(assertFetchableUrl(url, options));
    for (let redirects = 0; ; redirects++) {
      const response = await deadline.race(
        fetchImpl(current.href, { redirect: "manual", headers, signal: deadline.controller.signal }),
      );

      if (REDIRECT_STATUSES.has(response.status)) {
        discard(response);
        const location = response.headers.get("location");
        if (!location) throw failures.redirectWithoutLocation(response.status, response.statusText);
        if (redirects >= maxRedirects) throw failures.tooManyRedirects(maxRedirects);
        let next: URL;
        try {
          next = new URL(location, current); // relative Locations are relative to the URL that answered
        } catch {
          throw failures.badRedirect();
        }
        current = await deadline.race(assertFetchableRedirect(next.href, options));
        redirected = true;
        permanent &&= response.status === 301 || response.status === 308;
        continue;
      }

      const movedTo = redirected && permanent ? current.href : null;
      if (options.passStatuses?.has(response.status)) {
        discard(response);
        return {
          url: current.href,
          status: response.status,
          contentType: "",
          contentTypeHeader: null,
          bytes: new Uint8Array(),
          headers: response.headers,
          movedTo,
        };
      }

      if (!response.ok) {
        discard(response);
        throw failures.status(response.status, response.statusText);
      }

      const header = response.headers.get("content-type");
      const type = mediaType(header);
      const refused = options.refuseType(type);
      if (refused) {
        discard(response);
        throw refused;
      }
      const bytes = await readCapped(response, options.maxBytesFor?.(type) ?? maxBytes, deadline);
      return {
        url: current.href,
        status: response.status,
        contentType: type,
        contentTypeHeader: header,
        bytes,
        headers: response.headers,
        movedTo,
      };
    }
  } catch (error) {
    if (error instanceof FetchFailure) throw error;
    if (deadline.controller.signal.aborted) throw failures.timeout(timeoutMs);
    // fetch() rejects with a TypeError for refused connections, resets, TLS and DNS failures at the edge.
    throw failures.unreachable(current?.hostname ?? url);
  } finally {
    deadline.clear();
  }
}

export async function fetchPage(url: string, options: FetchPageOptions): Promise<FetchedPage> {
  const fetched = await fetchGuarded(url, {
    ...options,
    accept: PAGE_ACCEPT,
    refuseType: (type) => (type && !HTML_TYPES.has(type) ? failures.notHtml(type) : null),
  });
  const html = decodeHtml(fetched.bytes, fetched.contentTypeHeader);
  if (!fetched.contentType && !looksLikeHtml(html)) throw failures.notHtml("");
  return { url: fetched.url, status: fetched.status, contentType: fetched.contentType || "text/html", html };
}

/** What a saved link answered: a web page, or a PDF (by its type or its first bytes, after any redirects). */
export type FetchedPageOrPdf = ({ kind: "page" } & FetchedPage) | { kind: "pdf"; url: string; bytes: Uint8Array };

/**
 * `fetchPage` that also takes a PDF: a link to a paper or a report is saved as the document it answers. A PDF may be
 * up to `maxPdfBytes`; a page keeps the page cap. A body that starts with `%PDF-` is a PDF whatever its declared
 * type; a body declared a PDF that does not start like one is refused as not a PDF.
 */
export async function fetchPageOrPdf(
  url: string,
  options: FetchPageOptions & { maxPdfBytes: number },
): Promise<FetchedPageOrPdf> {
  const pageBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const fetched = await fetchGuarded(url, {
    ...options,
    accept: PAGE_OR_PDF_ACCEPT,
    refuseType: (type) =>
      type && !HTML_TYPES.has(type) && !PDF_TYPES.has(type) && !FILE_TYPES.has(type) ? failures.notHtml(type) : null,
    // Untyped bodies too: a PDF served without a type is known by its first bytes, once read.
    maxBytesFor: (type) =>
      type === "" || PDF_TYPES.has(type) || FILE_TYPES.has(type) ? options.maxPdfBytes : pageBytes,
  });
  if (startsAsPdf(fetched.bytes)) return { kind: "pdf", url: fetched.url, bytes: fetched.bytes };
  if (PDF_TYPES.has(fetched.contentType)) throw failures.notPdf();
  const typed = HTML_TYPES.has(fetched.contentType);
  if (!typed && fetched.bytes.byteLength > pageBytes) throw failures.tooLarge(pageBytes);
  const html = decodeHtml(fetched.bytes, fetched.contentTypeHeader);
  if (!typed && !looksLikeHtml(html)) throw failures.notHtml(fetched.contentType);
  return {
    kind: "page",
    url: fetched.url,
    status: fetched.status,
    contentType: fetched.contentType || "text/html",
    html,
  };
}

/** `%PDF-` in the first kilobyte, as PDF readers accept it. */
function startsAsPdf(bytes: Uint8Array): boolean {
  return new TextDecoder("latin1").decode(bytes.subarray(0, 1024)).includes("%PDF-");
}
