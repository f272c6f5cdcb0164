import type { Context } from "hono";

/** Cloudflare sets cf-connecting-ip at the edge; locally there is no proxy, so every caller is "local". */
export function clientAddress(c: Context): string {
  return c.req.header("cf-connecting-ip")?.trim().slice(0, 64) || "local";
}
