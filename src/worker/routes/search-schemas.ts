import { z } from "zod";
import { ANSWER_LANGUAGES } from "../domain/answers/question-language";
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
        relevance_score: z.number().meta({
          description:
            "How much of the question the article covers, 0 to 1: the share of its subject words it uses (0.7 to 1 with " +
            "all of them), or for a match by meaning alone its similarity above the library's average (at most 0.5).",
        }),
        fit: z.enum(["match", "close"]).meta({
          description:
            "'match': it uses at least half of the question's subject words (or passes a question of filters only); " +
            "'close': fewer or none, only near in meaning. The chat shows close results under their own heading.",
        }),
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
    language: z.enum(ANSWER_LANGUAGES).meta({
      description:
        "The question's language, which the answer, the notice, the explanations and the suggestions are written in " +
        "(and the client's headings).",
    }),
    answer: z
      .object({
        text: z.string().meta({ description: "Plain text; [n] cites the n-th result (1-based)." }),
        found: z.boolean().meta({
          description: "False: 'I found nothing about that in your library': no shown result fits the question.",
        }),
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
