import { readStoredToken } from "../lib/auth-storage";
import {
  type ChunkLimits,
  type ChunkRange,
  planChunks,
  primaryLanguage,
  sentenceAt,
  sentenceStarts,
} from "./cloud-chunks";
import type { SpeakOptions, SpeechEngine } from "./engine";

/**
 * The cloud voice failed (the model, the network, the audio element, or the language has no cloud voice after
 * all): the player reads on with the browser's voice and says so. `detail` is the server's sentence, when any.
 */
export class CloudVoiceFailed extends Error {
  override readonly name = "CloudVoiceFailed";
  constructor(
    message: string,
    readonly status: number | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * What the player says when the cloud voice gave way to the device's: why, and that reading goes on (`onDevice`)
 * or that the device has no voice for the language either.
 */
export function cloudFallbackNotice(error: Error, onDevice: boolean, language: string): string {
  const used = error instanceof CloudVoiceFailed && error.status === 429;
  const why = used ? "Today's cloud voice is used up" : "The cloud voice failed";
  return onDevice
    ? `${why}: reading on with this device's voice`
    : `${why}, and there is no voice for ${language} on this device`;
}

/** `GET /api/articles/:id/listen`. */
interface ListenStatus {
  language: string | null;
  engine: "cloud" | "browser";
  reason: string | null;
  limits: ChunkLimits;
}

export interface CloudEngineOptions {
  articleId: number;
  /** Whether the sentences are the article's text or its summary's. */
  source: "content" | "summary";
  /** How to call the API; by default `fetch` with the signed-in session's token. */
  fetch?: typeof fetch;
  /** The element that plays each chunk; a new `Audio()` by default (tests give their own). */
  createAudio?: () => HTMLAudioElement;
}

/** `fetch` with the stored session's bearer token, as the rest of the app's API calls send it. */
const signedInFetch: typeof fetch = (input, init) => {
  const token = readStoredToken();
  const headers = new Headers(init?.headers);
  if (token) headers.set("Authorization", `Bearer ${token}`);
  return fetch(input, { ...init, headers });
};

/** One chunk: its sentences, and its audio once fetched (a promise, so the next chunk is fetched while one plays). */
interface LoadedChunk extends ChunkRange {
  audio: Promise<string>;
}

/**
 * The deployed engine: Workers AI renders the article's sentences chunk by chunk (`POST .../listen/audio`), the
 * first chunk only 1-2 sentences so the first sound comes within about 2 seconds, each next chunk fetched while the
 * one before plays. An HTMLAudioElement plays them (`playbackRate` is the speed); the sentence being spoken is
 * estimated within a chunk from character counts. Any failure calls `onError` with a CloudVoiceFailed, and the
 * player falls back to the browser's voice; after `stop()` no callback is called.
 */
export function createCloudEngine({
  articleId,
  source,
  fetch: fetchApi = signedInFetch,
  createAudio = () => new Audio(),
}: CloudEngineOptions): SpeechEngine {
  const base = `/api/articles/${articleId}/listen`;
  let status: Promise<ListenStatus | null> | null = null;
  /** Each speak() is a run; a callback of an older run (after stop or a new speak) is ignored. */
  let run = 0;
  let element: HTMLAudioElement | null = null;
  let aborter: AbortController | null = null;
  let paused = false;
  const objectUrls = new Set<string>();

  function loadStatus(): Promise<ListenStatus | null> {
    status ??= fetchApi(base, { headers: { Accept: "application/json" } })
      .then((response) => (response.ok ? (response.json() as Promise<ListenStatus>) : null))
      .catch(() => null);
    return status;
  }

  async function fetchAudio(texts: string[], lang: string, signal: AbortSignal): Promise<string> {
    let response: Response;
    try {
      response = await fetchApi(`${base}/audio`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "audio/mpeg, application/json" },
        body: JSON.stringify({ source, sentences: texts, language: lang }),
        signal,
      });
    } catch (error) {
      throw new CloudVoiceFailed("The cloud voice could not be reached.", null, { cause: error });
    }
    if (!response.ok) {
      const detail = await response
        .json()
        .then((body: unknown) => {
          const detail = (body as { detail?: unknown } | null)?.detail;
          return typeof detail === "string" ? detail : null;
        })
        .catch(() => null);
      throw new CloudVoiceFailed(detail ?? `The cloud voice answered ${response.status}.`, response.status);
    }
    const url = URL.createObjectURL(await response.blob());
    objectUrls.add(url);
    return url;
  }

