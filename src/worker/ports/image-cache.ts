/**
 * The pictures the image proxy fetched (issue 50), kept so an article's images still show when their site is down
 * or slow. An entry holds at most `maxEntryBytes`; the storage's own expiry removes old entries
 * (docs/web-app.md#pictures-through-the-worker).
 */
export interface ImageCache {
  readonly name: string;
  readonly maxEntryBytes: number;
  /** The picture under `key`, streamed with its type and size, or null when there is none. */
  get(key: string): Promise<{ contentType: string; size: number; body: ReadableStream } | null>;
  /** Keeps `bytes` under `key` (replacing any); a body over `maxEntryBytes` is not kept. Never rejects. */
  put(key: string, image: { contentType: string; bytes: Uint8Array }): Promise<boolean>;
}
