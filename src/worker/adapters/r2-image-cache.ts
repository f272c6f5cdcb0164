import type { ImageCache } from "../ports/image-cache";
import { MAX_IMAGE_BYTES } from "../services/fetching/image-fetcher";

/**
 * The image proxy's cache on R2 (the `IMAGE_CACHE` bucket in every environment; local R2 under `npm start`). R2
 * rather than the Cache API: a picture must still be there when its site is down, from whichever location the
 * reader's next request reaches, and the Cache API keeps an entry in one data centre, may evict it at any time and
 * does nothing on workers.dev (docs/web-app.md#pictures-through-the-worker). Entries do not go stale (a site that
 * changes a picture gives it a new address); the bucket's lifecycle rule deletes them a year after they were written.
 */
export function createR2ImageCache(bucket: R2Bucket): ImageCache {
  return {
    name: "r2",
    maxEntryBytes: MAX_IMAGE_BYTES,
    async get(key) {
      const object = await bucket.get(key);
      if (!object) return null;
      return {
        contentType: object.httpMetadata?.contentType ?? "application/octet-stream",
        size: object.size,
        body: object.body,
      };
    },
    async put(key, image) {
      if (image.bytes.byteLength === 0 || image.bytes.byteLength > MAX_IMAGE_BYTES) return false;
      try {
        await bucket.put(key, image.bytes, { httpMetadata: { contentType: image.contentType } });
        return true;
      } catch (error) {
        // A failed write costs the next request one fetch from the site; the reader already has the picture.
        console.warn("image cache write failed", error);
        return false;
      }
    },
  };
}
