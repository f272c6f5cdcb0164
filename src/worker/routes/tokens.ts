import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../context";
import { requireAuth, requireWebSession } from "../middleware/require-auth";
import { validate } from "../middleware/validate";

const createTokenBody = z.object({
  name: z
    .string({ error: "name must be a string" })
    .trim()
    .min(1, "name is required")
    .max(100, "name must be at most 100 characters"),
});

const tokenIdParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,15}$/, "must be a positive whole number")
    .transform(Number),
});

/** Personal API tokens (issue 22). Managed from a web session only: an API token gets 403 here. */
export const tokenRoutes = new Hono<AppEnv>()
  .use(requireAuth, requireWebSession)
  .get("/", async (c) => c.json(await c.var.services.apiTokens.list(c.var.auth.user.id), 200))
  .post("/", validate("json", createTokenBody), async (c) => {
    const { name } = c.req.valid("json");
    return c.json(await c.var.services.apiTokens.create(c.var.auth.user.id, name), 201);
  })
  .delete("/:id", validate("param", tokenIdParams), async (c) => {
    await c.var.services.apiTokens.revoke(c.var.auth.user.id, c.req.valid("param").id);
    return c.body(null, 204);
  });
