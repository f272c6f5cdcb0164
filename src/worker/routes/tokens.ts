import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import type { AppEnv } from "../context";
import { requireAuth, requireWebSession } from "../middleware/require-auth";
import { validate } from "../middleware/validate";
import { errors, jsonResponse, noContent } from "../openapi/responses";
import { apiTokenListJson, createdApiTokenJson } from "./token-schemas";

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

const tags = ["API tokens"];

/** Personal API tokens (issue 22). Managed from a web session only: an API token gets 403 here. */
export const tokenRoutes = new Hono<AppEnv>()
  .use(requireAuth, requireWebSession)
  .get(
    "/",
    describeRoute({
      tags,
      summary: "List API tokens",
      description: "The caller's personal API tokens (never the tokens themselves).",
      responses: { 200: jsonResponse("The tokens.", apiTokenListJson) },
    }),
    async (c) => c.json(await c.var.services.apiTokens.list(c.var.auth.user.id), 200),
  )
  .post(
    "/",
    describeRoute({
      tags,
      summary: "Create an API token",
      description: "For scripts, the extension and the bookmarklet: the token is in this answer only.",
      responses: { 201: jsonResponse("The new token.", createdApiTokenJson), ...errors(409) },
    }),
    validate("json", createTokenBody),
    async (c) => {
      const { name } = c.req.valid("json");
      return c.json(await c.var.services.apiTokens.create(c.var.auth.user.id, name), 201);
    },
  )
  .delete(
    "/:id",
    describeRoute({
      tags,
      summary: "Revoke an API token",
      responses: { 204: noContent, ...errors(404) },
    }),
    validate("param", tokenIdParams),
    async (c) => {
      await c.var.services.apiTokens.revoke(c.var.auth.user.id, c.req.valid("param").id);
      return c.body(null, 204);
    },
  );
