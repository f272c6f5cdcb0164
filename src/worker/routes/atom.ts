import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { type AppEnv, servicesPerShard } from "../context";
import { NotFound } from "../domain/errors";
import { validate } from "../middleware/validate";
import { errors } from "../openapi/responses";
import { atomParams } from "./feeds-schemas";

/**
 * GET /api/atom/{secret}: a published feed (the reader's Library or a tag of it) as Atom. No sign-in: feed readers
 * and automations send no token, so the unguessable secret in the address is the permission; a revoked or unknown
 * one is 404, like anything missing.
 */
export const atomRoutes = new Hono<AppEnv>().get(
  "/:token",
  describeRoute({
    tags: ["Feeds"],
    summary: "A published feed (Atom)",
    description:
      "The address given when the feed was published. Atom 1.0: the newest 50 articles with title, link, dates, " +
      'author, summary and content (HTML, escaped as Atom\'s type="html" requires). No bearer token.',
    security: [],
    responses: {
      200: { description: "The feed.", content: { "application/atom+xml": { schema: { type: "string" } } } },
      ...errors(404, 422),
    },
  }),
  validate("param", atomParams),
  async (c) => {
    const url = new URL(c.req.url);
    const urls = { self: url.href, site: `${url.origin}/` };
    // The secret names no user, so no shard: each shard is asked in turn (one indexed lookup each).
    let xml: string | null = null;
    for (const services of servicesPerShard(c.env)) {
      try {
        xml = await services.publishedFeeds.atom(c.req.valid("param").token, urls);
        break;
      } catch (error) {
        if (!(error instanceof NotFound)) throw error;
      }
    }
    if (xml === null) throw new NotFound("Feed not found");
    return c.body(xml, 200, {
      "content-type": "application/atom+xml; charset=utf-8",
      // The address is a secret: not for shared caches, and not to be leaked onward from the feed's links.
      "cache-control": "private, max-age=300",
      "referrer-policy": "no-referrer",
      "x-robots-tag": "noindex",
    });
  },
);
