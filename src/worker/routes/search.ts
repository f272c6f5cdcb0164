import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import type { AppEnv } from "../context";
import { requireAuth } from "../middleware/require-auth";
import { validate } from "../middleware/validate";
import { errors, jsonResponse } from "../openapi/responses";
import { clearedSearchSessionJson, searchResponseJson, searchSessionJson } from "./search-schemas";

const tags = ["Search"];

const MAX_QUERY_LENGTH = 500;
const sessionId = z.string({ error: "session_id must be a string" }).uuid("session_id is not a valid session id");

const sessionBody = z.discriminatedUnion(
  "action",
  [z.object({ action: z.literal("create") }), z.object({ action: z.literal("clear"), session_id: sessionId })],
  { error: "action must be 'create' or 'clear' (with session_id)" },
);

const chatBody = z.object({
  query: z
    .string({ error: "query must be a string" })
    .trim()
    .min(1, "query is required")
    .max(MAX_QUERY_LENGTH, `query must be at most ${MAX_QUERY_LENGTH} characters`),
  session_id: sessionId.optional(),
  limit: z
    .number({ error: "limit must be a number" })
    .int()
    .min(1, "limit must be at least 1")
    .max(50, "limit must be at most 50")
    .default(10),
  filters: z
    .object({
      domain: z.string().max(253).optional(),
      is_read: z.boolean({ error: "filters.is_read must be true or false" }).optional(),
      language: z.string().max(8).optional(),
    })
    .default({}),
  /** The browser's interface language (navigator.language), a hint of the question's language. */
  interface_language: z
    .string({ error: "interface_language must be a string" })
    .max(35, "interface_language must be at most 35 characters")
    .regex(/^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$/, "interface_language must be a language tag such as 'de-DE'")
    .optional(),
  /** Minutes east of UTC (the negated browser getTimezoneOffset()), for "yesterday" or "this week". */
  timezone_offset: z
    .number({ error: "timezone_offset must be a number" })
    .int()
    .min(-840, "timezone_offset must be between -840 and 840")
    .max(840, "timezone_offset must be between -840 and 840")
    .optional(),
});

/** Spec §7 search calls. */
export const searchRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .post(
    "/session",
    describeRoute({
      tags,
      summary: "Start or clear a search conversation",
      description: "`create` starts a session (follow-up questions read in its context); `clear` forgets it.",
      responses: {
        200: jsonResponse("The session, cleared.", clearedSearchSessionJson),
        201: jsonResponse("The new session.", searchSessionJson),
        ...errors(404),
      },
    }),
    validate("json", sessionBody),
    async (c) => {
      const body = c.req.valid("json");
      const userId = c.var.auth.user.id;
      if (body.action === "create") return c.json(await c.var.services.search.createSession(userId), 201);
      return c.json(await c.var.services.search.clearSession(userId, body.session_id), 200);
    },
  )
  .post(
    "/chat",
    describeRoute({
      tags,
      summary: "Ask the library",
      description:
        'A question in plain words: full text and meaning together, filters read from the question ("in French", ' +
        '"last week", "unread"), each result explained. With `session_id`, a follow-up reads the previous turn. ' +
        "The answer and the chat's own words are in the question's language (`language`).",
      responses: { 200: jsonResponse("The results and follow-up suggestions.", searchResponseJson), ...errors(404) },
    }),
    validate("json", chatBody),
    async (c) => {
      const { query, session_id, limit, filters, timezone_offset, interface_language } = c.req.valid("json");
      const result = await c.var.services.search.chat(c.var.auth.user.id, {
        query,
        sessionId: session_id,
        limit,
        filters,
        timezoneOffset: timezone_offset,
        interfaceLanguage: interface_language,
      });
      return c.json(result, 200);
    },
  );
