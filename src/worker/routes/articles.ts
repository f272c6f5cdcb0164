import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import type { AppEnv } from "../context";
import { requireAuth } from "../middleware/require-auth";
import { validate } from "../middleware/validate";
import { errors, jsonResponse, noContent } from "../openapi/responses";
import {
  articleIdParams,
  articleJson,
  articleListJson,
  batchStatusBody,
  batchStatusJson,
  bulkBody,
  bulkResultJson,
  createBody,
  duplicateArticleError,
  feedbackBody,
  feedbackJson,
  listQuery,
  relatedJson,
  relatedQuery,
  resummarizedArticleJson,
  statsJson,
  statsQuery,
  tagsBody,
  updateBody,
} from "./article-schemas";

const tags = ["Articles"];
const article = (description: string) => jsonResponse(description, articleJson);

/** Spec §7 article calls. Static paths come before `/:id` so they are never read as ids. */
export const articleRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get(
    "/stats/overview",
    describeRoute({
      tags,
      summary: "Reading statistics",
      description: "Totals, streak, daily activity, top domains and recent activity, by the caller's local day.",
      responses: { 200: jsonResponse("The statistics.", statsJson) },
    }),
    validate("query", statsQuery),
    async (c) => {
      const { timezone_offset } = c.req.valid("query");
      return c.json(await c.var.services.articles.statistics(c.var.auth.user.id, timezone_offset), 200);
    },
  )
  .post(
    "/batch/status",
    describeRoute({
      tags,
      summary: "Processing status of several articles",
      description: "For polling saves in progress; ids that are not the caller's are listed in `missing_ids`.",
      responses: { 200: jsonResponse("The statuses, in the order asked.", batchStatusJson) },
    }),
    validate("json", batchStatusBody),
    async (c) => {
      const { article_ids } = c.req.valid("json");
      return c.json(await c.var.services.articles.batchStatus(c.var.auth.user.id, article_ids), 200);
    },
  )
  .post(
    "/bulk",
    describeRoute({
      tags,
      summary: "Save many links",
      description: "Saves up to 500 URLs at once; every input gets a result, in input order.",
      responses: { 200: jsonResponse("One result per URL, and the counts.", bulkResultJson) },
    }),
    validate("json", bulkBody),
    async (c) => {
      const { urls } = c.req.valid("json");
      return c.json(await c.var.services.articles.createMany(c.var.auth.user.id, urls), 200);
    },
  )
  .get(
    "/",
    describeRoute({
      tags,
      summary: "List articles",
      description:
        "The library, newest first, a page at a time; filter by full-text search, domain, tag or highlights.",
      responses: { 200: jsonResponse("A page of articles (without their content).", articleListJson) },
    }),
    validate("query", listQuery),
    async (c) => {
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
    },
  )
  .post(
    "/",
    describeRoute({
      tags,
      summary: "Save a link",
      description:
        "Saves the URL as `pending` and queues its processing (fetch, extract, summarise). With `html` (the page as " +
        "the browser has it: bookmarklet, extension) nothing is fetched.",
      responses: {
        201: article("The saved article, processing."),
        409: jsonResponse("Already in the library: the article that is there.", duplicateArticleError),
        ...errors(413),
      },
    }),
    validate("json", createBody),
    async (c) => {
      const { url, html } = c.req.valid("json");
      return c.json(await c.var.services.articles.create(c.var.auth.user.id, url, html), 201);
    },
  )
  .get(
    "/:id",
    describeRoute({
      tags,
      summary: "Get an article",
      description:
        "One article with its content, tags, note, reading position, highlight count and its pictures' addresses " +
        "through the image proxy.",
      responses: { 200: article("The article."), ...errors(404) },
    }),
    validate("param", articleIdParams),
    async (c) => {
      const article = await c.var.services.articles.get(c.var.auth.user.id, c.req.valid("param").id);
      // Its pictures through the Worker (issue 50), so they show when their site is down and offline.
      return c.json({ ...article, images: await c.var.services.imageProxy.addressesFor(article) }, 200);
    },
  )
  .put(
    "/:id",
    describeRoute({
      tags,
      summary: "Edit an article",
      description: "Changes the title, author, read state or the note; any other field is refused with 422.",
      responses: { 200: article("The article as changed."), ...errors(404) },
    }),
    validate("param", articleIdParams),
    validate("json", updateBody),
    async (c) => {
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
    },
  )
  .put(
    "/:id/tags",
    describeRoute({
      tags,
      summary: "Set an article's tags",
      description: "Replaces the whole tag list (an empty list removes them all); repeats are dropped.",
      responses: { 200: article("The article with its new tags."), ...errors(404) },
    }),
    validate("param", articleIdParams),
    validate("json", tagsBody),
    async (c) => {
      const { id } = c.req.valid("param");
      return c.json(await c.var.services.articles.setTags(c.var.auth.user.id, id, c.req.valid("json").tags), 200);
    },
  )
  .delete(
    "/:id",
    describeRoute({
      tags,
      summary: "Delete an article",
      description: "Deletes the article with its highlights, note and tags.",
      responses: { 204: noContent, ...errors(404) },
    }),
    validate("param", articleIdParams),
    async (c) => {
      await c.var.services.articles.remove(c.var.auth.user.id, c.req.valid("param").id);
      return c.body(null, 204);
    },
  )
  .post(
    "/:id/mark-read",
    describeRoute({
      tags,
      summary: "Mark read",
      responses: { 200: article("The article, read."), ...errors(404) },
    }),
    validate("param", articleIdParams),
    async (c) => {
      return c.json(await c.var.services.articles.markRead(c.var.auth.user.id, c.req.valid("param").id), 200);
    },
  )
  .post(
    "/:id/mark-unread",
    describeRoute({
      tags,
      summary: "Mark unread",
      responses: { 200: article("The article, unread."), ...errors(404) },
    }),
    validate("param", articleIdParams),
    async (c) => {
      return c.json(await c.var.services.articles.markUnread(c.var.auth.user.id, c.req.valid("param").id), 200);
    },
  )
  .post(
    "/:id/regenerate-summary",
    describeRoute({
      tags,
      summary: "Summarise again",
      description:
        "Writes the summary again from the stored content, in the request (it may take up to two minutes). When the " +
        "model fails the article comes back unchanged with `degraded` and a `notice`.",
      responses: {
        200: jsonResponse("The article with its new summary.", resummarizedArticleJson),
        ...errors(404, 409),
      },
    }),
    validate("param", articleIdParams),
    async (c) => {
      return c.json(await c.var.services.articles.regenerateSummary(c.var.auth.user.id, c.req.valid("param").id), 200);
    },
  )
  .post(
    "/:id/refetch-content",
    describeRoute({
      tags,
      summary: "Fetch the page again",
      description: "Processes the article again from its URL and answers when that run ends (or is still running).",
      responses: { 200: article("The article after the run, or still in progress."), ...errors(404, 409) },
    }),
    validate("param", articleIdParams),
    async (c) => {
      return c.json(await c.var.services.articles.refetchContent(c.var.auth.user.id, c.req.valid("param").id), 200);
    },
  )
  .get(
    "/:id/related",
    describeRoute({
      tags,
      summary: "Related articles",
      description: "The library's articles closest in meaning; empty with `degraded` when they cannot be computed.",
      responses: { 200: jsonResponse("The related articles, closest first.", relatedJson), ...errors(404) },
    }),
    validate("param", articleIdParams),
    validate("query", relatedQuery),
    async (c) => {
      const { id } = c.req.valid("param");
      return c.json(await c.var.services.related.related(c.var.auth.user.id, id, c.req.valid("query")), 200);
    },
  )
  .post(
    "/:id/feedback",
    describeRoute({
      tags,
      summary: "Rate the summary",
      description: "-1 (poor), 0 (alright) or 1 (good); a new rating replaces the old one.",
      responses: { 200: jsonResponse("The rating.", feedbackJson), ...errors(404) },
    }),
    validate("param", articleIdParams),
    validate("json", feedbackBody),
    async (c) => {
      const { id } = c.req.valid("param");
      const { feedback } = c.req.valid("json");
      return c.json(await c.var.services.articles.setFeedback(c.var.auth.user.id, id, feedback), 200);
    },
  )
  .get(
    "/:id/feedback",
    describeRoute({
      tags,
      summary: "Get the rating",
      description: "The rating, or (never rated) the same shape with every field of the rating null.",
      responses: { 200: jsonResponse("The rating.", feedbackJson), ...errors(404) },
    }),
    validate("param", articleIdParams),
    async (c) => {
      return c.json(await c.var.services.articles.getFeedback(c.var.auth.user.id, c.req.valid("param").id), 200);
    },
  );
