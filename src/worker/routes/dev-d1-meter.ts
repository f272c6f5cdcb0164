import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import type { AppEnv } from "../context";
import { isolateTally } from "../db/d1-meter";
import { NotFound } from "../domain/errors";
import { errors } from "../openapi/responses";

/**
 * Development only (D1_METER=on): the D1 queries and rows this isolate has counted since it started, processing
 * included (queue batches and Workflow steps run in the same isolate locally). No user data: totals only.
 */
export const devD1MeterRoutes = new Hono<AppEnv>().get(
  "/d1-meter",
  describeRoute({
    tags: ["Health"],
    summary: "D1 rows counted by the local server",
    description:
      "Development only, with D1_METER=on (docs/configuration.md): the D1 queries, rows read and rows written the " +
      "local server has counted since it started, for `npm run bench:capacity`. 404 on any other server.",
    responses: { 200: { description: "The totals." }, ...errors(404) },
  }),
  (c) => {
    if (!c.var.config.d1Meter) throw new NotFound();
    return c.json({
      queries: isolateTally.queries,
      rows_read: isolateTally.rowsRead,
      rows_written: isolateTally.rowsWritten,
    });
  },
);
