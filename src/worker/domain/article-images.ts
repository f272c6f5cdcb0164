/**
 * The pictures of an article (issue 50): what the image proxy may fetch for it. Only addresses that are in the
 * article's own stored content (and its lead image) are ever signed, so the proxy fetches nothing else. Pure.
 */
import { decodeEntities } from "./extraction/strings";

/** An article shows more pictures than this only rarely (a gallery); the rest load from their sites as before. */
export const MAX_IMAGES_PER_ARTICLE = 60;

/**
 * Every `<img src>` of the content, in order, then the lead image, each once; only absolute http(s) addresses
 * (extraction makes image links absolute and drops other schemes, but the stored HTML is read defensively).
 */
export function articleImageSources(content: string | null, leadImage: string | null): string[] {
  const found = new Set<string>();
  const add = (raw: string | null | undefined) => {
    if (!raw || found.size >= MAX_IMAGES_PER_ARTICLE) return;
    const src = decodeEntities(raw).trim();
    if (/^https?:\/\//i.test(src) && src.length <= 2048) found.add(src);
  };
  for (const match of (content ?? "").matchAll(/<img\b[^>]*?\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)) {
    add(match[1] ?? match[2]);
  }
  add(leadImage);
  return [...found];
}

/** The media types the proxy passes on: the pictures browsers show in an article. */
export const PROXIED_IMAGE_TYPES = new Set([
  "image/jpeg",
  "image/png",
  "image/gif",
  "image/webp",
  "image/avif",
  "image/svg+xml",
]);

/** A body whose type the site did not say (or said only "binary"): told by its first bytes. */
export function sniffImageType(bytes: Uint8Array): string | null {
  const starts = (...sig: number[]) => sig.every((byte, i) => bytes[i] === byte);
  if (starts(0xff, 0xd8, 0xff)) return "image/jpeg";
  if (starts(0x89, 0x50, 0x4e, 0x47)) return "image/png";
  if (starts(0x47, 0x49, 0x46, 0x38)) return "image/gif";
  if (starts(0x52, 0x49, 0x46, 0x46) && bytes[8] === 0x57 && bytes[9] === 0x45 && bytes[10] === 0x42)
    return "image/webp";
  const box = String.fromCharCode(...bytes.subarray(4, 12));
  if (box === "ftypavif" || box === "ftypavis") return "image/avif";
  return null;
}
