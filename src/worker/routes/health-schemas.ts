import { z } from "zod";

/** GET /api/health (routes/health.ts). */
export const healthJson = z
  .object({
    status: z.enum(["ok", "degraded"]),
    detail: z.string().optional().meta({ description: "Why it is degraded (semantic features off, and why)." }),
    degraded_parts: z
      .array(
        z.object({
          part: z.enum(["embedder", "vector_index", "language_model"]),
          detail: z.string(),
          affects: z.array(z.enum(["related", "topics", "search", "summaries", "chat_answers"])),
        }),
      )
      .meta({ description: "Each part that cannot work, why, and the features it takes down; empty when ok." }),
    environment: z.enum(["development", "staging", "production"]),
    version: z.string(),
    adapters: z.object({
      language_model: z.string(),
      embedder: z.string(),
      vector_index: z.string(),
      page_renderer: z.string(),
      speech: z.string().meta({ description: "Listen's audio: Workers AI models, or `local-browser-voice`." }),
    }),
  })
  .meta({ id: "Health" });
