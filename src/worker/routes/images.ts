import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import type { AppEnv } from "../context";
import { AppError } from "../domain/errors";
import { validate } from "../middleware/validate";
import { errors } from "../openapi/responses";
import { FetchFailure } from "../services/fetching/fetch-failure";

const imageParams = z.object({
  articleId: z
    .string()
    .regex(/^\d{1,15}$/, "must be a positive whole number")
    .transform(Number),
  signature: z.string().regex(/^[\w-]{16,64}$/, "not a signature this API gave"),
});

const imageQuery = z.object({
  src: z.string({ error: "src is required" }).min(1, "src is required").max(2048, "src is at most 2,048 characters"),
});

/**
 * What a proxied picture is served with: a year in the browser's cache (the address names the picture and never
 * changes), its type as it is (nosniff), and, should it be opened as a page (an SVG), no scripts, no loads.
 */
const IMAGE_HEADERS = {
  "Cache-Control": "private, max-age=31536000, immutable",
  "X-Content-Type-Options": "nosniff",
  "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  "Cross-Origin-Resource-Policy": "same-origin",
};

/**
 * GET /api/images/{articleId}/{signature}?src=...: an article's picture through the Worker (issue 50). No bearer
 * token (an <img> sends none): the signature, given only with the article to its owner, is the permission.
 */
export const imageRoutes = new Hono<AppEnv>().get(
  "/:articleId/:signature",
  describeRoute({
    tags: ["Articles"],
    summary: "An article's picture",
    description:
      "The addresses come with GET /api/articles/{id} (`images`); each is signed for that article and picture, so " +
      "no sign-in is needed and no other address can be fetched. Fetched once through the server's SSRF guard " +
      "(JPEG, PNG, GIF, WebP, AVIF or SVG, at most 5 MB, within the fetch time limit), then served from the image " +
      "cache, also when the site is down. 404 for a wrong signature; 502 when the site does not give the picture.",
    security: [],
    responses: {
      200: { description: "The picture.", content: { "image/*": { schema: { type: "string", format: "binary" } } } },
      ...errors(404, 502),
    },
  }),
  validate("param", imageParams),
  validate("query", imageQuery),
  async (c) => {
    const { articleId, signature } = c.req.valid("param");
    const { src } = c.req.valid("query");
    try {
      const image = await c.var.services.imageProxy.serve(articleId, signature, src);
      return new Response(image.body, {
        headers: {
          ...IMAGE_HEADERS,
          "Content-Type": image.contentType,
          "Content-Length": String(image.size),
          "X-VibeRead-Image-Cache": image.fromCache ? "hit" : "miss",
        },
      });
    } catch (error) {
      if (error instanceof FetchFailure) throw new AppError(502, `The picture could not be fetched: ${error.message}`);
      throw error;
    }
  },
);
