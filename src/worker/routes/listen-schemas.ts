import { z } from "zod";
import { LISTEN_CHUNK_LIMITS } from "../domain/listening/chunk-rules";

/** Request and response shapes of Listen (routes/listen.ts, services/listening-service.ts). */
export const listenStatusJson = z
  .object({
    language: z.string().nullable().meta({ description: "The article's language (ISO 639-1), null when unknown." }),
    engine: z.enum(["cloud", "browser"]).meta({
      description: "`cloud`: ask this server for the audio, chunk by chunk; `browser`: the browser's voices read.",
    }),
    reason: z.string().nullable().meta({ description: "Why the browser's voices read; null for `cloud`." }),
    voice: z.object({ model: z.string(), speaker: z.string() }).nullable(),
    limits: z
      .object({ first_chunk_sentences: z.int(), max_sentences: z.int(), max_chars: z.int() })
      .meta({ description: "What one audio request may carry; the first chunk small, so the sound starts soon." }),
  })
  .meta({ id: "ListenStatus" });

export const listenAudioBody = z
  .object({
    source: z
      .enum(["content", "summary"])
      .meta({ description: "Whether the sentences are the article's or its summary's." }),
    sentences: z
      .array(z.string().min(1).max(LISTEN_CHUNK_LIMITS.maxSentenceChars))
      .min(1)
      .max(LISTEN_CHUNK_LIMITS.maxSentences)
      .meta({
        description: "The next sentences to hear, in order, as the page shows them; each must be the article's.",
      }),
    language: z
      .string()
      .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/, "must be a BCP 47 language tag")
      .optional()
      .meta({ description: "The language to read in; the article's when left out." }),
  })
  .strict();
