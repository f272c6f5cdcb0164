import { type Context, Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import type { AppEnv } from "../context";
import { requireAuth, requireWebSession } from "../middleware/require-auth";
import { validate } from "../middleware/validate";
import { AUTHORIZE_PATH, oauthHelpers } from "../oauth/oauth-provider";
import { errors, jsonResponse, noContent } from "../openapi/responses";
import { createConnectedAppsService } from "../services/connected-apps-service";
import { connectedAppListJson, consentDecisionJson, consentDetailsJson } from "./oauth-schemas";

const tags = ["Connected apps"];

/** The query string of the /authorize URL the consent screen was opened with. */
const authorizeQuery = z
  .string({ error: "query must be a string" })
  .max(8192, "query must be at most 8192 characters")
  .regex(/^\?/, "query must be the authorization URL's query string, starting with ?");

const consentQuery = z.object({ query: authorizeQuery });
const decisionBody = z.object({
  query: authorizeQuery,
  decision: z.enum(["approve", "deny"], { error: "decision must be 'approve' or 'deny'" }),
});
const grantParams = z.object({ id: z.string().regex(/^[\w-]{1,128}$/, "is not a connected app id") });

/** The provider's helpers for this request's origin (the resource and issuer are per origin). */
const connectedApps = (c: Context<AppEnv>) =>
  createConnectedAppsService(oauthHelpers(c.env, new URL(c.req.url).origin));

/**
 * Consent and connected apps (issue 24). Only a web session may approve, list or revoke: the bearer token sits
 * in the page's localStorage and is sent in a header, so another site cannot forge an approval (no ambient
 * cookie), and a personal API token cannot mint OAuth grants.
 */
export const oauthRoutes = new Hono<AppEnv>()
  .use(requireAuth, requireWebSession)
  .get(
    "/consent",
    describeRoute({
      tags,
      summary: "What an app asks for",
      description: "For the consent screen: the app, where it will send you back, and the access it asks for.",
      responses: { 200: jsonResponse("The request, described.", consentDetailsJson), ...errors(400) },
    }),
    validate("query", consentQuery),
    async (c) => {
      const url = `${new URL(c.req.url).origin}${AUTHORIZE_PATH}${c.req.valid("query").query}`;
      return c.json(await connectedApps(c).describe(url), 200);
    },
  )
  .post(
    "/consent",
    describeRoute({
      tags,
      summary: "Approve or deny an app",
      description: "Completes the authorization: the answer says where to send the browser (the app's redirect).",
      responses: { 200: jsonResponse("Where to go next.", consentDecisionJson), ...errors(400) },
    }),
    validate("json", decisionBody),
    async (c) => {
      const { query, decision } = c.req.valid("json");
      const url = `${new URL(c.req.url).origin}${AUTHORIZE_PATH}${query}`;
      return c.json(await connectedApps(c).decide(c.var.auth.user.id, url, decision === "approve"), 200);
    },
  )
  .get(
    "/grants",
    describeRoute({
      tags,
      summary: "Connected apps",
      description: "The AI assistants and apps connected to the library (through OAuth, for /mcp).",
      responses: { 200: jsonResponse("The connected apps.", connectedAppListJson) },
    }),
    async (c) => c.json(await connectedApps(c).list(c.var.auth.user.id), 200),
  )
  .delete(
    "/grants/:id",
    describeRoute({
      tags,
      summary: "Disconnect an app",
      description: "Revokes the grant and every token of it.",
      responses: { 204: noContent, ...errors(404) },
    }),
    validate("param", grantParams),
    async (c) => {
      await connectedApps(c).revoke(c.var.auth.user.id, c.req.valid("param").id);
      return c.body(null, 204);
    },
  );
