import { Hono } from "hono";
import type { AppEnv } from "../context";
import { requireAuth } from "../middleware/require-auth";
import { validate } from "../middleware/validate";
import {
  articleIdParams,
  batchStatusBody,
  bulkBody,
  createBody,
  feedbackBody,
  listQuery,
  relatedQuery,
  statsQuery,
  tagsBody,
  updateBody,
} from "./article-schemas";

/** Spec §7 article calls. Static paths come before `/:id` so they are never read as ids. */
export const articleRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get("/stats/overview", validate("query", statsQuery), async (c) => {
    const { timezone_offset } = c.req.valid("query");
    return c.json(await c.var.services.articles.statistics(c.var.auth.user.id, timezone_offset), 200);
  })
  .post("/batch/status", validate("json", batchStatusBody), async (c) => {
    const { article_ids } = c.req.valid("json");
    return c.json(await c.var.services.articles.batchStatus(c.var.auth.user.id, article_ids), 200);
  })
  .post("/bulk", validate("json", bulkBody), async (c) => {
    const { urls } = c.req.valid("json");
    return c.json(await c.var.services.articles.createMany(c.var.auth.user.id, urls), 200);
  })
  .get("/", validate("query", listQuery), async (c) => {
    const { page, per_page, search, domain, tag, has_highlights } = c.req.valid("query");
    const result = await c.var.services.articles.list(c.var.auth.user.id, {
      page,
      perPage: per_page,
      search,
      domain,
      tag,
      hasHighlights: has_highlights,
    });
    return c.json(result, 200);
  })
  .post("/", validate("json", createBody), async (c) => {
    const { url, html } = c.req.valid("json");
    return c.json(await c.var.services.articles.create(c.var.auth.user.id, url, html), 201);
  })
  .get("/:id", validate("param", articleIdParams), async (c) => {
    return c.json(await c.var.services.articles.get(c.var.auth.user.id, c.req.valid("param").id), 200);
  })
  .put("/:id", validate("param", articleIdParams), validate("json", updateBody), async (c) => {
    const { id } = c.req.valid("param");
    const userId = c.var.auth.user.id;
    const { note, note_updated_at, ...fields } = c.req.valid("json");
    if (note !== undefined) await c.var.services.highlights.writeNote(userId, id, note, note_updated_at);
    const changesArticle = Object.values(fields).some((value) => value !== undefined);
    return c.json(
      changesArticle
        ? await c.var.services.articles.update(userId, id, fields)
        : await c.var.services.articles.get(userId, id),
      200,
    );
  })
  .put("/:id/tags", validate("param", articleIdParams), validate("json", tagsBody), async (c) => {
    const { id } = c.req.valid("param");
    return c.json(await c.var.services.articles.setTags(c.var.auth.user.id, id, c.req.valid("json").tags), 200);
  })
  .delete("/:id", validate("param", articleIdParams), async (c) => {
    await c.var.services.articles.remove(c.var.auth.user.id, c.req.valid("param").id);
    return c.body(null, 204);
  })
  .post("/:id/mark-read", validate("param", articleIdParams), async (c) => {
    return c.json(await c.var.services.articles.markRead(c.var.auth.user.id, c.req.valid("param").id), 200);
  })
  .post("/:id/mark-unread", validate("param", articleIdParams), async (c) => {
    return c.json(await c.var.services.articles.markUnread(c.var.auth.user.id, c.req.valid("param").id), 200);
  })
  .post("/:id/regenerate-summary", validate("param", articleIdParams), async (c) => {
    return c.json(await c.var.services.articles.regenerateSummary(c.var.auth.user.id, c.req.valid("param").id), 200);
  })
  .post("/:id/refetch-content", validate("param", articleIdParams), async (c) => {
    return c.json(await c.var.services.articles.refetchContent(c.var.auth.user.id, c.req.valid("param").id), 200);
  })
  .get("/:id/related", validate("param", articleIdParams), validate("query", relatedQuery), async (c) => {
    const { id } = c.req.valid("param");
    return c.json(await c.var.services.related.related(c.var.auth.user.id, id, c.req.valid("query")), 200);
  })
  .post("/:id/feedback", validate("param", articleIdParams), validate("json", feedbackBody), async (c) => {
    const { id } = c.req.valid("param");
    const { feedback } = c.req.valid("json");
    return c.json(await c.var.services.articles.setFeedback(c.var.auth.user.id, id, feedback), 200);
  })
  .get("/:id/feedback", validate("param", articleIdParams), async (c) => {
    return c.json(await c.var.services.articles.getFeedback(c.var.auth.user.id, c.req.valid("param").id), 200);
  });
