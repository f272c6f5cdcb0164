// Fetches a feed for a poll or a subscription: the same SSRF-checked, size- and time-capped fetch as a page, with
// conditional GET (ETag, Last-Modified), the statuses a poller acts on handed back rather than thrown, and the
// body decoded in the feed's own encoding.

import { decodeFeed } from "./decode-feed";
import { FetchFailure } from "./fetch-failure";
import { type FetchPageOptions, fetchGuarded } from "./page-fetcher";

/** A feed larger than this is refused while it streams in (a 50 MB archive never reaches memory whole). */
export const MAX_FEED_BYTES = 5 * 1024 * 1024;

const FEED_ACCEPT =
  "application/rss+xml, application/atom+xml, application/feed+json, application/rdf+xml;q=0.9, " +
  "application/xml;q=0.9, text/xml;q=0.9, application/json;q=0.8, text/html;q=0.5, */*;q=0.1";

/** Statuses the polling policy treats apart from other errors. */
const PASSED = new Set([304, 410, 429, 503]);

/** Media types that are never a feed nor a page listing one. */
const NEVER_A_FEED = /^(?:image|audio|video|font)\/|^application\/(?:pdf|zip|gzip|x-tar|vnd\.)/;

export interface FeedValidators {
  etag: string | null;
  lastModified: string | null;
}

export type FeedResponse =
  | {
      kind: "body";
      /** Where the body came from, after redirects (relative links resolve against it). */
      url: string;
      movedTo: string | null;
      contentType: string;
      text: string;
      bytes: number;
      validators: FeedValidators;
    }
  | { kind: "not-modified"; movedTo: string | null }
  | { kind: "status"; status: number; retryAfter: string | null; movedTo: string | null };

/** A FetchFailure about "the page" reads as one about the feed. */
function asFeedFailure(error: unknown): never {
  if (error instanceof FetchFailure && /^The (page|link) /.test(error.message)) {
    throw new FetchFailure(error.message.replace(/^The (page|link) /, "The feed "), error.retryable);
  }
  throw error;
}

export async function fetchFeed(
  url: string,
  validators: FeedValidators,
  options: FetchPageOptions,
): Promise<FeedResponse> {
  const headers: Record<string, string> = {};
  if (validators.etag) headers["if-none-match"] = validators.etag;
  if (validators.lastModified) headers["if-modified-since"] = validators.lastModified;
  const fetched = await fetchGuarded(url, {
    maxBytes: MAX_FEED_BYTES,
    ...options,
    accept: FEED_ACCEPT,
    headers,
    passStatuses: PASSED,
    refuseType: (type) =>
      NEVER_A_FEED.test(type) ? new FetchFailure(`The address is not a feed (${type})`, false) : null,
  }).catch(asFeedFailure);
  if (fetched.status === 304) return { kind: "not-modified", movedTo: fetched.movedTo };
  if (PASSED.has(fetched.status)) {
    return {
      kind: "status",
      status: fetched.status,
      retryAfter: fetched.headers.get("retry-after"),
      movedTo: fetched.movedTo,
    };
  }
  return {
    kind: "body",
    url: fetched.url,
    movedTo: fetched.movedTo,
    contentType: fetched.contentType,
    text: decodeFeed(fetched.bytes, fetched.contentTypeHeader),
    bytes: fetched.bytes.byteLength,
    validators: { etag: fetched.headers.get("etag"), lastModified: fetched.headers.get("last-modified") },
  };
}
