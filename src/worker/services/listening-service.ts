import type { ArticleRecord } from "../db/repositories/articles-repository";
import type { ListenRendersRepository } from "../db/repositories/listen-renders-repository";
import { AppError, BadRequest, ModelUnavailable, NotFound, TooManyRequests } from "../domain/errors";
import { contentText, summaryText } from "../domain/highlights/article-text";
import { audioCacheKey } from "../domain/listening/audio-cache-key";
import { chunkText, LISTEN_CHUNK_LIMITS } from "../domain/listening/chunk-rules";
import {
  LISTEN_DAILY_CHARACTERS,
  LISTEN_WINDOW_MS,
  secondsUntilRenderFits,
} from "../domain/listening/render-allowance";
import { languageName, primaryLanguage } from "../domain/listening/speech-language";
import { firstForeignSentence } from "../domain/listening/spoken-text-match";
import type { AudioCache } from "../ports/audio-cache";
import { type SpeechSynthesizer, SpeechUnavailable, type SpeechVoice } from "../ports/speech-synthesizer";

export type ListenSource = "content" | "summary";

/** How an article can be listened to here: rendered by the server (`cloud`) or read by the browser's voices. */
export interface ListenStatus {
  language: string | null;
  engine: "cloud" | "browser";
  /** Why the browser's voice reads (no cloud voice for the language, or none on this server); null for cloud. */
  reason: string | null;
  voice: { model: string; speaker: string } | null;
  limits: { first_chunk_sentences: number; max_sentences: number; max_chars: number };
}

/** One chunk's audio, streamed as the model renders it or as the cache holds it. */
export interface ListenAudio {
  contentType: string;
  body: ReadableStream<Uint8Array>;
  cache: "hit" | "miss";
  voice: SpeechVoice;
}

/** Said with every error the player answers by switching to the browser's voice. */
const FALLBACK = { fallback: "browser" } as const;

interface Dependencies {
  articles: { findById(userId: number, id: number): Promise<ArticleRecord | undefined> };
  speech: SpeechSynthesizer;
  audioCache: AudioCache;
  /** The cloud voice's renders per user, for the daily character limit. */
  renders: Pick<ListenRendersRepository, "reserve" | "release" | "since">;
  now?: () => number;
}

/**
 * Listen (issue 36): which engine reads an article, and the audio of a chunk of its sentences. Audio is rendered
 * only for sentences of the reader's own article (or its summary), at most a chunk at a time, and kept in the
 * audio cache as it streams to the reader, so a replay is served from the cache without a model call.
 */
