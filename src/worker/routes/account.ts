import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import type { AppEnv } from "../context";
import { clientAddress } from "../middleware/client-address";
import { requireAuth, WEB_SESSION_ONLY, webSession } from "../middleware/require-auth";
import { validate } from "../middleware/validate";
import { oauthHelpers } from "../oauth/oauth-provider";
import { errors, noContent } from "../openapi/responses";
import { createConnectedAppsService } from "../services/connected-apps-service";

const deleteAccountBody = z.object({
  password: z.string({ error: "password is required" }).min(1, "password is required").max(1024),
});

/**
 * DELETE /api/account {password}: deletes the account and everything in it (issue 23). A web session only: an
 * API token, even a leaked one, cannot delete the account.
 */
export const accountRoutes = new Hono<AppEnv>().use(requireAuth).delete(
  "/",
  describeRoute({
    ...WEB_SESSION_ONLY,
    tags: ["Account"],
    summary: "Delete the account",
    description:
      "Deletes the account and everything in it, and disconnects every connected app. Needs the password (403 " +
      "when it is wrong) and a web session: an API token cannot delete the account.",
    responses: { 204: noContent, ...errors(403, 503) },
  }),
  validate("json", deleteAccountBody),
  async (c) => {
    const { user } = webSession(c.var.auth);
    // Connected AI assistants (OAuth grants and their tokens, in KV) go with the account.
    const connectedApps = createConnectedAppsService(oauthHelpers(c.env, new URL(c.req.url).origin));
    await c.var.services.account.deleteAccount(user, c.req.valid("json").password, clientAddress(c), {
      revokeConnectedApps: () => connectedApps.revokeAll(user.id),
    });
    return c.body(null, 204);
  },
);
