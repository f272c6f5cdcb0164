import { articleImageSources } from "../domain/article-images";
import { NotFound } from "../domain/errors";
import type { ImageCache } from "../ports/image-cache";
import type { FetchedImage } from "./fetching/image-fetcher";

/** Characters of the signature kept in an address: 128 bits of the HMAC-SHA256, base64url. */
const SIGNATURE_CHARS = 22;

const encoder = new TextEncoder();

function base64url(bytes: ArrayBuffer): string {
  return btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/** Compares two signatures in time that does not depend on where they differ. */
function sameSignature(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

interface ImageProxyDeps {
  /** The Worker's JWT secret: a key of its own is derived from it, so an image address never signs a session. */
  secret: Uint8Array;
  cache: ImageCache;
  fetchImage: (url: string) => Promise<FetchedImage>;
}

/**
 * Pictures through the Worker (issue 50). The article's owner gets, with the article, an address on this origin for
 * each picture in its content: `/api/images/{articleId}/{signature}?src=...`, the signature an HMAC of the article id
 * and the picture's address. An `<img>` sends no bearer token, so the signature is the permission: only pictures
 * the server found in an article it gave its owner can be fetched, never another address. A picture is fetched once
 * through the SSRF guard (types and size limited, fetching/image-fetcher.ts), kept in the image cache and served from
 * there afterwards, also when its site is down; the installed app keeps it on the device for offline reading.
 */
export function createImageProxyService({ secret, cache, fetchImage }: ImageProxyDeps) {
  let key: Promise<CryptoKey> | null = null;
  const signingKey = () => {
    key ??= crypto.subtle
      .digest("SHA-256", new Uint8Array([...encoder.encode("viberead image proxy\n"), ...secret]))
      .then((raw) => crypto.subtle.importKey("raw", raw, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]));
    return key;
  };

  async function sign(articleId: number, src: string): Promise<string> {
    const mac = await crypto.subtle.sign("HMAC", await signingKey(), encoder.encode(`${articleId}\n${src}`));
    return base64url(mac).slice(0, SIGNATURE_CHARS);
  }

  /** The cache key of a picture: by its address alone, so two readers of one page share one copy. */
  async function cacheKey(src: string): Promise<string> {
    return `images/${base64url(await crypto.subtle.digest("SHA-256", encoder.encode(src)))}`;
  }

  return {
    /** Each picture of the article (content and lead image) with its address through the proxy. */
    async addressesFor(article: { id: number; content?: string | null; image_url: string | null }) {
      const sources = articleImageSources(article.content ?? null, article.image_url);
      const entries = await Promise.all(
        sources.map(
          async (src) =>
            [src, `/api/images/${article.id}/${await sign(article.id, src)}?src=${encodeURIComponent(src)}`] as const,
        ),
      );
      return Object.fromEntries(entries);
    },

    /**
     * A picture of an article the caller has already read for its owner (an e-book's pictures): from the cache, else
     * fetched through the SSRF guard and kept, as `serve` does; null when it cannot be had (the book leaves it out).
     * Only for addresses found in the article's own content (`articleImageSources`), never one a client names.
     */
    async picture(src: string): Promise<FetchedImage | null> {
      const keyOfSrc = await cacheKey(src);
      try {
        const cached = await cache.get(keyOfSrc);
        if (cached)
          return {
            contentType: cached.contentType,
            bytes: new Uint8Array(await new Response(cached.body).arrayBuffer()),
          };
        const fetched = await fetchImage(src);
        await cache.put(keyOfSrc, fetched);
        return fetched;
      } catch {
        return null;
      }
    },

    /**
     * Keeps a picture the article's own file held (an EPUB's, issue 54) under the address its content shows, so
     * `serve` finds it in the cache; false when the cache would not keep it (over its entry size).
     */
    async keep(src: string, image: { contentType: string; bytes: Uint8Array }): Promise<boolean> {
      return cache.put(await cacheKey(src), image);
    },

    /**
     * The picture behind a signed address: from the cache, else fetched from its site and kept. A signature that
     * does not match is 404, as for anything that is not there; a site that fails is the fetcher's FetchFailure.
     */
    async serve(articleId: number, signature: string, src: string) {
      if (!sameSignature(signature, await sign(articleId, src))) throw new NotFound("Image not found");
      const keyOfSrc = await cacheKey(src);
      const cached = await cache.get(keyOfSrc);
      if (cached) return { ...cached, fromCache: true };
      const fetched = await fetchImage(src);
      await cache.put(keyOfSrc, fetched);
      return {
        contentType: fetched.contentType,
        size: fetched.bytes.byteLength,
        body: new Blob([fetched.bytes as Uint8Array<ArrayBuffer>]).stream(),
        fromCache: false,
      };
    },
  };
}
export type ImageProxyService = ReturnType<typeof createImageProxyService>;
