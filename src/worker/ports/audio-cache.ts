import type { SpeechAudio } from "./speech-synthesizer";

/**
 * Rendered speech kept so a replay costs no model call (issue 36). Bounded: an entry holds at most `maxEntryBytes`
 * and is served for at most `maxAgeSeconds` after it was written; older entries count as missing (and the
 * storage's own expiry deletes them, see docs/ai.md#listen-audio-cache).
 */
export interface AudioCache {
  readonly name: string;
  readonly maxEntryBytes: number;
  readonly maxAgeSeconds: number;
  /** The audio under `key`, streamed, or null when there is none or it is older than `maxAgeSeconds`. */
  get(key: string): Promise<SpeechAudio | null>;
  /** Keeps `bytes` under `key` (replacing any); a body over `maxEntryBytes` is not kept. Never rejects. */
  put(key: string, audio: { contentType: string; bytes: Uint8Array }): Promise<boolean>;
}
