import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import type { AppEnv } from "../context";
import { requireAuth } from "../middleware/require-auth";
import { validate } from "../middleware/validate";
import { errors, jsonResponse } from "../openapi/responses";
import { articleIdParams } from "./article-schemas";
import { listenAudioBody, listenStatusJson } from "./listen-schemas";

const tags = ["Listen"];

/**
 * Listen (issue 36): which engine reads an article aloud, and the cloud voice's audio, one chunk of the article's
 * sentences at a time. Mounted under /articles before the article routes.
 */
export const listenRoutes = new Hono<AppEnv>()
  .use("/:id/listen", requireAuth)
  .use("/:id/listen/audio", requireAuth)
  .get(
    "/:id/listen",
    describeRoute({
      tags,
      summary: "How to listen to an article",
      description:
        "The article's language and the engine that reads it: `cloud` (ask `POST .../listen/audio` chunk by chunk) " +
        "or `browser` (the browser's own voices; `reason` says why), and what one chunk may carry.",
      responses: { 200: jsonResponse("The engine and its limits.", listenStatusJson), ...errors(404) },
    }),
    validate("param", articleIdParams),
    async (c) => {
      return c.json(await c.var.services.listening.status(c.var.auth.user.id, c.req.valid("param").id), 200);
    },
  )
  .post(
    "/:id/listen/audio",
    describeRoute({
      tags,
      summary: "Audio of a chunk of an article",
      description:
        "The cloud voice reading the given sentences, streamed as the model renders them (or from the cache: a " +
        "replay costs no model call; `X-Listen-Cache` says `hit` or `miss`). The sentences must be the article's " +
        "own (or its summary's), else 400. A model failure answers 503 (busy; `Retry-After`) or 502 with " +
        '`fallback: "browser"`, and so does a language no cloud voice speaks (422): the player reads on with the ' +
        "browser's voice. Each user's renders are limited to 300,000 characters in any 24 hours (cache hits do " +
        'not count): past that, 429 with `Retry-After` and `fallback: "browser"`.',
      responses: {
        200: {
          description: "The audio, in the model's format (MP3).",
          headers: {
            "X-Listen-Cache": {
              description: "`hit`: from the cache; `miss`: rendered now.",
              schema: { type: "string" },
            },
            "X-Listen-Voice": { description: "The model and speaker, `model#speaker`.", schema: { type: "string" } },
          },
          content: { "audio/mpeg": { schema: { type: "string", format: "binary" } } },
        },
        ...errors(400, 404, 422, 429, 502, 503),
      },
    }),
    validate("param", articleIdParams),
    validate("json", listenAudioBody),
    async (c) => {
      const audio = await c.var.services.listening.audio(
        c.var.auth.user.id,
        c.req.valid("param").id,
        c.req.valid("json"),
      );
      return c.body(audio.body, 200, {
        "Content-Type": audio.contentType,
        // A POST is not cached by browsers anyway; the server's audio cache is what makes a replay free.
        "Cache-Control": "private, no-store",
        "X-Listen-Cache": audio.cache,
        "X-Listen-Voice": `${audio.voice.model}#${audio.voice.speaker}`,
      });
    },
  );
