import type { AudioCache } from "../ports/audio-cache";

/** A chunk of at most 1,000 characters is about 70 s of speech, about 0.6 MB of MP3: 2 MB leaves room. */
export const MAX_CACHED_AUDIO_BYTES = 2 * 1024 * 1024;
/** 30 days, the same as the bucket's lifecycle rule (docs/deploying.md): a reader's replays come within days. */
export const CACHED_AUDIO_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/**
 * The audio cache on R2 (the `AUDIO_CACHE` bucket, in every environment; local R2 under `npm start`). R2 rather
 * than KV or the Cache API: audio is binary and large, a replay may come from another location (the Cache API
 * keeps an entry in one data centre, and does nothing on workers.dev), and a render must be found right after
 * it was written (KV may take up to 60 s to show a write elsewhere). Figures and sources: docs/ai.md.
 */
export function createR2AudioCache(bucket: R2Bucket, now: () => number = Date.now): AudioCache {
  return {
    name: "r2",
    maxEntryBytes: MAX_CACHED_AUDIO_BYTES,
    maxAgeSeconds: CACHED_AUDIO_MAX_AGE_SECONDS,
    async get(key) {
      const object = await bucket.get(key);
      if (!object) return null;
      if (now() - object.uploaded.getTime() > CACHED_AUDIO_MAX_AGE_SECONDS * 1000) {
        // Past its lifetime (the lifecycle rule deletes it within a day): render anew, which overwrites it.
        await object.body.cancel();
        return null;
      }
      return { contentType: object.httpMetadata?.contentType ?? "audio/mpeg", body: object.body };
    },
    async put(key, audio) {
      if (audio.bytes.byteLength === 0 || audio.bytes.byteLength > MAX_CACHED_AUDIO_BYTES) return false;
      try {
        await bucket.put(key, audio.bytes, { httpMetadata: { contentType: audio.contentType } });
        return true;
      } catch (error) {
        // A failed write costs the next replay one render; the reader already has the audio.
        console.warn("audio cache write failed", error);
        return false;
      }
    },
  };
}