export function createListeningService({ articles, speech, audioCache, renders, now = Date.now }: Dependencies) {
  async function owned(userId: number, articleId: number): Promise<ArticleRecord> {
    const article = await articles.findById(userId, articleId);
    if (!article) throw new NotFound("Article not found");
    return article;
  }

  /** Why no cloud voice reads `language` here, or null when one does. */
  function browserReason(language: string): string | null {
    if (speech.engine === "browser") return "This server renders no audio: your browser's voices read aloud.";
    if (!language) return "The article's language is unknown: your browser's voices read it.";
    if (!speech.voiceFor(language)) {
      return `No cloud voice speaks ${languageName(language)}: your browser's voices read it, if your device has one.`;
    }
    return null;
  }

  /**
   * Passes the audio through to the reader while keeping a copy; once the model's stream has ended, the copy goes
   * to the cache before the reader's stream closes (so the reader's next request for it is a hit). A reader who
   * stops early, or audio over the cache's bound, leaves nothing cached.
   */
  function cachedAsItStreams(key: string, audio: { contentType: string; body: ReadableStream<Uint8Array> }) {
    const parts: Uint8Array[] = [];
    let bytes = 0;
    return audio.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          controller.enqueue(chunk);
          bytes += chunk.byteLength;
          if (bytes <= audioCache.maxEntryBytes) parts.push(chunk);
        },
        async flush() {
          if (bytes === 0 || bytes > audioCache.maxEntryBytes) return;
          const whole = new Uint8Array(bytes);
          let offset = 0;
          for (const part of parts) {
            whole.set(part, offset);
            offset += part.byteLength;
          }
          await audioCache.put(key, { contentType: audio.contentType, bytes: whole });
        },
      }),
    );
  }

  /**
   * Counts a render of `characters` against the user's daily limit, or refuses it with a 429 (Retry-After: when
   * enough of the oldest renders have left the 24 hours). Returns the render's id, to release if the model fails.
   */
  async function reserveRender(userId: number, characters: number): Promise<number> {
    const at = now();
    const since = at - LISTEN_WINDOW_MS;
    const id = await renders.reserve(userId, characters, at, since, LISTEN_DAILY_CHARACTERS);
    if (id !== null) return id;
    const retryAfter = secondsUntilRenderFits(await renders.since(userId, since), characters, at);
    const hours = Math.max(1, Math.ceil(retryAfter / 3600));
    throw new TooManyRequests(
      `You have used today's cloud voice (${LISTEN_DAILY_CHARACTERS.toLocaleString("en")} characters in 24 hours): ` +
        `the browser's voice reads on. The cloud voice is back within ${hours} hour${hours === 1 ? "" : "s"}.`,
      retryAfter,
      { ...FALLBACK, limit_characters: LISTEN_DAILY_CHARACTERS, retry_after_seconds: retryAfter },
    );
  }

  return {
    async status(userId: number, articleId: number): Promise<ListenStatus> {
      const article = await owned(userId, articleId);
      const language = primaryLanguage(article.language);
      const reason = browserReason(language);
      const voice = reason ? null : speech.voiceFor(language);
      return {
        language: language || null,
        engine: voice ? "cloud" : "browser",
        reason,
        voice: voice ? { model: voice.model, speaker: voice.speaker } : null,
        limits: {
          first_chunk_sentences: LISTEN_CHUNK_LIMITS.firstChunkSentences,
          max_sentences: LISTEN_CHUNK_LIMITS.maxSentences,
          max_chars: LISTEN_CHUNK_LIMITS.maxChars,
        },
      };
    },

    async audio(
      userId: number,
      articleId: number,
      request: { source: ListenSource; sentences: string[]; language?: string | undefined },
    ): Promise<ListenAudio> {
      const article = await owned(userId, articleId);
      const language = primaryLanguage(request.language ?? article.language);
      const reason = browserReason(language);
      const voice = reason ? null : speech.voiceFor(language);
      if (!voice) throw new AppError(422, reason ?? "No cloud voice for this language", FALLBACK);

      const text = chunkText(request.sentences);
      if (text.length === 0) throw new AppError(422, "sentences: nothing to say");
      if (text.length > Math.min(LISTEN_CHUNK_LIMITS.modelMaxChars, speech.maxChars)) {
        throw new AppError(422, `sentences: at most ${LISTEN_CHUNK_LIMITS.maxChars} characters a chunk`);
      }
      const source = request.source === "summary" ? summaryText(article.summary) : contentText(article.content);
      if (!source) throw new BadRequest(`The article has no ${request.source === "summary" ? "summary" : "content"}`);
      const foreign = firstForeignSentence(request.sentences, source);
      if (foreign >= 0) {
        throw new BadRequest(
          `sentences.${foreign}: not a sentence of this article's ${request.source === "summary" ? "summary" : "text"}`,
        );
      }

      const key = await audioCacheKey({ model: voice.model, speaker: voice.speaker, language, text });
      const cached = await audioCache.get(key);
      if (cached) return { ...cached, cache: "hit", voice };
      // Only a render counts against the daily limit: a cache hit (above) costs no model call.
      const render = await reserveRender(userId, text.length);
      try {
        const rendered = await speech.synthesize(text, voice);
        return { contentType: rendered.contentType, body: cachedAsItStreams(key, rendered), cache: "miss", voice };
      } catch (error) {
        // The model made nothing: the characters do not count.
        await renders.release(userId, render);
        if (!(error instanceof SpeechUnavailable)) throw error;
        console.warn("speech model failed", error.message);
        throw new ModelUnavailable(
          error.kind === "busy",
          error.kind === "busy"
            ? "The cloud voice is busy: the browser's voice reads on. Try the cloud voice again in a moment."
            : "The cloud voice failed: the browser's voice reads on.",
          FALLBACK,
        );
      }
    },
  };
}
export type ListeningService = ReturnType<typeof createListeningService>;
