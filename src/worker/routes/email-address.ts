import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import type { AppEnv } from "../context";
import { requireAuth } from "../middleware/require-auth";
import { jsonResponse } from "../openapi/responses";
import { emailAddressJson } from "./email-address-schemas";

const tags = ["Save by email"];

/** The signed-in user's private save-by-email address (created on first read) and its rotation. */
export const emailAddressRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get(
    "/",
    describeRoute({
      tags,
      summary: "Your save-by-email address",
      description: "Mail forwarded to this private address is saved to the library (created on first read).",
      responses: { 200: jsonResponse("The address.", emailAddressJson) },
    }),
    async (c) => c.json(await c.var.services.emailCapture.address(c.var.auth.user.id), 200),
  )
  .post(
    "/rotate",
    describeRoute({
      tags,
      summary: "Change the save-by-email address",
      description: "A new address; mail to the old one is no longer saved.",
      responses: { 200: jsonResponse("The new address.", emailAddressJson) },
    }),
    async (c) => c.json(await c.var.services.emailCapture.rotate(c.var.auth.user.id), 200),
  );
