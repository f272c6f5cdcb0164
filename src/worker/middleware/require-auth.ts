import { createMiddleware } from "hono/factory";
import type { AppEnv, AuthContext } from "../context";
import { Forbidden, Unauthorized } from "../domain/errors";
import { isApiToken } from "../services/api-token-service";
import { clientAddress } from "./client-address";

const BEARER = /^Bearer\s+(\S+)$/i;

/**
 * Rejects the request with 401 unless it carries a valid bearer token: a web session's JWT or a personal API
 * token (`vr_...`). Sets `auth`.
 */
export const requireAuth = createMiddleware<AppEnv>(async (c, next) => {
  const header = c.req.header("Authorization");
  const token = header ? BEARER.exec(header)?.[1] : undefined;
  if (!token) throw new Unauthorized("Not authenticated");
  if (isApiToken(token)) {
    const { user, tokenId } = await c.var.services.apiTokens.authenticate(token, clientAddress(c));
    c.set("auth", { kind: "api-token", user, tokenId });
  } else {
    c.set("auth", { kind: "session", ...(await c.var.services.auth.authenticate(token)) });
  }
  await next();
});

/**
 * After requireAuth, for account-level calls (managing tokens, signing out): an API token is refused with 403,
 * so a leaked token cannot mint more tokens or hide itself.
 */
export const requireWebSession = createMiddleware<AppEnv>(async (c, next) => {
  webSession(c.var.auth);
  await next();
});

/** The web session behind `auth`, or 403 for an API token (see requireWebSession). */
export function webSession(auth: AuthContext): Extract<AuthContext, { kind: "session" }> {
  if (auth.kind !== "session") {
    throw new Forbidden("API tokens cannot manage tokens or the account; sign in on the web");
  }
  return auth;
}
