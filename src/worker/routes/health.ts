import { Hono } from "hono";
import { version } from "../../../package.json";
import type { AppEnv } from "../context";

export const healthRoutes = new Hono<AppEnv>().get("/", (c) =>
  c.json({ status: "ok", environment: c.var.config.environment, version }, 200),
);
