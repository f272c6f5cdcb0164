import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import type { AppEnv } from "../context";
import { requestTopicsRefresh } from "../jobs/topics-scheduler";
import { requireAuth } from "../middleware/require-auth";
import { validate } from "../middleware/validate";
import { errors, jsonResponse, noContent } from "../openapi/responses";
import { wholeNumber } from "./article-schemas";
import { topicDetailJson, topicListJson } from "./topic-schemas";

const tags = ["Topics"];

const flag = (name: string, fallback: boolean) =>
  z
    .enum(["true", "false", "1", "0"], { error: `${name} must be true or false` })
    .transform((v) => v === "true" || v === "1")
    .default(fallback);

const topicIdParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,16}$/, "must be a positive whole number")
    .transform(Number)
    .pipe(z.number().min(1, "must be a positive whole number")),
});

const listQuery = z.object({ limit: wholeNumber("limit", 1, 50).default(12), unread_only: flag("unread_only", true) });
const detailQuery = z.object({
  unread_only: flag("unread_only", false),
  limit: wholeNumber("limit", 1, 100).default(20),
  offset: wholeNumber("offset", 0, 1_000_000).default(0),
});

/** Spec §7 topic calls. */
export const topicRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get(
    "/",
    describeRoute({
      tags,
      summary: "List topics",
      description: "The library's topics (clusters of articles by meaning), best first; by default only unread ones.",
      responses: { 200: jsonResponse("The topics.", topicListJson) },
    }),
    validate("query", listQuery),
    async (c) => {
      const { limit, unread_only } = c.req.valid("query");
      const userId = c.var.auth.user.id;
      const body = await c.var.services.topics.list(userId, { limit, unreadOnly: unread_only });
      // A run without an embedder finds no vectors: none is asked for while the answer says topics are off.
      if (body.degraded) return c.json(body, 200);
      // Self-healing, after the response: if a completed article is still missing from the topics (its run is
      // pending, or the runtime lost it), ask for a run again. Same-minute requests share one run.
      c.executionCtx.waitUntil(
        c.var.services.topics
          .isBehind(userId)
          .then((behind) =>
            behind
              ? requestTopicsRefresh(c.env.TOPICS_WORKFLOW, userId, c.var.config.topicsDebounceSeconds)
              : undefined,
          )
          .catch((error) => console.error("Could not check whether topics are behind", userId, error)),
      );
      return c.json(body, 200);
    },
  )
  .get(
    "/:id",
    describeRoute({
      tags,
      summary: "Get a topic",
      description: "The topic with a page of its articles, closest first.",
      responses: { 200: jsonResponse("The topic and its articles.", topicDetailJson), ...errors(404) },
    }),
    validate("param", topicIdParams),
    validate("query", detailQuery),
    async (c) => {
      const { unread_only, limit, offset } = c.req.valid("query");
      const topic = await c.var.services.topics.detail(c.var.auth.user.id, c.req.valid("param").id, {
        unreadOnly: unread_only,
        limit,
        offset,
      });
      return c.json(topic, 200);
    },
  )
  .delete(
    "/:id",
    describeRoute({
      tags,
      summary: "Delete a topic",
      description: "Removes the topic; its articles stay in the library.",
      responses: { 204: noContent, ...errors(404) },
    }),
    validate("param", topicIdParams),
    async (c) => {
      await c.var.services.topics.remove(c.var.auth.user.id, c.req.valid("param").id);
      return c.body(null, 204);
    },
  );
