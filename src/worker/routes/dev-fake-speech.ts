import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import { localFakeSpeechModel } from "../adapters/factory";
import type { AppEnv } from "../context";
import { NotFound } from "../domain/errors";
import { requireAuth } from "../middleware/require-auth";
import { validate } from "../middleware/validate";
import { errors } from "../openapi/responses";

const failureBody = z
  .object({
    about: z.string().min(10).max(300).meta({ description: "A phrase of the text whose next render fails." }),
    failure: z.enum(["rate-limit", "capacity", "timeout"]).meta({ description: "How the model fails." }),
  })
  .strict();

/**
 * Development only (LISTEN_FAKE_SPEECH): plans a failure of the local server's fake speech model, so an end-to-end
 * test sees the cloud voice fail and the player fall back to the browser's voice. 404 without the setting, which
 * staging and production refuse.
 */
export const devFakeSpeechRoutes = new Hono<AppEnv>().use("/fake-speech/failures", requireAuth).post(
  "/fake-speech/failures",
  describeRoute({
    tags: ["Listen"],
    summary: "Plan a failure of the local fake speech model",
    description:
      "Development only, with LISTEN_FAKE_SPEECH set (docs/configuration.md): the next render of the fake " +
      "text-to-speech model whose text contains `about` fails as Workers AI fails (429, capacity, timeout). 404 " +
      "on any other server.",
    responses: { 204: { description: "Planned." }, ...errors(401, 404, 422) },
  }),
  validate("json", failureBody),
  (c) => {
    if (c.var.config.listenFakeSpeech.length === 0) throw new NotFound();
    const { about, failure } = c.req.valid("json");
    localFakeSpeechModel.failAbout(about, failure);
    return c.body(null, 204);
  },
);
