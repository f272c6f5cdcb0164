// Fetches one picture of an article for the image proxy (issue 50): the same SSRF guard, redirect checks and time
// cap as a page (fetchGuarded), only the image types browsers show, at most MAX_IMAGE_BYTES.

import { PROXIED_IMAGE_TYPES, sniffImageType } from "../../domain/article-images";
import { FetchFailure } from "./fetch-failure";
import { type FetchPageOptions, fetchGuarded } from "./page-fetcher";

/** The largest picture passed on: a full-width photograph in a news article is 0.2 to 2 MB. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

const UNTYPED = new Set(["", "application/octet-stream", "binary/octet-stream"]);

export interface FetchedImage {
  contentType: string;
  bytes: Uint8Array;
}

const notImage = (type: string) => new FetchFailure(`The link is not a picture (${type})`, false);

export async function fetchImage(url: string, options: FetchPageOptions): Promise<FetchedImage> {
  const fetched = await fetchGuarded(url, {
    maxBytes: MAX_IMAGE_BYTES,
    ...options,
    accept: "image/avif,image/webp,image/png,image/svg+xml,image/*;q=0.8",
    refuseType: (type) => (PROXIED_IMAGE_TYPES.has(type) || UNTYPED.has(type) ? null : notImage(type)),
  });
  const contentType = PROXIED_IMAGE_TYPES.has(fetched.contentType)
    ? fetched.contentType
    : sniffImageType(fetched.bytes);
  if (!contentType) throw notImage(fetched.contentType || "no type");
  if (fetched.bytes.byteLength === 0) throw new FetchFailure("The picture is empty", false);
  return { contentType, bytes: fetched.bytes };
}
