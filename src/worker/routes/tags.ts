import { Hono } from "hono";
import type { AppEnv } from "../context";
import { requireAuth } from "../middleware/require-auth";

/** The user's tags with how many articles carry each (issue 23): the dashboard's tag filter lists them. */
export const tagRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get("/", async (c) => c.json(await c.var.services.articles.listTags(c.var.auth.user.id), 200));
