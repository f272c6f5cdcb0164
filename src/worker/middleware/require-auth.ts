import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../context";
import { Unauthorized } from "../domain/errors";

const BEARER = /^Bearer\s+(\S+)$/i;

/** Rejects the request with 401 unless it carries a valid, unrevoked bearer token; sets `auth`. */
export const requireAuth = createMiddleware<AppEnv>(async (c, next) => {
  const header = c.req.header("Authorization");
  const token = header ? BEARER.exec(header)?.[1] : undefined;
  if (!token) throw new Unauthorized("Not authenticated");
  c.set("auth", await c.var.services.auth.authenticate(token));
  await next();
});