  function release() {
    aborter?.abort();
    aborter = null;
    if (element) {
      element.pause();
      element.removeAttribute("src");
      element.load();
    }
    for (const url of objectUrls) URL.revokeObjectURL(url);
    objectUrls.clear();
  }

  async function play(options: SpeakOptions, current: number) {
    const limits = (await loadStatus())?.limits ?? { first_chunk_sentences: 2, max_sentences: 8, max_chars: 1000 };
    if (current !== run) return;
    const texts = options.sentences.map((sentence) => sentence.text);
    aborter = new AbortController();
    const signal = aborter.signal;
    const load = (range: ChunkRange): LoadedChunk => {
      const chunk = { ...range, audio: fetchAudio(texts.slice(range.from, range.to), options.lang, signal) };
      chunk.audio.catch(() => undefined); // awaited when its turn comes; unhandled only if never played
      return chunk;
    };
    const ranges = planChunks(texts, options.start, limits);
    let next: LoadedChunk | null = ranges[0] ? load(ranges[0]) : null;
    for (let i = 0; i < ranges.length && next; i++) {
      const chunk: LoadedChunk = next;
      const url = await chunk.audio;
      if (current !== run) return;
      // Fetch the next chunk while this one plays.
      next = ranges[i + 1] ? load(ranges[i + 1] as ChunkRange) : null;
      await playChunk(url, chunk, texts, options, current);
      URL.revokeObjectURL(url);
      objectUrls.delete(url);
      if (current !== run) return;
    }
    if (current === run) options.onEnd();
  }

  function playChunk(url: string, chunk: ChunkRange, texts: string[], options: SpeakOptions, current: number) {
    element ??= createAudio();
    const audio = element;
    const starts = sentenceStarts(texts.slice(chunk.from, chunk.to));
    let spoken = -1;
    const announce = (index: number) => {
      if (index !== spoken && current === run) {
        spoken = index;
        options.onSentence(chunk.from + index);
      }
    };
    return new Promise<void>((resolve, reject) => {
      const cleanup = () => {
        audio.ontimeupdate = null;
        audio.onended = null;
        audio.onerror = null;
      };
      audio.ontimeupdate = () => {
        if (audio.duration > 0 && Number.isFinite(audio.duration)) {
          announce(sentenceAt(starts, audio.currentTime / audio.duration));
        }
      };
      audio.onended = () => {
        cleanup();
        resolve();
      };
      audio.onerror = () => {
        cleanup();
        reject(new CloudVoiceFailed("The cloud voice's audio could not be played."));
      };
      audio.src = url;
      audio.playbackRate = options.rate;
      announce(0);
      if (!paused) {
        audio.play().catch((error: unknown) => {
          // A pause() before playback began interrupts play(): that is the reader pausing, not a failure.
          if ((error as { name?: string } | null)?.name === "AbortError") return;
          cleanup();
          reject(new CloudVoiceFailed("The browser would not play the cloud voice.", null, { cause: error }));
        });
      }
    });
  }

  return {
    name: "cloud",
    async supports(lang) {
      const answer = await loadStatus();
      return answer?.engine === "cloud" && answer.language === primaryLanguage(lang);
    },
    speak(options) {
      release();
      run += 1;
      paused = false;
      const current = run;
      play(options, current).catch((error: unknown) => {
        if (current !== run) return;
        release();
        options.onError(
          error instanceof CloudVoiceFailed
            ? error
            : new CloudVoiceFailed("The cloud voice stopped.", null, { cause: error }),
        );
      });
    },
    pause() {
      paused = true;
      element?.pause();
    },
    resume() {
      paused = false;
      if (element?.src) void element.play().catch(() => undefined);
    },
    stop() {
      run += 1;
      paused = false;
      release();
    },
  };
}
