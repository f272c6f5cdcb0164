import { Hono } from "hono";
import type { AppEnv } from "../context";
import { requireAuth } from "../middleware/require-auth";
import { validate } from "../middleware/validate";
import type { NewHighlightInput } from "../services/highlights-service";
import { articleIdParams } from "./article-schemas";
import {
  type CreateHighlightBody,
  createHighlightBody,
  highlightIdParams,
  libraryHighlightsQuery,
  patchHighlightBody,
  progressBody,
} from "./highlight-schemas";

/** The service's input from a request body: selectors as the viewer sends them, or a bare quote. */
function newHighlightInput(body: CreateHighlightBody): NewHighlightInput {
  const quote = body.selectors?.find((s) => s.type === "TextQuoteSelector");
  const position = body.selectors?.find((s) => s.type === "TextPositionSelector");
  return {
    target: body.target,
    color: body.color,
    note: body.note ?? null,
    quote: quote ?? { exact: body.quote ?? "", prefix: "", suffix: "" },
    position: position ? { start: position.start, end: position.end } : undefined,
    clientId: body.client_id,
  };
}

/** /api/articles/{id}/highlights and /api/articles/{id}/progress (issue 32). */
export const articleHighlightRoutes = new Hono<AppEnv>()
  .use("/:id/highlights", requireAuth)
  .use("/:id/progress", requireAuth)
  .get("/:id/highlights", validate("param", articleIdParams), async (c) => {
    const { id } = c.req.valid("param");
    return c.json(await c.var.services.highlights.ofArticle(c.var.auth.user.id, id), 200);
  })
  .post("/:id/highlights", validate("param", articleIdParams), validate("json", createHighlightBody), async (c) => {
    const { id } = c.req.valid("param");
    const body = newHighlightInput(c.req.valid("json"));
    return c.json(await c.var.services.highlights.create(c.var.auth.user.id, id, body), 201);
  })
  .put("/:id/progress", validate("param", articleIdParams), validate("json", progressBody), async (c) => {
    const { id } = c.req.valid("param");
    const { position, progress, client_updated_at } = c.req.valid("json");
    const stored = await c.var.services.highlights.writePosition(
      c.var.auth.user.id,
      id,
      { offset: position, progress },
      client_updated_at,
    );
    return c.json(stored, 200);
  });

/** /api/highlights: the whole library's highlights, and one highlight's colour, note and deletion. */
export const highlightRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get("/", validate("query", libraryHighlightsQuery), async (c) => {
    return c.json(await c.var.services.highlights.library(c.var.auth.user.id, c.req.valid("query")), 200);
  })
  .patch("/:id", validate("param", highlightIdParams), validate("json", patchHighlightBody), async (c) => {
    const { id } = c.req.valid("param");
    const { client_updated_at, ...patch } = c.req.valid("json");
    return c.json(await c.var.services.highlights.update(c.var.auth.user.id, id, patch, client_updated_at), 200);
  })
  .delete("/:id", validate("param", highlightIdParams), async (c) => {
    await c.var.services.highlights.remove(c.var.auth.user.id, c.req.valid("param").id);
    return c.body(null, 204);
  });
