import { createMiddleware } from "hono/factory";
import { uniqueSymbol } from "hono-openapi";
import type { AppEnv, AuthContext } from "../context";
import { Forbidden, Unauthorized } from "../domain/errors";
import { errors } from "../openapi/responses";
import { isApiToken } from "../services/api-token-service";
import { clientAddress } from "./client-address";

const BEARER = /^Bearer\s+(\S+)$/i;

/**
 * Rejects the request with 401 unless it carries a valid bearer token: a web session's JWT or a personal API
 * token (`vr_...`). Sets `auth`.
 */
const authenticate = createMiddleware<AppEnv>(async (c, next) => {
  const header = c.req.header("Authorization");
  const token = header ? BEARER.exec(header)?.[1] : undefined;
  if (!token) throw new Unauthorized("Not authenticated");
  if (isApiToken(token)) {
    const { user, tokenId } = await c.var.services.apiTokens.authenticate(token, clientAddress(c));
    c.set("auth", { kind: "api-token", user, tokenId });
  } else {
    c.set("auth", { kind: "session", ...(await c.var.services.auth.authenticate(token)) });
  }
  // From here the request's library queries go to the shard that holds this user's library (db/shards.ts).
  await c.var.services.forUser(c.var.auth.user.id);
  await next();
});

/**
 * Every route behind requireAuth is documented (src/worker/openapi/) with both ways to sign in and the 401 (and
 * the 429 of too many failed API token attempts) this middleware answers: the document follows the middleware.
 */
export const requireAuth = Object.assign(authenticate, {
  [uniqueSymbol]: {
    spec: { security: [{ session: [] }, { apiToken: [] }], responses: errors(401, 429) },
  },
});

/**
 * How a route that only a web session may call is described (requireWebSession, or a handler that calls
 * webSession): the document builder turns the marker into `security: [{ session: [] }]`.
 */
export const WEB_SESSION_ONLY = { "x-web-session-only": true, responses: errors(403) };

/**
 * After requireAuth, for account-level calls (managing tokens, signing out): an API token is refused with 403,
 * so a leaked token cannot mint more tokens or hide itself.
 */
export const requireWebSession = Object.assign(
  createMiddleware<AppEnv>(async (c, next) => {
    webSession(c.var.auth);
    await next();
  }),
  { [uniqueSymbol]: { spec: WEB_SESSION_ONLY } },
);

/** The web session behind `auth`, or 403 for an API token (see requireWebSession). */
export function webSession(auth: AuthContext): Extract<AuthContext, { kind: "session" }> {
  if (auth.kind !== "session") {
    throw new Forbidden("API tokens cannot manage tokens or the account; sign in on the web");
  }
  return auth;
}
