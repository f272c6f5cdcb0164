import { z } from "zod";
import { articleJson, isoTime } from "./article-schemas";

/** Response shapes of the search API (services/search-service.ts). */
export const searchSessionJson = z.object({ session_id: z.uuid() }).meta({ id: "SearchSession" });

export const clearedSearchSessionJson = z
  .object({ session_id: z.uuid(), cleared: z.literal(true) })
  .meta({ id: "ClearedSearchSession" });

export const searchResponseJson = z
  .object({
    results: z.array(
      z.object({
        article: articleJson,
        relevance_score: z.number(),
        match_explanation: z.string().meta({ description: "Why this article matches, quoting where it does." }),
      }),
    ),
    total_found: z.int(),
    search_time_ms: z.int(),
    suggestions: z.array(z.string()).meta({ description: "Follow-up questions to offer." }),
    session_id: z.string().nullable(),
    effective_query: z.string().meta({ description: "What was searched, after reading a follow-up in context." }),
    applied_filters: z.object({
      language: z.string().nullable(),
      domain: z.string().nullable(),
      saved_since: isoTime().nullable(),
      saved_before: isoTime().nullable(),
      is_read: z.boolean().nullable(),
    }),
    refers_to: z.int().nullable().meta({ description: "The previous result a follow-up points back at." }),
    answer: z
      .object({
        text: z.string().meta({ description: "Plain text; [n] cites the n-th result (1-based)." }),
        found: z.boolean().meta({ description: "False: 'I found nothing about that in your library'." }),
        citations: z.array(z.object({ number: z.int(), article_id: z.int() })),
      })
      .nullable()
      .meta({
        description:
          "A short answer from the shown results, in the question's language, each sentence citing its results. " +
          "Null when the question only lists articles or the model failed (then `notice` says so).",
      }),
    degraded: z.boolean().meta({ description: "True when part of the search (meaning) was unavailable." }),
    notice: z.string().nullable(),
  })
  .meta({ id: "SearchResponse" });
