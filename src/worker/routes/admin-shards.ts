import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { describeRoute } from "hono-openapi";
import { z } from "zod";
import type { AppEnv } from "../context";
import { NotFound } from "../domain/errors";
import { validate } from "../middleware/validate";
import { errors } from "../openapi/responses";

const BEARER = /^Bearer\s+(\S+)$/i;

/** Equal strings, compared through their digests so the time taken says nothing about where they differ. */
async function sameSecret(a: string, b: string): Promise<boolean> {
  const digest = async (value: string) =>
    new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(value)));
  const [x, y] = await Promise.all([digest(a), digest(b)]);
  let difference = 0;
  for (let i = 0; i < x.length; i++) difference |= (x[i] as number) ^ (y[i] as number);
  return difference === 0;
}

/** 404 (the endpoint does not exist) unless SHARD_ADMIN_TOKEN is set and the request carries it. */
const requireShardAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const expected = c.var.config.shardAdminToken;
  const token = BEARER.exec(c.req.header("Authorization") ?? "")?.[1];
  if (!expected || !token || !(await sameSecret(token, expected))) throw new NotFound();
  await next();
});

const moveBody = z.object({
  user_id: z.number().int().positive(),
  shard: z.string().regex(/^DB(_SHARD_[1-9][0-9]*)?$/, "must be DB or DB_SHARD_<n>"),
  grace_seconds: z.number().int().min(0).max(60).optional(),
});

/**
 * The operator's library mover (`npm run shards:move -- <user id> <shard>`, docs/capacity.md): moves one library to
 * another shard and answers when it is there. Run again after a failure, it goes on where the move stopped.
 */
export const adminShardRoutes = new Hono<AppEnv>().post(
  "/move",
  describeRoute({
    tags: ["Health"],
    summary: "Move a library to another shard (operators)",
    description:
      "For operators rebalancing storage (docs/capacity.md): the bearer token is SHARD_ADMIN_TOKEN, not a user's; " +
      "without it (or on a server that has none) 404. The library answers 503 while its last rows are copied.",
    security: [],
    responses: {
      200: { description: "Moved: from, to, rows copied, articles re-indexed, how long the library was held." },
      ...errors(404, 409, 422),
    },
  }),
  requireShardAdmin,
  validate("json", moveBody),
  async (c) => {
    const { user_id, shard, grace_seconds } = c.req.valid("json");
    const graceMs = grace_seconds === undefined ? undefined : grace_seconds * 1000;
    return c.json(await c.var.services.moveLibrary(user_id, shard, graceMs), 200);
  },
);
