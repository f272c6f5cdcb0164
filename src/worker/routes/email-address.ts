import { Hono } from "hono";
import type { AppEnv } from "../context";
import { requireAuth } from "../middleware/require-auth";

/** The signed-in user's private save-by-email address (created on first read) and its rotation. */
export const emailAddressRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get("/", async (c) => c.json(await c.var.services.emailCapture.address(c.var.auth.user.id), 200))
  .post("/rotate", async (c) => c.json(await c.var.services.emailCapture.rotate(c.var.auth.user.id), 200));
