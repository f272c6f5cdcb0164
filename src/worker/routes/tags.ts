import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import type { AppEnv } from "../context";
import { requireAuth } from "../middleware/require-auth";
import { jsonResponse } from "../openapi/responses";
import { tagCountsJson } from "./article-schemas";

/** The user's tags with how many articles carry each (issue 23): the dashboard's tag filter lists them. */
export const tagRoutes = new Hono<AppEnv>().use(requireAuth).get(
  "/",
  describeRoute({
    tags: ["Articles"],
    summary: "List tags",
    description: "The caller's tags with how many articles carry each, most used first.",
    responses: { 200: jsonResponse("The tags.", tagCountsJson) },
  }),
  async (c) => c.json(await c.var.services.articles.listTags(c.var.auth.user.id), 200),
);
