import { z } from "zod";
import { isoTime } from "./article-schemas";

/** Response shapes of the topics API (services/topics-service.ts). */
export const topicJson = z
  .object({
    id: z.int(),
    label: z.string(),
    keywords: z.array(z.string()),
    final_score: z.number(),
    unread_count: z.int(),
    cluster_size: z.int(),
    article_count: z.int(),
    avg_recency_days: z.number(),
    avg_feedback_score: z.number().nullable(),
    created_at: isoTime(),
    algorithm: z.string(),
    language: z.string().nullable().meta({
      description:
        "The language (ISO 639-1) of all the topic's articles when topics are made per language (an embedder that cannot compare languages); null when a topic may span languages, and for 'Other articles'.",
    }),
    topic_metadata: z.object({
      silhouette_score: z.number(),
      topic_silhouette_score: z.number(),
      article_count: z.int(),
      generated_from: z.string(),
    }),
  })
  .meta({ id: "Topic" });

/** `degraded: true` when topics cannot be made now (no embedder); `notice` says why, for the screens to show. */
const degradedFields = {
  degraded: z.boolean(),
  notice: z.string().nullable().meta({ description: "Why topics are degraded (semantic features off, and why)." }),
};

export const topicListJson = z
  .object({ topics: z.array(topicJson), total: z.int(), ...degradedFields })
  .meta({ id: "TopicList" });

export const topicDetailJson = topicJson
  .extend({
    articles: z.array(
      z.object({
        id: z.int(),
        title: z.string().nullable(),
        summary: z.string().nullable(),
        author: z.string().nullable(),
        domain: z.string().nullable(),
        created_at: isoTime(),
        is_read: z.boolean(),
        similarity: z.number(),
      }),
    ),
    pagination: z.object({ total: z.int(), limit: z.int(), offset: z.int(), page: z.int(), pages: z.int() }),
    ...degradedFields,
  })
  .meta({ id: "TopicDetail" });
